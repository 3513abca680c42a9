"""Typed service errors: lobby and seat rules the engine does not know about.

They subclass :class:`~engine.core.errors.EngineError`, so the Discord layer maps one family of stable
``code``s to friendly messages. Move errors (stale version, illegal choice, wrong seat, game over) are
the engine's own types, raised unchanged. Every refusal leaves the stored game untouched.

A failing database is not a refusal: every call raises the store's :class:`StoreUnavailable` for it,
saying whether it is known that nothing was written.
"""

from __future__ import annotations

from bot.store import StoreUnavailable
from engine.core.errors import EngineError

__all__ = [
    "AlreadySeated",
    "BadInput",
    "BadSetting",
    "Busy",
    "CannotUndo",
    "GameFull",
    "GameNotFound",
    "NotEnoughSeats",
    "NotHost",
    "NotSeated",
    "ServiceError",
    "StoreUnavailable",
    "WrongStatus",
]


class ServiceError(EngineError):
    """Base of the service's refusals."""

    code = "service_error"


class GameNotFound(ServiceError):
    code = "game_not_found"


class NotHost(ServiceError):
    """Only the lobby's host may do this (start, cancel, add or remove AI seats, kick)."""

    code = "not_host"


class GameFull(ServiceError):
    code = "game_full"


class AlreadySeated(ServiceError):
    code = "already_seated"


class NotSeated(ServiceError):
    """The user has no seat they control in this game (never joined, left, or replaced by an AI)."""

    code = "not_seated"


class WrongStatus(ServiceError):
    """The game is not in the right phase for this (e.g. joining a game that already started)."""

    code = "wrong_status"


class NotEnoughSeats(ServiceError):
    code = "not_enough_seats"


class CannotUndo(ServiceError):
    """Nothing of the user's own can be taken back (a draw, a reveal or another seat came in between)."""

    code = "cannot_undo"


class BadSetting(ServiceError):
    """An unknown turn-timer preset, timeout policy or similar lobby setting."""

    code = "bad_setting"


class BadInput(ServiceError):
    """A value no call accepts: an id or number out of range, a string too long or not valid text."""

    code = "bad_input"


class Busy(ServiceError):
    """Other writers kept changing the game while this call was decided; nothing was written."""

    code = "busy"
