"""Active hours against the calendar: windows laid on local days and converted to UTC through
daylight-saving changes (Europe/Paris in March and October), a zone without them (Asia/Tokyo), a
half-hour zone (Asia/Kolkata), +13 and −10 hours at one table (Pacific/Apia, Pacific/Honolulu), a
day a zone skipped; and time counted only inside them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.clock import STOPPED, SeatClock, pause, plan, relay, resume
from bot.hours import Hours, HoursError, after, between, canonical_zone, find_zones, parse_window, shared

H = 3600


def at(*parts: int) -> int:
    """Epoch seconds of a UTC date and time."""
    return int(datetime(*parts, tzinfo=UTC).timestamp())  # type: ignore[misc]


def utc(moment: int) -> datetime:
    return datetime.fromtimestamp(moment, UTC)


def windows(hours: Hours, since: int, days: int) -> list[tuple[datetime, datetime]]:
    return [(utc(a), utc(b)) for a, b in hours.intervals(since, since + days * 86400)]


# -- reading what players type --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "minutes"),
    [
        ("08:00-23:00", (480, 1380)),
        ("8-23", (480, 1380)),
        ("8h30–23h", (510, 1380)),
        ("22:00 to 02:00", (1320, 120)),
        ("07.15 — 24:00", (435, 1440)),
        ("9 à 17", (540, 1020)),
    ],
)
def test_windows_are_read_as_players_write_them(typed: str, minutes: tuple[int, int]) -> None:
    assert parse_window(typed) == minutes


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("eight to eleven", "setting.hours_malformed"),
        ("25:00-08:00", "setting.hours_malformed"),
        ("08:75-09:00", "setting.hours_malformed"),
        ("24:00-08:00", "setting.hours_malformed"),
        ("08:00-08:30", "setting.hours_too_short"),
        ("08:00-08:00", "setting.hours_too_short"),
        ("00:00-24:00", "setting.hours_all_day"),
    ],
)
def test_a_window_that_cannot_be_used_is_refused_with_its_reason(typed: str, key: str) -> None:
    with pytest.raises(HoursError) as refused:
        parse_window(typed)
    assert refused.value.key == key and refused.value.params == {"hours": typed}


def test_zones_are_found_by_city_and_spelt_as_the_database_spells_them() -> None:
    assert canonical_zone(" europe/paris ") == "Europe/Paris"
    assert canonical_zone("america/new york") == "America/New_York"
    assert find_zones("paris")[0] == "Europe/Paris"
    assert find_zones("new y")[0] == "America/New_York"
    assert find_zones("kolk") == ["Asia/Kolkata"]
    assert len(find_zones("")) == 25 and len(find_zones("a", 10)) == 10
    everything = find_zones("", 1000)
    assert everything.index("Europe/Paris") < everything.index("US/Pacific")  # legacy names come after
    for typed in ("Europe/Pari", "localtime", "Mars/Olympus_Mons"):
        with pytest.raises(HoursError) as refused:
            canonical_zone(typed)
        assert refused.value.key == "setting.zone_unknown"


# -- windows on the calendar ----------------------------------------------------------------------
def test_paris_keeps_its_local_hours_when_the_clocks_go_forward() -> None:
    paris = Hours("Europe/Paris", 8 * 60, 23 * 60)
    days = windows(paris, at(2026, 3, 28, 0), 3)
    # 08:00–23:00 is 07:00–22:00 UTC in winter time, 06:00–21:00 from Sunday 29 March (summer time).
    assert [(a.hour, b.hour) for a, b in days] == [(7, 22), (6, 21), (6, 21)]
    assert days[1][0].day == 29


def test_a_window_opening_in_the_skipped_hour_opens_when_the_hour_ends() -> None:
    # 02:30 does not exist in Paris on 29 March 2026 (02:00 → 03:00): the window opens at 03:00, 01:00 UTC.
    night = Hours("Europe/Paris", 2 * 60 + 30, 10 * 60)
    opened, closed = night.window(datetime(2026, 3, 29).date())
    assert utc(opened) == datetime(2026, 3, 29, 1, tzinfo=UTC)
    assert utc(closed) == datetime(2026, 3, 29, 8, tzinfo=UTC)
    assert night.local(opened).strftime("%H:%M") == "03:00"
    # A window entirely inside the skipped hour has nothing that day.
    skipped = Hours("Europe/Paris", 2 * 60, 3 * 60)
    assert skipped.window(datetime(2026, 3, 29).date()) == (at(2026, 3, 29, 1), at(2026, 3, 29, 1))
    assert not skipped.is_open(at(2026, 3, 29, 1))


def test_a_time_that_happens_twice_is_its_first_occurrence() -> None:
    # 02:30 happens twice in Paris on 25 October 2026 (03:00 → 02:00): 00:30 UTC, then 01:30 UTC.
    late = Hours("Europe/Paris", 22 * 60, 2 * 60 + 30)
    opened, closed = late.window(datetime(2026, 10, 24).date())
    assert utc(opened) == datetime(2026, 10, 24, 20, tzinfo=UTC)
    assert utc(closed) == datetime(2026, 10, 25, 0, 30, tzinfo=UTC)
    early = Hours("Europe/Paris", 2 * 60 + 30, 12 * 60)
    opened, closed = early.window(datetime(2026, 10, 25).date())
    assert utc(opened) == datetime(2026, 10, 25, 0, 30, tzinfo=UTC)
    assert closed - opened == 10 * H + 30 * 60  # 02:30 to 12:00: an hour more than the 9 h 30 of other days


def test_a_zone_without_daylight_saving_keeps_the_same_utc_hours_all_year() -> None:
    tokyo = Hours("Asia/Tokyo", 9 * 60, 21 * 60)
    for month in (1, 3, 10):
        opened, closed = tokyo.window(datetime(2026, month, 26).date())
        assert (utc(opened).hour, utc(closed).hour) == (0, 12)


def test_a_half_hour_zone_crossing_midnight() -> None:
    kolkata = Hours("Asia/Kolkata", 21 * 60, 1 * 60)  # 21:00–01:00, UTC+05:30
    opened, closed = kolkata.window(datetime(2026, 6, 1).date())
    assert utc(opened) == datetime(2026, 6, 1, 15, 30, tzinfo=UTC)
    assert utc(closed) == datetime(2026, 6, 1, 19, 30, tzinfo=UTC)
    assert kolkata.is_open(at(2026, 6, 1, 19, 29)) and not kolkata.is_open(at(2026, 6, 1, 19, 30))
    assert kolkata.opens_at(at(2026, 6, 1, 20)) == at(2026, 6, 2, 15, 30)


def test_plus_thirteen_and_minus_ten_share_the_hours_they_overlap() -> None:
    apia = Hours("Pacific/Apia", 8 * 60, 22 * 60)  # UTC+13: 19:00–09:00 UTC
    tonga = Hours("Pacific/Tongatapu", 8 * 60, 22 * 60)  # UTC+13 as well
    honolulu = Hours("Pacific/Honolulu", 8 * 60, 22 * 60)  # UTC−10: 18:00–08:00 UTC
    since = at(2026, 1, 5, 12)
    assert shared([apia, tonga, honolulu], since, since + 86400) == [(at(2026, 1, 5, 19), at(2026, 1, 6, 8))]
    # Their calendars differ by a day: Apia's Tuesday morning is Honolulu's Monday morning.
    assert apia.local(at(2026, 1, 5, 19)).strftime("%a %H:%M") == "Tue 08:00"
    assert honolulu.local(at(2026, 1, 5, 18)).strftime("%a %H:%M") == "Mon 08:00"


def test_a_day_the_zone_skipped_has_no_window() -> None:
    # Samoa skipped 30 December 2011, moving from UTC−10 to UTC+14.
    apia = Hours("Pacific/Apia", 8 * 60, 22 * 60)
    since = at(2011, 12, 29, 12)  # 02:00 on the 29th in Apia
    days = list(apia.intervals(since, since + 3 * 86400))
    assert [apia.local(a).date().isoformat() for a, _ in days] == ["2011-12-29", "2011-12-31", "2012-01-01"]
    assert all(b - a == 14 * H for a, b in days)


# -- counting only the player's hours -------------------------------------------------------------
def test_a_day_of_active_hours_spans_nights_and_ends_inside_the_window() -> None:
    paris = Hours("Europe/Paris", 8 * 60, 23 * 60)  # 15 hours a day
    start = at(2026, 1, 5, 21)  # 22:00 in Paris: one hour left today
    deadline = after(paris, start, 24 * H)
    assert utc(deadline) == datetime(2026, 1, 7, 15, tzinfo=UTC)  # 1 h + 15 h + 8 h: 16:00 two days on
    assert between(paris, start, deadline) == 24 * H
    assert after(paris, start, 1 * H) == at(2026, 1, 5, 22)  # used up as the window closes: 23:00, not later
    assert after(paris, at(2026, 1, 6, 2), 0) == at(2026, 1, 6, 7)  # no time left, asleep: when they wake
    assert after(paris, at(2026, 1, 6, 9), 0) == at(2026, 1, 6, 9)
    assert after(None, start, 24 * H) == start + 24 * H and between(None, start, start + 5) == 5


ZONES = ["Europe/Paris", "Asia/Tokyo", "Asia/Kolkata", "Pacific/Apia", "Pacific/Honolulu", "America/New_York"]


@settings(max_examples=150, deadline=None)
@given(
    zone=st.sampled_from(ZONES),
    start=st.integers(0, 23 * 60 + 59),
    length=st.integers(60, 23 * 60),
    moment=st.integers(at(2025, 1, 1), at(2028, 1, 1)),
    seconds=st.integers(0, 7 * 24 * H),
)
def test_time_counted_in_hours_always_ends_inside_a_window(
    zone: str, start: int, length: int, moment: int, seconds: int
) -> None:
    hours = Hours(zone, start, (start + length) % 1440 or 1440)
    end = after(hours, moment, seconds)
    assert between(hours, moment, end) == seconds
    if seconds:
        assert hours.is_open(end - 1)  # the last counted second is inside a window, so the end is at most its close
    opens = hours.opens_at(moment)
    assert opens >= moment and hours.is_open(opens)
    assert hours.next_start(moment) >= moment


# -- seat clocks ----------------------------------------------------------------------------------
def test_a_clock_counting_hours_has_its_deadline_and_reminder_in_them() -> None:
    paris = Hours("Europe/Paris", 8 * 60, 23 * 60)
    now = at(2026, 1, 5, 23)  # midnight in Paris: asleep
    clock = plan(STOPPED, timed=True, on_vacation=False, timer=12 * H, now=now, hours=paris)
    assert clock.deadline == at(2026, 1, 6, 19)  # 12 hours from 08:00: 20:00 in Paris
    assert clock.remind_at == at(2026, 1, 6, 16)  # a quarter (3 h) of their time left
    wall = plan(STOPPED, timed=True, on_vacation=False, timer=12 * H, now=now)
    assert wall == SeatClock(deadline=now + 12 * H, remind_at=now + 9 * H)


def test_vacation_keeps_the_players_time_left_and_gives_it_back_in_their_hours() -> None:
    paris = Hours("Europe/Paris", 8 * 60, 23 * 60)
    clock = plan(STOPPED, timed=True, on_vacation=False, timer=12 * H, now=at(2026, 1, 6, 7), hours=paris)
    paused = pause(clock, at(2026, 1, 6, 10), paris)  # 3 hours of their time used
    assert paused.paused_left == 9 * H and paused.deadline is None
    back = resume(paused, 12 * H, at(2026, 1, 9, 21), paris)  # back at 22:00: 1 hour left today
    assert back.deadline == at(2026, 1, 10, 15)
    assert back.remind_at == at(2026, 1, 10, 12)


def test_changed_hours_carry_the_time_left_over() -> None:
    paris = Hours("Europe/Paris", 8 * 60, 23 * 60)
    kolkata = Hours("Asia/Kolkata", 9 * 60, 21 * 60)
    clock = plan(STOPPED, timed=True, on_vacation=False, timer=24 * H, now=at(2026, 1, 6, 7), hours=paris)
    now = at(2026, 1, 6, 12)  # 5 hours used, 19 left
    moved = relay(clock, 24 * H, now, paris, kolkata)
    assert moved.deadline is not None and between(kolkata, now, moved.deadline) == 19 * H
    assert kolkata.is_open(moved.deadline - 1)
    assert relay(clock, 24 * H, now, paris, paris) == clock
    assert relay(clock, 24 * H, now, paris, None).deadline == now + 19 * H
    assert relay(STOPPED, 24 * H, now, None, paris) == STOPPED
