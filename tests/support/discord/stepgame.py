"""Fixture games whose choices say what they do, ask before giving something up, and say why an
option is missing: the tiny game's rules with ``Choice.description``, ``Choice.confirm`` and
``Decision.missing`` filled in, for testing how the panel shows them. ``WIDE`` is the 120-number
game with a description on every number, for select menus. Both reuse the tiny game's drawings.
"""

from __future__ import annotations

from engine.core import Choice, Decision
from engine.core.text import Catalog
from renders.api import register
from tests.support.discord import tinyrender, widegame
from tests.support.tinygame import TinyGame, TinyState

CATALOG = Catalog("tests.support.discord", folder="stepgame_locale")


class StepGame(TinyGame):
    kind = "steps"
    title = "Steps"
    catalog = CATALOG

    def pending(self, state: TinyState) -> tuple[Decision, ...]:
        if self.outcome(state) is not None:
            return ()
        seat = state.flow.turn
        hand = state.hands[seat]
        plays = [
            Choice(f"play:{i}", "tiny.choice.play", {"value": v}, "play", description="step.describe.play")
            for i, v in enumerate(hand)
        ]
        end = Choice(
            "end",
            "tiny.choice.end",
            {},
            "end",
            description="step.describe.end",
            confirm="step.confirm.end" if hand else "",
        )
        missing = () if hand else (("step.missing.play", {}),)
        return (Decision(seat, "tiny.prompt.turn", (*plays, end), missing=missing),)


class DescribedWideGame(widegame.WideGame):
    kind = "widesteps"
    title = "Wide steps"
    catalog = CATALOG

    def pending(self, state: TinyState) -> tuple[Decision, ...]:
        return tuple(
            Decision(
                d.seat,
                d.prompt,
                tuple(Choice(c.id, c.label, c.params, c.group, description="step.describe.pick") for c in d.choices),
            )
            for d in super().pending(state)
        )


GAME = StepGame()
WIDE = DescribedWideGame()


def install() -> None:
    """Draw both with the tiny game's pictures."""
    register(tinyrender.drawings("steps"))
    register(tinyrender.drawings("widesteps"))
