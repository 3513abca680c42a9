"""Where the service reads the time: an injectable clock, so tests and simulations can move time.

Every datetime the service handles is timezone-aware UTC; the store keeps whole epoch seconds.

A seat's clock starts when the seat comes to have a decision (a multi-step turn keeps the same
deadline), stops when it has none, and is paused while its user is on vacation: the time left is
kept and given back on return. The reminder fires a quarter of the timer before the deadline.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Protocol


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
    clock: SeatClock, *, timed: bool, on_vacation: bool, timer: int | None, now: int, remind: bool = True
) -> SeatClock:
    """The clock after a move: ``timed`` is whether the seat now has a decision and is played by a human.

    Without ``remind`` (the game's reminders are off) the clock starts as already reminded, so only
    its deadline falls due.
    """
    if timer is None or not timed:
        return STOPPED
    if not clock.stopped:
        return clock
    if on_vacation:
        return SeatClock(reminded=not remind, paused_left=timer)
    return SeatClock(deadline=now + timer, remind_at=now + timer - reminder_lead(timer), reminded=not remind)


def pause(clock: SeatClock, now: int) -> SeatClock:
    """Vacation starts: keep the time left (never negative), stop the deadline."""
    if clock.deadline is None:
        return clock
    return SeatClock(reminded=clock.reminded, paused_left=max(0, clock.deadline - now))


def resume(clock: SeatClock, timer: int, now: int) -> SeatClock:
    """Vacation ends: the time left runs again from ``now``."""
    if clock.paused_left is None:
        return clock
    deadline = now + clock.paused_left
    return replace(clock, deadline=deadline, remind_at=deadline - reminder_lead(timer), paused_left=None)
