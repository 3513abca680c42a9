"""Learned evaluations: a position's worth as a weighted sum of named features, the weights fit to
how self-play games ended.

A hand-written evaluation weighs what a designer guessed matters; the weights here are what games
an AI level plays against itself say: from every few positions of many games, the least-squares fit
of the final score margin between two seats on the difference of their features (every pair of seats
at a bigger table; a small ridge keeps features that move together, such as parts in hand and their
penalty, from taking opposite extreme weights). The margin is the quantity a search compares, so the
value is in final points: ``value(state, seat) - value(state, rival)`` is the margin the position
predicts.

The fit and the sampling are pure (no clock, no file): ``bricabot fit-value`` plays the games, fits,
and writes the weights that each game bundles as data (``engine/<game>/data/value.toml``), which
:func:`stored` reads back.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.contract import Game, Policy
from engine.core.data import read_toml
from engine.core.rng import Rng

Features = Callable[[Any, int], Mapping[str, float]]
"""A position's features for a seat, by name (the same names in every position)."""

EVERY = 3
"""Positions are recorded every this many decisions: neighbours differ by one choice and add little."""


@dataclass(frozen=True)
class Sample:
    """One recorded position for a pair of seats: the first's features minus the second's, the same
    difference by the game's own evaluation (to compare with), how near the end it was (the game's
    ``progress``), and the first's final margin over the second."""

    difference: Mapping[str, float]
    evaluated: float
    progress: float
    margin: float


@dataclass(frozen=True)
class LinearValue:
    """``sum(weight * feature)``; :meth:`parts` splits it into named groups (message keys, the facts a
    hint names) that add up to it."""

    features: Features
    weights: Mapping[str, float]
    groups: Mapping[str, str]
    """Each feature's group: a message key of the game's catalogue."""

    def __call__(self, state: Any, seat: int) -> float:
        return sum(self.weights[name] * value for name, value in self.features(state, seat).items())

    def parts(self, state: Any, seat: int) -> dict[str, float]:
        out: dict[str, float] = {}
        for name, value in self.features(state, seat).items():
            key = self.groups[name]
            out[key] = out.get(key, 0.0) + self.weights[name] * value
        return out


def stored(package: str, seats: int, features: Features, groups: Mapping[str, str]) -> LinearValue | None:
    """The value fit for ``seats`` players that the game ``package`` bundles (its ``data/value.toml``),
    ``None`` when it has none."""
    table = read_toml(package, "data/value.toml").get("players", {}).get(str(seats))
    if table is None:
        return None
    return LinearValue(features, {name: float(table["weights"][name]) for name in groups}, groups)


def sample(
    game: Game[Any],
    policy: Policy,
    seeds: Iterable[int],
    features: Features,
    evaluate: Callable[[Any, int], float],
    progress: Callable[[Any], float],
    rng_for: Callable[[int, int, int], Rng],
    options: Mapping[str, Any] | None = None,
    seats: int = 2,
) -> Iterable[list[Sample]]:
    """Games of ``policy`` against itself at ``seats`` seats, one per seed, each yielded as its samples
    once it ends: every recorded position gives one sample per pair of seats (the first minus the
    second), since a value that predicts each pair's margin predicts who ends ahead of whom.
    ``rng_for(seed, version, seat)`` gives each decision's generator (the one the service would use,
    so the games are those the level plays)."""
    pairs = [(a, b) for a in range(seats) for b in range(a + 1, seats)]
    for seed in seeds:
        state = game.new(seats, seed, dict(options or {}))
        order = Rng(seed ^ 0xA2E7A)
        seen: list[tuple[int, int, dict[str, float], float, float]] = []
        played = 0
        while game.outcome(state) is None:
            decisions = game.pending(state)
            decision = decisions[0] if len(decisions) == 1 else order.choice(decisions)
            if played % EVERY == 0:
                held = [features(state, s) for s in range(seats)]
                worth = [evaluate(state, s) for s in range(seats)]
                at = progress(state)
                for a, b in pairs:
                    difference = {k: held[a][k] - held[b][k] for k in held[a]}
                    seen.append((a, b, difference, worth[a] - worth[b], at))
            choice = policy.choose(game, state, decision, rng_for(seed, state.flow.version, decision.seat))
            game.advance(state, decision.seat, choice)
            played += 1
        outcome = game.outcome(state)
        assert outcome is not None
        scores = outcome.scores
        yield [Sample(d, evaluated, at, float(scores[a] - scores[b])) for a, b, d, evaluated, at in seen]


def fit(samples: Sequence[Sample], ridge: float = 1.0) -> dict[str, float]:
    """Least-squares weights of the margin on the feature differences, with a ridge penalty (no
    intercept: a position and its mirror must predict opposite margins)."""
    names = list(samples[0].difference)
    rows = [[s.difference[n] for n in names] for s in samples]
    size = len(names)
    normal = [[sum(r[i] * r[j] for r in rows) + (ridge if i == j else 0.0) for j in range(size)] for i in range(size)]
    target = [sum(r[i] * s.margin for r, s in zip(rows, samples, strict=True)) for i in range(size)]
    return dict(zip(names, _solve(normal, target), strict=True))


def _solve(matrix: list[list[float]], target: list[float]) -> list[float]:
    """Gauss-Jordan elimination with partial pivoting (the ridge keeps the matrix regular)."""
    size = len(target)
    rows = [[*row, value] for row, value in zip(matrix, target, strict=True)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


@dataclass(frozen=True)
class Quality:
    """How well a value predicts the margins of samples it was not fit on: the share of the margins'
    spread it explains (R², over a zero prediction), and how often it names the seat ahead at the
    end (positions of drawn games left out)."""

    explained: float
    leader: float


def quality(samples: Sequence[Sample], predict: Callable[[Sample], float]) -> Quality:
    """:class:`Quality` of ``predict`` (a sample to its predicted margin) on ``samples``."""
    predicted = [predict(s) for s in samples]
    residual = sum((s.margin - p) ** 2 for s, p in zip(samples, predicted, strict=True))
    spread = sum(s.margin**2 for s in samples) or math.inf
    decided = [(s.margin > 0) == (p > 0) for s, p in zip(samples, predicted, strict=True) if s.margin != 0]
    return Quality(1.0 - residual / spread, sum(decided) / len(decided) if decided else 0.0)


def in_points(samples: Sequence[Sample]) -> float:
    """The factor that best turns the game's own evaluation into final points on ``samples`` (least
    squares through zero), so that it is compared with a learned value on the same footing."""
    square = sum(s.evaluated**2 for s in samples)
    return sum(s.evaluated * s.margin for s in samples) / square if square else 0.0


def predictor(weights: Mapping[str, float]) -> Callable[[Sample], float]:
    """The margin ``weights`` predict for a sample."""
    return lambda s: sum(weight * s.difference[name] for name, weight in weights.items())
