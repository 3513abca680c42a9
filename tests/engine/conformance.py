"""The conformance suite every game runs: random playouts checked at every step.

Each game's tests call :func:`check_playout` (usually from a hypothesis test over seeds and seat
counts) so the same contract checks apply to every engine: invariants, a legal choice until the end,
JSON round-trip, checked ``apply`` leaving its input untouched, and replay from the seed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine.core import Game, Rng


def check_playout(
    game: Game[Any],
    seats: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    max_decisions: int = 20_000,
    every: int = 1,
) -> list[tuple[int, str]]:
    """Play a random game to its end with the checked API; return the recorded (seat, choice) list.

    ``every`` spaces out the expensive checks (round-trip and purity) for long games.
    """
    state = game.new(seats, seed, options)
    rng = Rng(seed + 17)
    record: list[tuple[int, str]] = []
    while game.outcome(state) is None:
        game.check_invariants(state)
        decisions = game.pending(state)
        assert decisions, f"no pending decision at version {state.flow.version} but the game is not over"
        for decision in decisions:
            assert decision.choices, f"seat {decision.seat} must decide {decision.prompt} with no choice"
            ids = [c.id for c in decision.choices]
            assert len(ids) == len(set(ids)), f"duplicate choice ids in {decision.prompt}: {ids}"
            assert all(len(i) <= 60 for i in ids), "choice ids must fit a component custom_id"
        decision = rng.choice(decisions)
        choice = rng.choice(decision.choices)
        if len(record) % every == 0:
            before = json.dumps(game.to_json(state), sort_keys=True)
            assert game.to_json(game.from_json(json.loads(before))) == json.loads(before)
            result = game.apply(state, decision.seat, choice.id, state.flow.version)
            assert json.dumps(game.to_json(state), sort_keys=True) == before, "apply mutated its input"
        else:
            result = game.apply(state, decision.seat, choice.id, state.flow.version)
        assert result.state.flow.version == state.flow.version + 1
        state = result.state
        record.append((decision.seat, choice.id))
        assert len(record) <= max_decisions, "game did not end"
    game.check_invariants(state)
    assert game.pending(state) == ()
    replayed = replay(game, seats, seed, options, record)
    assert game.to_json(replayed) == game.to_json(state), "replay from the seed differs"
    return record


def replay(
    game: Game[Any], seats: int, seed: int, options: Mapping[str, Any] | None, record: list[tuple[int, str]]
) -> Any:
    state = game.new(seats, seed, options)
    for seat, choice_id in record:
        state = game.apply(state, seat, choice_id, state.flow.version).state
    return state
