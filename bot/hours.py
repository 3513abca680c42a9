"""A player's active hours: a daily window in their own time zone, and time counted only inside it.

Players of a game that lasts days live in many zones. A player may give their IANA time zone and the
hours they are awake for the game (``08:00–23:00``; a window may cross midnight, ``22:00–02:00``).
Pings wait until those hours (:mod:`bot.service.holding`) and turn timers count only them
(:mod:`bot.clock`), so nothing wakes anyone and no deadline falls while they sleep.

Everything inside is epoch seconds (UTC); local times exist only here, where a window is laid on the
calendar one local day at a time and converted to UTC. A local time that does not exist (02:30 on the
day the clocks go forward) and one that happens twice (02:30 on the day they go back) both resolve to
the *first instant the local clock reads that time or later*: a window that opens in a gap opens
when the gap ends, one that closes at a repeated time closes the first time the clock shows it. So
every day's window is well defined, including zones with half-hour offsets (Asia/Kolkata), no
daylight saving (Asia/Tokyo), or +13 and −10 hours (Pacific/Apia, Pacific/Honolulu) at one table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

DAY_MINUTES = 24 * 60
SHORTEST = 60
"""The shortest window, in minutes: an hour a day is the least that lets a player take a turn."""
NOT_ZONES = frozenset({"localtime", "Factory", "posixrules"})
"""Names the zone database lists that name no real place's time."""
LEGACY = ("Etc/", "SystemV/", "US/", "Brazil/", "Canada/", "Chile/", "Mexico/")
"""Prefixes of old or technical zone names: still accepted, suggested after the ``Area/City`` names."""


