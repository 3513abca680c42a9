"""The PostgreSQL driver (asyncpg): a connection pool, the store's ``?`` SQL turned into ``$n``.

Migrations are tracked in a one-row ``schema_version`` table and applied under a transaction-scoped
advisory lock, so processes starting together apply each one exactly once (the others wait on the
lock, then find the version already there).
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from bot.store.connection import Connection
from bot.store.schema_pg import LATEST, MIGRATIONS

MIGRATION_LOCK = 0x6272_6963_6162_6F74 >> 1
"""The advisory lock key that serialises migrations (any constant shared by every Bricabot process)."""


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1``, ``$2``… (the store's SQL has no ``?`` in literals)."""
    parts = sql.split("?")
    return "".join(part + (f"${i}" if i < len(parts) else "") for i, part in enumerate(parts, start=1))


def _count(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 1`` or ``INSERT 0 5``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _PostgresConnection:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _count(await self._conn.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(numbered(sql), list(rows))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return list(await self._conn.fetch(numbered(sql), *params))


async def migrate(conn: asyncpg.Connection, target: int = LATEST) -> int:
    """Bring the schema to ``target``; each migration in its own transaction under the migration lock."""
    while True:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            version = await conn.fetchval("SELECT version FROM schema_version")
            if version is None:
                await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
                version = 0
            if version > LATEST:
                raise RuntimeError(f"database schema {version} is newer than this program's {LATEST}; upgrade Bricabot")
            if version >= target:
                return int(version)
            await conn.execute(MIGRATIONS[version])
            await conn.execute("UPDATE schema_version SET version = $1", version + 1)


async def _keep(conn: asyncpg.Connection) -> None:
    """Return a connection to the pool as it is, without asyncpg's reset round trip (``RESET ALL``,
    ``UNLISTEN``…): the store opens no cursors, listeners, session settings or session locks, and
    every transaction it opens is closed by its context manager before the connection goes back."""


class PostgresDatabase:
    """A pool of asyncpg connections; each read takes one connection, each transaction one too.

    Transactions run at PostgreSQL's default READ COMMITTED: the store's conditional writes
    (``UPDATE … WHERE revision = ?``) re-check their condition against the latest committed row, so
    a write based on a stale read changes nothing and the service retries it.
    """

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str, *, max_size: int = 10) -> PostgresDatabase:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=max_size, reset=_keep)
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        async with self._pool.acquire() as conn:
            yield _PostgresConnection(conn)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield _PostgresConnection(conn)

    async def close(self) -> None:
        await self._pool.close()


@asynccontextmanager
async def scratch_schema(url: str) -> AsyncIterator[str]:
    """A new, empty schema on the server at ``url``, dropped afterwards; yields an address whose
    connections work in it (asyncpg passes the ``search_path`` query parameter as a server setting).

    For tests and benchmarks that each need a database of their own on one server.
    """
    name = f"bricabot_scratch_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
        separator = "&" if "?" in url else "?"
        yield f"{url}{separator}search_path={name}"
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        await admin.close()
