"""The schema written once: a fresh SQLite database and a fresh PostgreSQL schema have the tables,
columns (name, logical type, nullability, default), keys and indexes the migrations declare, read
back from each database's own catalogue, so the two dialects cannot drift apart."""

from __future__ import annotations

from pathlib import Path

import asyncpg  # type: ignore[import-untyped]

from bot.store import connect, migrate
from bot.store.postgres import migrate as migrate_pg
from bot.store.postgres import scratch_schema
from tests.bot.catalogues import Schema, coarse, declared, postgres_schema, sqlite_schema
from tests.bot.databases import TEST_DATABASE_URL


async def fresh_sqlite(path: Path) -> Schema:
    db = await connect(path)
    try:
        await migrate(db)
    finally:
        await db.close()
    return sqlite_schema(path)


async def fresh_postgres() -> Schema:
    async with scratch_schema(TEST_DATABASE_URL) as url:
        conn = await asyncpg.connect(url)
        try:
            await migrate_pg(conn)
        finally:
            await conn.close()
        return await postgres_schema(url)


async def test_sqlite_builds_the_declared_schema(db_path: Path) -> None:
    assert await fresh_sqlite(db_path) == coarse(declared())


if TEST_DATABASE_URL:  # defined only with a server, so a run without one reports the single skipped line

    async def test_postgres_builds_the_declared_schema() -> None:
        assert await fresh_postgres() == declared()

    async def test_both_dialects_build_the_same_schema(db_path: Path) -> None:
        assert coarse(await fresh_postgres()) == await fresh_sqlite(db_path)
