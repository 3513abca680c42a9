"""Complete Bot Factory games with every text a player reads rendered in English and French.

The games mix the ``goal`` policy (games that finish robots and end in a dozen rounds) with random
choices (the odd bonus skipped, a production tile, a hand limit), over 1-4 seats, both
production-tile variants and every solo task. Each decision is kept with its rendered texts, each
applied choice with its events, so the text tests read one shared record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from engine.botfactory import GAME
from engine.botfactory.policy import GoalPolicy
from engine.botfactory.state import State
from engine.core.contract import Choice, Decision, Event
from engine.core.rng import Rng

LANGS = ("en", "fr")
NAMES = ("Ada", "Bram", "Ciel", "Dorn")
GAMES: tuple[tuple[int, int, dict[str, object]], ...] = (
    (1, 11, {"task": "A"}),
    (1, 12, {"task": "B"}),
    (1, 13, {"task": "C", "variant": 1}),
    (1, 14, {"task": "D", "variant": 2}),
    (2, 21, {}),
    (2, 22, {"variant": 1}),
    (3, 31, {"variant": 2}),
    (3, 32, {}),
    (4, 41, {"variant": 1}),
    (4, 42, {"variant": 2}),
    (1, 15, {"task": "A", "variant": 2}),
    (1, 16, {"task": "D", "variant": 1}),
    (2, 23, {"variant": 2}),
    (2, 24, {"variant": 2}),
    (3, 33, {"variant": 1}),
    (3, 34, {"variant": 2}),
    (4, 43, {}),
    (4, 44, {"variant": 2}),
)
"""(seats, seed, options) of every recorded game."""


@dataclass
class Step:
    """One decision as shown, the choice taken and what it produced."""

    state: State
    decision: Decision
    mover: int
    choice: Choice
    events: tuple[Event, ...]


@dataclass
class Record:
    steps: list[Step] = field(default_factory=list)
    outcomes: list[tuple[int, dict[str, object]]] = field(default_factory=list)
    """(seats, outcome details) of every finished game."""


def text(key: str, params: object, lang: str, seats: int) -> str:
    return GAME.text(key, params, lang, NAMES[:seats])  # type: ignore[arg-type]


@cache
def record() -> Record:
    out = Record()
    goal = GoalPolicy()
    for seats, seed, options in GAMES:
        state = GAME.new(seats, seed, options)
        rng = Rng(seed)
        while GAME.outcome(state) is None:
            decision = GAME.pending(state)[0]
            pick = rng.choice(decision.choices) if rng.randbelow(4) == 0 else goal.choose(GAME, state, decision, rng)
            result = GAME.apply(state, decision.seat, pick.id, state.flow.version)
            out.steps.append(Step(state, decision, decision.seat, pick, result.events))
            state = result.state
        outcome = GAME.outcome(state)
        assert outcome is not None
        out.outcomes.append((seats, {"reason": outcome.reason, **outcome.details}))
    return out
