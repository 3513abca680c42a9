"""The ``greedy`` policy: one step of look-ahead on a copy, judged by a simple estimate of the
acting seat's standing.

The estimate reads only the seat's own public holdings (robots, tokens, tiles in hand, contracts),
never a deck order, so the policy decides on what ``view(state, seat)`` shows.
"""

from __future__ import annotations

from typing import Any

from engine.botfactory import scoring
from engine.botfactory.state import State
from engine.core.contract import Choice, Decision, Game
from engine.core.rng import Rng


def estimate(state: State, seat: int) -> float:
    """Final VP if the game ended now, plus what tiles and tokens in hand are likely worth."""
    player = state.players[seat]
    score = scoring.score(state, seat)
    return (
        score.total
        + 8.0 * score.robot_count
        + 0.5 * player.tokens
        + 2.0 * len(player.parts)
        + 3.0 * min(len(player.projects), 2)
    )


class GreedyPolicy:
    name = "greedy"

    def choose(self, game: Game[Any], state: Any, decision: Decision, rng: Rng) -> Choice:
        best: list[Choice] = []
        best_value = float("-inf")
        for choice in decision.choices:
            trial = game.copy(state)
            game.advance(trial, decision.seat, choice)
            value = estimate(trial, decision.seat)
            if value > best_value + 1e-9:
                best, best_value = [choice], value
            elif abs(value - best_value) <= 1e-9:
                best.append(choice)
        return rng.choice(best)
