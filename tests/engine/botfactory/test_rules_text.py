"""Rules of the text that the board and round tests leave implicit: the second reading of Sandra's
example, track limits, maintenance with universal parts, and the end after the round's maintenance."""

from __future__ import annotations

from engine.botfactory import GAME, flow, scoring
from engine.botfactory.state import EMPTY
from engine.core.contract import Transition
from tests.engine.botfactory.helpers import Scenario, ids, names, new, offers, pick, play, prompt, space_of

RED, YELLOW, BLUE, GREEN = range(4)


def test_sandra_movement_example_with_sandra_on_part_production() -> None:
    """Rulebook example, read with Sandra last on the parts board: then "the available space" of
    Part Production is the only one left, Violet takes the space Yellow left, and Sandra goes to the
    first free space right of her board (Projects, where Blue took the other space)."""
    state = Scenario(3).worker(0, "AS1").worker(1, "AS2").worker(2, "PP1").sandra("PP3").moving(0).build()
    state = pick(state, "move", space="PR1")  # Blue -> Projects
    parts = [c.params["space"] for c in GAME.pending(state)[0].choices if c.params.get("board") == "parts"]
    assert parts == ["PP2"], "one Part Production space is available"
    state = pick(state, "move", space="PP2")  # Yellow
    state = pick(state, "move", space="AS2")  # Violet -> the space Yellow left
    assert space_of(state, "sandra") == "PR2", "Sandra: the first available space right of her board"
    assert state.flow.phase == "act" and GAME.pending(state)[0].seat == 2, "Violet (AS2) acts first"


def test_a_players_raise_stops_at_the_top_of_the_track() -> None:
    """Rulebook: a robot's value cannot go beyond the top of its track (15)."""
    scenario = Scenario(3).values(red=15, yellow=14).hand(0, tokens=4).worker(0, "FI3").sandra("PR1")
    state = scenario.acting(0).build()
    assert not offers(state, "raise", colour="red") and offers(state, "raise", colour="yellow")
    state = pick(state, "raise", colour="yellow")
    while prompt(state) != "turn":
        state = play(state, "skip")
    assert state.values[YELLOW] == 15 and not offers(state, "raise", colour="yellow")


def test_sandras_raise_crossing_a_line_gives_no_bonus() -> None:
    """Sandra raises the lowest values; a line she crosses gives nobody its bonus (ambiguity 26)."""
    state = Scenario(3).values(red=7, yellow=9, blue=9, green=9).sandra("FI1").build()
    flow.sandra_action(state, Transition())
    assert state.values == [8, 9, 9, 9] and not state.flow.stack


def test_maintenance_returns_universal_parts_and_stops_at_the_floor() -> None:
    """Rulebook maintenance: a complete robot's parts go to their discard piles, universal ones back
    to the projects board, and its colour loses a step (not below the track's floor)."""
    scenario = Scenario(3).column("green", "green head", "universal torso", "green legs").column("red", "red head")
    state = scenario.column("blue", "blue head", "blue torso", "blue legs").values(green=1).build()
    flow.maintenance(state, Transition())
    assert state.columns[GREEN] == [EMPTY] * 3 and state.values == [6, 6, 5, 1]
    assert names(state, state.discards[GREEN]) == ["green head", "green legs"]
    assert len(state.universal) == 6, "the universal torso is back on the projects board"
    assert state.columns[RED][0] != EMPTY, "an unfinished robot stays"


def test_the_round_is_played_out_after_the_end_is_triggered() -> None:
    """Rulebook: once a colour's last robot is finished the game ends just after that round's
    maintenance: the meeples after the trigger still act and the robot's value still drops."""
    scenario = Scenario(3).robots_left(blue=1).column("blue", "blue head", "blue torso")
    scenario = scenario.hand(0, parts=["blue legs"], projects=["blue"]).worker(0, "AS1").worker(1, "PR1")
    state = pick(scenario.worker(2, "PP1").acting(0).build(), "place", part="blue legs", column="blue")
    state = play(state, "end")
    assert state.robots_board[BLUE] == 0 and state.flow.phase == "act"
    assert GAME.pending(state)[0].seat == 2 and prompt(state) == "turn", "the next worker still acts"
    state = play(state, "end", "end")
    assert state.flow.phase == "over" and state.values[BLUE] == 5, "maintenance ran before the end"
    assert GAME.outcome(state) is not None
    assert scoring.score(state, 0).robots == 5, "the robot scores its value after the final maintenance"


def test_dispensing_only_from_the_two_bottom_exits() -> None:
    """Rulebook: a part is dispensed from one of the wheel's two bottom exit slots."""
    state = Scenario(3).worker(0, "PP2").acting(0).build()
    assert sorted(i for i in ids(state) if i.startswith("dispense:")) == ["dispense:4", "dispense:5"]
    state = Scenario(3).worker(0, "PP2").wheel({4: None}).acting(0).build()
    assert [i for i in ids(state) if i.startswith("dispense:")] == ["dispense:5"]


def test_round_one_places_on_any_available_space() -> None:
    """Rulebook: in round 1 the worker is placed rather than moved: any available space, with 3-4
    players even on Sandra's board (with 2, never there)."""
    spaces = [s.name for s in new(3, 2).rules.spaces]
    assert [c.params["space"] for c in GAME.pending(new(3, 2))[0].choices] == spaces[:-1], "all but Sandra's"
    assert [c.params["space"] for c in GAME.pending(new(2, 2))[0].choices] == spaces[:-3], "not her board"


def test_pp1_gives_its_token_with_the_action_not_on_a_pass() -> None:
    """Rulebook: the first Part Production space gives 1 token and up to 3 credits."""
    state = Scenario(3).hand(0, tokens=0).worker(0, "PP1").acting(0).build()
    assert state.players[0].tokens == 1 and offers(state, "rotate", left=3)
    state = Scenario(3).hand(0, tokens=0).worker(0, "PP1").sandra("PP3").acting(0).build()
    assert ids(state) == ["toll:pass"]
    assert play(state, "toll:pass").players[0].tokens == 0


def test_a_bonus_placement_gives_no_assembly_executive() -> None:
    """Rulebook (wheel bonus, project bonus, finance lines): a bonus placement follows the usual
    restrictions and rewards but never allows the assembly board's executive action."""
    scenario = Scenario(3).hand(0, tokens=3, parts=["red head"]).worker(0, "PP2").wheel(quarter_turns=2)
    state = play(scenario.acting(0).build(), "dispense:4")
    assert prompt(state) == "place", "wheel slot 0, which bears the bonus icons, is now at the exit"
    assert all(i.startswith("place:") or i == "skip" for i in ids(state))
    state = play(state, "skip")
    assert not any(i.startswith("swap:") for i in ids(state))
    assert "dispense:5" in ids(state) and offers(state, "rotate", left=3)
