"""Turn clocks with a clock the test moves: reminders once, timeouts once, vacation pauses, resume."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot import ai
from bot.notifications import Reminder, SeatReplaced, TimedOut
from bot.service import GameService, TimeoutPolicy
from tests.bot.conftest import ManualClock, started_tiny

HOUR = timedelta(hours=1)


async def _turn(service: GameService, game_id: int) -> tuple[int, int]:
    info = await service.game(game_id)
    seat = next(s for s in info.seats if s.to_act)
    assert seat.user_id is not None
    return seat.user_id, seat.seat


async def test_no_clock_without_a_timer(service: GameService, clock: ManualClock) -> None:
    game_id = await started_tiny(service)
    clock.advance(timedelta(days=30))
    assert await service.due_work() == []
    assert all(s.deadline is None for s in (await service.game(game_id)).seats)


async def test_reminder_fires_once_then_timeout_applies_once(service: GameService, clock: ManualClock) -> None:
    game_id = await started_tiny(service, turn_timer_name="12h")
    user, seat = await _turn(service, game_id)
    start = clock.now()
    info = await service.game(game_id)
    assert info.seats[seat].deadline == start + 12 * HOUR
    assert await service.next_due() == start + 9 * HOUR
    clock.advance(8 * HOUR)
    assert await service.due_work() == []
    clock.advance(HOUR)
    work = await service.due_work()
    assert [w.kind for w in work] == ["reminder"]
    first = await service.perform(work[0])
    assert first.notifications == (Reminder(game_id, seat, user, start + 12 * HOUR),)
    assert (await service.perform(work[0])).notifications == ()
    assert await service.due_work() == []
    clock.advance(3 * HOUR)
    work = await service.due_work()
    assert [w.kind for w in work] == ["timeout"]
    result = await service.perform(work[0])
    assert TimedOut(game_id, seat, user, 1, False) in result.notifications
    assert result.moves and {m.actor for m in result.moves} == {"timeout"}
    assert all(m.seat == seat for m in result.moves)
    again = await service.perform(work[0])
    assert again.moves == () and again.notifications == ()
    info = await service.game(game_id)
    assert info.seats[seat].timeouts == 1 and info.seats[seat].ai_policy is None and not info.seats[seat].to_act
    _, next_seat = await _turn(service, game_id)
    assert next_seat != seat and info.seats[next_seat].deadline == clock.now() + 12 * HOUR
    assert await service.replay_matches(game_id)


async def test_seat_replaced_after_n_timeouts(service: GameService, clock: ManualClock) -> None:
    game_id = await started_tiny(
        service, humans=2, seed=8, turn_timer_name="24h", timeout_policy=TimeoutPolicy(replace_after=2)
    )
    replaced: list[SeatReplaced] = []
    timed_out: list[TimedOut] = []
    for _ in range(6):
        clock.advance(25 * HOUR)
        for work in await service.due_work():
            result = await service.perform(work)
            replaced += [n for n in result.notifications if isinstance(n, SeatReplaced)]
            timed_out += [n for n in result.notifications if isinstance(n, TimedOut)]
        if (await service.game(game_id)).status != "active":
            break
    assert {n.seat for n in replaced} == {0, 1}
    assert all(n.reason == "timeouts" for n in replaced)
    assert sorted((n.seat, n.timeouts, n.replaced) for n in timed_out) == [
        (0, 1, False),
        (0, 2, True),
        (1, 1, False),
        (1, 2, True),
    ]
    assert (await service.game(game_id)).status == "finished"


async def test_vacation_pauses_and_keeps_the_time_left(service: GameService, clock: ManualClock) -> None:
    game_id = await started_tiny(service, turn_timer_name="12h")
    user, seat = await _turn(service, game_id)
    clock.advance(5 * HOUR)
    await service.set_vacation(user, True)
    assert await service.vacation(user)
    assert (await service.game(game_id)).seats[seat].deadline is None
    clock.advance(timedelta(days=20))
    assert await service.due_work() == []
    await service.set_vacation(user, False)
    assert (await service.game(game_id)).seats[seat].deadline == clock.now() + 7 * HOUR


async def test_a_turn_starting_on_vacation_is_paused(service: GameService, clock: ManualClock) -> None:
    game_id = await started_tiny(service, turn_timer_name="12h")
    user, _ = await _turn(service, game_id)
    other = 3 - user
    await service.set_vacation(other, True)
    await service.act(game_id, user, "end", 0)
    info = await service.game(game_id)
    assert info.seat_of(other).to_act and info.seat_of(other).deadline is None  # type: ignore[union-attr]
    clock.advance(timedelta(days=9))
    assert await service.due_work() == []
    await service.set_vacation(other, False)
    assert info.seat_of(other) is not None
    assert (await service.game(game_id)).seat_of(other).deadline == clock.now() + 12 * HOUR  # type: ignore[union-attr]


async def test_ai_play_cut_short_resumes(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = await started_tiny(service, humans=1, ais=2, seed=3)
    version = (await service.game(game_id)).version
    real_choose = ai.choose
    calls = 0

    def fail_on_second_move(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise RuntimeError("policy crashed")
        return real_choose(*args)

    monkeypatch.setattr(ai, "choose", fail_on_second_move)
    result = await service.act(game_id, 1, "end", version)
    assert [m.actor for m in result.moves] == ["player", "ai"]
    assert result.game.version == version + 2
    work = await service.due_work()
    assert [(w.kind, w.game_id) for w in work] == [("resume", game_id)]
    resumed = await service.perform(work[0])
    assert resumed.moves and all(m.actor == "ai" for m in resumed.moves)
    assert await service.due_work() == []
    assert await service.replay_matches(game_id)


async def test_a_clock_left_running_on_vacation_is_paused_not_timed_out(
    service: GameService, clock: ManualClock
) -> None:
    game_id = await started_tiny(service, turn_timer_name="12h")
    user, seat = await _turn(service, game_id)
    async with service.store.transaction() as tx:
        await tx.set_vacation(user, True)  # the flag alone, as if the clocks had not followed yet
    clock.advance(13 * HOUR)
    work = await service.due_work()
    assert [w.kind for w in work] == ["timeout"]
    result = await service.perform(work[0])
    assert result.moves == () and result.notifications == ()
    assert await service.due_work() == []
    await service.set_vacation(user, False)
    assert (await service.game(game_id)).seats[seat].deadline == clock.now()
