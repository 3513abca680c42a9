"""The ``greedy`` AI: one-ply look-ahead with a static evaluation of what the deciding seat may see.

It tries every legal choice on a copy, scores the result from the seat's point of view (its own screen
plus public information) and keeps the best; ties go to the earliest choice. Cards whose identity
came from a hidden draw (yard, secret projects) are valued by count only, so a look-ahead through a
draw never peeks at the deck.
"""

from __future__ import annotations

from typing import Any

from engine.core.contract import Choice, Decision, Game
from engine.core.rng import Rng
from engine.imaginarium.cards import PRODUCTION, VP
from engine.imaginarium.machines import stack_line
from engine.imaginarium.state import State

GOOD_VALUE = (0.6, 0.7, 1.2, 1.6, 6.0)
"""Rough worth of one charcoalium, wood, copper, crystal and VP."""


def evaluate(state: State, seat: int) -> float:
    data = state.data
    player = state.players[seat]
    score = sum(GOOD_VALUE[g] * player.goods[g] for g in range(5))
    for stack in player.stacks:
        line = stack_line(data, stack)
        if line is not None:
            produced = sum(GOOD_VALUE[g] * line.gain[g] for g in range(5)) + 1.2 * (line.any_out + line.same_out)
            spent = sum(GOOD_VALUE[g] * line.cost[g] for g in range(5)) + 1.0 * line.any_in
            score += 2.5 * max(0.0, produced - spent)
        if any(data.card[u].type == PRODUCTION for u in stack):
            score += 1.0
        score += 0.5 * len(stack)
    score += 1.5 * len(player.yard) + 4.0 * len(player.assistants) + 3.0 * len(player.secret)
    if state.phase == "ended":
        score += 100.0 * (player.goods[VP] - max(p.goods[VP] for p in state.players if p is not player))
    return score


class GreedyPolicy:
    """Picks the choice whose one-ply result evaluates best for the deciding seat."""

    name = "greedy"

    def choose(self, game: Game[Any], state: Any, decision: Decision, rng: Rng) -> Choice:
        if len(decision.choices) == 1:
            return decision.choices[0]
        best = decision.choices[0]
        best_score = float("-inf")
        for choice in decision.choices:
            trial = game.copy(state)
            game.advance(trial, decision.seat, choice)
            score = evaluate(trial, decision.seat)
            if score > best_score + 1e-9:
                best, best_score = choice, score
        return best
