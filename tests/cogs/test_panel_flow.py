"""The private panel says what each choice does, why an option is missing, asks before giving up a
possible action, keeps every choice in its place while the question stays the same, and undoes one
step at a time (never across a draw or another seat's move), all through real clicks."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from engine import registry
from tests.cogs.conftest import ALICE, BOB, StartBot
from tests.cogs.flows import Table, components, open_game
from tests.support.discord import stepgame
from tests.support.discord.gateway import User
from tests.support.discord.harness import Exchange, Harness
from tests.support.discord.server import FakeDiscord

USERS = {u.id: u for u in (ALICE, BOB)}
NUMBERED = re.compile(r"\*\*(\d+)\.\*\* (.+?) — (.+)")


@pytest.fixture(autouse=True)
def _step_games() -> None:
    registry.register(stepgame.GAME)
    registry.register(stepgame.WIDE)
    stepgame.install()


async def _mover(harness: Harness, game_id: int) -> User:
    assert harness.bot.service is not None
    seat = next(s for s in (await harness.bot.service.game(game_id)).seats if s.to_act)
    assert seat.user_id is not None
    return USERS[seat.user_id]


async def _version(harness: Harness, game_id: int) -> int:
    assert harness.bot.service is not None
    return (await harness.bot.service.game(game_id)).version


async def _panel(harness: Harness, user: User, table: Table) -> dict[str, Any]:
    opened = await harness.click(user, table.board_id, f"board:{table.game_id}:play")
    assert opened.message is not None and opened.ephemeral
    return opened.message


def _text(panel: dict[str, Any]) -> str:
    return "\n".join(e.get("description", "") for e in panel["embeds"])


def _buttons(panel: dict[str, Any]) -> list[dict[str, Any]]:
    """The panel's choice buttons and empty places, in the order shown."""
    return [c for c in components(panel) if c["custom_id"].startswith("mv:") or ":gap" in c["custom_id"]]


def _places(panel: dict[str, Any]) -> dict[str, tuple[int, int, str]]:
    """``choice id -> (row, column, label)`` of each choice button."""
    out = {}
    for r, row in enumerate(panel["components"]):
        for c, button in enumerate(row["components"]):
            if button["custom_id"].startswith("mv:"):
                out[button["custom_id"].split(":", 3)[3]] = (r, c, button["label"])
    return out


def _described(panel: dict[str, Any]) -> int:
    """Check that every choice button has its "N. label — what it does" line; returns how many."""
    lines = {int(m[0]): (m[1], m[2]) for m in NUMBERED.findall(_text(panel))}
    buttons = [b for b in _buttons(panel) if not b.get("disabled")]
    for button in buttons:
        number, label = button["label"].split(" · ", 1)
        assert lines[int(number)][0] == label, (button, lines)
        assert lines[int(number)][1].strip(), button
    return len(buttons)


async def _crafted_undo(harness: Harness, user: User, panel: dict[str, Any], game_id: int, version: int) -> Exchange:
    """An Undo click on the user's own panel, as if the bot had drawn the button there."""
    shown = copy.deepcopy(panel)
    custom_id = f"undo:{game_id}:{version}"
    button = {"type": 2, "style": 2, "label": "Undo", "custom_id": custom_id}
    shown["components"] = [*shown.get("components", [])[:4], {"type": 1, "components": [button]}]
    return await harness.feed(harness.component_payload(user, shown, custom_id))


