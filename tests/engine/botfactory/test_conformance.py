"""The generic conformance suite over random Bot Factory games: 1-4 seats, every variant."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.botfactory import GAME
from engine.core.contract import RandomPolicy
from engine.core.selfplay import play_one
from tests.engine.conformance import check_playout


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), seats=st.integers(1, 4), variant=st.sampled_from([0, 1, 2]))
def test_random_playouts_conform(seed: int, seats: int, variant: int) -> None:
    check_playout(GAME, seats, seed, {"variant": variant}, every=25)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("variant", [0, 1, 2])
def test_selfplay_games_end_with_invariants(seats: int, variant: int) -> None:
    for seed in range(3):
        run = play_one(GAME, seats, seed, [RandomPolicy()] * seats, {"variant": variant})
        assert run.error is None and run.finished, run