class HoursError(ValueError):
    """A time zone or window the player gave cannot be used; ``key`` and ``params`` word why
    (``refusal.<key>`` in the catalogue, as the service's refusals are worded)."""

    def __init__(self, message: str, *, key: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@cache
def zone_names() -> dict[str, str]:
    """Every usable zone name, by its lower-case form (spaces typed as ``_``)."""
    return {name.lower(): name for name in available_timezones() if name not in NOT_ZONES}


def canonical_zone(typed: str) -> str:
    """The zone ``typed`` names, spelt as the database spells it (``europe/paris`` → ``Europe/Paris``)."""
    key = typed.strip().replace(" ", "_").lower()
    name = zone_names().get(key)
    if name is None:
        shown = typed.strip()[:60]
        raise HoursError(f"Unknown time zone {shown!r}.", key="setting.zone_unknown", zone=shown)
    return name


def find_zones(typed: str, limit: int = 25) -> list[str]:
    """Zone names for an autocomplete: the exact name, then names or cities starting with what was
    typed, then names containing it; ``Area/City`` names before legacy ones."""
    want = typed.strip().replace(" ", "_").lower()
    ranked: list[tuple[int, bool, str]] = []
    for lower, name in zone_names().items():
        city = lower.rsplit("/", 1)[-1]
        if lower == want:
            rank = 0
        elif lower.startswith(want) or city.startswith(want):
            rank = 1
        elif want in lower:
            rank = 2
        else:
            continue
        ranked.append((rank, name.startswith(LEGACY) or "/" not in name, name))
    return [name for *_, name in sorted(ranked)[:limit]]


WINDOW = re.compile(
    r"^\s*(\d{1,2})(?:[:h.](\d{2}))?\s*h?\s*(?:-|–|—|to|à|a)\s*(\d{1,2})(?:[:h.](\d{2}))?\s*h?\s*$", re.IGNORECASE
)


def parse_window(text: str) -> tuple[int, int]:
    """``"08:00-23:00"`` (also ``8-23``, ``8h30–23h``, ``22:00 to 02:00``) as minutes after local
    midnight ``(start, end)``; ``end`` may be 1440 (``24:00``) and earlier than ``start`` (the window
    crosses midnight). At least :data:`SHORTEST` minutes and less than a whole day."""
    shown = text.strip()[:40]
    found = WINDOW.match(text)
    if found is None:
        raise HoursError(f"Cannot read the hours {shown!r}.", key="setting.hours_malformed", hours=shown)
    sh, sm, eh, em = (int(part or 0) for part in found.groups())
    if sh > 23 or eh > 24 or sm > 59 or em > 59 or (eh == 24 and em):
        raise HoursError(f"Cannot read the hours {shown!r}.", key="setting.hours_malformed", hours=shown)
    start, end = sh * 60 + sm, eh * 60 + em
    length = (end - start) % DAY_MINUTES
    if length == 0 and end != start:  # 00:00–24:00
        raise HoursError("A window of a whole day is no window.", key="setting.hours_all_day", hours=shown)
    if length < SHORTEST:
        raise HoursError(f"The hours {shown!r} last less than an hour.", key="setting.hours_too_short", hours=shown)
    return start, end


def local_time(zone: str, moment: datetime) -> dict[str, str]:
    """What the clock shows in ``zone`` at ``moment``, as a message's parameters: ``zone`` (its name),
    ``time`` (``14:05``) and ``offset`` (``UTC+02:00``, ``UTC−10:00``, ``UTC+05:30``, or ``UTC``)."""
    here = moment.astimezone(_zone(zone))
    delta = here.utcoffset() or timedelta(0)
    minutes = int(delta.total_seconds() // 60)
    sign = "+" if minutes > 0 else "−"
    offset = f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}" if minutes else "UTC"
    return {"zone": zone, "time": f"{here:%H:%M}", "offset": offset}


def clock_text(minute: int) -> str:
    """Minutes after midnight as ``HH:MM`` (1440 reads ``24:00``)."""
    return f"{minute // 60:02d}:{minute % 60:02d}"


@dataclass(frozen=True, slots=True)
class Hours:
    """A daily window ``[start, end)`` of local time in ``zone``, in minutes after local midnight.

    ``end`` earlier than ``start`` crosses midnight: the window opened on one local day closes on the
    next. A day's window is converted to UTC on its own day, so it keeps its local hours across
    daylight-saving changes (and is an hour shorter or longer on those days)."""

    zone: str
    start: int
    end: int

    def __post_init__(self) -> None:
        if not (0 <= self.start < DAY_MINUTES and 0 < self.end <= DAY_MINUTES):
            raise ValueError(f"hours out of range: {self.start}–{self.end}")
        if not SHORTEST <= (self.end - self.start) % DAY_MINUTES < DAY_MINUTES:
            raise ValueError(f"a window lasts from an hour to less than a day: {self.start}–{self.end}")
        _zone(self.zone)

    @property
    def tz(self) -> ZoneInfo:
        return _zone(self.zone)

    @property
    def label(self) -> str:
        """``08:00–23:00``."""
        return f"{clock_text(self.start)}–{clock_text(self.end)}"

    def local(self, moment: int) -> datetime:
        """The local date and time at epoch second ``moment``."""
        return datetime.fromtimestamp(moment, UTC).astimezone(self.tz)

    def window(self, day: date) -> tuple[int, int]:
        """The window opened on local date ``day``, as epoch seconds ``[open, close)`` (empty when the
        whole window falls in a daylight-saving gap)."""
        opens = _instant(self.tz, day, self.start)
        closes = _instant(self.tz, day if self.end > self.start else day + timedelta(days=1), self.end)
        return opens, max(opens, closes)

    def intervals(self, since: int, until: int | None = None) -> Iterator[tuple[int, int]]:
        """Every window ``[open, close)`` that ends after ``since`` (and opens before ``until``), in order,
        windows that touch joined into one."""
        day = self.local(since).date() - timedelta(days=1)
        pending: tuple[int, int] | None = None
        while True:
            opens, closes = self.window(day)
            day += timedelta(days=1)
            if closes <= since or closes == opens:
                continue
            if until is not None and opens >= until:
                break
            if pending is not None and opens <= pending[1]:
                pending = (pending[0], max(pending[1], closes))
                continue
            if pending is not None:
                yield pending
            pending = (opens, closes)
        if pending is not None:
            yield pending

    def is_open(self, moment: int) -> bool:
        """Whether ``moment`` falls inside the player's hours."""
        opens, _ = next(self.intervals(moment))
        return opens <= moment

    def opens_at(self, moment: int) -> int:
        """``moment`` if the window is open then, else when it next opens."""
        opens, _ = next(self.intervals(moment))
        return max(opens, moment)

    def closes_at(self, moment: int) -> int:
        """When the window open at (or next after) ``moment`` closes."""
        _, closes = next(self.intervals(moment))
        return closes

    def next_start(self, moment: int) -> int:
        """The first opening at or after ``moment`` (the next morning, when the window is open now)."""
        return next(opens for opens, _ in self.intervals(moment) if opens >= moment)


def after(hours: Hours | None, moment: int, seconds: int) -> int:
    """The instant when ``seconds`` of the player's time have passed since ``moment``: wall-clock
    seconds without hours, else only seconds inside their windows. The earliest such instant inside
    (or closing) a window: a span used up exactly as a window closes ends at its close, never in the
    night after it, and no time at all, asked while the window is shut, ends when it next opens."""
    if hours is None:
        return moment + seconds
    left = max(0, seconds)
    for opens, closes in hours.intervals(moment):
        opens = max(opens, moment)
        if closes - opens >= left:
            return opens + left
        left -= closes - opens
    raise AssertionError("unreachable: windows never end")


def between(hours: Hours | None, since: int, until: int) -> int:
    """Seconds of the player's time in ``[since, until)`` (all of them without hours)."""
    if hours is None:
        return until - since
    if until <= since:
        return 0
    return sum(min(closes, until) - max(opens, since) for opens, closes in hours.intervals(since, until))


def shared(hours: Sequence[Hours], since: int, until: int) -> list[tuple[int, int]]:
    """The spans of ``[since, until)`` inside everyone's windows (everyone's when ``hours`` is empty)."""
    spans = [(since, until)]
    for one in hours:
        spans = list(_intersect(spans, [(max(a, since), min(b, until)) for a, b in one.intervals(since, until)]))
    return [(a, b) for a, b in spans if b > a]


def _intersect(first: Iterable[tuple[int, int]], second: list[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    for a, b in first:
        for c, d in second:
            low, high = max(a, c), min(b, d)
            if low < high:
                yield low, high


@cache
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def _wall(zone: ZoneInfo, moment: int) -> datetime:
    return datetime.fromtimestamp(moment, UTC).astimezone(zone).replace(tzinfo=None)


def _instant(zone: ZoneInfo, day: date, minute: int) -> int:
    """The first instant the local clock in ``zone`` reads ``minute`` of ``day`` or later (see the module
    docstring): the time itself when it exists, its first occurrence when it happens twice, the end of
    the gap when the clocks skip it."""
    if minute == DAY_MINUTES:
        day, minute = day + timedelta(days=1), 0
    wall = datetime.combine(day, time(minute // 60, minute % 60))
    first = int(wall.replace(tzinfo=zone, fold=0).timestamp())
    if _wall(zone, first) == wall:
        return first
    # ``wall`` is in a gap: the clock jumps over it. Between the two readings of it (before and after
    # the jump) lies the jump itself, the first instant the clock reads ``wall`` or later.
    second = int(wall.replace(tzinfo=zone, fold=1).timestamp())
    low, high = min(first, second), max(first, second)
    while high - low > 1:
        middle = (low + high) // 2
        if _wall(zone, middle) >= wall:
            high = middle
        else:
            low = middle
    return high
