"""Learned evaluations (:mod:`engine.core.value`): the least-squares fit, its parts and scores, and
the self-play samples it learns from."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import registry
from engine.core.rng import Rng
from engine.core.search import SearchHooks, level_policy, search_hooks
from engine.core.value import LinearValue, Sample, fit, in_points, predictor, quality, sample


def _hooks() -> SearchHooks[Any]:
    hooks = search_hooks(registry.get("botfactory"))
    assert hooks is not None
    return hooks


def _played(seeds: list[int], seats: int = 2) -> list[list[Sample]]:
    """Bot Factory games between ``easy`` seats, as :func:`sample` records them."""
    game, hooks = registry.get("botfactory"), _hooks()
    assert hooks.features is not None and hooks.progress is not None

    def rng_for(seed: int, version: int, seat: int) -> Rng:
        return Rng(seed * 1000 + version * 10 + seat)

    policy = level_policy(game, "easy")
    return list(sample(game, policy, seeds, hooks.features, hooks.evaluate, hooks.progress, rng_for, seats=seats))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(-5, 5), min_size=3, max_size=3), st.integers(0, 2**32))
def test_the_fit_recovers_the_weights_of_exact_margins(weights: list[float], seed: int) -> None:
    rng = Rng(seed)
    names = ("a", "b", "c")
    samples = []
    for _ in range(60):
        difference = {n: float(rng.randbelow(13) - 6) for n in names}
        margin = sum(w * difference[n] for w, n in zip(weights, names, strict=True))
        samples.append(Sample(difference, 0.0, 0.5, margin))
    fitted = fit(samples, ridge=1e-9)
    assert [fitted[n] for n in names] == pytest.approx(weights, abs=1e-6)
    assert quality(samples, predictor(fitted)).explained == pytest.approx(1.0, abs=1e-9) or all(
        s.margin == 0 for s in samples
    )


def test_a_ridge_shares_weight_between_features_that_move_together() -> None:
    """Parts in hand and their penalty are the same count: alone, the fit could give them any two
    weights adding up to the right one; the ridge gives them equal shares."""
    samples = [Sample({"held": float(n), "penalty": float(n)}, 0.0, 0.0, 2.0 * n) for n in range(-5, 6)]
    fitted = fit(samples)
    assert fitted["held"] == pytest.approx(fitted["penalty"]) and fitted["held"] + fitted["penalty"] == pytest.approx(
        2.0, rel=0.01
    )


def test_a_bigger_table_gives_a_sample_per_pair_of_seats_with_their_margin() -> None:
    game, hooks = registry.get("botfactory"), _hooks()
    assert hooks.features is not None
    (samples,) = _played([7], seats=4)
    start = game.new(4, 7, {})
    held = [hooks.features(start, s) for s in range(4)]
    pairs = [(a, b) for a in range(4) for b in range(a + 1, 4)]
    assert len(samples) % len(pairs) == 0 and len(samples) > 5 * len(pairs)
    for (a, b), first in zip(pairs, samples, strict=False):
        assert first.difference == {name: held[a][name] - held[b][name] for name in held[a]}
        assert first.evaluated == hooks.evaluate(start, a) - hooks.evaluate(start, b)
    # Each pair's margin is the same in every position of the game, and the margins add up around seats.
    margins = {pair: {s.margin for s in samples[i :: len(pairs)]} for i, pair in enumerate(pairs)}
    assert all(len(m) == 1 for m in margins.values())
    (ab,), (bc,), (ac,) = margins[(0, 1)], margins[(1, 2)], margins[(0, 2)]
    assert ab + bc == ac


def test_quality_scores_the_share_explained_and_the_leader_named() -> None:
    ahead, behind, drawn = (Sample({"x": x}, 2.0 * x, 0.0, m) for x, m in ((1.0, 4.0), (-1.0, -4.0), (1.0, 0.0)))
    samples = [ahead, behind, drawn]
    perfect = quality(samples[:2], lambda s: s.margin)
    assert perfect.explained == 1.0 and perfect.leader == 1.0
    wrong = quality(samples[:2], lambda s: -s.margin)
    assert wrong.leader == 0.0 and wrong.explained < 0
    assert in_points(samples[:2]) == pytest.approx(2.0)  # the game's evaluation runs at half the final points
    assert quality(samples, lambda s: 0.0).explained == 0.0


def test_a_linear_value_splits_into_parts_that_add_up_to_it() -> None:
    groups = {"a": "k.a", "b": "k.a"}
    value = LinearValue(lambda state, seat: {"a": state[seat], "b": 2.0}, {"a": 1.5, "b": -1.0}, groups)
    assert value([4.0, 1.0], 0) == 4.0 and value([4.0, 1.0], 1) == -0.5
    assert value.parts([4.0, 1.0], 0) == {"k.a": 4.0}


def test_samples_are_positions_of_finished_games_with_their_final_margin() -> None:
    game, hooks = registry.get("botfactory"), _hooks()
    assert hooks.features is not None
    games = _played([5, 6])
    assert len(games) == 2
    for seed, samples in zip((5, 6), games, strict=True):
        assert len({s.margin for s in samples}) == 1 and len(samples) > 5
        assert all(set(s.difference) == set(samples[0].difference) for s in samples)
        assert samples[0].progress == 0.0 and all(0.0 <= s.progress <= 1.0 for s in samples)
        start = game.new(2, seed, {})
        mine, theirs = hooks.features(start, 0), hooks.features(start, 1)
        assert samples[0].difference == {name: mine[name] - theirs[name] for name in mine}
        assert samples[0].evaluated == hooks.evaluate(start, 0) - hooks.evaluate(start, 1)
    again = _played([5])
    assert again[0] == games[0]  # the same seed plays the same game
