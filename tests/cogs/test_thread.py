"""A quiet game thread (3 and 4 players): the board, one live "your turn" ping per seat that must act,
public events and the final scores; a ping is deleted when its turn is over, also after a restart."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest

from tests.cogs.conftest import ALICE, BOB, CAROL, MOD, MovableClock, StartBot
from tests.cogs.flows import Table, custom_ids, open_game
from tests.support.discord.gateway import User
from tests.support.discord.harness import Harness
from tests.support.discord.server import EPHEMERAL, FakeDiscord

USERS = {u.id: u for u in (ALICE, BOB, CAROL, MOD)}
LIMIT = 15
"""The most messages a finished game's thread may hold."""


def _public(fake: FakeDiscord, thread_id: int) -> list[dict[str, Any]]:
    """The thread's messages everyone sees (panels opened there are ephemeral: one person's only)."""
    return [m for m in fake.channel_messages(thread_id) if not m["flags"] & EPHEMERAL]


def _pings(fake: FakeDiscord, thread_id: int) -> list[dict[str, Any]]:
    return [m for m in _public(fake, thread_id) if "your turn" in m["content"]]


async def _acting(harness: Harness, game_id: int) -> list[User]:
    assert harness.bot.service is not None
    game = await harness.bot.service.game(game_id)
    return [USERS[s.user_id] for s in game.seats if s.to_act and s.user_id in USERS]


async def _check_live_pings(harness: Harness, table: Table) -> None:
    """Every live ping mentions only players who must act, and each of them is in exactly one."""
    acting = {u.id for u in await _acting(harness, table.game_id)}
    mentioned = [int(u) for m in _pings(harness.fake, table.thread_id) for u in re.findall(r"<@(\d+)>", m["content"])]
    assert sorted(mentioned) == sorted(acting), (mentioned, acting)


async def _turn(harness: Harness, table: Table, player: User) -> None:
    """The player opens their panel from their own ping and plays their whole turn: cards, then the end."""
    ping = next(m for m in _pings(harness.fake, table.thread_id) if f"<@{player.id}>" in m["content"])
    opened = await harness.click(player, ping["id"], f"board:{table.game_id}:play")
    assert opened.message is not None
    panel_id = opened.message["id"]
    while True:
        moves = [c for c in custom_ids(harness.fake.messages[int(panel_id)]) if c.startswith("mv:")]
        plays = [m for m in moves if ":play:" in m]
        if plays:
            await harness.click(player, panel_id, plays[0])
            continue
        if moves:  # none left when the last card won the game
            await harness.click(player, panel_id, moves[-1])
        return


@pytest.mark.parametrize("others", [[BOB, CAROL], [BOB, CAROL, MOD]], ids=["3 players", "4 players"])
async def test_a_finished_game_leaves_a_quiet_thread(
    start_bot: StartBot, fake: FakeDiscord, others: list[User]
) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, others, "tiny", options="hand=1")
    assert harness.bot.service is not None
    turns = 0
    while (await harness.bot.service.game(table.game_id)).status == "active":
        await _check_live_pings(harness, table)
        (player,) = await _acting(harness, table.game_id)
        await _turn(harness, table, player)
        turns += 1
    assert turns >= 6
    posted = [r for r in fake.requests if r.method == "POST" and r.path == f"/channels/{table.thread_id}/messages"]
    deleted = [r for r in fake.requests if r.method == "DELETE" and r.path.startswith(f"/channels/{table.thread_id}/")]
    assert len(deleted) == turns and all(r.status == 204 for r in deleted)
    left = _public(fake, table.thread_id)
    assert len(posted) == 1 + turns + 1, "the board, one ping per turn, the final scores"
    assert len(left) == 2 <= LIMIT, len(left)
    assert left[0]["id"] == str(table.board_id)
    assert [m for m in left if m["attachments"] and m["attachments"][0]["filename"] == "final.png"]
    assert not _pings(fake, table.thread_id)
    assert not [p for p in await harness.bot.service.messages(table.game_id) if p.startswith("ping:")]


async def test_pings_are_deleted_after_a_restart_and_a_ping_already_gone_is_fine(
    start_bot: StartBot, fake: FakeDiscord
) -> None:
    first = await start_bot()
    table = await open_game(first, ALICE, [BOB], "tiny")
    (player,) = await _acting(first, table.game_id)
    (ping,) = _pings(fake, table.thread_id)
    await first.stop()

    second = await start_bot()
    await _turn(second, table, player)
    assert int(ping["id"]) not in fake.messages, "the ping stored before the restart is deleted"
    await _check_live_pings(second, table)

    (nxt,) = await _acting(second, table.game_id)
    (live,) = _pings(fake, table.thread_id)
    opened = await second.click(nxt, live["id"], f"board:{table.game_id}:play")
    fake.delete_message(int(live["id"]))  # a moderator deleted the ping meanwhile
    assert opened.message is not None
    panel = opened.message["id"]
    while (await _acting(second, table.game_id)) == [nxt]:
        moves = [c for c in custom_ids(fake.messages[int(panel)]) if c.startswith("mv:")]
        played = await second.click(nxt, panel, next((m for m in moves if ":play:" in m), moves[-1]))
        assert "Something went wrong" not in played.text()
    missing = [r for r in fake.requests if r.method == "DELETE" and r.path.endswith(f"/messages/{live['id']}")]
    assert [r.status for r in missing] == [404]
    assert second.bot.service is not None
    seat = next(s.seat for s in (await second.bot.service.game(table.game_id)).seats if s.user_id == nxt.id)
    assert f"ping:{seat}" not in await second.bot.service.messages(table.game_id)


async def test_a_reminder_in_the_thread_replaces_the_seats_ping(
    start_bot: StartBot, fake: FakeDiscord, clock: MovableClock
) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny", timer="12h")
    (player,) = await _acting(harness, table.game_id)
    (ping,) = _pings(fake, table.thread_id)
    clock.advance(timedelta(hours=10))
    scheduler = harness.bot.get_cog("Scheduler")
    assert scheduler is not None
    assert await harness.tick() == 1  # type: ignore[attr-defined]
    assert int(ping["id"]) not in fake.messages
    (reminder,) = [m for m in _public(fake, table.thread_id) if f"<@{player.id}>" in m["content"]]
    assert "⏰" in reminder["content"] and reminder["components"], "the reminder has its Play button"
    await _turn(harness, table, player)  # opened from the reminder, the seat's live ping now
    assert int(reminder["id"]) not in fake.messages
    await _check_live_pings(harness, table)
