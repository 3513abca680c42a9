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

Refusals: on such a process, as many event streams as the largest of ``--pages`` are opened on one game,
and the time from just before a change's commit until the last page it ends is told so (``refused``)
and its stream ended is measured: one user revoking the links all of them came by, one of 100 users
revoking theirs (no other page may stop), the server turning spectator links off; and, from the moment
they expire, 10 links expiring about 2 s after their page opened.

Replays: ``--replays`` (4) replays of finished games (``--game`` with ``--players`` AI seats, played to
their end, each asked for in English and French) are asked for at once through spectator links from a
``bricabot web`` process with nothing drawn yet; its resident size (``/proc/<pid>/status``) is read
before, at its peak while they are drawn (the kernel's high-water mark), and 2 s after the last one
arrived, with the peak of its drawing processes together.

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
import tempfile
import time
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import aiohttp

from bot.arguments import game_option
from bot.links import Opens, Signer
from bot.scratch import scratch_database
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
    parser.add_argument(
        "--replays",
        type=int,
        default=REPLAYS,
        help=f"finished games' replays asked for at once, English and French, in the memory measure (default: "
        f"{REPLAYS}; 0: none)",
    )
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

    # How soon open pages stop once their links do: a revocation, the spectator switch, an expiry.
    most = max(pages, default=0)
    refusals: dict[str, Any] = {}
    for case in REFUSAL_CASES if most else ():
        refusals[case] = asyncio.run(_refused(args, EXPIRING if case == "expiry" else most, case))
        print(_refusal_line(case, refusals[case]))

    # The web process's memory while finished games' replays are drawn at once, and once they are.
    replays = asyncio.run(_replays(args)) if args.replays > 0 else None
    if replays is not None:
        print(_replays_line(replays))
    if args.json:
        print(
            json.dumps(
                {
                    "store": store,
                    "games": args.games,
                    "ttfb": timing,
                    "live": live,
                    "held": held,
                    "refusals": refusals,
                    "replays": replays,
                }
            )
        )
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


async def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a ``bricabot web`` process as a service manager would (SIGTERM), killing it if it lingers."""
    process.send_signal(signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        await asyncio.to_thread(process.wait, 10)
    if process.poll() is None:
        process.kill()


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
            await _stop(process)
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


REFUSAL_CASES = ("one", "many", "spectators", "expiry")
"""The ways open pages' links stop opening that are timed (see :func:`_refused`)."""
REFUSAL_ROUNDS = 5
"""Revocations measured per case: each lands at its own moment between two of the watcher's looks."""
REVOKERS = 100
"""Users among whom the pages are shared when only one of them revokes their links."""
EXPIRING = 10
"""Streams opened on links that expire about 2 s after they open."""


async def _refusal(
    client: aiohttp.ClientSession, url: str, ready: asyncio.Future[None], since: list[float]
) -> tuple[float, float, str] | None:
    """Open a page's event stream and settle ``ready`` once it is open; once it is refused, the seconds
    from ``since[0]`` until the refusal arrived and until the stream ended, and the reason given."""
    async with client.get(url) as response:
        try:
            await response.content.readline()  # retry: …
        finally:
            ready.set_result(None)
        seen, refused = b"", None
        async for chunk in response.content.iter_any():
            seen = seen[-64:] + chunk
            if refused is None and b"event: refused\ndata: " in seen:
                refused = time.perf_counter() - since[0]
        if refused is None:
            return None
        reason = seen.partition(b"event: refused\ndata: ")[2].partition(b"\n")[0].decode()
        return refused, time.perf_counter() - since[0], reason


async def _refused(args: argparse.Namespace, count: int, case: str) -> dict[str, Any]:
    """``count`` open pages of one game on a ``bricabot web`` process, and how long until the pages that
    must stop are told so, for ``case``: ``one`` (one user's personal links, that user revokes), ``many``
    (pages of :data:`REVOKERS` users, one of them revokes: only theirs stop), ``spectators`` (spectator
    links, the server turns them off), ``expiry`` (links that expire about 2 s after they open, timed
    from their expiry). Each case :data:`REFUSAL_ROUNDS` times but ``expiry``; the times run from just
    before the change's commit."""
    guild = 1
    async with scratch_database(args.database_url) as address, await GameService.open(address) as service:
        lobby = await service.create_lobby(args.game, 1, guild_id=guild, channel_id=2, seed=args.seed)
        for user in range(2, args.players + 1):
            await service.join(lobby.id, user)
        await service.start(lobby.id, 1)
        secret = secrets.token_urlsafe(32)
        signer, port = Signer(secret), _free_port()
        process = await _server(address, secret, port)
        root = f"http://127.0.0.1:{port}"
        rounds: list[dict[str, float]] = []
        try:
            connector = aiohttp.TCPConnector(limit=0)
            timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
            async with aiohttp.ClientSession(connector=connector, timeout=timeout) as client:
                for _ in range(1 if case == "expiry" else REFUSAL_ROUNDS):
                    rounds.append(await _refused_round(service, signer, client, root, lobby.id, count, case, guild))
        finally:
            await _stop(process)
    return {
        "pages": count,
        "stopping": rounds[0]["stopping"],
        "refused": min(r["refused"] for r in rounds),
        "others_refused": max(r["others_refused"] for r in rounds),
        "last_s": [r["last_s"] for r in rounds],
        "ended_s": [r["ended_s"] for r in rounds],
        "p50_s": [r["p50_s"] for r in rounds],
    }


async def _refused_round(
    service: GameService,
    signer: Signer,
    client: aiohttp.ClientSession,
    root: str,
    game_id: int,
    count: int,
    case: str,
    guild: int,
) -> dict[str, float]:
    """One round of :func:`_refused`: open the pages, make the change (or let the links expire), time
    the refusals of the pages that must stop, then close the others."""
    users = [1000 + n % REVOKERS for n in range(count)] if case == "many" else [1] * count
    opens: Opens = "watch" if case == "spectators" else "game"
    if case == "spectators":
        await service.set_spectator_links(guild, True)
    expires = int(time.time()) + 3
    urls = {}
    for user in set(users):
        link = await service.link(user, opens, game_id)
        if case == "expiry":
            link = replace(link, expires=expires)
        urls[user] = root + signer.path(link) + "/events"
    loop = asyncio.get_running_loop()
    ready = [loop.create_future() for _ in users]
    since = [0.0]
    streams = [asyncio.create_task(_refusal(client, urls[u], r, since)) for u, r in zip(users, ready, strict=True)]
    await asyncio.wait_for(asyncio.gather(*ready), 120)
    stopping = [s for s, u in zip(streams, users, strict=True) if u == users[0]]
    if case == "expiry":
        since[0] = time.perf_counter() + (expires - time.time())
    else:
        await asyncio.sleep(1.0)  # the watcher's ticks settle
        since[0] = time.perf_counter()
        if case == "spectators":
            await service.set_spectator_links(guild, False)
        else:
            await service.revoke_links(users[0])
    await asyncio.wait(stopping, timeout=30)
    await asyncio.sleep(0.5)  # a page that should not stop would have by now
    others = [s for s in streams if s not in stopping]
    others_refused = sum(1 for s in others if s.done() and not s.exception() and s.result() is not None)
    for task in streams:
        task.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    got = [t for s in stopping if not s.cancelled() and not s.exception() and (t := s.result()) is not None]
    reason = {"expiry": "expired", "spectators": "spectators_off"}.get(case, "revoked")
    refused = sorted(r for r, _, said in got if said == reason)
    return {
        "stopping": len(stopping),
        "refused": len(refused),
        "others_refused": others_refused,
        "last_s": refused[-1] if refused else math.inf,
        "ended_s": max((e for _, e, _ in got), default=math.inf),
        "p50_s": statistics.median(refused) if refused else math.inf,
    }


def _refusal_line(case: str, row: dict[str, Any]) -> str:
    """One printed line of :func:`_refused`'s measure."""
    what = {
        "one": f"revocation, one user's {row['pages']} open pages",
        "many": f"revocation by one of {REVOKERS} users, {row['pages']} open pages",
        "spectators": f"spectator links off, {row['pages']} open spectator pages",
        "expiry": f"link expiry, {row['pages']} open pages",
    }[case]
    since = "after the expiry" if case == "expiry" else "after the commit"
    last = " ".join(f"{s:.2f}" for s in row["last_s"])
    ended = " ".join(f"{s:.2f}" for s in row["ended_s"])
    line = f"{what}: {row['refused']} of {row['stopping']} refused, the last {since} {last} s, stream ended {ended} s"
    return line + (f"; other users' pages refused: {row['others_refused']}" if case == "many" else "")


REPLAYS = 4
"""Replays asked for at once by default: two finished games, each in English and French."""
REPLAY_LANGUAGES = ("en", "fr")
SETTLE_SECONDS = 2.0
"""How long after the last replay arrived the web process's memory is read again."""
SAMPLE_SECONDS = 0.05


def _status_kib(pid: int) -> dict[str, int]:
    """The ``Vm*`` lines of a process's ``/proc/<pid>/status`` in KiB (empty once it has ended)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    return {
        name: int(value.split()[0])
        for name, _, value in (line.partition(":") for line in text.splitlines())
        if name.startswith("Vm") and value.strip()
    }


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (its drawing processes), from each process's ``/proc/<pid>/stat``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                if int(stat.rpartition(")")[2].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


async def _watched(pid: int, peaks: dict[str, int], stop: asyncio.Event) -> None:
    """Until ``stop``: the highest resident size seen of ``pid`` and of its children together."""
    while not stop.is_set():
        own = _status_kib(pid).get("VmRSS", 0)
        helpers = sum(_status_kib(child).get("VmRSS", 0) for child in _children(pid))
        peaks["server"] = max(peaks.get("server", 0), own)
        peaks["children"] = max(peaks.get("children", 0), helpers)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), SAMPLE_SECONDS)


@contextlib.contextmanager
def _environment(**values: str) -> Iterator[None]:
    """``values`` in this process's environment for a while (a server process started then inherits them)."""
    before = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


async def _finished_games(service: GameService, args: argparse.Namespace, count: int) -> list[tuple[int, int]]:
    """``count`` games of AI seats played to their end through the service: (id, moves) each."""
    games = []
    for number in range(count):
        lobby = await service.create_lobby(args.game, 1, seed=args.seed + number, host_seated=False)
        for _ in range(args.players):
            await service.add_ai(lobby.id, 1)
        played = await service.start(lobby.id, 1)
        if played.game.status != "finished":
            raise RuntimeError(f"game #{lobby.id} did not finish ({played.game.status})")
        games.append((lobby.id, played.game.version))
    return games


async def _replays(args: argparse.Namespace) -> dict[str, Any]:
    """A ``bricabot web`` process asked for ``--replays`` replays of finished games at once through
    spectator links (each game in English and French, nothing drawn before): its resident size before,
    its peak while they are drawn (the kernel's high-water mark), and :data:`SETTLE_SECONDS` after the
    last one arrived; and its drawing processes' together, at their peak and then."""
    async with scratch_database(args.database_url) as address, await GameService.open(address) as service:
        games = await _finished_games(service, args, -(-args.replays // len(REPLAY_LANGUAGES)))
        secret, port = secrets.token_urlsafe(32), _free_port()
        signer = Signer(secret)
        with tempfile.TemporaryDirectory(prefix="bricabot-bench-drawings-") as drawings:
            with _environment(WEB_CACHE_DIR=drawings):
                process = await _server(address, secret, port)
            try:
                root = f"http://127.0.0.1:{port}"
                urls = [
                    f"{root}{signer.path(await service.link(1, 'watch', game_id))}/history/replay.png?lang={lang}"
                    for game_id, _ in games
                    for lang in REPLAY_LANGUAGES
                ][: args.replays]
                idle = _status_kib(process.pid)["VmRSS"]
                peaks: dict[str, int] = {}
                stop = asyncio.Event()
                watcher = asyncio.create_task(_watched(process.pid, peaks, stop))
                timeout = aiohttp.ClientTimeout(total=600)
                async with aiohttp.ClientSession(timeout=timeout) as client:
                    began = time.perf_counter()
                    answers = await asyncio.gather(*(_replay(client, url) for url in urls))
                    seconds = time.perf_counter() - began
                stop.set()
                await watcher
                await asyncio.sleep(SETTLE_SECONDS)
                status = _status_kib(process.pid)
                helpers = sum(_status_kib(child).get("VmRSS", 0) for child in _children(process.pid))
            finally:
                await _stop(process)
    return {
        "replays": len(urls),
        "moves": [moves for _, moves in games],
        "answers": [status for status, _ in answers],
        "bytes": [size for _, size in answers],
        "seconds": seconds,
        "idle_mib": idle / 1024,
        "peak_mib": max(status.get("VmHWM", 0), peaks.get("server", 0)) / 1024,
        "settled_mib": status.get("VmRSS", 0) / 1024,
        "drawing_processes_peak_mib": peaks.get("children", 0) / 1024,
        "drawing_processes_settled_mib": helpers / 1024,
    }


async def _replay(client: aiohttp.ClientSession, url: str) -> tuple[int, int]:
    """A replay's status and size in bytes."""
    async with client.get(url) as response:
        return response.status, len(await response.read())


def _replays_line(row: dict[str, Any]) -> str:
    """The printed line of :func:`_replays`."""
    answered = ", ".join(str(status) for status in sorted(set(row["answers"])))
    moves = "/".join(str(n) for n in row["moves"])
    return (
        f"{row['replays']} replays at once ({len(row['moves'])} finished games of {moves} moves, "
        f"{'/'.join(REPLAY_LANGUAGES)}, spectator links; answered {answered} in {row['seconds']:.1f} s): web process "
        f"resident {row['idle_mib']:.0f} MiB idle, peak {row['peak_mib']:.0f} MiB, {row['settled_mib']:.0f} MiB "
        f"{SETTLE_SECONDS:g} s after; its drawing processes at most "
        f"{row['drawing_processes_peak_mib']:.0f} MiB together, {row['drawing_processes_settled_mib']:.0f} MiB after"
    )
