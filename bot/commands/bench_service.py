"""``bricabot bench service``: how long one move takes in the service with 1, 100 and N stored games.

Each measured ``act`` is the full path of a player's move: load the game, validate, apply, commit
(no rendering). The stored games are identical started games inserted in bulk; the moves play one
randomly picked game to its end, then another, with the same seeded choices at every size. So every
size does the same work on the same states and only the number of stored games differs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.service import GameService
from engine import registry
from engine.core.errors import EngineError
from engine.core.rng import Rng

COMMAND = ("bench", "service")
HELP = "Measure the latency of a move (load, validate, apply, commit) with 1, 100 and N stored games."


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="imaginarium", help="game kind (default: imaginarium)")
    parser.add_argument("--players", type=int, default=3, help="seats per game, all human (default: 3)")
    parser.add_argument("--games", type=int, default=10_000, help="largest number of stored games (default: 10000)")
    parser.add_argument("--moves", type=int, default=300, help="moves measured per size (default: 300)")
    parser.add_argument("--warmup", type=int, default=30, help="untimed moves before measuring (default: 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the stored games and the move picks")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")


def run(args: argparse.Namespace) -> int:
    try:
        registry.get(args.game).validate_options(args.players)
    except EngineError as exc:
        print(f"bricabot bench service: {exc}", file=sys.stderr)
        return 2
    sizes = sorted({1, min(100, args.games), args.games})
    results = {}
    for size in sizes:
        with tempfile.TemporaryDirectory(prefix="bricabot-bench-") as scratch:
            results[str(size)] = asyncio.run(_measure(Path(scratch) / "bench.sqlite3", size, args))
        r = results[str(size)]
        print(
            f"{size:>6} stored games: p50 {r['p50_ms']:.2f} ms  p95 {r['p95_ms']:.2f} ms  p99 {r['p99_ms']:.2f} ms  "
            f"(seeded in {r['seed_s']:.2f} s, {r['moves']} moves)"
        )
    if args.json:
        print(json.dumps({"game": args.game, "players": args.players, "sizes": results}))
    return 0


async def _started_game(service: GameService, args: argparse.Namespace) -> int:
    """A started game whose seats are all human (users 1..players), so a move triggers no AI play."""
    lobby = await service.create_lobby(args.game, 1, seed=args.seed)
    for user in range(2, args.players + 1):
        await service.join(lobby.id, user)
    await service.start(lobby.id, 1)
    return lobby.id


async def _measure(path: Path, size: int, args: argparse.Namespace) -> dict[str, Any]:
    async with await GameService.open(path) as service:
        started = time.perf_counter()
        template = await _started_game(service, args)
        async with service.store.transaction() as tx:
            copies = await tx.clone_game(template, size - 1) if size > 1 else range(0)
        fresh = [template, *copies]
        seed_seconds = time.perf_counter() - started
        picks, choices = Rng(args.seed), Rng(args.seed + 1)
        samples: list[float] = []
        current: int | None = None
        played = 0
        while len(samples) < args.moves:
            if current is None:
                current = fresh.pop(picks.randbelow(len(fresh))) if fresh else await _started_game(service, args)
            game_id = current
            info = await service.game(game_id)
            if info.status != "active":
                current = None
                continue
            seat = next(s for s in info.seats if s.to_act)
            assert seat.user_id is not None
            decision = (await service.view(game_id, seat.user_id)).decision
            assert decision is not None
            choice = choices.choice(decision.choices).id
            begin = time.perf_counter()
            await service.act(game_id, seat.user_id, choice, info.version)
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
