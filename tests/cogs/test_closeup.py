"""The board's "Full board" button and "Zoom" menu: private answers with the picture, for whoever may
see the game; refused like an unknown game for anyone else, and a forged area is refused privately."""

from __future__ import annotations

from typing import Any

import pytest

from bot.board import caption as zoom_what
from engine import registry
from renders.api import zoom_areas
from tests.cogs.flows import custom_ids
from tests.cogs.test_access import (
    ANN,
    CANT_FIND,
    CAT,
    DAN,
    EVE,
    UNKNOWN,
    answer,
    back_room_games,
    clicked,
    harness,
    public,
    renamed,
)
from tests.support.discord.harness import Harness
from tests.support.discord.server import FakeDiscord

__all__ = ["harness"]  # the fixture, shared with the access tests


def _zoom(harness: Harness, user: Any, message: dict[str, Any], custom_id: str, value: str) -> Any:
    data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
    return harness.feed(harness.payload(3, data, user, message=message))


async def test_full_board_and_zoom_answer_privately(harness: Harness, fake: FakeDiscord) -> None:
    table, _, _ = await back_room_games(harness)
    game = table.game_id
    board = fake.messages[table.board_id]
    assert f"board:{game}:full" in custom_ids(board) and f"zoom:{game}" in custom_ids(board)
    assert all(a.get("description") for a in board["attachments"]), "every board image has a text alternative"
    before = public(fake)
    for user in (ANN, EVE):  # a player, and an insider without a seat
        full = await harness.click(user, table.board_id, f"board:{game}:full")
        assert full.ephemeral and "board-full.png" in full.text() and "Full board" in full.text(), full.text()
        zoomed = await harness.select(user, table.board_id, f"zoom:{game}", ["table"])
        assert zoomed.ephemeral and "zoom.png" in zoomed.text() and "The table" in zoomed.text(), zoomed.text()
    forged = await _zoom(harness, ANN, board, f"zoom:{game}", "seat:9")
    assert forged.ephemeral and "not on this board" in forged.text(), forged.text()
    assert public(fake) == before


async def test_full_board_and_zoom_on_a_hidden_game_answer_as_for_an_unknown_one(
    harness: Harness, fake: FakeDiscord
) -> None:
    table, _, _ = await back_room_games(harness)
    game = table.game_id
    board = fake.messages[table.board_id]
    for user in (CAT, DAN):
        for custom_id in (f"board:{game}:full",):
            asked = await clicked(harness, user, board, custom_id, forge=False)
            unknown = await clicked(harness, user, board, renamed(custom_id, UNKNOWN), forge=True)
            assert CANT_FIND in unknown.text() and answer(asked) == answer(unknown), asked.text()
        asked = await _zoom(harness, user, board, f"zoom:{game}", "table")
        assert CANT_FIND in asked.text() and "zoom.png" not in asked.text(), asked.text()


async def test_game_board_answers_like_the_board_message(harness: Harness, fake: FakeDiscord) -> None:
    """`/game board` shows the board message's phone-sized parts (each with a text alternative) and
    its "Full board" button, which answers privately with the desktop-sized board."""
    table, _, _ = await back_room_games(harness)
    game = table.game_id
    posted = [a["filename"] for a in fake.messages[table.board_id]["attachments"]]
    before = public(fake)
    asked = await harness.slash(EVE, "game board", game=game)
    shown = asked.message
    assert asked.ephemeral and shown is not None, asked.text()
    assert [a["filename"] for a in shown["attachments"]] == posted and "board-full.png" not in posted
    assert all(a.get("description") for a in shown["attachments"])
    assert custom_ids(shown) == [f"board:{game}:full"]
    full = await harness.click(EVE, shown["id"], f"board:{game}:full", as_shown=shown)
    assert full.ephemeral and "board-full.png" in full.text() and "Full board" in full.text(), full.text()
    assert public(fake) == before


@pytest.mark.parametrize(("kind", "seats", "options"), [("botfactory", 1, {}), ("imaginarium", 2, {"chimera": True})])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_zoom_area_of_a_real_board_says_what_it_shows(
    kind: str, seats: int, options: dict[str, Any], lang: str
) -> None:
    game = registry.get(kind)
    view = game.view(game.new(seats, 3, options), None)
    areas = zoom_areas(view, lang=lang)
    described = {key: zoom_what(kind, key, lang) for key, _ in areas}
    assert areas and all(described.values()), described
    if lang == "fr":
        assert described != {key: zoom_what(kind, key, "en") for key, _ in areas}
