"""Bad input through Discord: a private answer, and the stored game and public messages unchanged.

Clicks here are fed as Discord would deliver them, including what a forged payload or a bug could
bring: private controls on a public message, choice ids and versions that do not exist, menu values
that were not offered, custom_ids absent from their message, and option values outside their range.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

import pytest

from engine.core.errors import InvariantBroken
from tests.cogs.conftest import ALICE, BOB, CAROL, GUILD, MOD, StartBot
from tests.cogs.flows import Table, components, custom_ids, open_game
from tests.support.discord.gateway import User, interaction
from tests.support.discord.harness import Exchange, Harness
from tests.support.discord.server import FakeDiscord

PRIVATE_ONLY = "private panel"
SECRET_STATE = "seat 2 has a negative quantity: [3, 1, -1, 0, 4]"


async def _version(harness: Harness, game_id: int) -> int:
    assert harness.bot.service is not None
    return (await harness.bot.service.game(game_id)).version


async def _mover(harness: Harness, game_id: int) -> User:
    assert harness.bot.service is not None
    seat = next(s for s in (await harness.bot.service.game(game_id)).seats if s.to_act)
    return {ALICE.id: ALICE, BOB.id: BOB, CAROL.id: CAROL}[seat.user_id or 0]


async def _crafted(harness: Harness, user: User, message: dict[str, Any], custom_id: str) -> Exchange:
    """A click on ``custom_id`` as if ``message`` carried such a button (a forged or buggy message)."""
    shown = copy.deepcopy(message)
    button = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
    shown["components"] = [*shown.get("components", [])[:4], {"type": 1, "components": [button]}]
    return await harness.feed(harness.component_payload(user, shown, custom_id))


async def _selected(
    harness: Harness, user: User, message: dict[str, Any], custom_id: str, values: list[str]
) -> Exchange:
    channel = harness.fake.channels[int(message["channel_id"])]
    data = {"custom_id": custom_id, "component_type": 3, "values": values}
    return await harness.feed(interaction(3, data, user, channel, message=copy.deepcopy(message)))


async def _panel(harness: Harness, user: User, table: Table) -> dict[str, Any]:
    opened = await harness.click(user, table.board_id, f"board:{table.game_id}:play")
    assert opened.message is not None and opened.ephemeral
    return opened.message


async def test_private_controls_sent_from_a_public_message_are_refused(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    player = await _mover(harness, table.game_id)
    move = next(c for c in custom_ids(await _panel(harness, player, table)) if c.startswith("mv:"))
    board = copy.deepcopy(fake.messages[table.board_id])
    for custom_id in (move, f"panel:{table.game_id}:0:0", f"undo:{table.game_id}:0", f"log:{table.game_id}:0"):
        answer = await _crafted(harness, player, board, custom_id)
        assert answer.ephemeral and PRIVATE_ONLY in answer.text(), custom_id
        assert not [r for r in answer.requests if not r.private], f"{custom_id} changed a public message"
    assert fake.messages[table.board_id] == board
    assert await _version(harness, table.game_id) == 0


async def test_crafted_choices_and_games_on_a_panel_change_nothing(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    player = await _mover(harness, table.game_id)
    panel = await _panel(harness, player, table)
    game = table.game_id

    not_a_choice = await _crafted(harness, player, panel, f"mv:{game}:0:steal:everything")
    assert "no longer allowed" in not_a_choice.text()
    far_future = await _crafted(harness, player, panel, f"mv:{game}:{10**30}:play:0")
    assert "out-of-date" in far_future.text()
    no_game = await _crafted(harness, player, panel, "mv:987654321:0:play:0")
    assert "can't find" in no_game.text()
    huge_page = await _crafted(harness, player, panel, f"panel:{game}:0:{10**30}")
    assert huge_page.message is not None and "screen.png" in huge_page.text()
    huge_log = await _crafted(harness, player, panel, f"log:{game}:{10**30}")
    assert "Page 1/1" in huge_log.text()
    assert await _version(harness, game) == 0
    assert all(r.private for r in fake.requests if r.method in ("POST", "PATCH") and "steal" in r.text)


async def test_menu_values_that_are_not_one_offered_option(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [], "wide")
    panel = await _panel(harness, ALICE, table)
    menu = next(c for c in components(panel) if c["type"] == 3)
    options = [o["value"] for o in menu["options"]]

    empty = await _selected(harness, ALICE, panel, menu["custom_id"], [])
    assert empty.ephemeral and "exactly one" in empty.text() and "ref `" not in empty.text()
    two = await _selected(harness, ALICE, panel, menu["custom_id"], options[:2])
    assert "exactly one" in two.text()
    foreign = await _selected(harness, ALICE, panel, menu["custom_id"], ["not-an-option"])
    assert "no longer allowed" in foreign.text()
    assert await _version(harness, table.game_id) == 0


async def test_custom_ids_that_are_not_on_the_clicked_message_get_an_answer(
    start_bot: StartBot, fake: FakeDiscord
) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    player = await _mover(harness, table.game_id)
    move = next(c for c in custom_ids(await _panel(harness, player, table)) if c.startswith("mv:"))
    board = fake.messages[table.board_id]
    for custom_id in (move, f"lobby:{table.game_id}:cancel"):
        answer = await harness.feed(harness.component_payload(player, copy.deepcopy(board), custom_id))
        assert answer.ephemeral and "no longer in use" in answer.text()
    assert await _version(harness, table.game_id) == 0
    assert (await harness.bot.service.game(table.game_id)).status == "active"  # type: ignore[union-attr]


async def test_slash_options_out_of_range_and_games_that_are_over(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    for game in (-1, 0, 2**53, 10**30, -(10**30)):
        for command in ("game play", "game board", "game log", "game settings"):
            answer = await harness.slash(ALICE, command, game=game)
            assert answer.ephemeral and "can't find" in answer.text(), (command, game)

    table = await open_game(harness, ALICE, [BOB], "tiny")
    lobby = fake.messages[table.lobby_id]
    late = await _crafted(harness, CAROL, lobby, f"lobby:{table.game_id}:join")
    assert late.ephemeral and "no longer an open lobby" in late.text()
    page = await harness.slash(CAROL, "game log", game=table.game_id, page=10**9)
    assert page.ephemeral and "Page 1/1" in page.text()
    outsider = await harness.click(CAROL, table.board_id, f"board:{table.game_id}:play")
    assert outsider.ephemeral and "not playing" in outsider.text()
    stopped = await _crafted(harness, BOB, lobby, f"lobby:{table.game_id}:cancel")
    assert stopped.ephemeral and "host" in stopped.text().lower()
    assert await _version(harness, table.game_id) == 0

    created = await harness.slash(ALICE, "game new", kind="tiny", timer="off")
    assert created.message is not None
    cancelled_id = int(custom_ids(created.message)[0].split(":")[1])
    early = await harness.slash(ALICE, "game abandon", game=cancelled_id)
    assert early.ephemeral and "has not started yet: nothing can be played" in early.text()
    await harness.click(ALICE, created.message["id"], f"lobby:{cancelled_id}:cancel")
    for user in (ALICE, BOB):
        answer = await harness.slash(user, "game play", game=cancelled_id)
        assert answer.ephemeral and "cancelled" in answer.text(), answer.text()
    crafted = await _crafted(harness, ALICE, fake.messages[int(created.message["id"])], f"lobby:{cancelled_id}:join")
    assert crafted.ephemeral and "cancelled" in crafted.text()


async def test_seat_numbers_and_counts_outside_the_game(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    beyond = await harness.slash(ALICE, "game replace", game=table.game_id, seat=25, player=CAROL)
    assert beyond.ephemeral and "seats 1 to 2, not 25" in beyond.text()
    # Values Discord itself would refuse (a forged payload) are answered too, and change nothing.
    zero_page = await harness.slash(CAROL, "game log", game=table.game_id, page=0)
    assert zero_page.ephemeral and zero_page.text()
    seat_zero = await harness.slash(ALICE, "game replace", game=table.game_id, seat=0, player=CAROL)
    assert seat_zero.ephemeral and "`seat` must be a whole number from 1 to 25" in seat_zero.text()
    assert await _version(harness, table.game_id) == 0
    assert harness.bot.service is not None
    seats = (await harness.bot.service.game(table.game_id)).seats
    assert {s.user_id for s in seats} == {ALICE.id, BOB.id}
    for seats_option, ai in ((0, 0), (1000, 0), (None, -3), (None, 10**6)):
        given = {"seats": seats_option} if seats_option is not None else {}
        answer = await harness.slash(BOB, "game new", kind="tiny", timer="off", ai=ai, **given)
        assert answer.ephemeral and answer.text(), (seats_option, ai)
    assert [g.id for g in await harness.bot.service.games()] == [table.game_id]


async def test_a_cancelled_running_game_refuses_moves(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    player = await _mover(harness, table.game_id)
    panel = await _panel(harness, player, table)
    move = next(c for c in custom_ids(panel) if c.startswith("mv:"))
    assert harness.bot.service is not None
    await harness.bot.service.cancel(table.game_id, ALICE.id)

    late = await harness.click(player, panel["id"], move)
    assert "was cancelled: nothing can be played" in late.text()
    reopened = await harness.slash(player, "game play", game=table.game_id)
    assert reopened.ephemeral and "This game was cancelled." in reopened.text()
    assert await _version(harness, table.game_id) == 0


async def test_choice_options_that_were_not_offered(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    forged: list[tuple[User, str, dict[str, Any]]] = [
        (ALICE, "game new", {"kind": "tiny", "missed": "never"}),
        (ALICE, "game new", {"kind": "tiny", "timer": "forever"}),
        (ALICE, "game settings", {"game": table.game_id, "missed": "never"}),
        (ALICE, "game settings", {"game": table.game_id, "timer": "forever"}),
        (ALICE, "game profile", {"language": "klingon"}),
        (MOD, "bricabot config", {"missed": "never"}),
        (MOD, "bricabot config", {"timer": "forever"}),
        (MOD, "bricabot config", {"language": "klingon"}),
    ]
    assert harness.bot.service is not None
    server = await harness.bot.service.guild_settings(GUILD.id)
    for user, command, options in forged:
        answer = await harness.slash(user, command, **options)
        assert answer.ephemeral and "ref `" not in answer.text(), (command, options, answer.text())
    assert [g.id for g in await harness.bot.service.games()] == [table.game_id]
    assert await harness.bot.service.user_lang(ALICE.id) == "en"
    assert await harness.bot.service.guild_settings(GUILD.id) == server
    game = await harness.bot.service.game(table.game_id)
    assert game.turn_timer is None and game.timeout_policy.replace_after is None


async def test_a_bug_is_reported_with_a_reference_and_logged_without_the_state(
    start_bot: StartBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    player = await _mover(harness, table.game_id)
    panel = await _panel(harness, player, table)
    move = next(c for c in custom_ids(panel) if c.startswith("mv:"))
    assert harness.bot.service is not None

    async def broken(*args: object) -> None:
        raise InvariantBroken(SECRET_STATE)

    monkeypatch.setattr(harness.bot.service, "act", broken)
    caplog.set_level(logging.DEBUG, logger="bricabot")
    answer = await harness.click(player, panel["id"], move)
    assert "ref `" in answer.text() and "negative quantity" not in answer.text()
    logged = "\n".join(logging.Formatter().format(r) for r in caplog.records if r.name.startswith("bricabot"))
    ref = answer.text().split("ref `")[1][:6]
    assert f"ref {ref}" in logged and "invariant_broken" in logged
    assert "negative quantity" not in logged and move not in logged and f"mv:{table.game_id}:0:…" in logged
    assert await _version(harness, table.game_id) == 0


async def test_a_failing_listener_is_logged_without_its_message(
    start_bot: StartBot, caplog: pytest.LogCaptureFixture
) -> None:
    harness = await start_bot()

    async def on_probe() -> None:
        raise InvariantBroken(SECRET_STATE)

    harness.bot.add_listener(on_probe, "on_probe")
    caplog.set_level(logging.DEBUG)
    harness.bot.dispatch("probe")
    await harness.settle()
    logged = "\n".join(logging.Formatter().format(r) for r in caplog.records)
    assert "ignoring an error in on_probe" in logged and "invariant_broken" in logged
    assert "negative quantity" not in logged
