"""Calls made while the database fails, counted: players move through the service while a fault is
injected (backends terminated, a lock held by another connection, a full disk, a read-only database),
then the fault is lifted and every acknowledged move is looked up.

Used by ``test_store_faults.py``; run it alone for the figures of both stores::

    python -m tests.bot.store_faults [--database-url postgresql://…] [--seconds 6]
        [--restart-data-dir DIR [--restart-user postgres]]

``--restart-data-dir`` names the data folder of a PostgreSQL server of your own (the one
``--database-url`` points at, never a shared one): it is stopped and started again twice with
``pg_ctl`` (run as ``--restart-user``) while the players play.

A call counts as *typed* when it raises :class:`~bot.store.StoreUnavailable` or a service refusal,
*untyped* for anything else. After a call that said "unchanged", the game is read again once the
database answers: a version that moved counts as a false "unchanged".
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import secrets
import sqlite3
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import asyncpg  # type: ignore[import-untyped]

from bot.service import GameService, Work
from bot.store import Limits, StoreUnavailable, sqlite_path
from bot.store.postgres import scratch_schema
from engine import registry
from engine.core.errors import EngineError
from tests.support.tinygame import GAME as TINY

T = TypeVar("T")

PLAYERS = 6
HOLD = 7.0
"""Seconds another connection holds the lock: longer than any call may last."""
WARM_UP = 1.0
"""Seconds the players play before the fault, so it finds games running."""


@dataclass
class Tally:
    """What the calls made under one fault came to."""

    store: str
    fault: str
    calls: int = 0
    ok: int = 0
    unavailable: int = 0
    refused: int = 0
    untyped: list[str] = field(default_factory=list)
    longest: float = 0.0
    unchanged_claims: int = 0
    false_unchanged: int = 0
    acknowledged: int = 0
    lost: int = 0
    injected: int = 0
    """How many times the fault was applied (backends terminated, for that fault)."""
    acked: list[tuple[int, int, str]] = field(default_factory=list, repr=False)

    async def call(self, awaitable: Awaitable[T]) -> tuple[T | None, BaseException | None]:
        """Run one service call, timed and classified."""
        self.calls += 1
        start = time.monotonic()
        try:
            result = await awaitable
        except StoreUnavailable as error:
            self.unavailable += 1
            return None, error
        except EngineError as error:
            self.refused += 1
            return None, error
        except Exception as error:
            self.untyped.append(f"{type(error).__name__}: {error}"[:300])
            return None, error
        finally:
            self.longest = max(self.longest, time.monotonic() - start)
        self.ok += 1
        return result, None

    def figures(self) -> dict[str, Any]:
        shown = asdict(self)
        shown.pop("acked")
        shown["untyped"] = len(self.untyped)
        shown["longest"] = round(self.longest, 2)
        return shown


async def _settled(read: Callable[[], Awaitable[T]]) -> T:
    """``read()`` once the database answers again."""
    while True:
        try:
            return await read()
        except StoreUnavailable:
            await asyncio.sleep(0.05)


async def player(service: GameService, tally: Tally, user: int, stop: asyncio.Event) -> None:
    """User ``user`` plays tiny games against an AI until ``stop``; every call goes through ``tally``."""
    game_id: int | None = None
    while not stop.is_set():
        if game_id is None:
            lobby, _ = await tally.call(service.create_lobby("tiny", user, seed=user * 1000 + tally.calls))
            if lobby is None:
                await asyncio.sleep(0.02)
                continue
            added, _ = await tally.call(service.add_ai(lobby.id, user))
            started = None if added is None else (await tally.call(service.start(lobby.id, user)))[0]
            if started is None:
                continue  # a lobby left behind; the next one is new
            tally.acked += [(m.game_id, m.version, m.choice or "undo") for m in started.moves]
            game_id = lobby.id
        table, _ = await tally.call(service.view(game_id, user))
        if table is None:
            await asyncio.sleep(0.02)
            continue
        if table.game.status != "active":
            game_id = None
            continue
        if table.decision is None:  # AI play cut short by a failure: what the scheduler would resume
            resumed, _ = await tally.call(service.perform(Work("resume", game_id, None, datetime.now(UTC))))
            if resumed is not None:
                tally.acked += [(m.game_id, m.version, m.choice or "undo") for m in resumed.moves]
            else:
                await asyncio.sleep(0.02)
            continue
        before = table.game.version
        choices = table.decision.choices
        result, error = await tally.call(service.act(game_id, user, choices[before % len(choices)].id, before))
        if result is not None:
            tally.acked += [(m.game_id, m.version, m.choice or "undo") for m in result.moves]
        elif isinstance(error, StoreUnavailable):
            if error.unchanged:
                tally.unchanged_claims += 1
                now = await _settled(functools.partial(service.game, game_id))
                if now.version != before:
                    tally.false_unchanged += 1
            await asyncio.sleep(0.02)


async def bystander(service: GameService, tally: Tally, stop: asyncio.Event) -> None:
    """Other calls meanwhile: listings, settings, vacation."""
    user = 900
    while not stop.is_set():
        for call in (
            service.games(status="active"),
            service.set_user_lang(user, "fr"),
            service.user_games(1),
            service.set_vacation(user, False),
            service.guild_settings(1),
            service.set_dm_turns(user, True),
        ):
            await tally.call(call)
        await asyncio.sleep(0.01)


async def checked(service: GameService, tally: Tally) -> Tally:
    """Count the acknowledged moves missing from the log (the fault is lifted)."""
    tally.acknowledged = len(tally.acked)
    logs: dict[int, dict[int, str]] = {}
    for game_id, version, choice in tally.acked:
        if game_id not in logs:
            entries = await service.store.actions(game_id)
            logs[game_id] = {e.seq: e.choice or "undo" for e in entries}
        if logs[game_id].get(version) != choice:
            tally.lost += 1
    return tally


async def measured(
    service: GameService, tally: Tally, fault: Callable[[Tally], Awaitable[None]], players: int = PLAYERS
) -> Tally:
    """Players and a bystander run while ``fault`` runs; then the acknowledged moves are checked."""
    stop = asyncio.Event()
    tasks = [asyncio.create_task(player(service, tally, 1 + i, stop)) for i in range(players)]
    tasks.append(asyncio.create_task(bystander(service, tally, stop)))
    try:
        await asyncio.sleep(WARM_UP)
        await fault(tally)
    finally:
        stop.set()
        await asyncio.gather(*tasks)
    return await checked(service, tally)


# -- faults ------------------------------------------------------------------------------------------


def terminating(admin_url: str, application: str, seconds: float) -> Callable[[Tally], Awaitable[None]]:
    """PostgreSQL: terminate the service's backends from another connection, every 50–300 ms."""

    async def fault(tally: Tally) -> None:
        admin = await asyncpg.connect(admin_url)
        try:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                await asyncio.sleep(0.05 + secrets.randbelow(250) / 1000)
                tally.injected += await admin.fetchval(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1",
                    application,
                )
        finally:
            await admin.close()

    return fault


