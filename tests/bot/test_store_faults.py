"""A failing database, on each store: every call ends within five seconds with a typed error
(:class:`~bot.store.StoreUnavailable`) or succeeds; no acknowledged move is lost; a call that says it
changed nothing changed nothing; a move whose commit answer was lost is looked up; a pooled connection
killed while idle is never handed out; a database that cannot be written stops ``bricabot run``."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]
import pytest

from bot.service import GameService
from bot.settings import Settings
from bot.store import Limits, Store, StoreUnavailable, sqlite_path
from bot.store.connection import Connection, Database
from bot.store.postgres import pg_fault
from cogs.run import check_store
from tests.bot.conftest import ManualClock, started_tiny
from tests.bot.store_faults import Tally, disk_full, holding_lock, measured, opened, read_only, terminating
from tests.bot.test_fuzz import Rows

ROOT = Path(__file__).resolve().parents[2]
BOUND = 5.0
"""Seconds any call may take while the database fails."""
FAULT_SECONDS = 3.0


def _store(database: str) -> str:
    return "sqlite" if sqlite_path(database) is not None else "postgresql"


@pytest.mark.parametrize("fault", ["terminated backends", "held lock", "full disk", "read-only"])
async def test_every_call_ends_in_time_typed_and_nothing_acknowledged_is_lost(
    database: str, fault: str, caplog: pytest.LogCaptureFixture
) -> None:
    store = _store(database)
    if fault == "terminated backends" and store == "sqlite":
        pytest.skip("SQLite has no server connections to terminate")
    if fault == "full disk" and store == "postgresql":
        pytest.skip("a full disk cannot be simulated on a shared PostgreSQL server")
    async with opened(database) as (service, application):
        injected = {
            "terminated backends": lambda: terminating(database, application, FAULT_SECONDS),
            "held lock": lambda: holding_lock(database),
            "full disk": lambda: disk_full(service, FAULT_SECONDS),
            "read-only": lambda: read_only(service, FAULT_SECONDS),
        }[fault]()
        tally = await measured(service, Tally(store, fault), injected)
    assert tally.untyped == []
    assert tally.longest < BOUND
    # A terminated backend may be idle in the pool and replaced unseen, so the fault is felt by a
    # measured call or by the service's own work (AI play pausing on the lost connection).
    felt_by_service = any("database connection" in record.getMessage() for record in caplog.records)
    assert tally.injected > 0 and (tally.unavailable > 0 or felt_by_service), "the fault was felt"
    assert tally.acknowledged > 0 and tally.lost == 0
    assert tally.false_unchanged == 0


async def test_connections_killed_while_idle_are_never_handed_out(database: str) -> None:
    if _store(database) == "sqlite":
        pytest.skip("PostgreSQL's pool")
    application = "bricabot_idle_kill"
    store = await Store.open(f"{database}&application_name={application}")
    try:
        await asyncio.gather(*(store.fetch("SELECT pg_sleep(0.05)") for _ in range(10)))
        admin = await asyncpg.connect(database)
        killed = await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1", application
        )
        await admin.close()
        assert killed == 10
        results = await asyncio.gather(*(store.fetch("SELECT 1") for _ in range(200)), return_exceptions=True)
        assert [r for r in results if isinstance(r, BaseException)] == []
    finally:
        await store.close()


class LostAnswers:
    """A database whose transactions lose their commit's answer (the connection drops during ``COMMIT``)
    the next ``times`` times: after committing when ``committed``, else before."""

    def __init__(self, db: Database, *, committed: bool, times: int) -> None:
        self._db = db
        self.dialect = db.dialect
        self.committed = committed
        self.times = times

    def reading(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        return self._db.reading()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        if self.times <= 0:
            async with self._db.transaction() as conn:
                yield conn
            return
        self.times -= 1
        lost = StoreUnavailable("connection", unchanged=False, cause=ConnectionResetError("reset by peer"))
        if self.committed:
            async with self._db.transaction() as conn:
                yield conn
            raise lost
        with contextlib.suppress(_RolledBack):
            async with self._db.transaction() as conn:
                yield conn
                raise _RolledBack
        raise lost

    async def probe_write(self) -> None:
        await self._db.probe_write()

    async def close(self) -> None:
        await self._db.close()


class _RolledBack(Exception):
    pass


async def _two_player_game(service: GameService) -> tuple[int, str]:
    game_id = await started_tiny(service)
    table = await service.view(game_id, 1)
    assert table.decision is not None
    return game_id, table.decision.choices[0].id


async def test_a_move_committed_before_its_answer_was_lost_is_acknowledged(service: GameService) -> None:
    game_id, choice = await _two_player_game(service)
    service.store._db = LostAnswers(service.store._db, committed=True, times=1)  # type: ignore[attr-defined]
    result = await service.act(game_id, 1, choice, 0)
    assert [(m.version, m.choice) for m in result.moves] == [(1, choice)]
    assert [(e.seq, e.choice) for e in await service.store.actions(game_id)] == [(1, choice)]
    assert await service.replay_matches(game_id)


async def test_a_move_whose_commit_was_lost_is_tried_again_once(service: GameService) -> None:
    game_id, choice = await _two_player_game(service)
    service.store._db = LostAnswers(service.store._db, committed=False, times=1)  # type: ignore[attr-defined]
    result = await service.act(game_id, 1, choice, 0)
    assert [(m.version, m.choice) for m in result.moves] == [(1, choice)]
    assert [(e.seq, e.choice) for e in await service.store.actions(game_id)] == [(1, choice)]


async def test_a_move_never_committed_says_unchanged_and_is_unchanged(service: GameService, database: str) -> None:
    game_id, choice = await _two_player_game(service)
    service.store._db = LostAnswers(service.store._db, committed=False, times=99)  # type: ignore[attr-defined]
    async with Rows(database) as rows:
        before = await rows.all()
        with pytest.raises(StoreUnavailable) as raised:
            await service.act(game_id, 1, choice, 0)
        assert raised.value.unchanged and raised.value.reason == "connection"
        assert await rows.all() == before


class FailingReads:
    """A database whose reads fail (a dropped connection) once ``armed``; writes work."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self.dialect = db.dialect
        self.armed = False

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        if self.armed:
            raise StoreUnavailable("connection", unchanged=True, transient=True, cause=ConnectionResetError())
        async with self._db.reading() as conn:
            yield conn

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        async with self._db.transaction() as conn:
            yield conn
        self.armed = True  # from the first commit on

    async def probe_write(self) -> None:
        await self._db.probe_write()

    async def close(self) -> None:
        await self._db.close()


