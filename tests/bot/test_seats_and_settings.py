"""A seat given to another member, and a game's settings changed mid-game: rights, refusals that write
nothing, clocks after the change, and the public notes in the log."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.notifications import MustAct, SeatTaken
from bot.service import (
    AlreadySeated,
    BadInput,
    BadSetting,
    GameService,
    GuildSettings,
    NotHost,
    NotSeated,
    TimeoutPolicy,
    WrongStatus,
)
from engine.core.errors import GameFinished
from tests.bot.conftest import ManualClock, dump_game, started_tiny

HOUR = timedelta(hours=1)


async def _turn(service: GameService, game_id: int) -> tuple[int, int]:
    info = await service.game(game_id)
    seat = next(s for s in info.seats if s.to_act)
    assert seat.user_id is not None
    return seat.user_id, seat.seat


async def test_host_gives_an_abandoned_seat_to_a_newcomer_who_must_act(
    service: GameService, clock: ManualClock
) -> None:
    game_id = await started_tiny(service, humans=3, turn_timer_name="12h")
    user, _ = await _turn(service, game_id)
    await service.abandon(game_id, user)  # the AI plays that seat from now on
    clock.advance(HOUR)
    idle = next(s for s in (await service.game(game_id)).seats if s.is_ai)
    result = await service.replace(game_id, 1, idle.seat, 9, name="**Neo** @everyone")
    assert SeatTaken(game_id, idle.seat, 9, None) in result.notifications
    taken = result.game.seats[idle.seat]
    assert taken.user_id == 9 and not taken.is_ai and taken.timeouts == 0
    assert result.game.seat_of(9) == taken
    if taken.to_act:
        assert MustAct(game_id, idle.seat, 9, result.game.version, clock.now() + 12 * HOUR) in result.notifications
    lines = [line for entry in await service.log(game_id) for line in entry.lines]
    assert taken.name == "Neo everyone"
    assert f"The host gave the seat of AI · {idle.ai_policy} to Neo everyone" in lines
    assert await service.replay_matches(game_id)


async def test_replace_gives_a_to_act_seat_a_fresh_clock(service: GameService, clock: ManualClock) -> None:
    game_id = await started_tiny(service, humans=2, turn_timer_name="24h")
    user, seat = await _turn(service, game_id)
    clock.advance(20 * HOUR)
    result = await service.replace(game_id, 1, seat, 7)
    assert result.game.seats[seat].deadline == clock.now() + 24 * HOUR
    assert MustAct(game_id, seat, 7, result.game.version, clock.now() + 24 * HOUR) in result.notifications
    table = await service.view(game_id, 7)
    assert table.decision is not None
    assert (await service.act(game_id, 7, table.decision.choices[0].id, table.game.version)).moves
    with pytest.raises(NotSeated):
        await service.act(game_id, user, "end", 2)


async def test_replace_refusals_write_nothing(service: GameService) -> None:
    game_id = await started_tiny(service, humans=3)
    info = await service.game(game_id)
    seat_of_2 = info.seat_of(2)
    assert seat_of_2 is not None
    before = await dump_game(service.store, game_id)
    with pytest.raises(NotHost):
        await service.replace(game_id, 2, seat_of_2.seat, 9)
    with pytest.raises(AlreadySeated, match="already plays in this game"):
        await service.replace(game_id, 1, seat_of_2.seat, 3)
    with pytest.raises(NotSeated, match="no seat 9"):
        await service.replace(game_id, 1, 8, 9)
    assert await dump_game(service.store, game_id) == before
    lobby = await service.create_lobby("tiny", 1)
    with pytest.raises(WrongStatus):
        await service.replace(lobby.id, 1, 0, 9)
    await service.cancel(game_id, 1)
    with pytest.raises(WrongStatus):
        await service.replace(game_id, 1, seat_of_2.seat, 9)


async def test_replace_in_a_finished_game_is_refused(service: GameService) -> None:
    game_id = await started_tiny(service, humans=1, ais=1)
    while (await service.game(game_id)).status == "active":
        user, _ = await _turn(service, game_id)
        table = await service.view(game_id, user)
        assert table.decision is not None
        await service.act(game_id, user, table.decision.choices[0].id, table.game.version)
    with pytest.raises(GameFinished):
        await service.replace(game_id, 1, 1, 9)


async def test_a_new_timer_gives_the_seat_to_act_the_full_new_time(service: GameService, clock: ManualClock) -> None:
    game_id = await started_tiny(service, turn_timer_name="12h")
    _, seat = await _turn(service, game_id)
    clock.advance(10 * HOUR)
    info = await service.configure(game_id, 1, turn_timer_name="48h")
    assert info.turn_timer == timedelta(hours=48)
    assert info.seats[seat].deadline == clock.now() + 48 * HOUR
    assert await service.next_due() == clock.now() + 36 * HOUR
    off = await service.configure(game_id, 1, turn_timer_name="off")
    assert off.turn_timer is None and all(s.deadline is None for s in off.seats)
    clock.advance(timedelta(days=30))
    assert await service.due_work() == []
    lines = [line for entry in await service.log(game_id) for line in entry.lines]
    assert lines[-2:] == [
        "The host changed the settings: turn timer 48h",
        "The host changed the settings: turn timer off",
    ]


async def test_reminders_off_keeps_the_deadline_and_skips_the_reminder(
    service: GameService, clock: ManualClock
) -> None:
    game_id = await started_tiny(service, turn_timer_name="12h")
    _, seat = await _turn(service, game_id)
    info = await service.configure(game_id, 1, reminders=False)
    assert not info.reminders and info.seats[seat].deadline == clock.now() + 12 * HOUR
    clock.advance(10 * HOUR)
    assert await service.due_work() == []
    clock.advance(2 * HOUR)
    assert [w.kind for w in await service.due_work()] == ["timeout"]
    again = await service.configure(game_id, 1, reminders=True)  # the reminder time has passed: none now
    assert again.reminders and [w.kind for w in await service.due_work()] == ["timeout"]


async def test_a_stricter_timeout_policy_counts_missed_turns_already_made(
    service: GameService, clock: ManualClock
) -> None:
    game_id = await started_tiny(service, turn_timer_name="12h")
    _, seat = await _turn(service, game_id)
    clock.advance(13 * HOUR)
    for work in await service.due_work():
        await service.perform(work)
    assert (await service.game(game_id)).seats[seat].timeouts == 1
    info = await service.configure(game_id, 1, timeout_policy=TimeoutPolicy(2))
    assert info.timeout_policy == TimeoutPolicy(2)
    while (await service.game(game_id)).seats[seat].ai_policy is None:
        clock.advance(13 * HOUR)
        for work in await service.due_work():
            await service.perform(work)
    assert (await service.game(game_id)).seats[seat].timeouts == 2
    assert "seat handed to an AI after 2 missed turns" in str(await service.log(game_id))


async def test_settings_refusals_write_nothing(service: GameService) -> None:
    game_id = await started_tiny(service, turn_timer_name="12h")
    before = await dump_game(service.store, game_id)
    with pytest.raises(NotHost):
        await service.configure(game_id, 2, reminders=False)
    with pytest.raises(BadSetting):
        await service.configure(game_id, 1, turn_timer_name="3d")
    unchanged = await service.configure(game_id, 1, turn_timer_name="12h", reminders=True)
    assert unchanged.turn_timer == timedelta(hours=12)
    assert await dump_game(service.store, game_id) == before
    assert not [e for e in await service.log(game_id) if e.actor == "host"]
    await service.cancel(game_id, 1)
    with pytest.raises(WrongStatus):
        await service.configure(game_id, 1, reminders=False)


async def test_lobby_settings_change_before_start(service: GameService, clock: ManualClock) -> None:
    lobby = await service.create_lobby("tiny", 1)
    await service.join(lobby.id, 2)
    await service.configure(lobby.id, 1, turn_timer_name="24h", reminders=False)
    started = await service.start(lobby.id, 1)
    acting = next(s for s in started.game.seats if s.to_act)
    assert acting.deadline == clock.now() + 24 * HOUR
    clock.advance(20 * HOUR)
    assert await service.due_work() == []


async def test_a_timer_turned_on_mid_game_starts_the_current_turns_clock(
    service: GameService, clock: ManualClock
) -> None:
    game_id = await started_tiny(service)
    _, seat = await _turn(service, game_id)
    assert (await service.game(game_id)).seats[seat].deadline is None
    info = await service.configure(game_id, 1, turn_timer_name="24h")
    assert info.seats[seat].deadline == clock.now() + 24 * HOUR
    assert [s.deadline for s in info.seats if s.seat != seat] == [None]
    clock.advance(25 * HOUR)
    assert [w.kind for w in await service.due_work()] == ["timeout"]


async def test_host_notes_sit_between_the_entries_they_followed(service: GameService) -> None:
    game_id = await started_tiny(service)
    user, _ = await _turn(service, game_id)
    table = await service.view(game_id, user)
    assert table.decision is not None
    await service.act(game_id, user, table.decision.choices[0].id, 0)
    await service.configure(game_id, 1, reminders=False)
    user, _ = await _turn(service, game_id)
    table = await service.view(game_id, user)
    assert table.decision is not None
    await service.act(game_id, user, table.decision.choices[0].id, table.game.version)
    entries = await service.log(game_id)
    assert [(e.version, e.actor) for e in entries][:3] == [(1, "player"), (1, "host"), (2, "player")]
    assert entries[1].seat is None and entries[1].choice is None
    assert await service.replay_matches(game_id)  # notes never enter the move log


async def test_server_settings_changed_together_keep_both_changes(database: str, clock: ManualClock) -> None:
    """Two managers, each with a service of their own (as two processes), change different settings of
    one server at once: each write names only its own setting, so neither undoes the other."""
    async with (
        await GameService.open(database, clock=clock) as first,
        await GameService.open(database, clock=clock) as second,
    ):
        await first.set_guild_settings(7, GuildSettings(channel_id=70), ["channel_id"])
        for _ in range(5):
            await asyncio.gather(
                first.set_guild_settings(7, GuildSettings(lang="fr"), ["lang"]),
                second.set_guild_settings(7, GuildSettings(turn_timer="24h"), ["turn_timer"]),
            )
        stored = await second.guild_settings(7)
        assert stored == GuildSettings("fr", "24h", 70, TimeoutPolicy())
        back = await first.set_guild_settings(7, GuildSettings(timeout_policy=TimeoutPolicy(2)), ["timeout_policy"])
        assert back == GuildSettings("fr", "24h", 70, TimeoutPolicy(2))
        with pytest.raises(BadInput):
            await first.set_guild_settings(7, GuildSettings(), ["colour"])
        assert await first.guild_settings(7) == back