def holding_lock(address: str, seconds: float = HOLD) -> Callable[[Tally], Awaitable[None]]:
    """Another connection holds the write lock: ``LOCK TABLE games`` (PostgreSQL, which blocks reads of
    the table too) or ``BEGIN IMMEDIATE`` (SQLite), for ``seconds``."""

    async def fault(tally: Tally) -> None:
        path = sqlite_path(address)
        tally.injected += 1
        if path is None:
            admin = await asyncpg.connect(address)
            try:
                async with admin.transaction():
                    await admin.execute("SET LOCAL lock_timeout = 0")
                    await admin.execute("LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
                    await asyncio.sleep(seconds)
            finally:
                await admin.close()
            return
        holder = sqlite3.connect(path, isolation_level=None, timeout=30, check_same_thread=False)
        try:
            await asyncio.to_thread(holder.execute, "BEGIN IMMEDIATE")  # the service's writers finish first
            await asyncio.sleep(seconds)
            holder.execute("ROLLBACK")
        finally:
            holder.close()

    return fault


@contextlib.asynccontextmanager
async def _pragma_on_writer(service: GameService, set_sql: str, reset_sql: str) -> AsyncIterator[None]:
    """A pragma on the SQLite service's write connection while the block runs (fault injection reaches
    into the store's private connection: nothing public may make a database full or read-only)."""
    writer = service.store._db._writer  # type: ignore[attr-defined]
    await writer.execute(set_sql)
    try:
        yield
    finally:
        await writer.execute(reset_sql)


def disk_full(service: GameService, seconds: float) -> Callable[[Tally], Awaitable[None]]:
    """SQLite: the file may not grow by a page (``PRAGMA max_page_count``), as on a full disk."""

    async def fault(tally: Tally) -> None:
        writer = service.store._db._writer  # type: ignore[attr-defined]
        async with writer.execute("PRAGMA page_count") as cursor:
            row = await cursor.fetchone()
        tally.injected += 1
        limit, unlimited = f"PRAGMA max_page_count = {row[0]}", "PRAGMA max_page_count = 4294967294"
        async with _pragma_on_writer(service, limit, unlimited):
            await asyncio.sleep(seconds)

    return fault


def read_only(service: GameService, seconds: float) -> Callable[[Tally], Awaitable[None]]:
    """The database refuses writes: SQLite ``PRAGMA query_only`` on the write connection; PostgreSQL
    ``default_transaction_read_only`` on every new pooled connection, the old ones replaced."""

    async def fault(tally: Tally) -> None:
        tally.injected += 1
        if service.store.dialect == "sqlite":
            async with _pragma_on_writer(service, "PRAGMA query_only = 1", "PRAGMA query_only = 0"):
                await asyncio.sleep(seconds)
            return
        pool = service.store._db._pool  # type: ignore[attr-defined]
        settings = pool._connect_kwargs.setdefault("server_settings", {})
        settings["default_transaction_read_only"] = "on"
        await pool.expire_connections()
        try:
            await asyncio.sleep(seconds)
        finally:
            del settings["default_transaction_read_only"]
            await pool.expire_connections()

    return fault


def restarting(data_dir: str, user: str | None, down: float = 1.5) -> Callable[[Tally], Awaitable[None]]:
    """PostgreSQL stopped (fast shutdown: backends terminated), down for ``down`` seconds, started again;
    twice. Only for a server of one's own."""

    async def pg_ctl(*args: str) -> None:
        command = ["pg_ctl", "-D", data_dir, "-w", *args]
        if user is not None:
            command = ["su", user, "-s", "/bin/sh", "-c", " ".join(command)]
        process = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.DEVNULL)
        assert await process.wait() == 0, command

    async def fault(tally: Tally) -> None:
        for _ in range(2):
            await pg_ctl("stop", "-m", "fast")
            await asyncio.sleep(down)
            await pg_ctl("start", "-l", f"{data_dir}/restarts.log")
            tally.injected += 1
            await asyncio.sleep(1.0)

    return fault


