"""Stored games load unchanged: the JSON objects in ``stored_states.json`` are states as the database
keeps them (sorted keys, compact separators), one per game and table kind. Each must load, check, offer
its decision, and write back byte for byte, so a running server's games survive an engine upgrade."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import registry

STORED: dict[str, str] = json.loads((Path(__file__).parent / "stored_states.json").read_text())


def _compact(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("name", sorted(STORED))
def test_a_stored_state_loads_plays_on_and_writes_back_the_same_bytes(name: str) -> None:
    game = registry.get(name.split("-")[0])
    state = game.from_json(json.loads(STORED[name]))
    game.check_invariants(state)
    assert game.pending(state), "a stored running game has someone to decide"
    assert _compact(game.to_json(state)) == STORED[name]
    assert _compact(game.to_json(game.copy(state))) == STORED[name]


def test_teammates_loaded_from_a_stored_game_share_one_screen() -> None:
    state = registry.get("imaginarium").from_json(json.loads(STORED["imaginarium-4-0"]))
    first, second = state.players[0], state.players[1]
    assert first.goods is second.goods and first.dream is second.dream and first.yard is second.yard
    copied = registry.get("imaginarium").copy(state)
    assert copied.players[0].goods is copied.players[1].goods and copied.players[0].goods is not first.goods
