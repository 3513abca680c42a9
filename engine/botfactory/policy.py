"""The ``greedy`` policy: one step of look-ahead on a copy, judged by a simple estimate of the
acting seat's standing.

The estimate reads only the seat's own public holdings (robots, tokens, tiles in hand, contracts),
never a deck order, so the policy decides on what ``view(state, seat)`` shows.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.botfactory import scoring
from engine.botfactory.state import EMPTY, State
from engine.core.contract import Choice, Decision, Game
from engine.core.rng import Rng


def estimate(state: State, seat: int) -> float:
    """Final VP if the game ended now, plus what robots in progress, tiles and tokens are likely worth:
    parts matching one's projects and columns where one's projects could be completed count most."""
    rules = state.rules
    player = state.players[seat]
    score = scoring.score(state, seat)
    wanted = {rules.projects[p] for p in player.projects}
    parts = sum(2.5 if rules.parts[t][0] in wanted or rules.parts[t][0] < 0 else 1.2 for t in player.parts)
    columns = sum(sum(t != EMPTY for t in state.columns[c]) for c in wanted)
    return (
        score.total
        + 10.0 * task_progress(state, seat, score)
        + 12.0 * score.robot_count
        + 0.7 * player.tokens
        + parts
        + 1.5 * columns
        + 2.5 * min(len(player.projects), 3)
    )


def task_progress(state: State, seat: int, score: scoring.Score) -> float:
    """Solo: how far the task tile is met (losing the task loses the game whatever the score)."""
    if state.solo is None:
        return 0.0
    built = Counter(scoring.robot_colours(state, seat))
    counts = [*sorted(built.values(), reverse=True), 0, 0]
    task = state.solo.task
    if task == "A":
        return float(min(counts[0], 3))
    if task == "B":
        worthy = sum(1 for c in built if state.values[c] >= state.rules.task_b_value)
        return min(worthy, 3) + 0.5 * min(len(built), 3)
    if task == "C":
        return float(min(counts[0], 2) + min(counts[1], 2))
    return float(min(len(score.fulfilled), 3))


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
