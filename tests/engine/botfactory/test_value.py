"""Bot Factory's learned value: what ``hard`` judges with at two players, the estimate elsewhere."""

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


def test_the_value_is_learned_at_two_players_and_the_estimate_elsewhere() -> None:
    fit = learned(2)
    assert fit is not None and set(fit.weights) == set(GROUPS) == set(features(played(2, 3), 0))
    two = played(2, 3)
    assert value(two, 0) == pytest.approx(UNIT * fit(two, 0)) and value(two, 0) != estimate(two, 0)
    for seats in (1, 3, 4):
        state = played(seats, 3)
        assert learned(seats) is None or seats == 1
        assert value(state, 0) == estimate(state, 0) and value_parts(state, 0) == worth(state, 0)


@pytest.mark.parametrize("seats", [2, 3])
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
