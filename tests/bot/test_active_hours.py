"""Active hours in the service, on SQLite and PostgreSQL: the settings and their refusals, turn clocks
that count only a player's hours, what the outbox holds for a sleeping player and hands over when
their hours begin, the daily digest, vacation on top, and what a change of hours or of the game's
choice does to a turn in progress."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.clock import to_epoch
from bot.hours import Hours
from bot.service import BadSetting, Delivery, GameService, UserHours
from bot.service import outbox as owed
from tests.bot.conftest import ManualClock, started_tiny

H = 3600
PARIS = "Europe/Paris"  # UTC+1 in January: 08:00–23:00 there is 07:00–22:00 UTC


def at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


async def drain(service: GameService) -> list[Delivery]:
    """Deliver everything the outbox lets go now (as the Discord worker would); returns what went out."""
    out: list[Delivery] = []
    for lane in (owed.BOARD_LANE, owed.NOTICE_LANE):
        while rows := await service.claim_deliveries(lane):
            for row in rows:
                await service.delivered(row)
            out += rows
    return out


async def turn_of(service: GameService, game_id: int, user: int) -> int:
    """Play ``end`` for the others until ``user`` must act; returns their seat."""
    for _ in range(8):
        info = await service.game(game_id)
        acting = next(s for s in info.seats if s.to_act)
        if acting.user_id == user:
            return acting.seat
        assert acting.user_id is not None
        await service.act(game_id, acting.user_id, "end", info.version)
    raise AssertionError("the user never got a turn")


async def held(service: GameService, game_id: int) -> dict[str, tuple[int | None, datetime]]:
    """The game's owed rows held for a player: key -> (player, when they go out)."""
    return {
        d.key: (d.held_for, datetime.fromtimestamp(d.due_at, UTC))
        for d in await service.outbox(game_id)
        if d.done_at is None and d.held_for is not None
    }


# -- settings ---------------------------------------------------------------------------------------
async def test_nothing_set_means_always_active(service: GameService) -> None:
    assert await service.active_hours(5) == UserHours()


async def test_hours_are_stored_with_the_zone_as_the_database_spells_it(service: GameService) -> None:
    stored = await service.set_active_hours(5, zone="europe/paris", hours="8-23")
    assert stored == UserHours(PARIS, Hours(PARIS, 480, 1380), False)
    assert await service.active_hours(5) == stored
    moved = await service.set_active_hours(5, zone="Asia/Kolkata")  # the window stays, in the new zone
    assert moved.hours == Hours("Asia/Kolkata", 480, 1380)
    assert (await service.set_active_hours(5, digest=True)).digest
    cleared = await service.set_active_hours(5, hours="off")
    assert cleared == UserHours("Asia/Kolkata", None, False)  # no hours, so no digest either


@pytest.mark.parametrize(
    ("zone", "given", "key"),
    [
        ("Asia/Tokyo", {"zone": "Europe/Pari"}, "setting.zone_unknown"),
        (None, {"hours": "08:00-23:00"}, "setting.hours_need_zone"),
        ("Asia/Tokyo", {"hours": "eight to eleven"}, "setting.hours_malformed"),
        ("Asia/Tokyo", {"hours": "08:00-08:20"}, "setting.hours_too_short"),
        ("Asia/Tokyo", {"zone": PARIS, "digest": True}, "setting.digest"),
    ],
)
async def test_settings_that_cannot_be_used_are_refused_and_change_nothing(
    service: GameService, zone: str | None, given: dict[str, object], key: str
) -> None:
    if zone is not None:
        await service.set_active_hours(6, zone=zone)
    before = await service.active_hours(6)
    with pytest.raises(BadSetting) as refused:
        await service.set_active_hours(6, **given)  # type: ignore[arg-type]
    assert refused.value.key == key
    assert await service.active_hours(6) == before


# -- turn clocks ----------------------------------------------------------------------------------
async def test_a_turn_timer_counts_only_the_players_hours(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 5, 23, 30)  # 00:30 in Paris
    game_id = await started_tiny(service, turn_timer_name="12h")
    seat = await turn_of(service, game_id, 1)
    info = await service.game(game_id)
    # The clock starts at 08:00 in Paris and runs 12 hours: 20:00 there, 19:00 UTC.
    assert info.seats[seat].deadline == at(2026, 1, 6, 19)
    assert info.active_hours and info.seats[seat].hours == Hours(PARIS, 480, 1380)
    assert await service.next_due() == at(2026, 1, 6, 16)  # the reminder: 3 of their hours left