async def test_descriptions_confirmation_places_and_undo(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "steps", options="hand=3")
    player = await _mover(harness, table.game_id)
    other = BOB if player is ALICE else ALICE
    panel = await _panel(harness, player, table)
    panel_id = panel["id"]
    assert _described(panel) == 4 and "Not possible now" not in _text(panel)
    first = _places(panel)
    assert list(first) == ["play:0", "play:1", "play:2", "?end"], first
    assert first["?end"][2] == "4 · End turn"
    assert "**4.** End turn — draw back up to your hand size and pass" in _text(panel)

    # Ending with cards in hand asks first, in place; Back shows the panel again, nothing played.
    asked = await harness.click(player, panel_id, f"mv:{table.game_id}:0:?end")
    assert asked.message is not None and asked.message["id"] == panel_id and asked.ephemeral
    assert "**End turn** — you can still play a card" in _text(asked.message)
    assert [c["custom_id"] for c in components(asked.message)] == [
        f"mv:{table.game_id}:0:end",
        f"panel:{table.game_id}:0:0",
    ]
    assert await _version(harness, table.game_id) == 0
    back = await harness.click(player, panel_id, f"panel:{table.game_id}:0:0")
    assert back.message is not None and _places(back.message) == first

    # A card played: the remaining choices keep their numbers and places, the gone one leaves a gap.
    shown = copy.deepcopy(fake.messages[int(panel_id)])
    await harness.click(player, panel_id, f"mv:{table.game_id}:0:play:2")
    after = fake.messages[int(panel_id)]
    places = _places(after)
    assert places["?end"][:2] == first["?end"][:2] and places["?end"][2] == "4 · End turn"
    assert places["play:0"][:2] == first["play:0"][:2] and places["play:1"][:2] == first["play:1"][:2]
    gap = [b for b in _buttons(after) if b.get("disabled")]
    assert [b["label"] for b in gap] == ["3 · —"]
    assert _described(after) == 3

    # The old panel's button for the same place is refused as stale: nothing else is played.
    stale = await harness.click(player, panel_id, f"mv:{table.game_id}:0:play:1", as_shown=shown)
    assert "moved on" in stale.text() or "out-of-date" in stale.text()
    assert await _version(harness, table.game_id) == 1

    # Undo names the card it takes back and takes back that one step only.
    undo = next(c for c in components(after) if c["custom_id"].startswith("undo:"))
    played = re.search(r"Play a (\d)", undo["label"])
    assert undo["label"].startswith("Undo: Play a ") and played is not None
    undone = await harness.click(player, panel_id, undo["custom_id"])
    assert undone.message is not None
    assert await _version(harness, table.game_id) == 2
    assert len(_places(undone.message)) == 4
    assert not [c for c in components(undone.message) if c["custom_id"].startswith("undo:")], "nothing left to undo"

    # Every card played, the missing option is explained and ending asks nothing more.
    while any(k.startswith("play:") for k in _places(fake.messages[int(panel_id)])):
        key = next(k for k in _places(fake.messages[int(panel_id)]) if k.startswith("play:"))
        version = await _version(harness, table.game_id)
        await harness.click(player, panel_id, f"mv:{table.game_id}:{version}:{key}")
        if (await harness.bot.service.game(table.game_id)).status != "active":  # type: ignore[union-attr]
            return
    emptied = fake.messages[int(panel_id)]
    assert "Not possible now" in _text(emptied) and "Play a card: your hand is empty" in _text(emptied)
    version = await _version(harness, table.game_id)
    assert list(_places(emptied)) == ["end"]
    await harness.click(player, panel_id, f"mv:{table.game_id}:{version}:end")

    # Ending drew cards: that step stays, and Undo says why, privately.
    drawn = await _crafted_undo(harness, player, fake.messages[int(panel_id)], table.game_id, version + 1)
    assert "drew, shuffled or revealed" in drawn.text() and all(r.private for r in drawn.requests if r.json)
    assert await _version(harness, table.game_id) == version + 1

    # The other player plays a card: the first player's last step is now out of reach for another reason.
    theirs = await _panel(harness, other, table)
    card = next(k for k in _places(theirs) if k.startswith("play:"))
    await harness.click(other, theirs["id"], f"mv:{table.game_id}:{version + 1}:{card}")
    moved = await _crafted_undo(harness, player, fake.messages[int(panel_id)], table.game_id, version + 2)
    assert "Another player has moved" in moved.text()
    assert await _version(harness, table.game_id) == version + 2

    # Confirmed, a premature end is played.
    asked = await harness.click(other, theirs["id"], f"mv:{table.game_id}:{version + 2}:?end")
    assert asked.message is not None and "you can still play a card" in _text(asked.message)
    await harness.click(other, theirs["id"], f"mv:{table.game_id}:{version + 2}:end")
    assert await _version(harness, table.game_id) == version + 3
    assert await _mover(harness, table.game_id) is player


async def test_a_whole_game_shows_a_description_for_every_choice(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "steps", options="hand=2")
    assert harness.bot.service is not None
    described = panels = 0
    while (await harness.bot.service.game(table.game_id)).status == "active":
        player = await _mover(harness, table.game_id)
        panel = await _panel(harness, player, table)
        described += _described(panel)
        panels += 1
        version = await _version(harness, table.game_id)
        key = next(iter(_places(panel)))  # the first card, or the end once the hand is empty
        clicked = await harness.click(player, panel["id"], f"mv:{table.game_id}:{version}:{key}")
        if key == "?end":
            await harness.click(player, panel["id"], f"mv:{table.game_id}:{version}:end")
        assert "Something went wrong" not in clicked.text()
    assert panels > 2 and described >= panels  # each panel offers at least one choice, all described


async def test_select_options_carry_their_descriptions(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [], "widesteps")
    panel = await _panel(harness, ALICE, table)
    menus = [c for c in components(panel) if c["type"] == 3]
    options = [o for m in menus for o in m["options"]]
    assert len(options) == 85  # the first page: four menus
    assert all(o["description"] == f"your score becomes {o['value'].split(':')[1]}" for o in options)
    assert all(len(o["description"]) <= 100 for o in options)
