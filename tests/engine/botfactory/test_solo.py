"""Solo variant Inspection: Vilela's moves and actions (rulebook: Inspection). The task tiles and the
report are played to the end in test_tasks.py."""

from __future__ import annotations

from engine.botfactory import GAME, flow, solo
from engine.botfactory.state import EMPTY
from engine.botfactory.view import BOARDS
from engine.core.contract import Transition
from tests.engine.botfactory.helpers import Scenario, new, pick, play, prompt, space_of

RED, YELLOW, BLUE, GREEN = range(4)


def test_vilela_stays_in_round_one_then_moves_to_the_leftmost_empty_space_of_another_board() -> None:
    state = pick(new(1, 3), "move", space="PR2")
    assert space_of(state, "vilela") == "FI1" and state.flow.phase == "act"
    while state.flow.round == 1:
        state = play(state, "toll:pass" if prompt(state) == "toll" else "end")
    assert state.flow.phase == "move" and state.solo is not None and state.solo.action == EMPTY
    state = play(state, GAME.pending(state)[0].choices[0].id)
    assert state.solo is not None and state.solo.action != EMPTY and state.solo.robot != EMPTY
    shown = BOARDS[state.rules.action_tiles[state.solo.action]]
    assert shown != "finance", "he must change board (he started on finance)"
    spaces = [s.name for s in state.rules.spaces if BOARDS[s.board] == shown]
    here = space_of(state, "vilela")
    assert here in spaces
    assert set(spaces[: spaces.index(here)]) <= {space_of(state, 0), space_of(state, "sandra")}, "leftmost empty"


def test_vilela_assembly_removes_two_parts_or_a_robot() -> None:
    state = Scenario(1).vilela("AS2", robot="blue").column("blue", "blue head").build()
    solo.vilela_action(state, Transition())
    assert state.robots_board[BLUE] == 2 and state.robots_box[BLUE] == 2, "one part only: a robot leaves"
    state = Scenario(1).vilela("AS2", robot="blue").column("blue", "blue head", "universal legs").build()
    solo.vilela_action(state, Transition())
    assert state.columns[BLUE] == [EMPTY] * 3 and state.robots_board[BLUE] == 3, "two parts removed"
    assert len(state.universal) == 6, "the universal part went back to the projects board"


def test_vilela_removing_the_last_robot_ends_the_game() -> None:
    state = Scenario(1).vilela("AS1", robot="red").robots_left(red=1).build()
    solo.vilela_action(state, Transition())
    assert flow.game_ends(state)


def test_vilela_parts_and_projects_discard_his_colour() -> None:
    state = Scenario(1).vilela("PP1", robot="green").build()
    solo.vilela_action(state, Transition())
    assert all(t == EMPTY or state.rules.parts[t][0] != GREEN for t in state.wheel)
    assert any(t == EMPTY for t in state.wheel)
    scenario = Scenario(1).vilela("PR1", robot="green").display(left=["green", "red", "green"], right=["blue"])
    state = scenario.build()
    display = list(state.display)
    solo.vilela_action(state, Transition())
    assert state.display[:4] == [EMPTY, display[1], EMPTY, display[3]], "no slide, no refill"


def test_vilela_finance_lowers_his_colour_and_inspects_contracts() -> None:
    scenario = Scenario(1).vilela("FI1", robot="yellow").vilela_next(inspections=["I1"]).hand(0, tokens=0)
    state = scenario.contract(0, 0, "C05", reserved_by=[0]).build()
    solo.vilela_action(state, Transition())
    assert state.values[YELLOW] == 5
    assert state.grid[0] != EMPTY, "a contract with a token cannot be removed"
    assert state.grid[1] == state.grid[2] == EMPTY, "only two removable: both go"
    assert len(state.contract_box) == 7


def test_vilela_inspection_lets_the_player_choose_two_of_three() -> None:
    scenario = Scenario(1).vilela("FI1", robot="red").vilela_next(inspections=["I4"])
    state = scenario.contract(0, 0, "C01").contract(1, 0, "C05").contract(2, 0, "C11").build()
    solo.vilela_action(state, Transition())
    decision = GAME.pending(state)[0]
    assert decision.seat == 0 and prompt(state) == "vremove"
    assert {c.params["contract"] for c in decision.choices} == {"C01", "C05", "C11"}
    state = pick(state, "vremove", contract="C05")
    assert {c.params["contract"] for c in GAME.pending(state)[0].choices} == {"C01", "C11"}


def test_vilela_redraws_a_tile_showing_his_own_board() -> None:
    scenario = Scenario(1, 2).vilela("FI1").vilela_next(actions=["finance", "parts"])
    state = scenario.worker(0, "AS1").sandra("PR1").moving("vilela").build()
    assert state.solo is not None and BOARDS[state.rules.action_tiles[state.solo.action]] == "parts"
    assert space_of(state, "vilela") == "PP1"
    assert state.rules.action_tiles.index(3) in state.solo.action_discard, "the finance tile was discarded"


def test_vilela_skips_a_full_board() -> None:
    scenario = Scenario(1, 2).vilela("AS1").vilela_next(actions=["projects", "finance"])
    state = scenario.worker(0, "PR1").sandra("PR2").moving("vilela").build()
    assert space_of(state, "vilela") == "FI1"


def test_vilela_reshuffles_an_empty_deck() -> None:
    scenario = Scenario(1, 2).vilela_spent("robots").worker(0, "AS1").sandra("PR1")
    state = scenario.moving("vilela").build()
    assert state.solo is not None and state.solo.robot != EMPTY and len(state.solo.robot_deck) == 3
