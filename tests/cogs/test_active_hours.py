"""Active hours through discord.py against the fake Discord: the profile's answer with the player's own
local time, refusals, the zone autocomplete, the lobby's local times and shared hours, the board's
"back in" line, a ping held overnight, one digest for several games, and a game's choice of clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.service import UserHours
from tests.cogs.conftest import ALICE, BOB, CAROL, MovableClock, StartBot
from tests.cogs.flows import Table, custom_ids, open_game
from tests.support.discord.gateway import User
from tests.support.discord.harness import Harness
from tests.support.discord.server import FakeDiscord

NIGHT = datetime(2026, 1, 5, 23, 30, tzinfo=UTC)
"""00:30 in Paris."""
MORNING = datetime(2026, 1, 6, 7, tzinfo=UTC)
"""08:00 in Paris: Bob's hours begin."""
AMELIE = User(100_000_000_000_000_011, "amelie", locale="fr")


async def bobs_turn(harness: Harness, game_id: int) -> int:
    """Others play ``end`` until Bob must act; returns his seat."""
    service = harness.bot.service
    assert service is not None
    for _ in range(6):
        info = await service.game(game_id)
        acting = next(s for s in info.seats if s.to_act)
        if acting.user_id == BOB.id:
            await harness.settle()
            return acting.seat
        assert acting.user_id is not None
        await service.act(game_id, acting.user_id, "end", info.version)
    raise AssertionError("Bob never got a turn")


def mentions_of(fake: FakeDiscord, table: Table, user: User) -> list[dict[str, Any]]:
    """Thread messages that may notify ``user``."""
    return [
        m
        for m in fake.channel_messages(table.thread_id)
        if str(user.id) in [str(u) for u in (m.get("allowed_mentions") or {}).get("users", [])]
        or f"<@{user.id}>" in str(m.get("content"))
    ]


def dms_to(fake: FakeDiscord, user: User) -> list[str]:
    channel = int(fake.dm_channel(user.id)["id"])
    return [str(m["content"]) for m in fake.channel_messages(channel)]


async def test_the_profile_confirms_with_the_players_local_time(start_bot: StartBot, clock: MovableClock) -> None:
    clock.at = NIGHT
    harness = await start_bot()
    answer = await harness.slash(BOB, "game profile", timezone="europe/paris", hours="08:00-23:00")
    text = answer.text()
    assert answer.ephemeral
    assert "**Europe/Paris** (UTC+01:00): it is 00:30 there now." in text
    back = int(MORNING.timestamp())
    assert f"Active hours: **08:00–23:00** your time: you are outside them now, back <t:{back}:R>." in text
    clock.at = MORNING + timedelta(hours=2)
    again = (await harness.slash(BOB, "game profile")).text()
    assert "it is 10:00 there now" in again and "you are in them now" in again
    french = (await harness.slash(AMELIE, "game profile", timezone="Asia/Kolkata", hours="21h-1h")).text()
    assert "Fuseau horaire\u00a0: **Asia/Kolkata** (UTC+05:30)\u00a0: il est 14:30 là-bas." in french
    assert "**21:00–01:00** à votre heure" in french


async def test_a_zone_or_window_that_cannot_be_used_is_refused_privately(start_bot: StartBot) -> None:
    harness = await start_bot()
    service = harness.bot.service
    assert service is not None
    wrong = await harness.slash(BOB, "game profile", timezone="Europe/Pari", hours="08:00-23:00")
    assert wrong.ephemeral and "I don't know the time zone 'Europe/Pari'" in wrong.text()
    unreadable = await harness.slash(BOB, "game profile", timezone="Europe/Paris", hours="morning")
    assert unreadable.ephemeral and "I can't read the hours 'morning'" in unreadable.text()
    alone = await harness.slash(BOB, "game profile", hours="08:00-23:00")
    assert "Give your time zone too" in alone.text()
    french = await harness.slash(AMELIE, "game profile", timezone="Paris/Nord")
    assert "Je ne connais pas le fuseau horaire «\u00a0Paris/Nord\u00a0»" in french.text()
    assert await service.active_hours(BOB.id) == UserHours()


async def test_time_zones_autocomplete_by_city(start_bot: StartBot) -> None:
    harness = await start_bot()
    found = await harness.autocomplete(BOB, "game profile", "timezone", timezone="new y")
    assert [c["value"] for c in found.autocomplete][:1] == ["America/New_York"]
    assert len((await harness.autocomplete(BOB, "game profile", "timezone", timezone="a")).autocomplete) == 25


