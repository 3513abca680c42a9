"""Typed rows read from the store; times are whole epoch seconds (UTC), JSON columns are decoded."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from bot.clock import SeatClock
from bot.hours import Hours
from engine.core.contract import Event


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    kind: str
    options: dict[str, Any]
    seed: int
    status: str
    host_id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    version: int
    turn_timer: int | None
    replace_after: int | None
    overrides: dict[str, Any]
    outcome: dict[str, Any] | None
    ai_turn: bool
    created_at: int
    updated_at: int
    started_at: int | None
    finished_at: int | None
    seat_count: int | None = None
    """Seats the lobby was opened for; ``None``: any count the game allows."""
    reminders: bool = True
    revision: int = 0
    """Counts every write to the game or its seats: a write is made only on the revision its caller read."""
    missed_level: str = "normal"
    """The AI level that plays a seat's missed turn (chosen by the host)."""
    hints: bool = True
    """Whether players may ask which move the ``hard`` AI would choose."""
    active_hours: bool = True
    """Whether turn timers count only each player's active hours (wall-clock time for players without)."""
    think: int = 1
    """How many times its level's think budget the game gives its AI seats (chosen by the host)."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat with its user's vacation flag (joined from the user's settings)."""

    game_id: int
    seat: int
    user_id: int | None
    ai_policy: str | None
    timeouts: int
    autoplay: bool
    to_act: bool
    clock: SeatClock
    vacation: bool = False
    display_name: str | None = None
    """The player's name as last seen, cleaned by :mod:`bot.service.names`; a label, not game state."""
    hours: Hours | None = None
    """The player's active hours (joined from their settings); ``None``: always active."""
    digest: bool = False
    """Whether the player asked for one daily digest instead of turn pings."""
    asleep: bool = False
    """Whether the board last showed this seat's player outside their hours."""

    @property
    def human(self) -> bool:
        """Played by its human this turn: not an AI seat, not stood in for after a missed deadline."""
        return self.ai_policy is None and not self.autoplay


@dataclass(frozen=True, slots=True)
class ActionRow:
    game_id: int
    seq: int
    seat: int
    kind: str
    choice: str | None
    undo_to: int | None
    actor: str
    checkpoint: bool
    events: tuple[Event, ...]
    created_at: int


@dataclass(frozen=True, slots=True)
class NoteRow:
    """A public service event in a game's log (a seat handed over, settings changed), after entry ``after``."""

    game_id: int
    after: int
    seat: int | None
    key: str
    params: dict[str, Any]
    created_at: int


@dataclass(frozen=True, slots=True)
class GuildRow:
    """A server's defaults; ``channel_id`` is where its lobbies are posted (``None``: where asked)."""

    lang: str = "en"
    turn_timer: str = "off"
    channel_id: int | None = None
    replace_after: int | None = None


@dataclass(frozen=True, slots=True)
class TutorialRow:
    """Where a user stands in a game's tutorial: the chapter run (``""``: every chapter in order), the
    next step (``None``: finished) and the language."""

    kind: str
    chapter: str
    step: str | None
    lang: str


GUILD_FIELDS = tuple(f.name for f in fields(GuildRow))
"""The columns of a server's settings (the stored names of :class:`GuildRow`'s fields)."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """Everything an act needs, read together: the game, its seats and the latest snapshot."""

    game: GameRow
    seats: tuple[SeatRow, ...]
    state: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat of a finished game as recorded for stats and ratings (``results``, one row per seat).

    ``user_id`` is the seat's player (kept when an AI finished the seat for them, then
    ``changed_hands`` is set); ``ai_level`` is set only for a seat an AI played from the start.
    ``rank`` is 1 for the winners; seats with equal results share a rank.
    """

    game_id: int
    seat: int
    kind: str
    guild_id: int | None
    user_id: int | None
    ai_level: str | None
    name: str
    team: int | None
    score: int
    rank: int
    winner: bool
    reason: str
    changed_hands: bool
    timeouts: int
    details: dict[str, Any]
    finished_at: int


@dataclass(frozen=True, slots=True)
class DeliveryRow:
    """Something a game owes the players' screens (the outbox): one row per game and ``key``.

    ``lane`` separates what is drawn (``board``: the board and the final scores, image uploads) from
    what is said (``notice``: turn notices, reminders, notes, the lobby), so one never waits for the
    other. ``version`` is the game version the row was owed at (a newer change to the same key
    supersedes it); ``blocked`` says why Discord refuses it for now, ``None`` while nothing does.
    """

    game_id: int
    key: str
    lane: str
    version: int
    payload: dict[str, Any]
    attempts: int
    due_at: int
    done_at: int | None = None
    blocked: str | None = None
    held_for: int | None = None
    """The player this row waits for: it was owed outside their hours and goes out, with everything
    else held for them, when their hours begin (``None``: not held)."""
