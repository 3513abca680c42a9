"""Whole games the engine plays, drawn at intervals from start to end: no position of any seat count
or option may break a render (a render that raises leaves a Discord thread without its table)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.core.contract import RandomPolicy
from engine.core.errors import EngineError
from engine.core.rng import Rng
from renders.api import render_board, render_final, render_screen

CASES = [("imaginarium", seats, {"chimera": chimera}) for seats in (2, 3, 4, 5) for chimera in (False, True)]
CASES += [("imaginarium", seats, {"chimera": True, "teams": True}) for seats in (4, 6)]
CASES += [("botfactory", seats, {}) for seats in (1, 2, 3, 4)]
CASES += [("botfactory", 4, {"variant": variant}) for variant in (1, 2)]
SNAPSHOTS = 8


@pytest.mark.parametrize(("kind", "seats", "options"), CASES)
def test_every_stage_of_a_game_renders(kind: str, seats: int, options: dict[str, Any]) -> None:
    try:
        game = registry.get(kind)
    except EngineError:
        pytest.skip(f"the {kind} engine is not registered")
    state = game.new(seats, 1000 + seats, options)
    rng, policy = Rng(seats), RandomPolicy()
    positions = []
    for _ in range(20_000):
        if game.outcome(state) is not None:
            break
        positions.append(game.to_json(state))
        decisions = game.pending(state)
        decision = decisions[0] if len(decisions) == 1 else rng.choice(decisions)
        game.advance(state, decision.seat, policy.choose(game, state, decision, rng))
    assert game.outcome(state) is not None, "the game did not end"
    step = max(1, len(positions) // SNAPSHOTS)
    for i, data in enumerate(positions[::step]):
        position = game.from_json(data)
        board = render_board(game.view(position, None))
        assert board.png and board.text
        assert render_screen(game.view(position, i % seats)).png
    final = game.view(state, None)
    assert render_final(final).text
    assert render_board(final).text
