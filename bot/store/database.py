"""The two databases behind one small interface: SQLite (embedded, the default) and PostgreSQL.

The store writes its SQL once, with ``?`` placeholders and the subset of SQL both dialects share
(``INSERT … ON CONFLICT``, ``RETURNING``, ``WITH RECURSIVE``); each driver runs it on its own
connection type, and applies the migrations of :mod:`bot.store.schema`, written once and spelled out
in each dialect's SQL. :func:`open_database` picks the driver from a ``DATABASE_URL``-style address.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.connection import Connection, Database, Limits, StoreUnavailable, note_commit
from bot.store.schema import LATEST, SQLITE

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def sqlite_path(address: Path | str) -> Path | None:
    """The SQLite file named by ``address`` (a path or ``sqlite:///path``); ``None`` for PostgreSQL."""
    text = str(address)
    if text.startswith(POSTGRES_SCHEMES):
        return None
    if text.startswith("sqlite://"):
        rest = text.removeprefix("sqlite://")
        if not rest.startswith("/"):
            raise ValueError(f"a SQLite address is sqlite:///path/to/file, not {text!r}")
        # sqlite:///relative.db names a relative path, sqlite:////abs/path an absolute one.
        return Path(rest[1:])
    if "://" in text:
        raise ValueError(f"unknown database address {text!r}: use sqlite:///path or postgresql://…")
    return Path(text)


async def open_database(address: Path | str, limits: Limits | None = None) -> Database:
    """Open and migrate the database at ``address``: a SQLite path, ``sqlite:///path`` or ``postgresql://…``.

    Every wait on it is held to ``limits`` (the defaults of :class:`Limits` when ``None``); a database
    that cannot be opened raises :class:`StoreUnavailable`.
    """
    path = sqlite_path(address)
    if path is None:
        from bot.store.postgres import PostgresDatabase

        return await PostgresDatabase.open(str(address), limits=limits or Limits())
    return await SqliteDatabase.open(path, limits=limits or Limits())


# -- SQLite ------------------------------------------------------------------------------------------


async def connect(path: Path | str) -> aiosqlite.Connection:
    """A connection with the pragmas every Bricabot database uses (no migration).

    ``busy_timeout`` is how long a writer waits for another process's write transaction to end.
    """
    db = await aiosqlite.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT)
    try:
        await _wal(db)
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
    except BaseException:
        await db.close()
        raise
    return db


BUSY_TIMEOUT = 30.0
"""Seconds a connection waits for another's lock before giving up."""


