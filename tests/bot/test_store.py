"""The SQLite store: pragmas, migrations from empty and from the previous schema, append-only log."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.store import GuildRow, Store, connect, migrate
from bot.store.schema import LATEST
from engine.core.errors import StaleVersion


async def test_open_sets_wal_foreign_keys_and_latest_schema(db_path: Path) -> None:
    store = await Store.open(db_path)
    await store.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == LATEST
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "seats", "actions", "snapshots", "messages", "guild_settings", "user_settings"} <= tables


async def test_foreign_keys_are_enforced(db_path: Path) -> None:
    db = await connect(db_path)
    await migrate(db)
    with pytest.raises(sqlite3.IntegrityError):
        await db.execute("INSERT INTO seats (game_id, seat, user_id) VALUES (999, 0, 1)")
    await db.close()


async def test_migrating_a_previous_schema_keeps_its_games(db_path: Path) -> None:
    db = await connect(db_path)
    assert await migrate(db, target=LATEST - 1) == LATEST - 1
    await db.execute(
        "INSERT INTO games (kind, options, seed, status, host_id, created_at, updated_at) "
        "VALUES ('tiny', '{}', 5, 'lobby', 1, 0, 0)"
    )
    await db.execute("INSERT INTO guild_settings (guild_id, lang, turn_timer) VALUES (7, 'fr', '24h')")
    await db.execute("INSERT INTO user_settings (user_id, lang, vacation) VALUES (8, 'de', 1)")
    await db.close()
    store = await Store.open(db_path)
    try:
        row = await store.game(1)
        guild = await store.guild_settings(7)
        dms = await store.dm_flags(8)
        vacation = await store.vacation(8)
        notes = await store.notes(1)
    finally:
        await store.close()
    assert row is not None and row.seed == 5 and row.overrides == {}
    # Added by the latest migration: defaults that keep the old behaviour.
    assert row.seat_count is None and row.reminders
    assert guild == GuildRow("fr", "24h", None, None)
    assert dms == (False, False) and vacation and notes == []
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == LATEST


async def test_opening_twice_is_a_no_op(db_path: Path) -> None:
    for _ in range(2):
        store = await Store.open(db_path)
        await store.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == LATEST


async def test_a_newer_schema_is_refused(db_path: Path) -> None:
    with sqlite3.connect(db_path) as db:
        db.execute(f"PRAGMA user_version = {LATEST + 1}")
    db2 = await aiosqlite.connect(str(db_path))
    with pytest.raises(RuntimeError, match="newer"):
        await migrate(db2)
    await db2.close()


async def test_action_log_is_append_only(db_path: Path) -> None:
    db = await connect(db_path)
    await migrate(db)
    await db.execute(
        "INSERT INTO games (kind, options, seed, status, host_id, created_at, updated_at) "
        "VALUES ('tiny', '{}', 5, 'active', 1, 0, 0)"
    )
    await db.execute(
        "INSERT INTO actions (game_id, seq, seat, kind, choice, actor, checkpoint, events, created_at) "
        "VALUES (1, 1, 0, 'move', 'end', 'player', 0, '[]', 0)"
    )
    await db.execute(
        "INSERT INTO notes (game_id, after, key, params, created_at) VALUES (1, 1, 'service.settings', '{}', 0)"
    )
    edits = ["UPDATE actions SET choice = 'x'", "DELETE FROM actions"]
    edits += ["UPDATE notes SET after = 2", "DELETE FROM notes"]
    for sql in edits:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            await db.execute(sql)
    await db.close()


async def test_a_version_that_moved_on_is_refused_and_rolled_back(store: Store) -> None:
    async with store.transaction() as tx:
        game_id = await tx.insert_game(
            kind="tiny",
            options={},
            seed=1,
            host_id=1,
            guild_id=None,
            channel_id=None,
            thread_id=None,
            turn_timer=None,
            replace_after=None,
            overrides={},
            now=0,
        )
        await tx.bump_version(game_id, 0, now=1)
    with pytest.raises(StaleVersion):
        async with store.transaction() as tx:
            await tx.update_game(game_id, thread_id=5)
            await tx.bump_version(game_id, 0, now=2)
    row = await store.game(game_id)
    assert row is not None and row.version == 1 and row.thread_id is None and row.updated_at == 1


async def test_a_cancelled_transaction_leaves_the_connection_usable(store: Store) -> None:

    async def slow_write() -> None:
        async with store.transaction() as tx:
            await tx.set_user_lang(1, "fr")
            await asyncio.sleep(10)

    task = asyncio.create_task(slow_write())
    await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await store.user_lang(1) == "en"
    async with store.transaction() as tx:
        await tx.set_user_lang(1, "de")
    assert await store.user_lang(1) == "de"
