"""The generic conformance suite over random Bot Factory games: 1-4 seats, every variant."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.botfactory import GAME
from engine.core.contract import RandomPolicy
from engine.core.rng import Rng
from engine.core.selfplay import play_one
from tests.engine.conformance import check_playout


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), variant=st.sampled_from([0, 1, 2]))
def test_random_playouts_conform(seats: int, seed: int, variant: int) -> None:
    """Invariants (tile, robot, contract and token conservation) at every step, a legal choice until
    the end, JSON round-trip, apply leaving its input untouched, replay from the seed."""
    record = check_playout(GAME, seats, seed, {"variant": variant}, every=10)
    assert record, "a game takes decisions"


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("variant", [0, 1, 2])
def test_selfplay_games_end_with_invariants(seats: int, variant: int) -> None:
    for seed in range(3):
        run = play_one(GAME, seats, seed, [RandomPolicy()] * seats, {"variant": variant})
        assert run.error is None and run.finished, run


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_greedy_games_end(seats: int) -> None:
    greedy = GAME.policies()["greedy"]
    run = play_one(GAME, seats, 5, [greedy] * seats, {"variant": seats % 3})
    assert run.error is None and run.finished, run


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("variant", [0, 1, 2])
def test_goal_games_end(seats: int, variant: int) -> None:
    goal = GAME.policies()["goal"]
    for seed in range(2):
        run = play_one(GAME, seats, seed, [goal] * seats, {"variant": variant})
        assert run.error is None and run.finished, run
        assert run.rounds <= 40, "the goal policy finishes robots: real-length games"


@pytest.mark.parametrize("policy", ["goal", "sharp", "greedy"])
def test_policies_decide_on_what_the_seat_may_know(policy: str) -> None:
    """Permuting every hidden order (under the pile tops, the project deck, the box, Vilela's decks)
    never changes a policy's choice."""
    chooser = GAME.policies()[policy]
    for seed in range(6):
        state = GAME.new(1 + seed % 4, seed)
        rng = Rng(seed)
        for step in range(400):
            if GAME.outcome(state) is not None:
                break
            decision = GAME.pending(state)[0]
            if step % 23 == 0:
                other = GAME.copy(state)
                rng.shuffle(other.deck)
                rng.shuffle(other.contract_box)
                for pile in other.piles:
                    body = pile[:-1]
                    rng.shuffle(body)
                    pile[:-1] = body
                if other.solo is not None:
                    for deck in (other.solo.action_deck, other.solo.robot_deck, other.solo.inspection_deck):
                        rng.shuffle(deck)
                mine = chooser.choose(GAME, state, decision, Rng(step))
                theirs = chooser.choose(GAME, other, GAME.pending(other)[0], Rng(step))
                assert mine.id == theirs.id
            GAME.advance(state, decision.seat, chooser.choose(GAME, state, decision, rng))