async def _wal(db: aiosqlite.Connection) -> None:
    """Switch to write-ahead logging, retrying while another connection holds the lock.

    SQLite answers "database is locked" at once, without its busy handler, when several connections
    switch a new database to WAL together (processes starting on one file), so the wait is here.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT
    while True:
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.01)


async def migrate(db: aiosqlite.Connection, target: int = LATEST) -> int:
    """Apply the migrations after the database's ``user_version`` up to ``target``; returns the new version.

    Each migration runs in a ``BEGIN IMMEDIATE`` transaction that first re-reads the version, so
    processes starting together apply each migration exactly once (the others wait, then skip it).
    """
    version = 0
    while True:
        await db.execute("BEGIN IMMEDIATE")
        try:
            async with db.execute("PRAGMA user_version") as cursor:
                row = await cursor.fetchone()
            version = int(row[0]) if row else 0
            if version > LATEST:
                raise RuntimeError(f"database schema {version} is newer than this program's {LATEST}; upgrade Bricabot")
            if version >= target:
                await db.execute("COMMIT")
                return version
            for statement in SQLITE[version]:
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {version + 1}")
            await db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.OperationalError):
                await db.execute("ROLLBACK")
            raise


SQLITE_FAULTS = {
    3: "permission",  # SQLITE_PERM
    5: "locked",  # SQLITE_BUSY
    6: "locked",  # SQLITE_LOCKED
    7: "full",  # SQLITE_NOMEM
    8: "read_only",  # SQLITE_READONLY
    10: "disk",  # SQLITE_IOERR
    11: "disk",  # SQLITE_CORRUPT
    13: "full",  # SQLITE_FULL
    14: "permission",  # SQLITE_CANTOPEN
    15: "locked",  # SQLITE_PROTOCOL
    26: "disk",  # SQLITE_NOTADB
}
"""SQLite's primary result codes that mean the database failed (not the SQL), and the reason each is
reported under."""

COMMIT_REFUSED = frozenset({3, 5, 6, 7, 8, 13, 14})
"""Result codes with which a failed ``COMMIT`` is known to have written nothing: SQLite refused it
before the commit record reached the file (an I/O error may have come after, so it is not here)."""


def sqlite_fault(error: BaseException, *, unchanged: bool = True) -> StoreUnavailable | None:
    """``error`` as :class:`StoreUnavailable` when it is a failure of the database itself; ``None``
    for a mistake in the statement (a constraint, a syntax error), which stays a bug."""
    closed = isinstance(error, ValueError | sqlite3.ProgrammingError) and any(
        words in str(error) for words in ("no active connection", "closed database")
    )
    if closed:
        return StoreUnavailable("connection", unchanged=unchanged, cause=error)  # closed while shutting down
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        reason = SQLITE_FAULTS.get(code & 0xFF) if isinstance(code, int) else None
        if reason is None:
            return None
        return StoreUnavailable(reason, unchanged=unchanged, cause=error)
    return None


def _raise_fault(error: BaseException, *, unchanged: bool = True) -> None:
    fault = sqlite_fault(error, unchanged=unchanged)
    if fault is not None:
        raise fault from error


class _SqliteConnection:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cursor = await self._db.execute(sql, params)
            if cursor.rowcount >= 0 or sql.lstrip()[:4].upper() != "WITH":
                return max(cursor.rowcount, 0)
            # The driver counts only statements that begin with INSERT, UPDATE or DELETE: a ``WITH …``
            # statement's changes are asked for (others, ``BEGIN`` or a ``PRAGMA``, change no row).
            async with self._db.execute("SELECT changes()") as counted:
                row = await counted.fetchone()
        except (sqlite3.Error, ValueError) as error:
            _raise_fault(error)
            raise
        return int(row[0]) if row else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self._db.executemany(sql, rows)
        except (sqlite3.Error, ValueError) as error:
            _raise_fault(error)
            raise

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        try:
            async with self._db.execute(sql, params) as cursor:
                return list(await cursor.fetchall())
        except (sqlite3.Error, ValueError) as error:
            _raise_fault(error)
            raise


class _ProbeDone(Exception):
    """Rolls back the start-up write probe."""


async def _take(lock: asyncio.Lock, seconds: float) -> None:
    """Acquire ``lock`` within ``seconds``, else :class:`StoreUnavailable` (another call of this
    process holds the connection that long: the database is locked by someone else)."""
    try:
        async with asyncio.timeout(seconds):
            await lock.acquire()
    except TimeoutError:
        raise StoreUnavailable("locked", unchanged=True) from None


class SqliteDatabase:
    """Two aiosqlite connections per process, one for writes and one for reads; WAL,
    ``synchronous=FULL``, foreign keys on.

    Write transactions hold the write connection for their whole duration, so a transaction is never
    interleaved with another coroutine's statements. They use ``BEGIN IMMEDIATE``: the database's write
    lock is taken before the first read of the transaction, so between processes write transactions
    are serial and a transaction's reads are not overtaken by another's commit. While a writer waits
    for that lock (another process holds it), reads go on on the read connection: in WAL mode a
    reader never waits for a writer. Every wait — for a connection of this process, for the write
    lock — ends after :attr:`Limits.lock_timeout` with :class:`StoreUnavailable`.
    """

    dialect = "sqlite"

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection, limits: Limits) -> None:
        self._writer = writer
        self._reader = reader
        self._write = _SqliteConnection(writer)
        self._read = _SqliteConnection(reader)
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()
        self._limits = limits
        self._busy_ms = -1

    @classmethod
    async def open(cls, path: Path | str, *, limits: Limits | None = None) -> SqliteDatabase:
        limits = limits or Limits()
        opened: list[aiosqlite.Connection] = []
        try:
            opened.append(await connect(path))
            await migrate(opened[0])
            opened.append(await connect(path))
            for db in opened:
                await db.execute(f"PRAGMA busy_timeout = {int(limits.lock_timeout * 1000)}")
        except BaseException as error:
            for db in opened:
                await db.close()
            _raise_fault(error)
            raise
        return cls(opened[0], opened[1], limits)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        await _take(self._read_lock, self._limits.lock_timeout)
        try:
            yield self._read
        finally:
            self._read_lock.release()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; any exception (a cancellation too) rolls back and propagates.

        The connection's worker thread runs statements in the order they were sent, so a cancellation
        while ``BEGIN`` or ``COMMIT`` is in flight is still followed by the ``ROLLBACK`` (which finds
        nothing to undo if the commit went through: the call then fails but its write is whole). The
        wait for the write lock gets what is left of :attr:`Limits.lock_timeout` after the wait for
        this process's write connection.
        """
        deadline = time.monotonic() + self._limits.lock_timeout
        await _take(self._write_lock, self._limits.lock_timeout)
        try:
            busy_ms = max(0, int((deadline - time.monotonic()) * 10)) * 100
            if busy_ms != self._busy_ms:
                await self._write.execute(f"PRAGMA busy_timeout = {busy_ms}")
                self._busy_ms = busy_ms
            try:
                await self._write.execute("BEGIN IMMEDIATE")
                yield self._write
            except BaseException:
                await self._rollback()
                raise
            try:
                await self._writer.execute("COMMIT")
            except BaseException as error:
                await self._rollback()
                code = getattr(error, "sqlite_errorcode", None)
                _raise_fault(error, unchanged=isinstance(code, int) and code & 0xFF in COMMIT_REFUSED)
                raise
            note_commit()
        finally:
            self._write_lock.release()

    async def _rollback(self) -> None:
        with contextlib.suppress(sqlite3.Error, ValueError):
            await self._writer.execute("ROLLBACK")

    async def probe_write(self) -> None:
        with contextlib.suppress(_ProbeDone):
            async with self.transaction() as conn:
                await conn.execute("CREATE TABLE write_probe (written INTEGER)")
                await conn.execute("INSERT INTO write_probe VALUES (1)")
                raise _ProbeDone

    async def close(self) -> None:
        async with self._write_lock, self._read_lock:
            await self._writer.close()
            await self._reader.close()
