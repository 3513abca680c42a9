"""A failing database through Discord: a private answer asking to try again in a moment, in the
reader's language, saying that nothing was changed only when that is known; never a bug report."""

from __future__ import annotations

import asyncio
import sqlite3
import time

import pytest

from bot.settings import Settings
from bot.store import StoreUnavailable
from cogs.kit.errors import friendly
from tests.cogs.conftest import ALICE, BOB, CAROL, StartBot
from tests.cogs.flows import custom_ids, open_game


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_answer_says_unchanged_only_when_known(lang: str) -> None:
    unchanged, expected = friendly(StoreUnavailable("locked", unchanged=True), lang)
    unknown, _ = friendly(StoreUnavailable("connection", unchanged=False), lang)
    assert expected
    changed_nothing = {"en": "nothing was changed", "fr": "rien n’a changé"}[lang]
    assert changed_nothing in unchanged and changed_nothing not in unknown
    assert ("moment" in unchanged) and ("moment" in unknown)


async def test_a_click_while_another_program_holds_the_database(start_bot: StartBot, settings: Settings) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    assert harness.bot.service is not None
    seat = next(s for s in (await harness.bot.service.game(table.game_id)).seats if s.to_act)
    player = {ALICE.id: ALICE, BOB.id: BOB, CAROL.id: CAROL}[seat.user_id or 0]
    panel = await harness.click(player, table.board_id, f"board:{table.game_id}:play")
    assert panel.message is not None
    move = next(c for c in custom_ids(panel.message) if c.startswith("mv:"))
    holder = sqlite3.connect(settings.database_path, isolation_level=None, check_same_thread=False)
    await asyncio.to_thread(holder.execute, "BEGIN IMMEDIATE")
    try:
        start = time.monotonic()
        answer = await harness.click(player, panel.message["id"], move)
        took = time.monotonic() - start
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert answer.ephemeral
    assert "could not be saved right now; nothing was changed" in answer.text()
    assert "ref `" not in answer.text()
    assert took < 5.0
    assert (await harness.bot.service.game(table.game_id)).version == 0
