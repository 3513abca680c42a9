"""The PostgreSQL driver (asyncpg): a connection pool, the store's ``?`` SQL turned into ``$n``.

Migrations are tracked in a one-row ``schema_version`` table and applied under a transaction-scoped
advisory lock, so processes starting together apply each one exactly once (the others wait on the
lock, then find the version already there).

Every other wait is bounded (:class:`~bot.store.connection.Limits`: ``lock_timeout`` and
``statement_timeout`` on each connection, asyncpg's ``command_timeout``, a bounded wait for a pooled
connection), and every failure of the server or the network is raised as
:class:`~bot.store.connection.StoreUnavailable`. A dropped connection (the server restarted, a backend
was terminated) is replaced: a read statement, and a transaction whose ``BEGIN`` failed, run once
more on a fresh connection, and the pool's other connections, likely dropped too, are replaced.
"""

from __future__ import annotations

import contextlib
import functools
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import asyncpg  # type: ignore[import-untyped]

from bot.store.connection import Connection, Limits, StoreUnavailable, note_commit
from bot.store.schema import LATEST, POSTGRESQL

T = TypeVar("T")

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


def pg_fault(error: BaseException, *, unchanged: bool = True) -> StoreUnavailable | None:
    """``error`` as :class:`StoreUnavailable` when the server or the network failed; ``None`` for a
    mistake in the statement (a constraint, a syntax error), which stays a bug.

    A dropped or refused connection is ``transient`` (a fresh one may work at once); a lock or
    statement timeout, a full disk, a read-only server or missing rights are not.
    """
    exc = asyncpg.exceptions
    if isinstance(error, exc.LockNotAvailableError | exc.DeadlockDetectedError):
        return StoreUnavailable("locked", unchanged=unchanged, cause=error)
    if isinstance(error, exc.QueryCanceledError | TimeoutError):
        return StoreUnavailable("timeout", unchanged=unchanged, cause=error)
    if isinstance(error, exc.InsufficientResourcesError):
        return StoreUnavailable("full", unchanged=unchanged, cause=error)
    if isinstance(error, exc.ReadOnlySQLTransactionError):
        return StoreUnavailable("read_only", unchanged=unchanged, cause=error)
    if isinstance(error, exc.InsufficientPrivilegeError | exc.InvalidAuthorizationSpecificationError):
        return StoreUnavailable("permission", unchanged=unchanged, cause=error)
    dropped = (
        exc.PostgresConnectionError,
        exc.OperatorInterventionError,
        exc.InternalClientError,
        ConnectionError,
        OSError,
    )
    if isinstance(error, dropped) or (
        isinstance(error, exc.InterfaceError)
        and not isinstance(error, exc.ClientConfigurationError)
        and any(word in str(error) for word in ("closed", "in progress", "connection"))
    ):
        return StoreUnavailable("connection", unchanged=unchanged, transient=True, cause=error)
    return None


def _dropped(error: BaseException) -> bool:
    """Whether ``error`` may have left its connection unusable (so it is closed, not reused)."""
    fault = error if isinstance(error, StoreUnavailable) else pg_fault(error)
    return fault is not None and fault.reason in ("connection", "timeout")


class _PostgresConnection:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _count(await _mapped(self._conn.execute(numbered(sql), *params)))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await _mapped(self._conn.executemany(numbered(sql), list(rows)))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return list(await _mapped(self._conn.fetch(numbered(sql), *params)))


async def _mapped(statement: Awaitable[T]) -> T:
    try:
        return await statement
    except Exception as error:
        fault = pg_fault(error)
        if fault is not None:
            raise fault from error
        raise


