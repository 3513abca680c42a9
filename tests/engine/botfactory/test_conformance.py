"""The generic conformance suite over random Bot Factory games: 1-4 seats, every variant."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.botfactory import GAME
from engine.core.contract import RandomPolicy
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
