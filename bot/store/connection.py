"""What the store needs from a database driver: statements on a connection, reads, write transactions,
the limits every wait is held to, and the one error every driver raises when the database fails."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol


class Connection(Protocol):
    """Statements on one connection (inside a transaction or for a read)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]: ...


class Database(Protocol):
    """A migrated database: reads, write transactions, a write check, closing."""

    dialect: str

    def reading(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """A connection for reads; each statement sees what was committed when it started."""
        ...

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """One write transaction: committed when the block ends, rolled back on any exception."""
        ...

    async def probe_write(self) -> None:
        """Write in a transaction that is rolled back: :class:`StoreUnavailable` if the database
        cannot be written (a read-only file or server, missing permissions)."""
        ...

    async def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Limits:
    """How long the store waits for the database before giving up with :class:`StoreUnavailable`.

    A player's click must be answered within Discord's few seconds, and a waiting call must not hold
    a connection others need: so every wait has an end. Migrations at start-up are not bounded.
    """

    lock_timeout: float = 2.0
    """Seconds a statement waits for a lock another connection holds (SQLite's busy timeout,
    PostgreSQL's ``lock_timeout``), and a call waits for a free connection of its own process."""
    statement_timeout: float = 10.0
    """Seconds one PostgreSQL statement may run (``statement_timeout``); the client gives up on an
    unanswered one a second later (asyncpg's ``command_timeout``)."""
    connect_timeout: float = 3.0
    """Seconds to open a PostgreSQL connection."""


class StoreUnavailable(Exception):
    """The database failed, not the call: it could not be reached, stayed locked, is full, or cannot be
    written. ``reason`` names which (``connection``, ``locked``, ``timeout``, ``full``, ``read_only``,
    ``disk``); the driver's own error is the ``cause`` (and ``__cause__``), for the log.

    ``unchanged`` is true when it is known that the call wrote nothing (the failure came before a
    commit was asked for, or the commit was refused); false when the connection was lost while a
    commit was in flight, or the call had already committed an earlier write. ``transient`` is true
    when trying again at once on a fresh connection may work (a dropped connection), false when the
    same wait would only repeat (a lock held, a full disk).
    """

    code: ClassVar[str] = "store_unavailable"

    def __init__(
        self, reason: str, *, unchanged: bool, transient: bool = False, cause: BaseException | None = None
    ) -> None:
        described = "" if cause is None else f": {type(cause).__name__}: {cause}"
        super().__init__(f"the database is unavailable ({reason}){described}")
        self.reason = reason
        self.unchanged = unchanged
        self.transient = transient
        self.cause = cause

    def changed(self) -> StoreUnavailable:
        """The same failure, no longer known to have left everything unchanged."""
        error = StoreUnavailable(self.reason, unchanged=False, transient=False, cause=self.cause)
        error.__cause__ = self.cause
        return error


class _Commits:
    """How many transactions committed within one service call."""

    def __init__(self) -> None:
        self.count = 0


_COMMITS: ContextVar[_Commits | None] = ContextVar("bricabot_store_commits", default=None)


@contextlib.contextmanager
def counting_commits() -> Iterator[_Commits]:
    """Count the commits made in this block (tasks it starts included), so a failure after one of
    them is not reported as having changed nothing."""
    commits = _COMMITS.get()
    if commits is not None:
        yield commits
        return
    commits = _Commits()
    token = _COMMITS.set(commits)
    try:
        yield commits
    finally:
        _COMMITS.reset(token)


def note_commit() -> None:
    """A transaction committed (called by the drivers after ``COMMIT`` returned)."""
    commits = _COMMITS.get()
    if commits is not None:
        commits.count += 1
