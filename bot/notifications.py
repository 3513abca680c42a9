"""Notifications as data: what happened that someone should hear about.

The service returns these from every call that changes a game (for the command line and tests), and
owes, in the same transaction, what players must see of them (:mod:`bot.service.outbox`), which the
Discord layer delivers (a ping in the game thread, a DM, nothing for AI seats). They never carry
private game information, so any of them may be shown in a public channel.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from engine.core.contract import Outcome


@dataclass(frozen=True, slots=True)
class MustAct:
    """Seat ``seat`` (played by ``user_id``) must act in game ``game_id`` (at ``version``)."""

    game_id: int
    seat: int
    user_id: int
    version: int
    deadline: datetime | None


@dataclass(frozen=True, slots=True)
class Reminder:
    """The deadline of ``user_id``'s turn in ``game_id`` is near; sent once per turn."""

    game_id: int
    seat: int
    user_id: int
    deadline: datetime


@dataclass(frozen=True, slots=True)
class TimedOut:
    """``user_id`` missed a deadline; an AI played that turn. ``replaced``: the seat is now an AI for good."""

    game_id: int
    seat: int
    user_id: int
    timeouts: int
    replaced: bool


@dataclass(frozen=True, slots=True)
class SeatReplaced:
    """A human seat is now played by an AI (``reason``: "abandoned", "kicked" or "timeouts")."""

    game_id: int
    seat: int
    user_id: int
    reason: str


@dataclass(frozen=True, slots=True)
class SeatTaken:
    """The host gave seat ``seat`` to ``user_id`` (it was an AI's, or ``previous``'s)."""

    game_id: int
    seat: int
    user_id: int
    previous: int | None


@dataclass(frozen=True, slots=True)
class GameEnded:
    """Game ``game_id`` is over; ``summary`` is the outcome's reason in plain text."""

    game_id: int
    outcome: Outcome
    summary: str


Notification = MustAct | Reminder | TimedOut | SeatReplaced | SeatTaken | GameEnded
