"""Playing through the private panel: open it, click moves, the board follows; refusals change nothing."""

from __future__ import annotations

import copy

from tests.cogs.conftest import ALICE, BOB, CAROL, StartBot
from tests.cogs.flows import components, custom_ids, open_game
from tests.support.discord.gateway import User
from tests.support.discord.harness import Harness
from tests.support.discord.server import FakeDiscord

PLAYERS = {ALICE.id: ALICE, BOB.id: BOB}


async def _turn_of(harness: Harness, game_id: int) -> User:
    assert harness.bot.service is not None
    game = await harness.bot.service.game(game_id)
    seat = next(s for s in game.seats if s.to_act)
    assert seat.user_id is not None
    return PLAYERS[seat.user_id]


async def test_panel_moves_update_panel_and_board(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    player = await _turn_of(harness, table.game_id)

    opened = await harness.click(player, table.board_id, f"board:{table.game_id}:play")
    panel = opened.message
    assert panel is not None and opened.ephemeral
    assert panel["attachments"][0]["filename"] == "screen.png"
    moves = [c for c in custom_ids(panel) if c.startswith("mv:")]
    assert moves and all(m.startswith(f"mv:{table.game_id}:0:") for m in moves)

    shown = copy.deepcopy(panel)
    board_edits_before = sum(1 for r in fake.requests if r.method == "PATCH" and r.path.endswith(str(table.board_id)))
    played = await harness.click(player, panel["id"], moves[0])
    assert played.response_type == 6
    assert played.message is not None and played.message["id"] == panel["id"]
    assert all(c.startswith(f"mv:{table.game_id}:1:") for c in custom_ids(played.message) if c.startswith("mv:"))
    board_edits = [r for r in played.requests if r.method == "PATCH" and r.path.endswith(str(table.board_id))]
    assert len(board_edits) == 1 and board_edits_before == 0
    assert board_edits[0].files and board_edits[0].files[0][0] == "board.png"
    assert not board_edits[0].private

    # The same (now stale) button again: nothing is played, the panel is redrawn with a note.
    again = await harness.click(player, panel["id"], moves[0], as_shown=shown)
    assert "out-of-date" in again.text() or "moved on" in again.text()
    assert harness.bot.service is not None
    assert (await harness.bot.service.game(table.game_id)).version == 1


async def test_foreign_and_unknown_clicks_are_refused_privately(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    opened = await harness.click(CAROL, table.board_id, f"board:{table.game_id}:play")
    assert opened.ephemeral and "not playing" in opened.text()

    player = await _turn_of(harness, table.game_id)
    other = BOB if player is ALICE else ALICE
    panel = (await harness.click(player, table.board_id, f"board:{table.game_id}:play")).message
    assert panel is not None
    move = next(c for c in components(panel) if c["custom_id"].startswith("mv:"))
    stolen = await harness.click(other, panel["id"], move["custom_id"])
    assert "not your turn" in stolen.text().lower()
    assert harness.bot.service is not None
    assert (await harness.bot.service.game(table.game_id)).version == 0

    ghost = await harness.slash(ALICE, "game play", game=987654)
    assert ghost.text() and "can't find" in ghost.text()


async def test_board_in_an_archived_thread_is_unarchived_then_edited(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    fake.archive(table.thread_id)
    player = await _turn_of(harness, table.game_id)
    panel = (await harness.click(player, table.board_id, f"board:{table.game_id}:play")).message
    assert panel is not None
    played = await harness.click(player, panel["id"], next(c for c in custom_ids(panel) if c.startswith("mv:")))
    edits = [(r.method, r.path, r.status) for r in played.requests if r.path.startswith(f"/channels/{table.thread_id}")]
    board = f"/channels/{table.thread_id}/messages/{table.board_id}"
    assert ("PATCH", board, 400) in edits and ("PATCH", f"/channels/{table.thread_id}", 200) in edits
    assert edits[-1] == ("PATCH", board, 200)


async def test_long_decisions_are_played_from_paged_menus(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [], "wide")
    panel = (await harness.click(ALICE, table.board_id, f"board:{table.game_id}:play")).message
    assert panel is not None
    menus = [c for c in components(panel) if c["type"] == 3]
    assert [len(m["options"]) for m in menus] == [25, 25, 10, 25]
    turned = await harness.click(ALICE, panel["id"], f"panel:{table.game_id}:0:1")
    assert turned.message is not None
    assert [len(c["options"]) for c in components(turned.message) if c["type"] == 3] == [25, 10]
    back = await harness.click(ALICE, panel["id"], f"panel:{table.game_id}:0:0")
    assert back.message is not None
    menu = next(c for c in components(back.message) if c["type"] == 3)
    chosen = await harness.select(ALICE, panel["id"], menu["custom_id"], [menu["options"][3]["value"]])
    assert chosen.response_type == 6
    assert harness.bot.service is not None
    game = await harness.bot.service.game(table.game_id)
    assert game.status == "finished" and game.outcome is not None and game.outcome.scores == (7,)
    finals = [
        m
        for m in fake.channel_messages(table.thread_id)
        if m["attachments"] and m["attachments"][0]["filename"] == "final.png"
    ]
    assert len(finals) == 1


async def test_double_click_applies_once(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    player = await _turn_of(harness, table.game_id)
    panel = (await harness.click(player, table.board_id, f"board:{table.game_id}:play")).message
    assert panel is not None
    move = next(c for c in custom_ids(panel) if c.startswith("mv:") and ":play:" in c)
    clicks = [harness.component_payload(player, copy.deepcopy(panel), move) for _ in range(2)]
    both = await harness.feed(*clicks)
    assert harness.bot.service is not None
    assert (await harness.bot.service.game(table.game_id)).version == 1
    assert sum("out-of-date" in r.text for r in both.requests) == 1  # the second click is refused


async def test_unknown_buttons_get_an_answer(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    board = copy.deepcopy(fake.messages[table.board_id])
    board["components"][0]["components"][0]["custom_id"] = "bb:old-format:1"
    answered = await harness.click(ALICE, table.board_id, "bb:old-format:1", as_shown=board)
    assert answered.ephemeral and "no longer in use" in answered.text()


async def test_a_lost_board_message_does_not_undo_or_misreport_the_move(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    board = fake.messages.pop(table.board_id)  # deleted by a moderator; the ping's button still works
    player = await _turn_of(harness, table.game_id)
    panel = await harness.click(player, table.board_id, f"board:{table.game_id}:play", as_shown=board)
    assert panel.message is not None
    played = await harness.click(
        player, panel.message["id"], next(c for c in custom_ids(panel.message) if c.startswith("mv:"))
    )
    assert "Nothing was changed" not in played.text()
    assert harness.bot.service is not None
    assert (await harness.bot.service.game(table.game_id)).version == 1


async def test_rate_limited_board_edit_is_retried(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    board = f"/channels/{table.thread_id}/messages/{table.board_id}"
    fake.rate_limited[board] = 1
    player = await _turn_of(harness, table.game_id)
    panel = (await harness.click(player, table.board_id, f"board:{table.game_id}:play")).message
    assert panel is not None
    played = await harness.click(player, panel["id"], next(c for c in custom_ids(panel) if c.startswith("mv:")))
    assert [r.status for r in played.requests if r.path == board] == [429, 200]
