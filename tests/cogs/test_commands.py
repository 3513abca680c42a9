"""Slash commands around the table: autocomplete, /rules, /game list, mine, log, kick, abandon, config."""

from __future__ import annotations

from tests.cogs.conftest import ALICE, BOB, CAROL, MOD, StartBot
from tests.cogs.flows import custom_ids, open_game
from tests.support.discord.server import FakeDiscord


async def test_new_game_autocomplete_comes_from_the_registered_kinds(start_bot: StartBot) -> None:
    harness = await start_bot()
    kinds = await harness.autocomplete(ALICE, "game new", "kind", kind="ima")
    assert kinds.response_type == 8
    assert [c["value"] for c in kinds.autocomplete] == ["imaginarium"]
    tiny = await harness.autocomplete(ALICE, "game new", "options", kind="tiny", options="ha")
    assert [c["value"] for c in tiny.autocomplete] == ["hand=1", "hand=2", "hand=3"]
    chimera = await harness.autocomplete(ALICE, "game new", "options", kind="imaginarium", options="")
    assert [c["value"] for c in chimera.autocomplete][:2] == ["chimera=true", "chimera=false"]


async def test_new_game_with_an_option(start_bot: StartBot) -> None:
    harness = await start_bot()
    created = await harness.slash(ALICE, "game new", kind="imaginarium", options="chimera", timer="24h", ai=1)
    assert created.message is not None and not created.ephemeral
    # Every option is shown before Start, in words: the one given and the one left at its default.
    text = created.text()
    assert "Chimera expansion (dream fragments and the dream track): on" in text and "Turn timer: 1 day" in text
    assert "Team play, 4 or 6 players in teams of two (Chimera): off" in text and "AI · normal" in text
    assert harness.bot.service is not None
    (game,) = await harness.bot.service.games()
    assert game.options == {"chimera": True} and [s.is_ai for s in game.seats] == [False, True]


async def test_bad_input_gets_a_clear_private_answer_and_changes_nothing(start_bot: StartBot) -> None:
    harness = await start_bot()
    bad_option = await harness.slash(ALICE, "game new", kind="tiny", options="hand=9", timer="off")
    assert bad_option.ephemeral and "between 1 and 3" in bad_option.text()
    bad_kind = await harness.slash(ALICE, "game new", kind="chess", timer="off")
    assert bad_kind.ephemeral and "Unknown game 'chess'" in bad_kind.text()
    assert harness.bot.service is not None
    assert await harness.bot.service.games() == []


async def test_rules_autocomplete_and_card(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    found = await harness.autocomplete(BOB, "rules", "name", name="charcoalette")
    values = [c["value"] for c in found.autocomplete]
    assert values[0] == "imaginarium:machine:P1"
    shown = await harness.slash(BOB, "rules", name=values[0])
    assert shown.ephemeral and shown.message is not None
    assert shown.message["attachments"][0]["filename"] == "card.png"
    assert "Charcoalette" in shown.text()
    action = await harness.slash(BOB, "rules", name="Recruit")
    assert action.ephemeral and "Recruit" in action.text()
    nothing = await harness.slash(BOB, "rules", name="zzzz")
    assert nothing.ephemeral and "Nothing in the rules" in nothing.text()


async def test_list_mine_log_and_undo(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    listed = await harness.slash(CAROL, "game list")
    assert listed.ephemeral and f"Tiny #{table.game_id}" in listed.text()
    assert harness.bot.service is not None
    game = await harness.bot.service.game(table.game_id)
    acting = next(s for s in game.seats if s.to_act)
    player = ALICE if acting.user_id == ALICE.id else BOB
    mine = await harness.slash(player, "game mine")
    assert mine.ephemeral and "your turn" in mine.text()

    panel = (await harness.slash(player, "game play", channel=table.thread_id)).message
    assert panel is not None
    play = next(c for c in custom_ids(panel) if c.startswith("mv:") and ":play:" in c)
    after = (await harness.click(player, panel["id"], play)).message
    assert after is not None
    undo = next(c for c in custom_ids(after) if c.startswith("undo:"))
    undone = await harness.click(player, panel["id"], undo)
    assert undone.response_type == 6
    assert (await harness.bot.service.game(table.game_id)).version == 2
    assert "took back" in (await harness.slash(player, "game log", game=table.game_id)).text()


async def test_kick_needs_host_or_manage_server_and_abandon(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB, CAROL], "tiny")
    refused = await harness.slash(BOB, "game kick", player=CAROL, game=table.game_id)
    assert "host" in refused.text().lower()
    kicked = await harness.slash(MOD, "game kick", player=CAROL, game=table.game_id)
    assert "AI now plays" in kicked.text()
    notes = [m["content"] for m in fake.channel_messages(table.thread_id)]
    assert any("carol was removed by the host; AI · " in n for n in notes), notes  # by name, the AI by level
    left = await harness.slash(BOB, "game abandon", game=table.game_id)
    assert "an AI plays your seat" in left.text()
    assert harness.bot.service is not None
    game = await harness.bot.service.game(table.game_id)
    assert [s.is_ai for s in game.seats].count(True) == 2


async def test_config_is_for_managers(start_bot: StartBot) -> None:
    harness = await start_bot()
    denied = await harness.slash(BOB, "bricabot config", timer="24h")
    assert denied.ephemeral and "Manage Server" in denied.text()
    done = await harness.slash(MOD, "bricabot config", timer="24h")
    assert done.ephemeral and "24h" in done.text()
    french = await harness.slash(MOD, "bricabot config", language="fr")
    # the server now speaks French, and the manager chose no language of their own: the answer is French
    shown = french.text()
    assert "langue\u00a0: **Français**" in shown and "**24 h**" in shown, "a setting left out keeps its value"


async def test_rules_button_on_the_board(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "imaginarium")
    shown = await harness.click(CAROL, table.board_id, f"board:{table.game_id}:rules")
    assert shown.ephemeral and "How to play Imaginarium" in shown.text() and "/rules" in shown.text()