class _Reading:
    """The connection of a read block: a statement that finds its connection dropped runs once more on
    a fresh one (reads see what is committed when each statement starts, so nothing is lost)."""

    def __init__(self, db: PostgresDatabase) -> None:
        self._db = db
        self._conn: asyncpg.Connection | None = None
        self._retried = False

    async def _run(self, statement: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        while True:
            if self._conn is None:
                self._conn = await self._db.acquire()
            try:
                return await statement(self._conn)
            except Exception as error:
                fault = pg_fault(error)
                if fault is None:
                    raise
                await self.release(broken=_dropped(error))
                if not fault.transient or self._retried:
                    raise fault from error
                self._retried = True
                await self._db.renew()

    async def release(self, *, broken: bool = False) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            await self._db.release(conn, broken=broken)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _count(await self._run(lambda conn: conn.execute(numbered(sql), *params)))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        listed = list(rows)
        await self._run(lambda conn: conn.executemany(numbered(sql), listed))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return list(await self._run(lambda conn: conn.fetch(numbered(sql), *params)))


class _ProbeDone(Exception):
    """Rolls back the start-up write probe."""


async def migrate(conn: asyncpg.Connection, target: int = LATEST) -> int:
    """Bring the schema to ``target``; each migration in its own transaction under the migration lock."""
    while True:
        async with conn.transaction():
            # Another process may hold the lock for a whole migration: this wait is not bounded.
            await conn.execute("SET LOCAL lock_timeout = 0")
            await conn.execute("SET LOCAL statement_timeout = 0")
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
            await conn.execute(";\n".join(POSTGRESQL[version]))
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

    def __init__(self, pool: asyncpg.Pool, limits: Limits) -> None:
        self._pool = pool
        self._limits = limits

    @classmethod
    async def open(cls, url: str, *, limits: Limits | None = None, max_size: int = 10) -> PostgresDatabase:
        limits = limits or Limits()
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=max_size,
                reset=_keep,
                timeout=limits.connect_timeout,
                command_timeout=limits.statement_timeout + 1,
                server_settings={
                    "lock_timeout": f"{int(limits.lock_timeout * 1000)}ms",
                    "statement_timeout": f"{int(limits.statement_timeout * 1000)}ms",
                },
            )
        except Exception as error:
            fault = pg_fault(error)
            if fault is not None:
                raise fault from error
            raise
        try:
            async with pool.acquire() as conn:
                await _mapped(migrate(conn))
        except BaseException:
            await pool.close()
            raise
        return cls(pool, limits)

    async def acquire(self) -> asyncpg.Connection:
        """A pooled connection within :attr:`Limits.lock_timeout` (every connection may be busy)."""
        try:
            return await self._pool.acquire(timeout=self._limits.lock_timeout)
        except Exception as error:
            fault = pg_fault(error)
            if isinstance(error, TimeoutError):
                fault = StoreUnavailable("locked", unchanged=True, cause=error)  # every connection is waiting
            if fault is not None:
                raise fault from error
            raise

    async def release(self, conn: asyncpg.Connection, *, broken: bool = False) -> None:
        """Give ``conn`` back; a ``broken`` one is closed at once (the pool opens a new one when needed)."""
        with contextlib.suppress(Exception):  # one the server closed went back to the pool by itself
            if broken:
                conn.terminate()
            await self._pool.release(conn, timeout=self._limits.lock_timeout)

    async def renew(self) -> None:
        """After a dropped connection: replace every pooled connection before it is next handed out
        (a restart or a terminated backend drops them all, each found only when next used)."""
        await self._pool.expire_connections()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        reading = _Reading(self)
        try:
            yield reading
        finally:
            await reading.release()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """``BEGIN`` … ``COMMIT`` on one pooled connection; any exception rolls back and propagates.

        A ``BEGIN`` that finds its connection dropped is tried once more on a fresh one. A failing
        ``COMMIT`` is known to have written nothing when the server answered it with an error; when
        the connection was lost instead, the transaction may have committed, and the
        :class:`StoreUnavailable` says so (``unchanged`` false).
        """
        conn = await self._begin()
        try:
            yield _PostgresConnection(conn)
        except BaseException as error:
            await self._finish(conn, error)
            raise
        try:
            await conn.execute("COMMIT")
        except BaseException as error:
            await self._finish(conn, error)
            refused = isinstance(error, asyncpg.PostgresError) and not _dropped(error)
            fault = pg_fault(error, unchanged=refused)
            if fault is not None:
                raise fault from error
            raise
        await self.release(conn)
        note_commit()

    async def _begin(self) -> asyncpg.Connection:
        for attempt in (1, 2):
            conn = await self.acquire()
            try:
                await conn.execute("BEGIN")
                return conn
            except Exception as error:
                await self.release(conn, broken=_dropped(error))
                fault = pg_fault(error)
                if fault is None:
                    raise
                if not fault.transient or attempt == 2:
                    raise fault from error
                await self.renew()
        raise AssertionError("unreachable")

    async def _finish(self, conn: asyncpg.Connection, error: BaseException) -> None:
        """Roll back after ``error`` and give the connection back (closed if it cannot be trusted)."""
        broken = _dropped(error) or not isinstance(error, Exception)  # a cancelled statement may be in flight
        if not broken:
            try:
                await conn.execute("ROLLBACK")
            except Exception:
                broken = True
        await self.release(conn, broken=broken)

    async def probe_write(self) -> None:
        with contextlib.suppress(_ProbeDone):
            async with self.transaction() as conn:
                await conn.execute("UPDATE schema_version SET version = version")
                raise _ProbeDone

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