async def test_the_lobby_shows_local_times_and_the_hours_the_table_shares(
    start_bot: StartBot, fake: FakeDiscord, clock: MovableClock
) -> None:
    clock.at = datetime(2026, 1, 5, 12, tzinfo=UTC)
    harness = await start_bot()
    await harness.slash(ALICE, "game profile", timezone="Pacific/Apia", hours="07:00-22:00")  # 18:00–09:00 UTC
    await harness.slash(BOB, "game profile", timezone="Pacific/Honolulu", hours="08:00-20:00")  # 18:00–06:00 UTC
    created = await harness.slash(ALICE, "game new", kind="tiny", timer="24h")
    assert created.message is not None
    lobby = int(created.message["id"])
    game_id = int(custom_ids(created.message)[0].split(":")[1])
    await harness.click(BOB, lobby, f"lobby:{game_id}:join")
    await harness.click(CAROL, lobby, f"lobby:{game_id}:join")
    shown = fake.messages[lobby]["embeds"][0]
    hours = next(f["value"] for f in shown["fields"] if f["name"] == "Players' hours")
    assert "alice: 01:00 (Pacific/Apia, UTC+13:00) · plays 07:00–22:00" in hours
    assert "bob: 02:00 (Pacific/Honolulu, UTC−10:00) · plays 08:00–20:00" in hours
    assert "carol: always active (no hours set)" in hours
    start, end = (int(datetime(2026, 1, day, hour, tzinfo=UTC).timestamp()) for day, hour in ((5, 18), (6, 6)))
    assert f"Hours the table shares: <t:{start}:t>–<t:{end}:t> (12 h in the next 24 h" in hours
    options = next(f["value"] for f in shown["fields"] if f["name"] == "Options")
    assert "Turn timers count each player's active hours" in options


async def test_a_ping_waits_for_the_morning_and_the_board_says_when(
    start_bot: StartBot, fake: FakeDiscord, clock: MovableClock
) -> None:
    clock.at = NIGHT
    harness = await start_bot()
    await harness.slash(BOB, "game profile", timezone="Europe/Paris", hours="08:00-23:00")
    table = await open_game(harness, ALICE, [BOB], "tiny", timer="12h")
    await bobs_turn(harness, table.game_id)
    assert mentions_of(fake, table, BOB) == []
    board = fake.messages[table.board_id]["embeds"][0]
    waiting = next(f["value"] for f in board["fields"] if f["name"] == "Waiting for")
    deadline = int(datetime(2026, 1, 6, 19, tzinfo=UTC).timestamp())  # 12 of his hours from 08:00
    assert f"bob — <t:{deadline}:f> (<t:{deadline}:R>) · 💤 back <t:{int(MORNING.timestamp())}:R>" in waiting
    clock.at = MORNING - timedelta(seconds=1)
    await harness.tick()
    assert mentions_of(fake, table, BOB) == []
    clock.at = MORNING
    await harness.tick()
    pings = mentions_of(fake, table, BOB)
    assert len(pings) == 1 and "your turn" in pings[0]["content"]
    board = fake.messages[table.board_id]["embeds"][0]
    waiting = next(f["value"] for f in board["fields"] if f["name"] == "Waiting for")
    assert "💤" not in waiting  # the scheduler saw him wake and the board was redrawn


async def test_several_games_wait_for_one_digest(start_bot: StartBot, fake: FakeDiscord, clock: MovableClock) -> None:
    clock.at = NIGHT
    harness = await start_bot()
    await harness.slash(BOB, "game profile", timezone="Europe/Paris", hours="08:00-23:00")
    first = await open_game(harness, ALICE, [BOB], "tiny", timer="12h")
    second = await open_game(harness, CAROL, [BOB], "tiny", timer="24h")
    for table in (first, second):
        await bobs_turn(harness, table.game_id)
    assert dms_to(fake, BOB) == [] and mentions_of(fake, first, BOB) == mentions_of(fake, second, BOB) == []
    clock.at = MORNING
    await harness.tick()
    digests = dms_to(fake, BOB)
    assert len(digests) == 1
    digest = digests[0]
    assert digest.startswith("☀️ **2 games are waiting for you:**")
    assert f"**Tiny #{first.game_id}**: your turn." in digest and f"**Tiny #{second.game_id}**: your turn." in digest
    assert f"/{first.board_id}" in digest and f"/{second.board_id}" in digest  # a link to each board
    assert mentions_of(fake, first, BOB) == mentions_of(fake, second, BOB) == []  # no burst of pings


async def test_a_closed_dm_falls_back_to_each_games_ping(
    start_bot: StartBot, fake: FakeDiscord, clock: MovableClock
) -> None:
    clock.at = NIGHT
    harness = await start_bot()
    await harness.slash(BOB, "game profile", timezone="Europe/Paris", hours="08:00-23:00")
    tables = [await open_game(harness, host, [BOB], "tiny", timer="12h") for host in (ALICE, CAROL)]
    for table in tables:
        await bobs_turn(harness, table.game_id)
    fake.closed_dms.add(BOB.id)
    clock.at = MORNING
    await harness.tick()
    assert [len(mentions_of(fake, table, BOB)) for table in tables] == [1, 1]


async def test_the_host_chooses_the_wall_clock(start_bot: StartBot, clock: MovableClock) -> None:
    clock.at = NIGHT
    harness = await start_bot()
    await harness.slash(BOB, "game profile", timezone="Europe/Paris", hours="08:00-23:00")
    table = await open_game(harness, ALICE, [BOB], "tiny", timer="12h")
    seat = await bobs_turn(harness, table.game_id)
    answer = await harness.slash(ALICE, "game settings", game=table.game_id, hours=False)
    assert "Turn timers count wall-clock time." in answer.text()
    assert harness.bot.service is not None
    info = await harness.bot.service.game(table.game_id)
    assert not info.active_hours and info.seats[seat].deadline == NIGHT + timedelta(hours=12)
