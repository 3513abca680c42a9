"""Solo variant Inspection: Vilela's moves and actions, the task tiles, the report (rulebook)."""

from __future__ import annotations

from engine.botfactory import GAME, flow, solo
from engine.botfactory.state import EMPTY, State
from engine.core.contract import Transition
from tests.engine.botfactory.helpers import new, space

RED, YELLOW, BLUE, GREEN = range(4)


def _vilela(state: State, board_name: str, colour: int, where: str) -> None:
    assert state.solo is not None
    state.solo.robot = state.rules.robot_tiles.index(colour)
    state.vilela = 2 * space(state, where)
    assert state.rules.spaces[space(state, where)].board == ("assembly", "parts", "projects", "finance").index(
        board_name
    )


def test_vilela_stays_in_round_one_then_moves_to_the_leftmost_empty_space_of_another_board() -> None:
    state = new(1, 3)
    start = state.vilela
    state = GAME.apply(state, 0, f"move:{space(state, 'PR2')}", state.version).state
    assert state.vilela == start and state.phase == "act"
    while state.round == 1:
        decision = GAME.pending(state)[0]
        state = GAME.apply(state, 0, "toll:pass" if decision.prompt.endswith("toll") else "end", state.version).state
    assert state.phase == "move" and state.round == 2
    assert state.solo is not None and state.solo.action == EMPTY
    state = GAME.apply(state, 0, GAME.pending(state)[0].choices[0].id, state.version).state
    assert state.solo is not None and state.solo.action != EMPTY and state.solo.robot != EMPTY
    shown = state.rules.action_tiles[state.solo.action]
    assert shown != 3, "he must change board (he started on finance)"
    board_spaces = state.rules.board_spaces[shown]
    assert state.vilela // 2 in board_spaces
    assert all(2 * i in {p.pos for p in state.players} | {state.sandra} for i in board_spaces if 2 * i < state.vilela)


def test_vilela_assembly_removes_two_parts_or_a_robot() -> None:
    state = new(1, 1)
    _vilela(state, "assembly", BLUE, "AS2")
    state.columns[BLUE][0] = state.piles[BLUE].pop()
    solo.vilela_action(state, Transition())
    assert state.robots_board[BLUE] == 2 and state.robots_box[BLUE] == 2, "one part only: a robot leaves"
    state.columns[BLUE][2] = state.universal.pop()
    solo.vilela_action(state, Transition())
    assert state.columns[BLUE] == [EMPTY] * 3 and state.robots_board[BLUE] == 2, "two parts removed"
    assert len(state.universal) == 6, "the universal part went back to the projects board"


def test_vilela_removing_the_last_robot_ends_the_game() -> None:
    state = new(1, 1)
    _vilela(state, "assembly", RED, "AS1")
    state.robots_board[RED] = 1
    solo.vilela_action(state, Transition())
    assert flow.game_ends(state)


def test_vilela_parts_and_projects_discard_his_colour() -> None:
    state = new(1, 1)
    _vilela(state, "parts", GREEN, "PP1")
    solo.vilela_action(state, Transition())
    assert all(t == EMPTY or state.rules.parts[t][0] != GREEN for t in state.wheel)
    assert any(t == EMPTY for t in state.wheel)
    _vilela(state, "projects", GREEN, "PR1")
    display = list(state.display)
    solo.vilela_action(state, Transition())
    for before, after in zip(display, state.display, strict=True):
        green = before != EMPTY and state.rules.projects[before] == GREEN
        assert after == (EMPTY if green else before), "no slide, no refill"


def test_vilela_finance_lowers_his_colour_and_inspects_contracts() -> None:
    state = new(1, 1)
    assert state.solo is not None
    _vilela(state, "finance", YELLOW, "FI1")
    tile = state.solo.inspection_deck[-1]
    options = state.rules.inspection[tile]
    state.reservations[options[0]] = [0]
    solo.vilela_action(state, Transition())
    assert state.values[YELLOW] == 5
    assert state.grid[options[0]] != EMPTY, "a contract with a token cannot be removed"
    assert all(state.grid[p] == EMPTY for p in options[1:]), "only two removable: both go"
    assert len(state.contract_box) == 7


def test_vilela_inspection_lets_the_player_choose_two_of_three() -> None:
    state = new(1, 1)
    assert state.solo is not None
    _vilela(state, "finance", RED, "FI1")
    tile = state.solo.inspection_deck[-1]
    options = state.rules.inspection[tile]
    solo.vilela_action(state, Transition())
    assert state.stack == [["vremove", 2, *options]]
    decision = GAME.pending(state)[0]
    assert decision.seat == 0 and {c.id for c in decision.choices} == {f"vremove:{p}" for p in options}


def test_tasks_and_report() -> None:
    state = new(1, 1, task="A")
    assert state.solo is not None
    reds = [t for t in state.deck if state.rules.projects[t] == RED][:3]
    for t in reds:
        state.deck.remove(t)
    state.players[0].robots = reds[:2]
    state.phase = "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.reason == "botfactory.end.fired"
    state.players[0].robots = reds
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.details["report"] == "poor"
    state.solo.task = "B"
    assert not GAME.outcome(state).winners  # type: ignore[union-attr]


def test_vilela_redraws_a_tile_showing_his_own_board() -> None:
    state = new(1, 2)
    assert state.solo is not None
    state.round = 2
    state.vilela = 2 * space(state, "FI1")
    finance = state.rules.action_tiles.index(3)
    parts = state.rules.action_tiles.index(1)
    state.solo.action_deck = [parts, finance]  # finance on top: his own board, so parts comes next
    state.players[0].pos = 2 * space(state, "AS1")
    state.sandra = 2 * space(state, "PR1")
    solo.move_vilela(state, Transition())
    assert state.solo.action == parts and state.vilela == 2 * space(state, "PP1")
    assert finance in state.solo.action_discard


def test_vilela_skips_a_full_board() -> None:
    state = new(1, 2)
    assert state.solo is not None
    state.round = 2
    state.vilela = 2 * space(state, "AS1")
    projects = state.rules.action_tiles.index(2)
    finance = state.rules.action_tiles.index(3)
    state.solo.action_deck = [finance, projects]
    state.players[0].pos = 2 * space(state, "PR1")
    state.sandra = 2 * space(state, "PR2")
    solo.move_vilela(state, Transition())
    assert state.solo.action == finance and state.vilela == 2 * space(state, "FI1")


def test_vilela_reshuffles_an_empty_deck() -> None:
    state = new(1, 2)
    assert state.solo is not None
    state.round = 2
    state.solo.robot_discard.extend(state.solo.robot_deck)
    state.solo.robot_deck.clear()
    state.vilela = 2 * space(state, "FI1")
    solo.move_vilela(state, Transition())
    assert state.solo.robot != EMPTY and len(state.solo.robot_deck) == 3
