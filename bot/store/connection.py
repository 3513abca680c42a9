"""What the store needs from a database driver: statements on a connection, reads, write transactions."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from typing import Any, Protocol


class Connection(Protocol):
    """Statements on one connection (inside a transaction or for a read)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]: ...


class Database(Protocol):
    """A migrated database: reads, write transactions, closing."""

    dialect: str

    def reading(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """A connection for reads; each statement sees what was committed when it started."""
        ...

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """One write transaction: committed when the block ends, rolled back on any exception."""
        ...

    async def close(self) -> None: ...
