"""Variants 1 and 2: the production tiles and each tile's effect (rulebook: variants page)."""

from __future__ import annotations

from engine.botfactory import GAME
from engine.botfactory.state import EMPTY, SANDRA
from tests.engine.botfactory.helpers import at_turn, ids, new, part, play, project, space

RED, YELLOW, BLUE, GREEN = range(4)


def test_variant_one_offers_a_tile_on_the_first_reservation_usable_from_a_later_turn() -> None:
    state = new(3, 1, variant=1)
    state.players[0].tokens = 4
    state = at_turn(state, 0, "FI3")
    assert not any(i.startswith("pt:") for i in ids(state))
    state = play(state, "reserve:6")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.offer"
    state = play(state, "tile:PT4")
    assert state.players[0].production == "PT4" and "PT4" not in state.offer
    assert not any(i.startswith("pt:") for i in ids(state)), "usable from a later turn only"
    state = play(state, "reserve:7")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.turn", "only the first contract offers a tile"
    state = play(state, "end")
    state = at_turn(state, 0, "AS1")
    assert f"pt:PT4:{BLUE}" in ids(state)
    state = play(state, f"pt:PT4:{BLUE}")
    assert state.values[BLUE] == 7 and state.players[0].production_used
    assert not any(i.startswith("pt:") for i in ids(state)), "used once per game"


def test_variant_two_takes_and_uses_at_once() -> None:
    state = new(3, 1, variant=2)
    state.values[RED] = 7
    state = at_turn(state, 0, "PR1")
    assert f"pt:PT4:{RED}" in ids(state)
    state = play(state, f"pt:PT4:{RED}")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.place", "line bonuses still apply"
    assert "PT4" not in state.offer and state.players[0].production == "PT4"
    state = play(state, "skip")
    assert not any(i.startswith("pt:") for i in ids(state))


def test_pt1_waives_sandras_toll_and_gains_a_token() -> None:
    state = new(3, 1, variant=2)
    tokens = state.players[0].tokens
    state = at_turn(state, 0, "FI1", sandra="FI3")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.toll" and "pt:PT1" in ids(state)
    state = play(state, "pt:PT1")
    assert state.players[0].tokens == tokens + 1
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.turn"


def test_pt2_spends_one_token_less_on_finance() -> None:
    state = new(3, 1, variant=2)
    state.players[0].tokens = 3
    state = at_turn(state, 0, "FI3")
    state = play(state, "pt:PT2", "reserve:3")
    assert state.players[0].tokens == 2, "a 2-token contract for 1"
    assert state.turn is not None and state.turn.left == 2, "the space's cap counts the full cost"


def test_pt3_pays_one_token_for_one_benefit() -> None:
    state = new(3, 1, variant=2)
    state.players[0].tokens = 1
    state = at_turn(state, 0, "PR1")
    top = state.piles[GREEN][-1]
    state = play(state, f"pt:PT3:pile:{GREEN}")
    assert top in state.players[0].parts and state.players[0].tokens == 0


def test_pt5_stands_beside_a_full_board() -> None:
    state = new(4, 1, variant=2)
    state.round, state.phase, state.cursor = 2, "move", 0
    state.order = [0]
    state.players[0].pos = 2 * space(state, "AS1")
    state.players[1].pos = 2 * space(state, "PR1")
    state.players[2].pos = 2 * space(state, "PR2")
    state.players[3].pos = 2 * space(state, "FI2")
    state.sandra = 2 * space(state, "FI1")
    assert "over:PT5:2" in ids(state)
    state = play(state, "over:PT5:2")
    assert state.players[0].pos == 2 * space(state, "PR2") + 1
    assert state.phase == "act" and state.order == [1, 2, 0, SANDRA, 3], "right of the board's last space"
    for _ in range(2):
        state = play(state, "end")
    assert state.turn is not None and state.turn.seat == 0 and state.turn.left == 2, "uses PR2's action"


def test_pt6_one_project_for_a_universal_part() -> None:
    state = new(3, 1, variant=2)
    state = at_turn(state, 0, "PR1")
    assert len(state.players[0].projects) == 1
    state = play(state, "pt:PT6:0", f"dropproj:{state.players[0].projects[0]}")
    assert not state.players[0].projects and any(state.rules.parts[t] == (-1, 0) for t in state.players[0].parts)


def test_pt7_universal_robot_completes_a_project() -> None:
    state = new(3, 1, variant=2)
    part(state, "universal", "head", owner=0)
    part(state, "universal", "legs", owner=0)
    project(state, "blue", 0)
    state = at_turn(state, 0, "FI1")
    state = play(state, f"pt:PT7:robot:0:2:{BLUE}")
    player = state.players[0]
    assert player.universal_robot != EMPTY and len(player.robots) == 1 and not state.universal_robot_free
    assert len(state.universal) == 6
    assert state.robots_board == [4, 4, 4, 4], "not a robot from the assembly board"
