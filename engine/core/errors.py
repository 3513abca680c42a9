"""Typed engine errors.

Every error carries a stable ``code`` (mapped to a friendly message by the Discord layer) and a human
message that names the input and the position, so a log line alone explains what went wrong. A refusal
a player can trigger may also carry a message ``key`` whose parameters are its ``context``: the Discord
layer writes that key from its own catalogue in the reader's language, the English message stays for logs.
"""

from __future__ import annotations

from typing import Any, ClassVar


class EngineError(Exception):
    """Base class: the move was refused and the state it was applied to is unchanged."""

    code: ClassVar[str] = "engine_error"

    def __init__(self, message: str, *, key: str | None = None, **context: Any) -> None:
        super().__init__(message)
        self.message = message
        self.key = key
        self.context = context

    def __str__(self) -> str:
        return self.message


class GameFinished(EngineError):
    """A choice was sent to a game that has already ended."""

    code = "game_finished"


class StaleVersion(EngineError):
    """The choice was made on an out-of-date state (another move happened since)."""

    code = "stale_version"


class WrongSeat(EngineError):
    """The seat has no pending decision right now."""

    code = "wrong_seat"


class IllegalChoice(EngineError):
    """The choice id is not among the seat's legal choices."""

    code = "illegal_choice"


class BadOptions(EngineError):
    """Unknown option, out-of-range value, or an unsupported seat count."""

    code = "bad_options"


class BadData(EngineError):
    """Card or board data (bundled or a server override) failed validation."""

    code = "bad_data"


class InvariantBroken(EngineError):
    """A consistency check on a state failed: a bug in the engine, never a player's fault."""

    code = "invariant_broken"