async def test_a_failure_after_a_commit_never_says_unchanged(service: GameService) -> None:
    lobby = await service.create_lobby("tiny", 1)
    failing = FailingReads(service.store._db)  # type: ignore[attr-defined]
    service.store._db = failing  # type: ignore[attr-defined]
    with pytest.raises(StoreUnavailable) as raised:
        await service.join(lobby.id, 2)  # commits the seat, then reads the game back
    assert not raised.value.unchanged
    failing.armed = False
    assert [s.user_id for s in (await service.game(lobby.id)).seats] == [1, 2]


async def test_an_unreachable_server_is_typed_at_once() -> None:
    start = time.monotonic()
    with pytest.raises(StoreUnavailable) as raised:
        await Store.open("postgresql://postgres@127.0.0.1:1/none", Limits(connect_timeout=2.0))
    assert raised.value.reason == "connection" and time.monotonic() - start < BOUND


async def test_a_database_that_cannot_be_written_is_found_before_discord(database: str, tmp_path: Path) -> None:
    """In-process: the start-up check of ``bricabot run`` on a read-only database (SQLite's
    ``query_only`` through a URI would need one; here a read-only PostgreSQL session, or a SQLite file
    the check cannot write, below)."""
    if _store(database) == "sqlite":
        pytest.skip("covered by the subprocess test below (file permissions)")
    store = await Store.open(database)  # migrated, so the read-only session has nothing to create
    await store.close()
    settings = Settings(_env_file=None, database_url=f"{database}&default_transaction_read_only=on")
    problem = await check_store(settings)
    assert problem is not None and "cannot be written" in problem and "\n" not in problem


def _without_root_override() -> list[str] | None:
    """A command prefix that runs a child without the right to ignore file permissions (root ignores
    them), or ``None`` if this machine has no way to."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    return None if setpriv is None else [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner"]


async def test_bricabot_run_stops_on_a_read_only_sqlite_file(tmp_path: Path) -> None:
    prefix = _without_root_override()
    if prefix is None:
        pytest.skip("running as root without setpriv: file permissions cannot be made to bind")
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "bricabot.sqlite3"
    await (await Store.open(path)).close()
    path.chmod(0o444)
    folder.chmod(0o555)
    try:
        env = {**os.environ, "DISCORD_TOKEN": "not-a-token", "DATABASE_PATH": str(path), "DATABASE_URL": ""}
        env.pop("DATABASE_URL")
        done = subprocess.run(
            [*prefix, sys.executable, "-m", "program.cli", "run"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        folder.chmod(0o755)
        path.chmod(0o644)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "cannot be written" in done.stderr, done.stderr


async def test_sqlite_reads_go_on_while_a_writer_waits(tmp_path: Path) -> None:
    path = tmp_path / "b.sqlite3"
    async with await GameService.open(path, clock=ManualClock()) as service:
        game_id = await started_tiny(service)
        holder = await asyncio.to_thread(_hold_write_lock, path)
        try:
            writer = asyncio.create_task(service.set_user_lang(5, "fr"))
            await asyncio.sleep(0.1)
            start = time.monotonic()
            for _ in range(20):
                await service.game(game_id)
            assert time.monotonic() - start < 0.5, "reads waited for the writer"
            with pytest.raises(StoreUnavailable) as raised:
                await writer
            assert raised.value.reason == "locked" and raised.value.unchanged
        finally:
            holder.close()


def _hold_write_lock(path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    return holder


def test_postgresql_disk_and_resource_errors_are_typed_as_a_full_store() -> None:
    """A server whose disk is full answers SQLSTATE 53100 (a class 53 error): typed, never a bug, and
    not worth an immediate retry; the same for every other class 53 error (out of memory, connections)."""
    for error in (asyncpg.exceptions.DiskFullError("could not extend file"), asyncpg.exceptions.OutOfMemoryError("")):
        fault = pg_fault(error)
        assert fault is not None and fault.reason == "full" and not fault.transient and fault.cause is error
