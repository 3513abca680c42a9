"""Turn timers a lobby may choose (presets) and the timeout policy; the clock arithmetic is in :mod:`bot.clock`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta

from bot.clock import STOPPED, SeatClock, plan, relay
from bot.hours import Hours
from bot.service.errors import BadSetting
from bot.store import GameRow, SeatRow

TURN_TIMERS: dict[str, timedelta | None] = {
    "off": None,
    "12h": timedelta(hours=12),
    "24h": timedelta(hours=24),
    "48h": timedelta(hours=48),
    "72h": timedelta(hours=72),
    "7d": timedelta(days=7),
}
"""Turn timer presets offered to lobbies, by the name the Discord layer shows; off by default."""


def turn_timer(name: str) -> timedelta | None:
    """The preset called ``name``; an unknown name is a :class:`BadSetting` listing the valid ones."""
    if name not in TURN_TIMERS:
        known = ", ".join(TURN_TIMERS)
        raise BadSetting(
            f"Unknown turn timer '{name}'. Choose one of: {known}.", key="setting.timer", timer=name, known=known
        )
    return TURN_TIMERS[name]


@dataclass(frozen=True, slots=True)
class TimeoutPolicy:
    """What happens when a seat misses its deadline, chosen when the lobby is created.

    An AI always plays the missed turn, so the game never stalls. With ``replace_after=N`` the seat
    is also handed to an AI for good at its N-th missed turn; ``None`` keeps the seat human.
    """

    replace_after: int | None = None

    def __post_init__(self) -> None:
        if self.replace_after is not None and not 1 <= self.replace_after <= 100:
            raise BadSetting(
                f"A seat can be replaced after 1 to 100 missed turns, not {self.replace_after}.",
                key="setting.replace_after",
                replace_after=self.replace_after,
            )


def counted(row: GameRow, seat: SeatRow) -> Hours | None:
    """The hours a seat's clock counts: its player's, when the game counts active hours (``None``: the
    wall clock, also for a player without hours)."""
    return seat.hours if row.active_hours else None


def reclock(seat: SeatRow, row: GameRow, now: int, *, timer_changed: bool, counted_before: bool) -> SeatClock:
    """A seat's clock after its game's settings changed to ``row``'s (see ``GameService.configure``).

    A new timer gives a seat whose human must act now the full new time (paused while they are on
    vacation); a game that starts or stops counting active hours (``counted_before``: it did) carries
    the time left over to the new count; reminders switched off mark the clock reminded, switched on
    they unmark it while the reminder is still ahead.
    """
    hours = counted(row, seat)
    if timer_changed and seat.to_act and seat.human:
        return plan(
            STOPPED,
            timed=True,
            on_vacation=seat.vacation,
            timer=row.turn_timer,
            now=now,
            remind=row.reminders,
            hours=hours,
        )
    clock = relay(seat.clock, row.turn_timer, now, seat.hours if counted_before else None, hours)
    if clock.stopped:
        return clock
    ahead = clock.remind_at is None or clock.remind_at > now
    return replace(clock, reminded=not (row.reminders and ahead))
