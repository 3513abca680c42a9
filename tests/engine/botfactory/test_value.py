"""Bot Factory's learned value: what ``hard`` judges with at two and four players, the estimate elsewhere."""

from __future__ import annotations

import pytest

from engine import registry
from engine.botfactory.policy import estimate, worth
from engine.botfactory.state import State
from engine.botfactory.value import GROUPS, UNIT, features, learned, value, value_parts
from engine.core.rng import Rng
from engine.core.search import SearchPolicy, level_policy


def played(seats: int, seed: int, decisions: int = 40) -> State:
    """A position ``decisions`` choices of ``goal`` into a game (solo: task D)."""
    game = registry.get("botfactory")
    state: State = game.new(seats, seed, {"task": "D"} if seats == 1 else {})
    policy, rng = level_policy(game, "easy"), Rng(seed)
    for _ in range(decisions):
        if game.outcome(state) is not None:
            break
        decision = game.pending(state)[0]
        game.advance(state, decision.seat, policy.choose(game, state, decision, rng))
    return state


@pytest.mark.parametrize("seats", [2, 4])
def test_the_value_is_learned_at_two_and_four_players(seats: int) -> None:
    fit = learned(seats)
    state = played(seats, 3)
    assert fit is not None and set(fit.weights) == set(GROUPS) == set(features(state, 0))
    assert value(state, 0) == pytest.approx(UNIT * fit(state, 0)) and value(state, 0) != estimate(state, 0)


def test_each_table_size_has_its_own_weights() -> None:
    two, four = learned(2), learned(4)
    assert two is not None and four is not None and two.weights != four.weights


@pytest.mark.parametrize("seats", [1, 3])
def test_the_estimate_judges_a_table_size_without_weights(seats: int) -> None:
    state = played(seats, 3)
    assert learned(seats) is None or seats == 1
    assert value(state, 0) == estimate(state, 0) and value_parts(state, 0) == worth(state, 0)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_value_parts_add_up_to_it_in_the_catalogue_s_words(seats: int) -> None:
    game = registry.get("botfactory")
    state = played(seats, 5)
    parts = value_parts(state, 1)
    assert sum(parts.values()) == pytest.approx(value(state, 1))
    for key in parts:
        assert game.text(key, {}, "en") != key and game.text(key, {}, "fr") != key


def test_hard_judges_with_the_value_and_normal_with_the_estimate() -> None:
    game = registry.get("botfactory")
    hard, normal = level_policy(game, "hard"), level_policy(game, "normal")
    assert isinstance(hard, SearchPolicy) and isinstance(normal, SearchPolicy)
    assert hard.judge.evaluate is value and hard.judge.parts is value_parts
    assert normal.judge.evaluate is estimate and normal.judge.parts is worth


def test_open_contracts_count_apart_from_lost_ones() -> None:
    """The final score counts a reserved contract the robots do not fulfil as lost; the value weighs
    it apart, as work waiting."""
    state = next(
        s
        for seed in range(40)
        for s in (played(2, seed, decisions=120),)
        if any(features(s, seat)["contracts_open"] for seat in (0, 1))
    )
    seat = next(seat for seat in (0, 1) if features(state, seat)["contracts_open"])
    assert features(state, seat)["contracts_lost"] > 0
