"""``bricabot bench web``: how fast a game's page answers with 10,000 stored games, and how many open live
pages one web process holds while a move still reaches all of them within 2 s.

Time to first byte: ``--games`` started games are stored: ``--sample`` of them each started from a seed of
its own and moved a few seeded moves (no two sampled pages show the same table), the rest copies of one
started game inserted in bulk. Each sampled game's spectator page is asked for once while nothing of it
is kept ("first view": its pictures are drawn, as the first reader after a move gets it) and again
("page view": the game did not move, so nothing is drawn). Both are printed, time to first byte and
whole page, p50 and p95.

Live pages: a web server is started as a process of its own (``bricabot web``), ``N`` event streams are
opened on one game's page, a move is committed from this process (as a bot process would), and the time
until each stream received its update (who acts, the log) and then its pictures is measured; for each
``N`` of ``--pages``, until one fails the 2 s mark for the pictures, the page whole again.

Every run gets a fresh database: a temporary SQLite file, or a schema of its own (dropped afterwards) on
the PostgreSQL server named by ``--database-url``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from typing import Any

import aiohttp

from bot.commands import game_option
from bot.commands.bench_service import scratch_database
from bot.links import Signer
from bot.service import GameService
from bot.settings import Settings
from bot.store import sqlite_path
from engine import registry
from engine.core.errors import EngineError
from engine.core.rng import Rng
from web.server import WebServer

LIVE_LIMIT = 2.0
"""Seconds within which a move must reach every open page."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database-url", help="sqlite:///path or postgresql://… (default: temporary SQLite files)")
    game_option(parser)
    parser.add_argument("--players", type=int, default=3, help="seats per game, all human (default: 3)")
    parser.add_argument("--games", type=int, default=10_000, help="stored games (default: 10000)")
    parser.add_argument("--sample", type=int, default=200, help="pages timed (default: 200)")
    parser.add_argument(
        "--pages", default="500,1000,2000", help="open live pages to try, in order (default: 500,1000,2000)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and of the sample")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")


def run(args: argparse.Namespace) -> int:
    try:
        registry.get(args.game).validate_options(args.players)
        pages = [int(n) for n in args.pages.split(",") if n.strip()]
        if args.database_url:
            sqlite_path(args.database_url)
    except (EngineError, ValueError) as exc:
        print(f"bricabot bench web: {exc}", file=sys.stderr)
        return 2
    store = "sqlite" if not args.database_url or sqlite_path(args.database_url) else "postgresql"
    print(f"{store}, {args.game} with {args.players} seats, {args.games} stored games")
    timing = asyncio.run(_ttfb(args))
    for name, label in (("first", "first view (pictures drawn)"), ("again", "page view (game unchanged)")):
        row = timing[name]
        print(
            f"{label:<28} time to first byte p50 {row['ttfb_p50_ms']:.1f} ms  p95 {row['ttfb_p95_ms']:.1f} ms  "
            f"whole page p50 {row['page_p50_ms']:.1f} ms  p95 {row['page_p95_ms']:.1f} ms  ({row['pages']} pages)"
        )
    live: dict[str, Any] = {}
    held = 0
    for count in pages:
        live[str(count)] = result = asyncio.run(_live(args, count))
        print(
            f"{count:>5} open live pages: {result['updated']} updated; the move shown p50 {result['p50_s']:.2f} s  "
            f"p95 {result['p95_s']:.2f} s  slowest {result['max_s']:.2f} s; its pictures p50 "
            f"{result.get('pictures_p50_s', math.inf):.2f} s  slowest {result['pictures_max_s']:.2f} s"
        )
        if result["updated"] < count or result["pictures_max_s"] > LIVE_LIMIT:
            break
        held = count
    print(f"live pages held by one process, every page whole again within {LIVE_LIMIT:g} s: {held} (of those tried)")
    if args.json:
        print(json.dumps({"store": store, "games": args.games, "ttfb": timing, "live": live, "held": held}))
    return 0


def _ms(values: list[float], q: int) -> float:
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1] * 1000 if len(values) > 1 else values[0] * 1000
    )


async def _started(service: GameService, args: argparse.Namespace, seed: int | None = None) -> int:
    lobby = await service.create_lobby(args.game, 1, seed=args.seed if seed is None else seed)
    for user in range(2, args.players + 1):
        await service.join(lobby.id, user)
    await service.start(lobby.id, 1)
    return lobby.id


async def _move(service: GameService, game_id: int, picks: Rng) -> None:
    """One seeded legal move of whoever must act."""
    info = await service.game(game_id)
    seat = next((s for s in info.seats if s.to_act), None)
    if info.status != "active" or seat is None or seat.user_id is None:
        return
    decision = (await service.view(game_id, seat.user_id)).decision
    assert decision is not None
    await service.act(game_id, seat.user_id, picks.choice(decision.choices).id, info.version)


