"""Deadlines across restarts: reminders by DM (or in the thread when DMs are closed), old buttons after
a restart, and a timeout that fell due while the bot was down."""

from __future__ import annotations

from datetime import timedelta

from tests.cogs.conftest import ALICE, BOB, MovableClock, StartBot
from tests.cogs.flows import custom_ids, open_game
from tests.support.discord.gateway import User
from tests.support.discord.harness import Harness
from tests.support.discord.server import FakeDiscord

USERS = {ALICE.id: ALICE, BOB.id: BOB}


async def _acting(harness: Harness, game_id: int) -> User:
    assert harness.bot.service is not None
    game = await harness.bot.service.game(game_id)
    seat = next(s for s in game.seats if s.to_act)
    assert seat.user_id is not None
    return USERS[seat.user_id]


async def test_reminder_goes_by_dm_or_to_the_thread_when_dms_are_closed(
    start_bot: StartBot, fake: FakeDiscord, clock: MovableClock
) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny", timer="12h")
    player = await _acting(harness, table.game_id)
    await harness.slash(player, "game notify", on=True)
    fake.closed_dms.add(player.id)
    start = len(fake.requests)

    clock.advance(timedelta(hours=10))
    scheduler = harness.bot.get_cog("Scheduler")
    assert scheduler is not None
    assert await harness.tick() == 1  # type: ignore[attr-defined]
    sent = fake.requests[start:]
    dm_attempt = [r for r in sent if r.private and r.path.endswith("/messages")]
    assert dm_attempt and dm_attempt[0].status == 403
    fallback = [r for r in sent if not r.private and r.path == f"/channels/{table.thread_id}/messages"]
    assert len(fallback) == 1 and "⏰" in fallback[0].json["content"]
    assert [str(u) for u in fallback[0].json["allowed_mentions"]["users"]] == [str(player.id)]
    assert await harness.tick() == 0  # type: ignore[attr-defined]  # done once


async def test_restart_keeps_buttons_working_and_fires_missed_timeouts(
    start_bot: StartBot, fake: FakeDiscord, clock: MovableClock
) -> None:
    first = await start_bot()
    table = await open_game(first, ALICE, [BOB], "tiny", timer="12h")
    player = await _acting(first, table.game_id)
    panel = (await first.click(player, table.board_id, f"board:{table.game_id}:play")).message
    assert panel is not None
    await first.stop()

    clock.advance(timedelta(hours=13))  # the deadline passes while the bot is down
    second = await start_bot()
    scheduler = second.bot.get_cog("Scheduler")
    assert scheduler is not None and second.bot.service is not None
    board_edits = len([r for r in fake.requests if r.method == "PATCH" and r.path.endswith(str(table.board_id))])
    assert await second.tick() >= 1  # type: ignore[attr-defined]
    notes = [m["content"] for m in fake.channel_messages(table.thread_id)]
    assert any(f"⌛ {player.name} missed the deadline" in n for n in notes), notes  # by name, not a ping
    assert len([r for r in fake.requests if r.method == "PATCH" and r.path.endswith(str(table.board_id))]) > board_edits
    version = (await second.bot.service.game(table.game_id)).version
    assert version >= 1

    # A button sent before the restart is still routed: here it is out of date, so nothing is played.
    move = next(c for c in custom_ids(panel) if c.startswith("mv:"))
    late = await second.click(player, panel["id"], move)
    assert late.response_type == 6 and "moved on" in late.text()
    assert (await second.bot.service.game(table.game_id)).version == version
    opened = await second.click(player, table.board_id, f"board:{table.game_id}:play")
    assert opened.ephemeral and opened.message is not None


async def test_reminder_by_dm_when_dms_are_open(start_bot: StartBot, fake: FakeDiscord, clock: MovableClock) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny", timer="12h")
    player = await _acting(harness, table.game_id)
    await harness.slash(player, "game notify", on=True)
    start = len(fake.requests)
    clock.advance(timedelta(hours=10))
    scheduler = harness.bot.get_cog("Scheduler")
    assert scheduler is not None
    assert await harness.tick() == 1  # type: ignore[attr-defined]
    sent = fake.requests[start:]
    opened = [r for r in sent if r.path == "/users/@me/channels"]
    assert [str(r.json["recipient_id"]) for r in opened] == [str(player.id)]
    dms = [r for r in sent if r.private and r.path.endswith("/messages")]
    assert len(dms) == 1 and dms[0].status == 200 and "⏰" in dms[0].json["content"]
    assert f"/{table.thread_id}" in dms[0].json["content"]  # a link to the game thread
    assert not [r for r in sent if r.path == f"/channels/{table.thread_id}/messages"]


async def test_reminder_pings_the_thread_for_players_who_did_not_ask_for_dms(
    start_bot: StartBot, fake: FakeDiscord, clock: MovableClock
) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny", timer="12h")
    player = await _acting(harness, table.game_id)
    start = len(fake.requests)
    clock.advance(timedelta(hours=10))
    scheduler = harness.bot.get_cog("Scheduler")
    assert scheduler is not None
    assert await harness.tick() == 1  # type: ignore[attr-defined]
    sent = fake.requests[start:]
    assert not [r for r in sent if r.path == "/users/@me/channels" or r.private]
    pings = [r for r in sent if r.path == f"/channels/{table.thread_id}/messages"]
    assert len(pings) == 1 and "⏰" in pings[0].json["content"]
    assert [str(u) for u in pings[0].json["allowed_mentions"]["users"]] == [str(player.id)]
