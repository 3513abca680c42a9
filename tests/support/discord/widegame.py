"""A one-decision fixture game with a long list of choices, for testing select menus and their pages.

Each seat in turn picks one of 120 numbers (in two groups, odd and even); the picked number is its
score; when every seat has picked, the game ends. It reuses the tiny game's view and drawings.
"""

from __future__ import annotations

from engine.core import Choice, Decision, Outcome
from engine.core.contract import Transition
from renders.api import register
from tests.support.discord import tinyrender
from tests.support.tinygame import TinyGame, TinyState

NUMBERS = 120


class WideGame(TinyGame):
    kind = "wide"
    title = "Wide"

    def pending(self, state: TinyState) -> tuple[Decision, ...]:
        if self.outcome(state) is not None:
            return ()
        choices = tuple(
            Choice(f"pick:{n}", "tiny.choice.play", {"value": n}, "tiny.group.odd" if n % 2 else "tiny.group.even")
            for n in range(1, NUMBERS + 1)
        )
        return (Decision(state.flow.turn, "tiny.prompt.turn", choices),)

    def _apply(self, state: TinyState, seat: int, choice: Choice, tx: Transition) -> None:
        state.scores[seat] = int(choice.id.split(":")[1])
        tx.emit("tiny.event.played", seat=seat, value=state.scores[seat])
        state.flow.turn += 1

    def outcome(self, state: TinyState) -> Outcome | None:
        if state.flow.turn < state.seats:
            return None
        best = max(state.scores)
        return Outcome(
            tuple(s for s, v in enumerate(state.scores) if v == best), tuple(state.scores), "tiny.end.target"
        )


GAME = WideGame()


def install() -> None:
    """Draw the wide game with the tiny game's pictures."""
    register(tinyrender.drawings("wide"))