async def test_a_player_without_hours_keeps_the_wall_clock(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 5, 23, 30)
    game_id = await started_tiny(service, turn_timer_name="12h")
    seat = await turn_of(service, game_id, 2)
    assert (await service.game(game_id)).seats[seat].deadline == clock.now() + timedelta(hours=12)


async def test_a_game_may_count_the_wall_clock_instead(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 5, 23, 30)
    game_id = await started_tiny(service, turn_timer_name="12h", active_hours=False)
    seat = await turn_of(service, game_id, 1)
    assert (await service.game(game_id)).seats[seat].deadline == clock.now() + timedelta(hours=12)
    # The host turns active hours on: the 12 hours left, counted in the player's hours, start at 08:00.
    await service.configure(game_id, 1, active_hours=True)
    info = await service.game(game_id)
    assert info.active_hours and info.seats[seat].deadline == at(2026, 1, 6, 19)
    notes = [e for e in await service.log(game_id) if e.actor == "host"]
    assert notes[-1].lines == ("The host changed the settings: turn timers count active hours",)


async def test_vacation_pauses_the_players_own_time(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 6, 7)  # 08:00 in Paris
    game_id = await started_tiny(service, turn_timer_name="12h")
    seat = await turn_of(service, game_id, 1)
    clock.moment = at(2026, 1, 6, 10)  # 3 hours used
    await service.set_vacation(1, True)
    clock.moment = at(2026, 1, 9, 21)  # back at 22:00 in Paris, 9 hours left: 1 today, 8 tomorrow
    await service.set_vacation(1, False)
    assert (await service.game(game_id)).seats[seat].deadline == at(2026, 1, 10, 15)


async def test_new_hours_carry_the_time_left_over(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 6, 7)
    game_id = await started_tiny(service, turn_timer_name="12h")
    seat = await turn_of(service, game_id, 1)
    clock.moment = at(2026, 1, 6, 11)  # 4 hours used, 8 left
    await service.set_active_hours(1, hours="18:00-22:00")  # 17:00–21:00 UTC: 4 hours today, 4 tomorrow
    assert (await service.game(game_id)).seats[seat].deadline == at(2026, 1, 7, 21)


