"""Imaginarium's learned value: what ``hard`` judges with at two players, ``forecast`` elsewhere."""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.core.rng import Rng
from engine.core.search import SearchPolicy, level_policy
from engine.imaginarium.cards import VP
from engine.imaginarium.policy import GreedyPolicy, forecast, foresight
from engine.imaginarium.state import State
from engine.imaginarium.value import ENDED, GROUPS, UNIT, features, learned, value, value_parts


def played(seats: int, seed: int, decisions: int = 60, options: dict[str, Any] | None = None) -> State:
    """A position ``decisions`` choices of ``easy`` into a game."""
    game = registry.get("imaginarium")
    state: State = game.new(seats, seed, options or {})
    policy, rng = level_policy(game, "easy"), Rng(seed)
    for _ in range(decisions):
        if game.outcome(state) is not None:
            break
        decision = game.pending(state)[0]
        game.advance(state, decision.seat, policy.choose(game, state, decision, rng))
    return state


def test_the_value_is_learned_at_two_players_and_forecast_elsewhere() -> None:
    fit = learned(2)
    two = played(2, 3)
    assert fit is not None and set(fit.weights) == set(GROUPS) == set(features(two, 0))
    assert value(two, 0) == pytest.approx(UNIT * fit(two, 0)) and value(two, 0) != forecast(two, 0)
    others = [played(3, 3), played(4, 3), played(2, 3, options={"chimera": True})]
    others.append(played(4, 3, options={"chimera": True, "teams": True}))
    for state in others:
        assert learned(len(state.players)) is None or state.data.chimera
        assert value(state, 0) == forecast(state, 0) and value_parts(state, 0) == foresight(state, 0)


@pytest.mark.parametrize("seats", [2, 3])
def test_the_value_parts_add_up_to_it_in_the_catalogue_s_words(seats: int) -> None:
    game = registry.get("imaginarium")
    state = played(seats, 5)
    parts = value_parts(state, 1)
    assert sum(parts.values()) == pytest.approx(value(state, 1))
    for key in parts:
        assert game.text(key, {}, "en") != key and game.text(key, {}, "fr") != key


def test_a_finished_game_counts_its_margin_above_everything() -> None:
    game = registry.get("imaginarium")
    state = played(2, 7, decisions=100_000)
    outcome = game.outcome(state)
    assert outcome is not None and len(outcome.winners) == 1
    winner = outcome.winners[0]
    fit = learned(2)
    assert fit is not None
    margin = state.players[winner].goods[VP] - state.players[1 - winner].goods[VP]
    assert value(state, winner) == pytest.approx(UNIT * fit(state, winner) + ENDED * margin)
    assert sum(value_parts(state, winner).values()) == pytest.approx(value(state, winner))


def test_hard_judges_and_looks_ahead_with_the_value_and_normal_with_forecast() -> None:
    game = registry.get("imaginarium")
    hard, normal = level_policy(game, "hard"), level_policy(game, "normal")
    assert isinstance(hard, SearchPolicy) and isinstance(normal, SearchPolicy)
    assert hard.judge.evaluate is value and hard.judge.parts is value_parts
    assert normal.judge.evaluate is forecast and normal.judge.parts is foresight
    lead, prior = hard.hooks.priors["hard"], normal.hooks.priors["normal"]
    assert isinstance(lead, GreedyPolicy) and isinstance(prior, GreedyPolicy)
    assert lead.evaluation is value and prior.evaluation is forecast
