"""The store on both databases: conditional writes, leases, append-only logs, 64-bit ids; and SQLite's
own pragmas and migrations from empty and from every earlier schema."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite
import asyncpg  # type: ignore[import-untyped]
import pytest

from bot.store import ActionRow, Conflict, GameRow, GuildRow, NoteRow, Store, connect, migrate
from bot.store.postgres import migrate as migrate_pg
from bot.store.postgres import scratch_schema
from bot.store.schema import LATEST
from tests.bot.catalogues import coarse, declared, postgres_schema, sqlite_schema
from tests.bot.databases import TEST_DATABASE_URL


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


async def _lobby(store: Store) -> GameRow:
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
    row = await store.game(game_id)
    assert row is not None
    return row


async def test_a_write_on_a_revision_that_moved_on_is_refused_and_rolled_back(store: Store) -> None:
    read = await _lobby(store)
    async with store.transaction() as tx:
        advanced = await tx.advance(read, now=1)
    assert advanced.version == 1 and advanced.revision == read.revision + 1
    for stale_write in ("claim", "advance"):
        with pytest.raises(Conflict):
            async with store.transaction() as tx:
                if stale_write == "claim":
                    await tx.claim(read)
                else:
                    await tx.advance(read, now=2)
                await tx.update_game(read.id, thread_id=5)
    row = await store.game(read.id)
    assert row is not None and row.version == 1 and row.thread_id is None and row.updated_at == 1
    assert row.revision == advanced.revision


async def test_a_write_to_a_game_not_claimed_is_refused(store: Store) -> None:
    row = await _lobby(store)
    with pytest.raises(RuntimeError, match="without claiming"):
        async with store.transaction() as tx:
            await tx.update_game(row.id, thread_id=5)
    async with store.transaction() as tx:
        await tx.update_game((await tx.claim(row)).id, thread_id=5)
    assert (await store.game(row.id)).thread_id == 5  # type: ignore[union-attr]


async def test_a_lease_is_held_by_one_owner_until_released_or_expired(store: Store) -> None:
    row = await _lobby(store)
    async with store.transaction() as tx:
        assert await tx.lease(row.id, "a", now=100, until=160)
        assert await tx.lease(row.id, "a", now=110, until=170)  # the owner extends it
        assert not await tx.lease(row.id, "b", now=150, until=210)
        assert await tx.lease(row.id, "b", now=170, until=230)  # expired: taken over
        await tx.release(row.id, "a")  # no longer a's: nothing happens
        assert not await tx.lease(row.id, "a", now=200, until=260)
        await tx.release(row.id, "b")
        assert await tx.lease(row.id, "a", now=200, until=260)
    after = await store.game(row.id)
    assert after is not None and after.revision == row.revision  # a lease is not a change of the game


async def test_the_logs_are_append_only_on_every_store(store: Store) -> None:
    row = await _lobby(store)
    async with store.transaction() as tx:
        await tx.advance(row, now=1)
        await tx.append_action(ActionRow(row.id, 1, 0, "move", "end", None, "player", False, (), 1))
        await tx.add_note(NoteRow(row.id, 1, None, "service.settings", {}, 1))
    for sql in ("UPDATE actions SET choice = 'x'", "DELETE FROM actions", "UPDATE notes SET after = 2"):
        with pytest.raises(Exception, match="append-only"):
            await store.fetch(sql)
    assert len(await store.actions(row.id)) == 1 and len(await store.notes(row.id)) == 1


async def test_ids_up_to_two_to_the_63_minus_one_are_stored(store: Store) -> None:
    big = 2**63 - 1
    async with store.transaction() as tx:
        await tx.set_guild_settings(big, GuildRow("fr", "24h", big, 3))
        await tx.set_user_lang(big, "fr")
    assert await store.guild_settings(big) == GuildRow("fr", "24h", big, 3)
    assert await store.user_lang(big) == "fr"


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


async def test_stores_opened_together_migrate_once(database: str) -> None:
    stores = await asyncio.gather(*(Store.open(database) for _ in range(4)))
    try:
        assert all(s.dialect == stores[0].dialect for s in stores)
        rows = await stores[0].fetch("SELECT COUNT(*) FROM games")
        assert rows[0][0] == 0
    finally:
        for store in stores:
            await store.close()


if TEST_DATABASE_URL:  # defined only with a server, so a run without one reports the single skipped line

    async def test_postgres_migrates_from_every_earlier_version() -> None:
        for start in range(LATEST):
            async with scratch_schema(TEST_DATABASE_URL) as url:
                conn = await asyncpg.connect(url)
                try:
                    assert await migrate_pg(conn, target=start) == start
                    if start >= 1:
                        await conn.execute(
                            "INSERT INTO games (kind, options, seed, status, host_id, created_at, updated_at) "
                            "VALUES ('tiny', '{}', 5, 'lobby', 1, 0, 0)"
                        )
                finally:
                    await conn.close()
                store = await Store.open(url)
                try:
                    assert (await store.fetch("SELECT version FROM schema_version"))[0][0] == LATEST
                    row = await store.game(1)
                    assert (row is not None and row.seed == 5 and row.revision == 0) == (start >= 1)
                finally:
                    await store.close()
                assert await postgres_schema(url) == declared()


async def test_sqlite_migrates_from_every_earlier_version(tmp_path: Path) -> None:
    for start in range(LATEST):
        path = tmp_path / f"from-{start}.sqlite3"
        db = await connect(path)
        assert await migrate(db, target=start) == start
        if start >= 1:
            await db.execute(
                "INSERT INTO games (kind, options, seed, status, host_id, created_at, updated_at) "
                "VALUES ('tiny', '{}', 5, 'lobby', 1, 0, 0)"
            )
        await db.close()
        store = await Store.open(path)
        try:
            row = await store.game(1)
            assert (row is not None and row.seed == 5 and row.revision == 0) == (start >= 1)
        finally:
            await store.close()
        with sqlite3.connect(path) as raw:
            assert raw.execute("PRAGMA user_version").fetchone()[0] == LATEST
        assert sqlite_schema(path) == coarse(declared())
