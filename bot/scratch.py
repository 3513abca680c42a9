"""A fresh, empty database for a run that must not touch anyone's games: the benchmarks of the service
and of the web pages each fill one with thousands of games and throw it away. It sits beside the store,
not in a face's command, so the faces that measure themselves share it without importing each other."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.store import sqlite_path


@asynccontextmanager
async def scratch_database(url: str | None) -> AsyncIterator[str]:
    """A fresh, empty database address, removed afterwards: a temporary SQLite file (beside ``url``'s
    file when it names one), or a schema of its own on the PostgreSQL server ``url`` names."""
    path = sqlite_path(url) if url else None
    if url and path is None:
        from bot.store.postgres import scratch_schema

        async with scratch_schema(url) as address:
            yield address
        return
    with tempfile.TemporaryDirectory(prefix="bricabot-bench-", dir=path.parent if path else None) as folder:
        yield str(Path(folder) / "bench.sqlite3")
