"""Rules of the text that the board and round tests leave implicit: the second reading of Sandra's
example, track limits, maintenance with universal parts, and the end after the round's maintenance."""

from __future__ import annotations

from engine.botfactory import GAME, flow, scoring
from engine.botfactory.state import EMPTY, SANDRA
from engine.core.contract import Transition
from tests.engine.botfactory.helpers import at_turn, ids, new, part, play, project, space

RED, YELLOW, BLUE, GREEN = range(4)


def test_sandra_movement_example_with_sandra_on_part_production() -> None:
    """Rulebook example, read with Sandra last on the parts board: then "the available space" of
    Part Production is the only one left, Violet takes the space Yellow left, and Sandra goes to the
    first free space right of her board (Projects, where Blue took the other space)."""
    state = new(3, 1)
    state.round, state.phase, state.cursor = 2, "move", 0
    for seat, name in enumerate(("AS1", "AS2", "PP1")):
        state.players[seat].pos = 2 * space(state, name)
    state.sandra = 2 * space(state, "PP3")
    state.order = [0, 1, 2, SANDRA]
    state = play(state, f"move:{space(state, 'PR1')}")  # Blue -> Projects
    parts = [i for i in ids(state) if i in {f"move:{space(state, n)}" for n in ("PP1", "PP2", "PP3")}]
    assert parts == [f"move:{space(state, 'PP2')}"], "one Part Production space is available"
    state = play(state, parts[0])  # Yellow
    state = play(state, f"move:{space(state, 'AS2')}")  # Violet -> the space Yellow left
    assert state.sandra == 2 * space(state, "PR2"), "Sandra: the first available space right of her board"
    assert state.phase == "act" and state.order == [2, 1, 0, SANDRA]


def test_a_players_raise_stops_at_the_top_of_the_track() -> None:
    """Rulebook: a robot's value cannot go beyond the top of its track (15)."""
    state = new(3, 1)
    state.values = [15, 14, 6, 6]
    state.players[0].tokens = 4
    state = at_turn(state, 0, "FI3")
    assert "raise:0" not in ids(state) and "raise:1" in ids(state)
    state = play(state, "raise:1")
    while GAME.pending(state)[0].prompt != "botfactory.prompt.turn":
        state = play(state, "skip")
    assert state.values[1] == 15 and "raise:1" not in ids(state)


def test_sandras_raise_crossing_a_line_gives_no_bonus() -> None:
    """Sandra raises the lowest values; a line she crosses gives nobody its bonus (ambiguity 26)."""
    state = new(3, 1)
    state.values = [7, 9, 9, 9]
    state.sandra = 2 * space(state, "FI1")
    flow.sandra_action(state, Transition())
    assert state.values == [8, 9, 9, 9] and not state.stack


def test_maintenance_returns_universal_parts_and_stops_at_the_floor() -> None:
    """Rulebook maintenance: a complete robot's parts go to their discard piles, universal ones back
    to the projects board, and its colour loses a step (not below the track's floor)."""
    state = new(3, 1)
    head = part(state, "green", "head")
    torso = part(state, "universal", "torso")
    legs = part(state, "green", "legs")
    state.columns[GREEN] = [head, torso, legs]
    state.columns[RED] = [part(state, "red", "head"), EMPTY, EMPTY]
    state.values = [6, 6, 6, 1]
    universal = len(state.universal)
    flow.maintenance(state, Transition())
    assert state.columns[GREEN] == [EMPTY] * 3 and state.values == [6, 6, 6, 1]
    assert head in state.discards[GREEN] and legs in state.discards[GREEN]
    assert torso in state.universal and len(state.universal) == universal + 1
    assert state.columns[RED][0] != EMPTY, "an unfinished robot stays"
    state.columns[BLUE] = [part(state, "blue", "head"), part(state, "blue", "torso"), part(state, "blue", "legs")]
    flow.maintenance(state, Transition())
    assert state.values[BLUE] == 5


def test_the_round_is_played_out_after_the_end_is_triggered() -> None:
    """Rulebook: once a colour's last robot is finished the game ends just after that round's
    maintenance: the meeples after the trigger still act and the robot's value still drops."""
    state = new(3, 1)
    state.robots_board[BLUE] = 1
    project(state, "blue", 0)
    state.columns[BLUE] = [part(state, "blue", "head"), part(state, "blue", "torso"), EMPTY]
    legs = part(state, "blue", "legs", owner=0)
    state = at_turn(state, 0, "AS1")
    state.players[1].pos = 2 * space(state, "PR1")
    state.sandra = 2 * space(state, "FI3")
    state.order = [0, 1, SANDRA]
    state = play(state, f"place:{legs}:{BLUE}", "end")
    assert state.robots_board[BLUE] == 0 and state.phase == "act"
    decision = GAME.pending(state)[0]
    assert decision.seat == 1 and decision.prompt == "botfactory.prompt.turn", "the next worker still acts"
    state = play(state, "end")
    assert state.phase == "over" and state.values[BLUE] == 5, "maintenance ran before the end"
    assert GAME.outcome(state) is not None
    assert scoring.score(state, 0).robots == 5, "the robot scores its value after the final maintenance"


def test_dispensing_only_from_the_two_bottom_exits() -> None:
    """Rulebook: a part is dispensed from one of the wheel's two bottom exit slots."""
    state = new(3, 1)
    state = at_turn(state, 0, "PP2")
    assert sorted(i for i in ids(state) if i.startswith("dispense:")) == ["dispense:4", "dispense:5"]
    state.wheel[4] = EMPTY
    assert [i for i in ids(state) if i.startswith("dispense:")] == ["dispense:5"]


def test_round_one_places_on_any_available_space() -> None:
    """Rulebook: in round 1 the worker is placed rather than moved: any available space, with 3-4
    players even on Sandra's board (with 2, never there)."""
    state = new(3, 2)
    assert {int(i.split(":")[1]) for i in ids(state)} == set(range(10)), "all but Sandra's space"
    state = new(2, 2)
    assert {int(i.split(":")[1]) for i in ids(state)} == set(range(8)), "not on Sandra's board"


def test_pp1_gives_its_token_with_the_action_not_on_a_pass() -> None:
    """Rulebook: the first Part Production space gives 1 token and up to 3 credits."""
    state = new(3, 1)
    state.players[0].tokens = 0
    state = at_turn(state, 0, "PP1")
    assert state.players[0].tokens == 1 and state.turn is not None and state.turn.left == 3
    state = new(3, 1)
    state.players[0].tokens = 0
    state = at_turn(state, 0, "PP1", sandra="PP3")
    assert ids(state) == ["toll:pass"]
    state = play(state, "toll:pass")
    assert state.players[0].tokens == 0


def test_a_bonus_placement_gives_no_assembly_executive() -> None:
    """Rulebook (wheel bonus, project bonus, finance lines): a bonus placement follows the usual
    restrictions and rewards but never allows the assembly board's executive action."""
    state = new(3, 1)
    state.turns = 2  # wheel slot 0, which bears the bonus icons, is now at the exit
    state.players[0].tokens = 3
    state = at_turn(state, 0, "PP2")
    state = play(state, "dispense:4")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.place"
    assert all(i.startswith("place:") or i == "skip" for i in ids(state))
    state = play(state, "skip")
    assert not any(i.startswith("swap:") for i in ids(state))
    assert "dispense:5" in ids(state) and state.turn is not None and state.turn.left == 3
