"""The databases the store, service and scheduler suites run on: a SQLite file, and PostgreSQL when
``TEST_DATABASE_URL`` names a server (each test in a schema of its own, dropped afterwards)."""

from __future__ import annotations

import os

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip()

SKIPPED = (
    "PostgreSQL store tests skipped: TEST_DATABASE_URL is not set "
    "(e.g. TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test; .ci/run sets it)"
)
"""The one line a run without PostgreSQL prints, instead of running the PostgreSQL half of the suites."""

STORES = ("sqlite", "postgresql") if TEST_DATABASE_URL else ("sqlite",)
