"""The values the service hands out: games, seats, table views, moves, log lines, scheduler work.

All are frozen dataclasses holding plain data, so the Discord layer and the CLI never touch the
store or a game state directly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from bot.hours import Hours
from bot.notifications import Notification
from bot.service.deadlines import TimeoutPolicy
from engine.core.contract import Choice, Decision, Event, OptionSpec, Outcome, View

Status = Literal["lobby", "active", "finished", "cancelled"]
Actor = Literal["player", "ai", "timeout", "host"]
"""Who made a log entry: the seat's human, the seat's AI, an AI standing in after a missed deadline, or
the host (a public note: a seat handed over, settings changed; never a move)."""


@dataclass(frozen=True, slots=True)
class GameKind:
    """A game the service can host, with the options a lobby may set (for building ``/game new``)."""

    kind: str
    title: str
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...]
    policies: tuple[str, ...]
    """AI policies by name; the first is the default opponent."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat. ``user_id`` is who sits (or sat) there; ``ai_policy`` set means an AI plays it.

    ``name`` is the player's display name as last seen, already cleaned (:mod:`bot.service.names`);
    ``None`` until known. Show seats with :func:`bot.service.names.seat_names`, never by number.
    """

    seat: int
    user_id: int | None
    ai_policy: str | None
    timeouts: int = 0
    deadline: datetime | None = None
    to_act: bool = False
    name: str | None = None
    hours: Hours | None = None
    """The player's active hours (their zone and daily window), shown to the table; ``None``: always active."""

    @property
    def is_ai(self) -> bool:
        return self.ai_policy is not None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's public record. ``version`` counts committed log entries (0 until the first move)."""

    id: int
    kind: str
    title: str
    status: Status
    host_id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    version: int
    options: dict[str, Any]
    seats: tuple[SeatInfo, ...]
    turn_timer: timedelta | None
    timeout_policy: TimeoutPolicy
    created_at: datetime
    outcome: Outcome | None = None
    seat_count: int | None = None
    """Seats the lobby was opened for; ``None``: it starts with any count the game allows."""
    capacity: int = 0
    """Seats the lobby can fill: ``seat_count``, else the game's maximum."""
    reminders: bool = True
    missed_level: str = "normal"
    """The AI level that plays a missed turn."""
    hints: bool = True
    """Whether players may ask what the ``hard`` AI would choose (:mod:`bot.service.hints`)."""
    active_hours: bool = True
    """Whether turn timers count only each player's active hours (the wall clock for players without)."""
    think: int = 1
    """How many times its level's think budget the game gives its AI seats (``bot.ai.THINK_SCALES``)."""

    def seat_of(self, user_id: int) -> SeatInfo | None:
        """The seat ``user_id`` controls (an AI-played seat is no longer theirs)."""
        for seat in self.seats:
            if seat.user_id == user_id and not seat.is_ai:
                return seat
        return None


@dataclass(frozen=True, slots=True)
class TableView:
    """What one viewer sees now: the game's view for their seat (or a spectator's) and their decision."""

    game: GameInfo
    seat: int | None
    view: View
    decision: Decision | None


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One committed log entry: a move (``choice``) or an undo (``undo_to``: the version restored).

    ``events`` are all of the entry's events, private ones included, and ``choice`` may name hidden
    cards: show players :meth:`GameService.log` entries, which are filtered for the viewer.
    """

    game_id: int
    version: int
    seat: int
    actor: Actor
    choice: str | None
    undo_to: int | None
    checkpoint: bool
    events: tuple[Event, ...]
    at: datetime


@dataclass(frozen=True, slots=True)
class MoveResult:
    """What a call that changed a game did: every committed entry (the caller's, then AI moves) and news.

    A player's own move also carries ``table``, what their seat sees of the game as committed (drawn
    from the committed state the first time it is asked for: a caller that draws no screen pays
    nothing for it), and ``undo``, the choice Undo would now take back (``None``: it would be
    refused), so their screen is redrawn from what was committed without reading the game back."""

    game: GameInfo
    moves: tuple[MoveRecord, ...] = ()
    notifications: tuple[Notification, ...] = field(default_factory=tuple)
    seen: Callable[[], TableView] | None = field(default=None, compare=False, repr=False)
    """Builds :attr:`table` (once)."""
    undo: Choice | None = None

    @property
    def table(self) -> TableView | None:
        return None if self.seen is None else self.seen()


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One log entry as a viewer may see it: public events, plus private ones for their own seat.

    ``choice`` is shown only to the seat that made it (a choice id can name a hidden card).
    """

    version: int
    seat: int | None
    """The seat that moved; ``None`` for the host's notes."""
    actor: Actor
    choice: str | None
    lines: tuple[str, ...]
    """``lines[i]`` is ``events[i]`` in words (so each line can be told about the seat its event concerns)."""
    events: tuple[Event, ...]
    at: datetime


@dataclass(frozen=True, slots=True)
class PendingDecision:
    """A decision waiting for a user in one of their games."""

    game: GameInfo
    seat: int
    decision: Decision
    deadline: datetime | None


@dataclass(frozen=True, slots=True)
class Work:
    """Something the scheduler must do: ``reminder`` or ``timeout`` for a seat, or ``resume`` AI play
    that a restart interrupted. Doing it twice is harmless (:meth:`GameService.perform`)."""

    kind: Literal["reminder", "timeout", "resume"]
    game_id: int
    seat: int | None
    due: datetime


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's defaults: language, where lobbies are posted (``None``: where ``/game new`` is typed),
    and the turn timer and missed-turn policy of new games that do not choose their own."""

    lang: str = "en"
    turn_timer: str = "off"
    channel_id: int | None = None
    timeout_policy: TimeoutPolicy = field(default_factory=TimeoutPolicy)


@dataclass(frozen=True, slots=True)
class UserHours:
    """A user's time zone (``None``: not given), their active hours in it (``None``: always active) and
    whether they want one daily digest, when their hours begin, instead of turn pings."""

    zone: str | None = None
    hours: Hours | None = None
    digest: bool = False


@dataclass(frozen=True, slots=True)
class DmSettings:
    """Whether a user wants "your turn" by DM, and whether their DMs were found closed (then the thread
    ping is used instead, without retrying the DM until they turn DMs on again)."""

    turns: bool = False
    closed: bool = False