# -- one store ---------------------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def opened(address: str) -> AsyncIterator[tuple[GameService, str]]:
    """A service on ``address`` whose PostgreSQL connections carry an application name of their own
    (so only they are terminated); yields the service and that name."""
    application = f"bricabot_faults_{secrets.token_hex(4)}"
    if sqlite_path(address) is None:
        address = f"{address}&application_name={application}"
    registry.register(TINY)
    async with await GameService.open(address, limits=Limits()) as service:
        yield service, application


async def scenarios(address: str, seconds: float, restart: tuple[str, str | None] | None = None) -> list[Tally]:
    """Every fault the store at ``address`` can be given, one after the other on one database."""
    postgres = sqlite_path(address) is None
    store = "postgresql" if postgres else "sqlite"
    tallies = []
    async with opened(address) as (service, application):
        if postgres:
            tally = Tally(store, "terminated backends")
            tallies.append(await measured(service, tally, terminating(address, application, seconds)))
            if restart is not None:
                tally = Tally(store, "server stopped and restarted")
                tallies.append(await measured(service, tally, restarting(*restart)))
        tallies.append(await measured(service, Tally(store, "held lock"), holding_lock(address)))
        if not postgres:
            tallies.append(await measured(service, Tally(store, "full disk"), disk_full(service, seconds)))
        tallies.append(await measured(service, Tally(store, "read-only"), read_only(service, seconds)))
    return tallies


async def main(database_url: str | None, seconds: float, restart: tuple[str, str | None] | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        show(await scenarios(str(Path(folder) / "faults.sqlite3"), seconds))
    if database_url:
        try:
            async with scratch_schema(database_url) as address:
                show(await scenarios(address, seconds, restart))
        except asyncpg.InterfaceError:
            if restart is None:
                raise  # else the restart closed the connection that drops the scratch schema: it stays


def show(tallies: list[Tally]) -> None:
    for tally in tallies:
        print(json.dumps(tally.figures()), flush=True)
        for line in tally.untyped[:5]:
            print("  untyped:", line, flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", help="a PostgreSQL server to measure too (a scratch schema on it)")
    parser.add_argument("--seconds", type=float, default=6.0, help="how long each fault lasts (the held lock: 7 s)")
    parser.add_argument("--restart-data-dir", help="stop and start this PostgreSQL server (your own) meanwhile")
    parser.add_argument("--restart-user", help="the system user pg_ctl runs as (e.g. postgres)")
    args = parser.parse_args()
    restart = None if args.restart_data_dir is None else (args.restart_data_dir, args.restart_user)
    asyncio.run(main(args.database_url, args.seconds, restart))
