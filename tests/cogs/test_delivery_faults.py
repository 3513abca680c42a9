"""A table that heals itself: Discord loses or refuses what the bot owes a game, and once the fault
clears — with no click — the board shows the stored game and everyone who must act has been told,
within two scheduler passes. Each scenario runs on SQLite and, when a server is named, PostgreSQL.

Throughout: no committed move is reported as failed, no acknowledged move is lost, the host hears of
a blocked game once, and Discord's routine refusals are never logged as errors.
"""

from __future__ import annotations

import asyncio
import logging
import time

import discord
import pytest

from cogs.delivery import publisher
from cogs.delivery.publisher import Publisher
from tests.cogs.conftest import ALICE, BOB, GUILD, MOD, StartBot
from tests.cogs.flows import Table, custom_ids, open_game
from tests.cogs.healing import (
    EDIT,
    acting,
    boards,
    heal_within_two_passes,
    healed,
    host_dms,
    move,
    no_errors_logged,
    service,
    settings,
    shown_version,
    told,
)
from tests.support.discord import faults

__all__ = ["no_errors_logged", "settings"]  # the fixtures every scenario here runs with


# -- the scenarios --------------------------------------------------------------------------------
async def test_a_locked_thread_holds_the_board_and_pings_until_it_is_unlocked(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    mark = len(harness.fake.requests)
    await harness.archive(table.thread_id, locked=True)
    version = await move(harness, table)
    version = await move(harness, table)
    assert shown_version(harness.fake, table.game_id) != version and not await told(harness, table, mark)
    warned = [text for text in host_dms(harness) if "locked" in text]
    assert len(warned) == 1 and f"<#{table.thread_id}>" in warned[0]  # once, saying where

    await harness.unarchive(table.thread_id)
    assert await heal_within_two_passes(harness, table, mark) <= 2
    assert len([text for text in host_dms(harness) if "locked" in text]) == 1


async def test_send_messages_taken_away_then_given_back(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    mark = len(harness.fake.requests)
    harness.fake.faults.denied_channels.add(GUILD.channel_id)  # the thread inherits the channel's permissions
    await move(harness, table)
    await move(harness, table)
    await harness.tick()
    warned = [text for text in host_dms(harness) if "missing" in text]
    assert len(warned) == 1 and "Send Messages in Threads" in warned[0], host_dms(harness)

    status = await harness.slash(MOD, "bricabot status")
    assert status.ephemeral and "Tiny" in status.text() and "Send Messages in Threads" in status.text()

    harness.fake.faults.denied_channels.discard(GUILD.channel_id)
    assert await heal_within_two_passes(harness, table, mark) <= 2
    assert "nothing is held back" in (await harness.slash(MOD, "bricabot status")).text()


async def test_the_bot_removed_and_added_again_catches_up_on_its_own(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    mark = len(harness.fake.requests)
    await harness.remove_bot(GUILD.id)
    await move(harness, table)  # played from a DM with the bot
    assert not await healed(harness, table, mark)
    await harness.add_bot(GUILD.id)  # GUILD_CREATE: the server's games are reconciled at once
    assert await healed(harness, table, mark)


async def test_a_game_started_while_the_bot_cannot_post_gets_its_thread_and_board(start_bot: StartBot) -> None:
    harness = await start_bot()
    created = await harness.slash(ALICE, "game new", kind="tiny", timer="off")
    assert created.message is not None
    lobby_id = int(created.message["id"])
    game_id = int(custom_ids(created.message)[0].split(":")[1])
    await harness.click(BOB, lobby_id, f"lobby:{game_id}:join")
    harness.fake.faults.denied_channels.add(GUILD.channel_id)
    started = await harness.click(ALICE, lobby_id, f"lobby:{game_id}:start")
    assert "Nothing was changed" not in started.text()
    game = await service(harness).game(game_id)
    assert game.status == "active" and game.thread_id is None
    assert f"lobby:{game_id}:start" not in custom_ids(harness.fake.messages[lobby_id])  # never Start again
    table = Table(game_id, lobby_id, lobby_id, 0)
    await move(harness, table)
    await move(harness, table)
    assert len([text for text in host_dms(harness) if "missing" in text]) == 1

    harness.fake.faults.denied_channels.discard(GUILD.channel_id)
    for _ in range(2):
        await harness.tick()
    game = await service(harness).game(game_id)
    assert game.thread_id == lobby_id  # the thread opened on the lobby message
    assert await healed(harness, Table(game_id, lobby_id, lobby_id, 0))
    assert f"<#{lobby_id}>" in str(harness.fake.messages[lobby_id]["embeds"])  # the lobby links to it


async def test_a_deleted_board_message_is_posted_again(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    await harness.delete_message(table.board_id)
    version = await move(harness, table)
    (board,) = boards(harness.fake, table.game_id)
    assert board["channel_id"] == str(table.thread_id) and shown_version(harness.fake, table.game_id) == version
    version = await move(harness, table)  # and the new board is the one kept up to date
    assert shown_version(harness.fake, table.game_id) == version and len(boards(harness.fake, table.game_id)) == 1


async def test_a_deleted_thread_is_replaced_and_the_game_says_so(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    mark = len(harness.fake.requests)
    await harness.delete_channel(table.thread_id)
    await move(harness, table)
    game = await service(harness).game(table.game_id)
    assert game.thread_id is not None and game.thread_id != table.thread_id
    assert harness.fake.channels[game.thread_id]["parent_id"] == str(GUILD.channel_id)
    posts = harness.fake.channel_messages(game.thread_id)
    assert any("was deleted; the game continues here" in (m.get("content") or "") for m in posts)
    assert await healed(harness, table, mark)


async def test_an_archived_thread_is_reopened_for_the_board(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    mark = len(harness.fake.requests)
    await harness.archive(table.thread_id)
    await move(harness, table)
    assert await healed(harness, table, mark)
    assert not harness.fake.channels[table.thread_id]["thread_metadata"]["archived"]


async def test_a_burst_of_server_errors_on_the_board_does_not_delay_the_ping(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    (player,) = await acting(harness, table.game_id)
    opened = await harness.slash(player, "game play", channel=harness.dm(player), game=table.game_id)
    assert opened.message is not None
    panel = opened.message["id"]
    while plays := [c for c in custom_ids(harness.fake.messages[int(panel)]) if ":play:" in c]:
        await harness.click(player, panel, plays[0])
    end = [c for c in custom_ids(harness.fake.messages[int(panel)]) if c.startswith("mv:")][-1]

    mark = len(harness.fake.requests)
    harness.fake.faults.slow("PATCH", EDIT, 20.0)  # the board edit hangs, as under discord.py's 5xx retries
    began = time.monotonic()
    click = asyncio.create_task(harness.click(player, panel, end))  # the turn passes: the other player's ping
    while not await told(harness, table, mark):
        assert time.monotonic() - began < 5, "the next player's ping waited behind the board"
        await asyncio.sleep(0.05)
    waited = time.monotonic() - began
    print(f"the next player's ping went out {1000 * waited:.0f} ms after the click, the board edit still hanging")
    del harness.fake.faults.delays[("PATCH", EDIT)]
    harness.fake.faults.fail("PATCH", EDIT, status=503, times=2)
    await click
    assert waited < 5
    assert await heal_within_two_passes(harness, table, mark) <= 2


async def test_a_committed_move_is_told_as_played_when_its_panel_cannot_be_redrawn(
    start_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    faults.skip_backoff(monkeypatch)
    (player,) = await acting(harness, table.game_id)
    opened = await harness.slash(player, "game play", game=table.game_id)
    assert opened.message is not None
    choice = next(c for c in custom_ids(opened.message) if c.startswith("mv:"))
    before = (await service(harness).game(table.game_id)).version
    harness.fake.faults.fail("PATCH", r"/webhooks/\d+/[^/]+/messages/@original", status=503, times=5)
    played = await harness.click(player, opened.message["id"], choice)
    assert (await service(harness).game(table.game_id)).version > before  # stored
    said = played.text()
    assert "Played" in said and "Nothing was changed" not in said
    assert await healed(harness, table)


async def test_an_expired_interaction_changes_nothing(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    (player,) = await acting(harness, table.game_id)
    opened = await harness.slash(player, "game play", game=table.game_id)
    assert opened.message is not None
    choice = next(c for c in custom_ids(opened.message) if c.startswith("mv:"))
    before = (await service(harness).game(table.game_id)).version
    payload = harness.component_payload(player, opened.message, choice)
    harness.fake.faults.expired_interactions.add(payload["token"])
    await harness.dispatch(payload)
    assert (await service(harness).game(table.game_id)).version == before  # the click was never taken
    assert await healed(harness, table)


async def test_a_resumed_gateway_delivers_what_was_held_back(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    mark = len(harness.fake.requests)
    harness.fake.faults.denied_channels.add(GUILD.channel_id)
    await move(harness, table)
    harness.fake.faults.denied_channels.discard(GUILD.channel_id)
    assert not await healed(harness, table, mark)
    await harness.resume()  # RESUMED: everything held back is tried again, no scheduler pass needed
    assert await healed(harness, table, mark)


async def test_a_move_committed_elsewhere_is_delivered_without_a_wake(start_bot: StartBot) -> None:
    """Another process (or the command line) committed the move: this bot's lanes find what it owes
    on their own within their polling period."""
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    mark = len(harness.fake.requests)
    (player,) = await acting(harness, table.game_id)
    decision = (await service(harness).view(table.game_id, player.id)).decision
    assert decision is not None
    end = next(c.id for c in decision.choices if c.id == "end")
    game = await service(harness).game(table.game_id)
    await service(harness).act(table.game_id, player.id, end, game.version)  # no wake: not this bot's click
    began = time.monotonic()
    while not await healed(harness, table, mark):
        assert time.monotonic() - began < 5, "the owed board and ping were not found"
        await asyncio.sleep(0.1)


async def test_a_delivery_discord_finds_malformed_is_dropped_after_a_dozen_tries(
    start_bot: StartBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")

    class Refused:
        status, reason = 400, "Bad Request"

    async def malformed(*_: object) -> None:
        raise discord.HTTPException(Refused(), {"code": 50035, "message": "Invalid Form Body"})  # type: ignore[arg-type]

    monkeypatch.setattr(Publisher, "_say", malformed)
    await harness.slash(ALICE, "game settings", game=table.game_id, reminders=False)  # owes a thread note
    note = next(d for d in await service(harness).outbox(table.game_id) if d.key.startswith("note:"))
    for _ in range(publisher.GIVE_UP_ATTEMPTS + 1):
        await harness.tick()
    (note,) = [d for d in await service(harness).outbox(table.game_id) if d.key == note.key]
    assert note.done_at is not None
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == [
        f"game {table.game_id}: gave up delivering {note.key} after {publisher.GIVE_UP_ATTEMPTS} tries"
    ]
    caplog.clear()  # the one error this test expects
