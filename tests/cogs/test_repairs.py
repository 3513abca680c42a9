"""Repairs from Discord's own events, with nobody clicking: a moderator deletes a game's board or thread,
archives or locks its thread, deletes its lobby's channel — as it happens, or while the bot is stopped —
and the table is whole again within two scheduler passes (here, at once: no pass is needed), or the host
is told once what is missing. The bot's own deletions are not taken for faults. Each scenario runs on
SQLite and, when a server is named, PostgreSQL, and prints how long the repair took after the event.
"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any, cast

from cogs.delivery.repairs import Repairs
from tests.cogs.conftest import ALICE, BOB, GUILD, MovableClock, StartBot
from tests.cogs.flows import Table, custom_ids, open_game
from tests.cogs.healing import (
    acting,
    boards,
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
from tests.support.discord.harness import Harness

__all__ = ["no_errors_logged", "settings"]  # the fixtures every scenario here runs with


def since(began: float, what: str) -> float:
    took = time.monotonic() - began
    print(f"{what}: repaired {1000 * took:.0f} ms after the event, no scheduler pass, no click")
    return took


def posts(harness: Harness, channel_id: int) -> list[str]:
    return [m.get("content") or "" for m in harness.fake.channel_messages(channel_id)]


async def check_after_restart(harness: Harness) -> int:
    """A new gateway session's check, as the bot runs it after READY (not after a resume)."""
    repairs = cast(Repairs, harness.bot.get_cog("Repairs"))  # an extension's module is loaded anew each time
    repaired = await repairs.check([GUILD.id])
    await harness.settle()
    return repaired