async def _ttfb(args: argparse.Namespace) -> dict[str, dict[str, float]]:
    async with scratch_database(args.database_url) as address, await GameService.open(address) as service:
        count = min(args.sample, args.games)
        template = await _started(service, args)
        async with service.store.transaction() as tx:
            filler = args.games - count - 1
            await (tx.clone_game(template, filler) if filler > 0 else asyncio.sleep(0))
        picks = Rng(args.seed)
        sample = [await _started(service, args, args.seed + 1 + number) for number in range(count)]
        for game_id in sample:
            for _ in range(1 + picks.randbelow(6)):
                await _move(service, game_id, picks)
        signer = Signer(secrets.token_urlsafe(32))
        server = WebServer(Settings(), 0, signer=signer, service=service)
        await server.start()
        try:
            paths = [signer.path(await service.link(1, "watch", game_id, timedelta(days=1))) for game_id in sample]
            root = f"http://{server.host}:{server.port}"
            out = {}
            async with aiohttp.ClientSession() as client:
                for name in ("first", "again"):
                    firsts, wholes = [], []
                    for path in paths:
                        began = time.perf_counter()
                        async with client.get(root + path) as response:
                            await response.content.readany()
                            firsts.append(time.perf_counter() - began)
                            await response.read()
                            wholes.append(time.perf_counter() - began)
                            assert response.status == 200, (response.status, path)
                    out[name] = {
                        "ttfb_p50_ms": _ms(firsts, 50),
                        "ttfb_p95_ms": _ms(firsts, 95),
                        "page_p50_ms": _ms(wholes, 50),
                        "page_p95_ms": _ms(wholes, 95),
                        "pages": len(paths),
                    }
            return out
        finally:
            await server.stop()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _server(address: str, secret: str, port: int) -> subprocess.Popen[bytes]:
    """``bricabot web`` on ``port`` as a process of its own, once it listens."""
    env = {**os.environ, "WEB_SECRET": secret, "DATABASE_URL": _as_url(address), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "web.command", "--port", str(port)], env=env, stdout=subprocess.PIPE
    )
    assert process.stdout is not None
    line = await asyncio.to_thread(process.stdout.readline)
    if b"Serving" not in line:
        process.kill()
        raise RuntimeError(f"the web server did not start: {line!r}")
    return process


def _as_url(address: str) -> str:
    return address if "://" in address else f"sqlite:///{address}"


async def _stream(
    client: aiohttp.ClientSession, url: str, opened: asyncio.Event, moved: list[float]
) -> tuple[float, float] | None:
    """Open a page's event stream; once ``opened`` is set and the move made (``moved[0]``), the seconds
    until its update arrived and until its pictures did."""
    async with client.get(url) as response:
        await response.content.readline()  # retry: …
        await opened.wait()
        seen, update = b"", None
        async for chunk in response.content.iter_any():  # whole chunks: the reading costs this process little
            seen = seen[-32:] + chunk
            if update is None and b"event: update" in seen:
                update = time.perf_counter() - moved[0]
            if update is not None and b"event: table" in seen:
                return update, time.perf_counter() - moved[0]
    return None


async def _live(args: argparse.Namespace, count: int) -> dict[str, float]:
    async with scratch_database(args.database_url) as address, await GameService.open(address) as service:
        game_id = await _started(service, args)
        picks = Rng(args.seed)
        for _ in range(3):
            await _move(service, game_id, picks)
        secret = secrets.token_urlsafe(32)
        port = _free_port()
        process = await _server(address, secret, port)
        try:
            url = f"http://127.0.0.1:{port}" + Signer(secret).path(await service.link(1, "watch", game_id)) + "/events"
            opened = asyncio.Event()
            moved = [0.0]
            connector = aiohttp.TCPConnector(limit=0)
            timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
            async with aiohttp.ClientSession(connector=connector, timeout=timeout) as client:
                streams = [asyncio.create_task(_stream(client, url, opened, moved)) for _ in range(count)]
                await asyncio.sleep(min(30.0, 2.0 + count / 100))  # every page opened, as a reader's would be
                moved[0] = time.perf_counter()
                opened.set()
                await _move(service, game_id, picks)
                done, pending = await asyncio.wait(streams, timeout=10 * LIVE_LIMIT)
                for task in pending:
                    task.cancel()
                got = [t for task in done if not task.exception() and (t := task.result()) is not None]
        finally:
            process.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                await asyncio.to_thread(process.wait, 10)
            if process.poll() is None:
                process.kill()
    if not got:
        return {"updated": 0, "p50_s": math.inf, "p95_s": math.inf, "max_s": math.inf, "pictures_max_s": math.inf}
    seen = sorted(update for update, _ in got)
    pictures = sorted(table for _, table in got)
    return {
        "updated": len(got),
        "p50_s": statistics.median(seen),
        "p95_s": _ms(seen, 95) / 1000,
        "max_s": seen[-1],
        "pictures_p50_s": statistics.median(pictures),
        "pictures_p95_s": _ms(pictures, 95) / 1000,
        "pictures_max_s": pictures[-1],
    }
