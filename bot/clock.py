"""Where the service reads the time: an injectable clock, so tests and simulations can move time.

Every datetime the service handles is timezone-aware UTC; the store keeps whole epoch seconds.

A seat's clock starts when the seat comes to have a decision (a multi-step turn keeps the same
deadline), stops when it has none, and is paused while its user is on vacation: the time left is
kept and given back on return. The reminder fires a quarter of the timer before the deadline.

A clock counts either wall-clock time or, in a game that counts active hours, only its player's
hours (:class:`bot.hours.Hours`; ``hours=None`` is the wall clock): then a 24-hour timer is 24 hours
of the player's own time, its deadline falls inside their window (at the latest as it closes), the
reminder comes when a quarter of that time is left, and the time left on vacation is their time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from bot.hours import Hours, after, between


class Clock(Protocol):
    """Anything with a ``now()`` returning an aware UTC datetime."""

    def now(self) -> datetime: ...


class SystemClock:
    """The wall clock, in UTC."""

    def now(self) -> datetime:
        return datetime.now(UTC)


def to_epoch(moment: datetime) -> int:
    """Whole seconds since the epoch; refuses naive datetimes, which are ambiguous."""
    if moment.tzinfo is None:
        raise ValueError(f"naive datetime {moment!r}: the service works in timezone-aware UTC")
    return int(moment.timestamp())


def from_epoch(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


@dataclass(frozen=True, slots=True)
class SeatClock:
    """One seat's clock: running (``deadline`` set), paused (``paused_left`` set) or stopped (neither)."""

    deadline: int | None = None
    remind_at: int | None = None
    reminded: bool = False
    paused_left: int | None = None

    @property
    def stopped(self) -> bool:
        return self.deadline is None and self.paused_left is None


STOPPED = SeatClock()


def reminder_lead(timer: int) -> int:
    return timer // 4


def plan(
    clock: SeatClock,
    *,
    timed: bool,
    on_vacation: bool,
    timer: int | None,
    now: int,
    remind: bool = True,
    hours: Hours | None = None,
) -> SeatClock:
    """The clock after a move: ``timed`` is whether the seat now has a decision and is played by a human.

    Without ``remind`` (the game's reminders are off) the clock starts as already reminded, so only
    its deadline falls due. With ``hours`` the timer counts only the player's hours.
    """
    if timer is None or not timed:
        return STOPPED
    if not clock.stopped:
        return clock
    if on_vacation:
        return SeatClock(reminded=not remind, paused_left=timer)
    return _running(timer, timer, now, hours, reminded=not remind)


def pause(clock: SeatClock, now: int, hours: Hours | None = None) -> SeatClock:
    """Vacation starts: keep the time left (the player's time, never negative), stop the deadline."""
    if clock.deadline is None:
        return clock
    return SeatClock(reminded=clock.reminded, paused_left=max(0, between(hours, now, clock.deadline)))


def resume(clock: SeatClock, timer: int, now: int, hours: Hours | None = None) -> SeatClock:
    """Vacation ends: the time left runs again from ``now``."""
    if clock.paused_left is None:
        return clock
    return _running(timer, clock.paused_left, now, hours, reminded=clock.reminded)


def relay(clock: SeatClock, timer: int | None, now: int, was: Hours | None, becomes: Hours | None) -> SeatClock:
    """A running clock whose player's hours changed from ``was`` to ``becomes`` (or whose game now
    counts them, or no longer does): the time left, counted as it was, runs on counted the new way.
    A paused or stopped clock keeps what it holds."""
    if clock.deadline is None or timer is None or was == becomes:
        return clock
    left = max(0, between(was, now, clock.deadline))
    return _running(timer, left, now, becomes, reminded=clock.reminded)


def _running(timer: int, left: int, now: int, hours: Hours | None, *, reminded: bool) -> SeatClock:
    """A clock with ``left`` seconds of the player's time from ``now``; its reminder when a quarter of
    the timer is left (at once when less is)."""
    deadline = after(hours, now, left)
    lead = reminder_lead(timer)
    remind_at = deadline - lead if hours is None else after(hours, now, left - lead)
    return SeatClock(deadline=deadline, remind_at=remind_at, reminded=reminded)