async def test_a_deleted_board_is_posted_again_at_once(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    version = await move(harness, table)
    began = time.monotonic()
    await harness.delete_message(table.board_id)  # MESSAGE_DELETE; the harness waits for the bot to settle
    since(began, "board deleted")
    (board,) = boards(harness.fake, table.game_id)
    assert board["channel_id"] == str(table.thread_id) and int(board["id"]) != table.board_id
    assert shown_version(harness.fake, table.game_id) == version
    assert (await service(harness).messages(table.game_id))["board"] == (table.thread_id, int(board["id"]))


async def test_a_deleted_thread_is_replaced_with_its_note_and_pings_at_once(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    mark = len(harness.fake.requests)
    began = time.monotonic()
    await harness.delete_channel(table.thread_id)  # THREAD_DELETE
    since(began, "thread deleted")
    game = await service(harness).game(table.game_id)
    assert game.thread_id is not None and game.thread_id != table.thread_id
    said = posts(harness, game.thread_id)
    assert len([p for p in said if "the game continues here" in p]) == 1
    note = said.index(next(p for p in said if "the game continues here" in p))
    assert all("your turn" not in p for p in said[:note])  # the note before the pings
    assert await healed(harness, table, mark)  # the board is there and whoever must act was pinged there


async def test_the_moved_note_survives_a_board_owed_before_the_new_thread_opens(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    mark = len(harness.fake.requests)
    harness.fake.faults.denied_channels.add(GUILD.channel_id)  # no new thread can be opened for now
    await harness.delete_channel(table.thread_id)
    await move(harness, table)  # played from a DM: a newer board is owed before the thread opens
    await move(harness, table)
    harness.fake.faults.denied_channels.discard(GUILD.channel_id)
    await harness.tick()
    game = await service(harness).game(table.game_id)
    assert game.thread_id is not None and game.thread_id != table.thread_id
    assert len([p for p in posts(harness, game.thread_id) if "the game continues here" in p]) == 1
    assert await healed(harness, table, mark)


async def test_an_archived_thread_is_reopened_at_once(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    began = time.monotonic()
    await harness.archive(table.thread_id)  # THREAD_UPDATE, archived
    since(began, "thread archived")
    assert not harness.fake.channels[table.thread_id]["thread_metadata"]["archived"]
    assert await healed(harness, table)


async def test_a_locked_thread_tells_the_host_once_and_heals_when_unlocked(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    mark = len(harness.fake.requests)
    await harness.archive(table.thread_id, locked=True)
    warned = [text for text in host_dms(harness) if "locked" in text]
    assert len(warned) == 1 and f"<#{table.thread_id}>" in warned[0]  # told at once, before any move
    await move(harness, table)
    assert len([text for text in host_dms(harness) if "locked" in text]) == 1
    began = time.monotonic()
    await harness.unarchive(table.thread_id)  # THREAD_UPDATE, reopened: what was held goes out at once
    since(began, "thread unlocked")
    assert await healed(harness, table, mark)


async def test_a_deleted_lobby_channel_tells_the_host_once(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    await harness.delete_channel(GUILD.channel_id)  # CHANNEL_DELETE: the thread went with it
    gone = [text for text in host_dms(harness) if "is gone" in text]
    assert len(gone) == 1 and f"<#{GUILD.channel_id}>" in gone[0]
    assert (await service(harness).game(table.game_id)).thread_id is None
    await harness.tick()
    assert len([text for text in host_dms(harness) if "is gone" in text]) == 1


async def test_a_deleted_lobby_message_is_posted_again(start_bot: StartBot) -> None:
    harness = await start_bot()
    created = await harness.slash(ALICE, "game new", kind="tiny", timer="off")
    assert created.message is not None
    lobby_id = int(created.message["id"])
    game_id = int(custom_ids(created.message)[0].split(":")[1])
    await harness.delete_message(lobby_id)
    (lobby,) = [m for m in harness.fake.channel_messages(GUILD.channel_id) if f"lobby:{game_id}:join" in custom_ids(m)]
    joined = await harness.click(BOB, lobby["id"], f"lobby:{game_id}:join")  # the new lobby message works
    assert joined.response_type == 7
    assert len((await service(harness).game(game_id)).seats) == 2


async def test_the_bots_own_deletions_are_not_faults(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    pinged = [m for m in harness.fake.channel_messages(table.thread_id) if "your turn" in (m.get("content") or "")]
    assert pinged
    mark = len(harness.fake.requests)
    await move(harness, table)  # the turn passes: the old ping is deleted by the bot (MESSAGE_DELETE follows)
    deleted = [r for r in harness.fake.requests[mark:] if r.method == "DELETE"]
    assert any(str(pinged[0]["id"]) in r.path for r in deleted)
    assert len(boards(harness.fake, table.game_id)) == 1
    new = [r for r in harness.fake.requests[mark:] if r.method == "POST" and "attachments" in r.text]
    assert not new, "a board was posted again after the bot's own deletion"


async def test_a_ping_that_cannot_be_deleted_yet_is_deleted_later(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    (first,) = [m for m in harness.fake.channel_messages(table.thread_id) if "your turn" in (m.get("content") or "")]
    route = ("DELETE", rf"/channels/{table.thread_id}/messages/\d+")
    harness.fake.faults.refuse(*route, status=403, code=faults.THREAD_LOCKED)
    await move(harness, table)  # the turn passes; its ping cannot be deleted for now
    assert int(first["id"]) in harness.fake.messages
    (owed,) = [d for d in await service(harness).outbox(table.game_id) if d.key == f"drop:{first['id']}"]
    assert owed.done_at is None and owed.blocked is not None  # kept owed, not forgotten
    assert len([text for text in host_dms(harness) if "locked" in text]) == 1
    await harness.tick()
    assert int(first["id"]) in harness.fake.messages
    del harness.fake.faults.refusals[route]
    await harness.tick()
    assert int(first["id"]) not in harness.fake.messages
    (owed,) = [d for d in await service(harness).outbox(table.game_id) if d.key == f"drop:{first['id']}"]
    assert owed.done_at is not None


async def test_what_vanished_while_the_bot_was_stopped_is_repaired_after_it_connects(start_bot: StartBot) -> None:
    harness = await start_bot()
    first = await open_game(harness, ALICE, [BOB], "tiny")
    second = await open_game(harness, BOB, [ALICE], "tiny")
    third = await open_game(harness, ALICE, [BOB], "tiny")
    await harness.stop()
    harness.fake.delete_message(first.board_id)  # no event: the bot is not connected
    harness.fake.delete_channel(second.thread_id)
    harness.fake.archive(third.thread_id)
    harness = await start_bot()
    began = time.monotonic()
    assert await check_after_restart(harness) == 3
    since(began, "three games damaged while stopped")
    for table in (first, second, third):
        assert await healed(harness, table), table
    assert not harness.fake.channels[third.thread_id]["thread_metadata"]["archived"]
    game = await service(harness).game(second.game_id)
    assert any("the game continues here" in p for p in posts(harness, game.thread_id or 0))
    assert await check_after_restart(harness) == 0  # nothing left to repair


async def test_the_check_after_connecting_is_paced_and_looks_at_recent_games_first(
    start_bot: StartBot, clock: MovableClock
) -> None:
    harness = await start_bot()
    tables = [await open_game(harness, ALICE, [BOB], "tiny") for _ in range(3)]
    clock.advance(timedelta(minutes=5))
    await move(harness, tables[0])  # the most recently active
    mark = len(harness.fake.requests)
    began = time.monotonic()
    assert await check_after_restart(harness) == 0
    took = time.monotonic() - began
    looked: list[Any] = [r.path for r in harness.fake.requests[mark:] if r.method == "GET"]
    assert looked[0] == f"/channels/{tables[0].thread_id}/messages/{tables[0].board_id}", looked
    assert len(looked) == 3 and took >= 0.25  # one request per game (its board; open threads are known)


async def test_who_must_act_is_told_in_the_new_thread(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    (player,) = await acting(harness, table.game_id)
    await harness.delete_channel(table.thread_id)
    game = await service(harness).game(table.game_id)
    assert game.thread_id is not None
    assert await told(harness, Table(table.game_id, table.lobby_id, game.thread_id, 0))
    assert any(f"<@{player.id}>" in p for p in posts(harness, game.thread_id))
