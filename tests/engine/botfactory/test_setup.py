"""Set-up (rulebook: set-up steps 1-8, solo set-up), including the wheel fill-order example."""

from __future__ import annotations

import pytest

from engine.botfactory import GAME
from engine.botfactory.state import EMPTY
from tests.engine.botfactory.helpers import new, space_of


@pytest.mark.parametrize("seats, robots", [(1, 3), (2, 3), (3, 4), (4, 4)])
def test_robots_per_colour_group(seats: int, robots: int) -> None:
    state = GAME.new(seats, 7)
    assert state.robots_board == [robots] * 4
    assert state.robots_box == [4 - robots] * 4


def test_wheel_fill_example_from_the_yellow_marker() -> None:
    """Rulebook example: the left spare is yellow, so the marker starts over the yellow pile and the
    wheel reads yellow, blue, green, red, yellow, blue, green, red from the 11 o'clock entry."""
    seed = next(s for s in range(200) if _left_spare_colour(s) == "yellow")
    state = GAME.new(3, seed)
    colours = [state.rules.colours[state.rules.parts[t][0]] for t in state.wheel]
    assert colours == ["yellow", "blue", "green", "red"] * 2
    assert state.rules.colours[state.marker] == "yellow", "after 8 fills the marker is back where it started"


@pytest.mark.parametrize("seed", range(10))
def test_wheel_fill_follows_the_marker_for_any_start(seed: int) -> None:
    state = GAME.new(2, seed)
    start = state.rules.parts[state.spares[0]][0]
    assert [state.rules.parts[t][0] for t in state.wheel] == [(start + i) % 4 for i in range(8)]
    assert all(state.rules.parts[t][0] >= 0 for t in state.spares), "universal parts are set aside"


def _left_spare_colour(seed: int) -> str:
    state = GAME.new(3, seed)
    return state.rules.colours[state.rules.parts[state.spares[0]][0]]


def test_board_set_up() -> None:
    state = GAME.new(4, 3)
    rules = state.rules
    assert all(t != EMPTY for t in state.display) and len(state.display) == 6
    assert sorted(rules.parts[t][1] for t in state.universal) == [0, 0, 1, 1, 2, 2]
    assert state.values == [6, 6, 6, 6]
    assert len([c for c in state.grid if c != EMPTY]) == 9 and len(state.contract_box) == 5
    assert space_of(state, "sandra") == "FI3", "Sandra starts on the rightmost action space"
    assert all(len(p.projects) == 1 for p in state.players)
    assert len(state.deck) == 24 - 6 - 4


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_speech_tokens_last_player_takes_two(seats: int) -> None:
    state = GAME.new(seats, 11)
    last = (state.first + seats - 1) % seats
    assert [p.tokens for p in state.players] == [2 if s == last else 1 for s in range(seats)]


def test_solo_gets_a_single_token_and_vilela_on_the_leftmost_finance_space() -> None:
    state = GAME.new(1, 5, {"task": "C"})
    assert state.players[0].tokens == 1
    assert space_of(state, "vilela") == "FI1"
    assert state.solo is not None and state.solo.task == "C"


def test_starting_parts_taken_in_reverse_turn_order() -> None:
    state = GAME.new(3, 4)
    order = [(state.first + i) % 3 for i in range(3)]
    seen = []
    while state.flow.phase == "start":
        decision = GAME.pending(state)[0]
        seen.append(decision.seat)
        top = state.piles[2][-1]
        state = GAME.apply(state, decision.seat, "start:2", state.flow.version).state
        assert top in state.players[decision.seat].parts, "the top tile of the chosen pile"
    assert seen == order[::-1]
    assert state.flow.phase == "move" and GAME.pending(state)[0].seat == order[0]


def test_after_set_up_every_player_holds_one_part() -> None:
    state = new(4, 9)
    assert all(len(p.parts) == 1 for p in state.players)
