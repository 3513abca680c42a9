"""The action log: a game rebuilt from its seed and log, the moves still in effect, and what an undo may
take back.

The log is append-only: an undo is an entry of its own (``undo_to`` names the version it restores),
so replaying every entry in order reproduces the state after each version, and the state after the
last one must equal the stored snapshot.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Literal, Protocol

from bot.store.rows import ActionRow, GameRow
from engine.core.contract import Game


def replay(game: Game[Any], row: GameRow, seats: int, actions: Sequence[ActionRow]) -> Iterator[tuple[int, Any]]:
    """``(version, state)`` for version 0 and after every entry; yielded states must not be modified.

    Moves go through the checked :meth:`Game.apply`, so a log entry that is not legal where it stands
    raises instead of replaying into a different game.
    """
    state = game.new(seats, row.seed, row.options, row.overrides)
    targets = {a.undo_to for a in actions if a.undo_to is not None}
    kept: dict[int, Any] = {0: state} if 0 in targets else {}
    yield 0, state
    for action in actions:
        if action.undo_to is None:
            assert action.choice is not None
            state = game.apply(state, action.seat, action.choice, action.seq - 1).state
        else:
            state = game.copy(kept[action.undo_to])
            state.flow.version = action.seq
        if action.seq in targets:
            kept[action.seq] = state
        yield action.seq, state


def state_at(game: Game[Any], row: GameRow, seats: int, actions: Sequence[ActionRow], version: int) -> Any:
    """The state right after ``version`` (a fresh object the caller may change)."""
    for seq, state in replay(game, row, seats, [a for a in actions if a.seq <= version]):
        if seq == version:
            return game.copy(state)
    raise ValueError(f"game {row.id} has no version {version}")


def effective_moves(actions: Sequence[ActionRow]) -> list[ActionRow]:
    """The moves still in effect after every undo, in order (what the current state is built from)."""
    moves: list[ActionRow] = []
    for action in actions:
        if action.undo_to is None:
            moves.append(action)
        else:
            while moves and moves[-1].seq > action.undo_to:
                moves.pop()
    return moves


UndoRefusal = Literal["nothing", "other_seat", "checkpoint"]
UNDO_REFUSALS: dict[UndoRefusal, str] = {
    "nothing": "You have no choice to take back.",
    "other_seat": "Another seat has moved since your last choice, so it stays.",
    "checkpoint": "Your last choice drew, shuffled or revealed something, so it stays.",
}
"""Why an undo is refused, by reason (the Discord layer words each reason in the reader's language)."""


class Entry(Protocol):
    """A log entry as :func:`undo_refusal` reads it: a stored one, or one just committed."""

    @property
    def seat(self) -> int: ...
    @property
    def actor(self) -> str: ...
    @property
    def checkpoint(self) -> bool: ...


def undo_refusal(last: Entry | None, seat: int) -> UndoRefusal | None:
    """Why ``seat`` may not take back ``last``, the last move still in effect (``None``: it may).

    A seat takes back only its own latest choice, one at a time, and never past an undo checkpoint
    (the engine's ``ApplyResult.checkpoint``: a draw, a shuffle or a reveal) or another seat's move
    (an AI's or a timeout's included: the table has moved on).
    """
    if last is None:
        return "nothing"
    if last.seat != seat or last.actor != "player":
        return "other_seat"
    if last.checkpoint:
        return "checkpoint"
    return None
