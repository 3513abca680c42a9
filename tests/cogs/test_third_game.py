"""A game the other floors have never heard of plays through them all: registered from outside
``engine/`` and ``renders/`` (:mod:`tests.support.countdown`), it is opened, played by clicks and
finished on the fake Discord, with its board, panels, final scores and post-game report, through the
same service, renders entry points and Discord layer as the real games."""

from __future__ import annotations

import pytest

from engine import registry
from renders import api
from renders.api import render_board, render_board_parts, render_final, render_screen, render_zoom, zoom_areas
from tests.cogs.conftest import ALICE, BOB, StartBot
from tests.cogs.flows import custom_ids, open_game
from tests.support import countdown
from tests.support.discord.server import FakeDiscord

PLAYERS = {ALICE.id: ALICE, BOB.id: BOB}


@pytest.fixture(autouse=True)
def _countdown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._extra, countdown.GAME.kind, countdown.GAME)
    monkeypatch.setitem(api._extra, countdown.DRAWINGS.kind, countdown.DRAWINGS)


async def test_a_third_game_plays_through_every_floor(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "countdown")
    service = harness.bot.service
    assert service is not None
    clicks = 0
    while (game := await service.game(table.game_id)).status == "active":
        seat = next(s for s in game.seats if s.to_act)
        assert seat.user_id is not None
        panel = (await harness.click(PLAYERS[seat.user_id], table.board_id, f"board:{table.game_id}:play")).message
        assert panel is not None and panel["attachments"][0]["filename"] == "screen.png"
        move = next(c for c in custom_ids(panel) if c.startswith("mv:"))
        played = await harness.click(PLAYERS[seat.user_id], panel["id"], move)
        assert played.response_type == 6, played.text()
        clicks += 1
    assert 4 <= clicks <= countdown.PILE
    await harness.settle()
    assert await service.replay_matches(table.game_id)

    posted = fake.channel_messages(table.thread_id)
    finals = [m for m in posted if any(a["filename"] == "final.png" for a in m.get("attachments", []))]
    assert finals, "the final scores were posted"
    files = {a["filename"] for a in finals[-1]["attachments"]}
    assert "report.png" in files, "the post-game report was drawn from the game's measures"
    winner = game.outcome.winners[0] if game.outcome else None
    assert winner is not None
    winner_name = {ALICE.id: ALICE.name, BOB.id: BOB.name}[game.seats[winner].user_id or 0]
    assert any(winner_name in str(embed) for embed in finals[-1]["embeds"])

    public = (await service.view(table.game_id, None)).view
    assert render_board(public).png and render_board_parts(public)
    assert [key for key, _ in zoom_areas(public)] == ["pile"] and render_zoom(public, "pile").png
    assert render_final(public).text == "0 counters left"
    mine = await service.view(table.game_id, ALICE.id)
    assert render_screen(mine.view).png