async def test_a_seat_given_to_a_player_with_hours_counts_theirs(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(9, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 5, 23, 30)
    game_id = await started_tiny(service, turn_timer_name="12h")
    seat = await turn_of(service, game_id, 2)
    await service.replace(game_id, 1, seat, 9)
    assert (await service.game(game_id)).seats[seat].deadline == at(2026, 1, 6, 19)


# -- nothing wakes anyone ---------------------------------------------------------------------------
async def test_a_turn_notice_waits_for_the_players_hours(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 5, 23, 30)
    game_id = await started_tiny(service, turn_timer_name="12h", guild_id=7, channel_id=8)
    seat = await turn_of(service, game_id, 1)
    sent = await drain(service)
    assert f"{owed.TURN}{seat}" not in {r.key for r in sent}
    assert {r.key for r in sent} >= {owed.BOARD}  # the public board is never held
    assert await held(service, game_id) == {f"{owed.TURN}{seat}": (1, at(2026, 1, 6, 7))}
    assert await service.owed() == (1, None)  # owed, but not late
    assert await service.next_delivery(owed.NOTICE_LANE) == at(2026, 1, 6, 7)
    await service.reconcile()  # a reconciliation does not wake them either
    clock.moment = at(2026, 1, 6, 6, 59, 59)
    assert await drain(service) == []
    clock.moment = at(2026, 1, 6, 7)
    rows = await service.claim_deliveries(owed.NOTICE_LANE)
    assert [(r.key, r.held_for) for r in rows] == [(f"{owed.TURN}{seat}", 1)]


async def test_everything_held_for_a_player_goes_out_together(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 5, 23, 30)
    games = [await started_tiny(service, seed=seed, turn_timer_name="24h") for seed in (3, 4, 5)]
    seats = {game_id: await turn_of(service, game_id, 1) for game_id in games}
    await drain(service)
    clock.moment = at(2026, 1, 6, 7, 0, 30)
    rows = await service.claim_deliveries(owed.NOTICE_LANE)
    assert sorted((r.game_id, r.key) for r in rows) == [(g, f"{owed.TURN}{s}") for g, s in seats.items()]
    assert {r.held_for for r in rows} == {1}


async def test_a_notice_owed_in_the_players_hours_goes_at_once(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 6, 12)
    game_id = await started_tiny(service, turn_timer_name="12h")
    seat = await turn_of(service, game_id, 1)
    sent = await drain(service)
    assert f"{owed.TURN}{seat}" in {r.key for r in sent} and not any(r.held_for for r in sent)


async def test_a_turn_that_ends_while_held_is_not_announced(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 5, 23, 30)
    game_id = await started_tiny(service, turn_timer_name="12h")
    seat = await turn_of(service, game_id, 1)
    await drain(service)
    info = await service.game(game_id)
    await service.act(game_id, 1, "end", info.version)  # a night owl plays before being told
    assert await held(service, game_id) == {}
    assert f"{owed.TURN}{seat}" in {r.key for r in await drain(service)}  # only to take an old ping away


async def test_a_daily_digest_holds_turns_but_not_reminders(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00", digest=True)
    clock.moment = at(2026, 1, 6, 12)  # 13:00 in Paris, inside the hours
    game_id = await started_tiny(service, turn_timer_name="12h")
    seat = await turn_of(service, game_id, 1)
    await drain(service)
    assert await held(service, game_id) == {f"{owed.TURN}{seat}": (1, at(2026, 1, 7, 7))}
    clock.moment = at(2026, 1, 6, 21)  # 22:00 in Paris: 3 of 12 hours left
    for work in await service.due_work():
        await service.perform(work)
    assert f"{owed.REMIND}{seat}" in {r.key for r in await drain(service)}


async def test_the_host_is_told_what_blocks_a_game_in_their_hours(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 5, 23, 30)
    game_id = await started_tiny(service)
    await drain(service)
    assert await service.owe_host_notice(game_id, "50013:42")
    assert await drain(service) == []
    assert (await held(service, game_id))[owed.HOST_BLOCKED] == (1, at(2026, 1, 6, 7))


async def test_new_hours_release_what_was_held(service: GameService, clock: ManualClock) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 5, 23, 30)
    game_id = await started_tiny(service, turn_timer_name="12h")
    seat = await turn_of(service, game_id, 1)
    await drain(service)
    await service.set_active_hours(1, zone="America/New_York")  # 18:30 there: inside the same hours
    assert f"{owed.TURN}{seat}" in {r.key for r in await drain(service)}


async def test_the_board_is_redrawn_when_a_waiting_player_sleeps_or_wakes(
    service: GameService, clock: ManualClock
) -> None:
    await service.set_active_hours(1, zone=PARIS, hours="08:00-23:00")
    clock.moment = at(2026, 1, 5, 21)
    game_id = await started_tiny(service, turn_timer_name="12h")
    await turn_of(service, game_id, 1)
    await drain(service)
    assert await service.watch_hours() == 0  # awake, as the board shows
    clock.moment = at(2026, 1, 5, 22, 0, 30)
    assert await service.watch_hours() == 1
    assert owed.BOARD in {r.key for r in await drain(service)}
    assert await service.watch_hours() == 0
    clock.moment = at(2026, 1, 6, 7)
    assert await service.watch_hours() == 1


async def test_no_hours_no_change_in_what_goes_out(service: GameService, clock: ManualClock) -> None:
    clock.moment = at(2026, 1, 5, 23, 30)
    game_id = await started_tiny(service, turn_timer_name="12h")
    seat = await turn_of(service, game_id, 1)
    assert f"{owed.TURN}{seat}" in {r.key for r in await drain(service)}
    assert await service.watch_hours() == 0
    assert to_epoch((await service.game(game_id)).seats[seat].deadline or clock.now()) == to_epoch(
        clock.now() + timedelta(hours=12)
    )
