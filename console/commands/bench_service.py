"""``bricabot bench service``: how long one move takes in the service with 1, 100 and N stored games, and
how many moves per second 1, 2 and 4 worker processes commit together on one database.

Each measured ``act`` is the full path of a player's move: load the game, validate, apply, commit
(no rendering). The stored games are identical started games inserted in bulk; the moves play one
randomly picked game to its end, then another, with the same seeded choices at every size. So every
size does the same work on the same states and only the number of stored games differs.

Throughput: ``--active`` started games are stored, then each worker process plays its own share of
them round-robin for ``--seconds`` (each move: read the table, the player's view, ``act``), all
processes at once on the same database. Every size and worker count gets a fresh database: a
temporary SQLite file, or a schema of its own (dropped afterwards) on the PostgreSQL server named by
``--database-url``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import statistics
import sys
import time
from multiprocessing.synchronize import Barrier
from typing import Any

from bot.arguments import game_option
from bot.scratch import scratch_database
from bot.service import GameService
from bot.store import sqlite_path
from engine import registry
from engine.core.errors import EngineError
from engine.core.rng import Rng

COMMAND = ("bench", "service")
HELP = "Measure move latency with 1, 100 and N stored games, and moves/s with 1, 2 and 4 worker processes."


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database-url", help="sqlite:///path or postgresql://… (default: temporary SQLite files)")
    game_option(parser)
    parser.add_argument("--players", type=int, default=3, help="seats per game, all human (default: 3)")
    parser.add_argument("--games", type=int, default=10_000, help="largest number of stored games (default: 10000)")
    parser.add_argument("--moves", type=int, default=300, help="moves measured per size (default: 300)")
    parser.add_argument("--warmup", type=int, default=30, help="untimed moves before measuring (default: 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the stored games and the move picks")
    parser.add_argument("--workers", default="1,2,4", help="worker process counts for throughput ('' for none)")
    parser.add_argument("--active", type=int, default=1000, help="active games for throughput (default: 1000)")
    parser.add_argument("--seconds", type=float, default=5.0, help="throughput window per count (default: 5)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")


def run(args: argparse.Namespace) -> int:
    try:
        registry.get(args.game).validate_options(args.players)
        workers = [int(n) for n in args.workers.split(",") if n.strip()]
        if args.database_url:
            sqlite_path(args.database_url)
    except (EngineError, ValueError) as exc:
        print(f"bricabot bench service: {exc}", file=sys.stderr)
        return 2
    store = "sqlite" if not args.database_url or sqlite_path(args.database_url) else "postgresql"
    print(f"{store}, {args.game} with {args.players} seats")
    sizes = sorted({1, min(100, args.games), args.games})
    results = {}
    for size in sizes:
        results[str(size)] = asyncio.run(_latency(args, size))
        r = results[str(size)]
        print(
            f"{size:>6} stored games: p50 {r['p50_ms']:.2f} ms  p95 {r['p95_ms']:.2f} ms  p99 {r['p99_ms']:.2f} ms  "
            f"(seeded in {r['seed_s']:.2f} s, {r['moves']} moves)"
        )
    throughput = {}
    for count in workers:
        throughput[str(count)] = rate = asyncio.run(_throughput(args, count))
        print(f"{count} worker process(es), {args.active} active games: {rate:.1f} moves/s")
    if args.json:
        summary = {"store": store, "game": args.game, "players": args.players, "sizes": results}
        print(json.dumps(summary | {"moves_per_s": throughput}))
    return 0


async def _started_game(service: GameService, args: argparse.Namespace) -> int:
    """A started game whose seats are all human (users 1..players), so a move triggers no AI play."""
    lobby = await service.create_lobby(args.game, 1, seed=args.seed)
    for user in range(2, args.players + 1):
        await service.join(lobby.id, user)
    await service.start(lobby.id, 1)
    return lobby.id


async def _stored(service: GameService, args: argparse.Namespace, count: int) -> list[int]:
    """``count`` identical started games: one started, the rest copied in bulk."""
    template = await _started_game(service, args)
    async with service.store.transaction() as tx:
        copies = await tx.clone_game(template, count - 1) if count > 1 else range(0)
    return [template, *copies]


async def _move(service: GameService, game_id: int, choices: Rng) -> tuple[int, str, int] | None:
    """``(user, choice, version)`` of a seeded legal move in a running game; ``None`` once it has ended."""
    info = await service.game(game_id)
    if info.status != "active":
        return None
    seat = next(s for s in info.seats if s.to_act)
    assert seat.user_id is not None
    decision = (await service.view(game_id, seat.user_id)).decision
    assert decision is not None
    return seat.user_id, choices.choice(decision.choices).id, info.version


async def _latency(args: argparse.Namespace, size: int) -> dict[str, Any]:
    async with scratch_database(args.database_url) as address, await GameService.open(address) as service:
        started = time.perf_counter()
        fresh = await _stored(service, args, size)
        seed_seconds = time.perf_counter() - started
        picks, choices = Rng(args.seed), Rng(args.seed + 1)
        samples: list[float] = []
        current: int | None = None
        played = 0
        while len(samples) < args.moves:
            if current is None:
                current = fresh.pop(picks.randbelow(len(fresh))) if fresh else await _started_game(service, args)
            move = await _move(service, current, choices)
            if move is None:
                current = None
                continue
            user, choice, version = move
            begin = time.perf_counter()
            await service.act(current, user, choice, version)
            elapsed = (time.perf_counter() - begin) * 1000
            played += 1
            if played > args.warmup:
                samples.append(elapsed)
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return {
        "p50_ms": round(statistics.median(samples), 3),
        "p95_ms": round(cuts[94], 3),
        "p99_ms": round(cuts[98], 3),
        "moves": len(samples),
        "seed_s": round(seed_seconds, 3),
    }


async def _throughput(args: argparse.Namespace, workers: int) -> float:
    """Moves per second committed by ``workers`` processes playing their shares of the active games."""
    async with scratch_database(args.database_url) as address:
        async with await GameService.open(address) as service:
            games = await _stored(service, args, args.active)
        context = multiprocessing.get_context("spawn")
        barrier = context.Barrier(workers)
        counts = context.Queue()
        processes = [
            context.Process(
                target=_worker,
                args=(address, args.game, games[i::workers], args.seconds, args.seed + i, barrier, counts),
            )
            for i in range(workers)
        ]
        for process in processes:
            process.start()
        total = sum(int(counts.get()) for _ in processes)
        for process in processes:
            process.join()
    return round(total / float(args.seconds), 1)


def _worker(
    address: str, kind: str, games: list[int], seconds: float, seed: int, barrier: Barrier, counts: Any
) -> None:
    registry.get(kind)  # import the game before the clock starts
    counts.put(asyncio.run(_play(address, games, seconds, seed, barrier)))


async def _play(address: str, games: list[int], seconds: float, seed: int, barrier: Barrier) -> int:
    async with await GameService.open(address) as service:
        choices, running, moves = Rng(seed), list(games), 0
        await asyncio.to_thread(barrier.wait)
        end = time.perf_counter() + seconds
        turn = 0
        while running and time.perf_counter() < end:
            game_id = running[turn % len(running)]
            move = await _move(service, game_id, choices)
            if move is None:
                running.remove(game_id)
                continue
            await service.act(game_id, *move)
            moves += 1
            turn += 1
    return moves
