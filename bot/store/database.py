"""The two databases behind one small interface: SQLite (embedded, the default) and PostgreSQL.

The store writes its SQL once, with ``?`` placeholders and the subset of SQL both dialects share
(``INSERT … ON CONFLICT``, ``RETURNING``, ``WITH RECURSIVE``); each driver runs it on its own
connection type, and each dialect has its own migration scripts with the same version numbers
(:mod:`bot.store.schema` and :mod:`bot.store.schema_pg`). :func:`open_database` picks the driver
from a ``DATABASE_URL``-style address.
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

from bot.store.connection import Connection, Database
from bot.store.schema import LATEST, MIGRATIONS

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


async def open_database(address: Path | str) -> Database:
    """Open and migrate the database at ``address``: a SQLite path, ``sqlite:///path`` or ``postgresql://…``."""
    path = sqlite_path(address)
    if path is None:
        from bot.store.postgres import PostgresDatabase

        return await PostgresDatabase.open(str(address))
    return await SqliteDatabase.open(path)


# -- SQLite ------------------------------------------------------------------------------------------


async def connect(path: Path | str) -> aiosqlite.Connection:
    """A connection with the pragmas every Bricabot database uses (no migration).

    ``busy_timeout`` is how long a writer waits for another process's write transaction to end.
    """
    db = await aiosqlite.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT)
    await _wal(db)
    await db.execute("PRAGMA synchronous = FULL")
    await db.execute("PRAGMA foreign_keys = ON")
    await db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
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


def statements(script: str) -> list[str]:
    """A migration script split into whole statements (a trigger's body keeps its inner ``;``)."""
    out: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            out.append(pending.strip())
            pending = ""
    if pending.strip():
        out.append(pending.strip())
    return out


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
            for statement in statements(MIGRATIONS[version]):
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {version + 1}")
            await db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.OperationalError):
                await db.execute("ROLLBACK")
            raise


class _SqliteConnection:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self._db.execute(sql, params)
        if cursor.rowcount >= 0:
            return cursor.rowcount
        # The driver counts only statements that begin with INSERT, UPDATE or DELETE (not ``WITH …``).
        async with self._db.execute("SELECT changes()") as counted:
            row = await counted.fetchone()
        return int(row[0]) if row else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._db.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        async with self._db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())


class SqliteDatabase:
    """One aiosqlite connection per process, WAL, ``synchronous=FULL``, foreign keys on.

    Every read and transaction holds the connection lock for its whole duration, so a transaction is
    never interleaved with another coroutine's statements. Writes use ``BEGIN IMMEDIATE``: the
    database's write lock is taken before the first read of the transaction, so between processes
    write transactions are serial and a transaction's reads are not overtaken by another's commit.
    """

    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._conn = _SqliteConnection(db)
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> SqliteDatabase:
        db = await connect(path)
        try:
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        async with self._lock:
            yield self._conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; any exception (a cancellation too) rolls back and propagates.

        The connection's worker thread runs statements in the order they were sent, so a cancellation
        while ``BEGIN`` or ``COMMIT`` is in flight is still followed by the ``ROLLBACK`` (which finds
        nothing to undo if the commit went through: the call then fails but its write is whole).
        """
        async with self._lock:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                yield self._conn
                await self._db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.OperationalError):
                    await self._db.execute("ROLLBACK")
                raise

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()
