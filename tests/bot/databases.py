"""The databases the store, service and scheduler suites run on: a SQLite file, and PostgreSQL when
``TEST_DATABASE_URL`` names a server (each test in a schema of its own, dropped afterwards)."""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg  # type: ignore[import-untyped]

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip()

SKIPPED = (
    "PostgreSQL store tests skipped: TEST_DATABASE_URL is not set "
    "(e.g. TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test; .ci/run sets it)"
)
"""The one line a run without PostgreSQL prints, instead of running the PostgreSQL half of the suites."""

STORES = ("sqlite", "postgresql") if TEST_DATABASE_URL else ("sqlite",)


@asynccontextmanager
async def postgres_schema() -> AsyncIterator[str]:
    """A fresh schema on the test server; yields a URL whose connections use it, drops it afterwards."""
    name = f"bricabot_test_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(TEST_DATABASE_URL)
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
        separator = "&" if "?" in TEST_DATABASE_URL else "?"
        yield f"{TEST_DATABASE_URL}{separator}search_path={name}"
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        await admin.close()
