"""The contract every game implements, plus the shared seeded RNG, errors, events and self-play."""

from engine.core.contract import (
    ApplyResult,
    Choice,
    Decision,
    Event,
    Game,
    GameState,
    OptionSpec,
    Outcome,
    View,
)
from engine.core.errors import (
    BadData,
    BadOptions,
    EngineError,
    GameFinished,
    IllegalChoice,
    InvariantBroken,
    StaleVersion,
    WrongSeat,
)
from engine.core.rng import Rng

__all__ = [
    "ApplyResult",
    "BadData",
    "BadOptions",
    "Choice",
    "Decision",
    "EngineError",
    "Event",
    "Game",
    "GameFinished",
    "GameState",
    "IllegalChoice",
    "InvariantBroken",
    "OptionSpec",
    "Outcome",
    "Rng",
    "StaleVersion",
    "View",
    "WrongSeat",
]
