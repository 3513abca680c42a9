"""Rounds: moving workers, turn order, Sandra's movement and toll, maintenance and the end."""

from __future__ import annotations

from engine.botfactory import GAME, flow
from engine.botfactory.state import EMPTY
from engine.core.contract import Transition
from tests.engine.botfactory.helpers import Scenario, choice, named, names, new, offers, pick, play, prompt, space_of

RED, YELLOW, BLUE, GREEN = range(4)


def test_round_one_places_in_seating_order_then_acts_left_to_right() -> None:
    state = new(3, 2)
    seating = [(state.first + i) % 3 for i in range(3)]
    assert prompt(state) == "place_worker"
    for seat, space in zip(seating, ("PR2", "AS1", "PP3"), strict=True):
        assert GAME.pending(state)[0].seat == seat
        state = pick(state, "move", space=space)
    for seat in (seating[1], seating[2], seating[0]):  # meeples left to right
        assert GAME.pending(state)[0].seat == seat and prompt(state) == "turn"
        state = play(state, "end")
    assert state.flow.round == 2, "Sandra (rightmost) closed the phase"


def test_sandra_movement_example() -> None:
    """Rulebook example: order Blue, Yellow, Violet, Sandra. Blue goes to the free Projects space,
    Yellow to the free Part Production space, Violet to the space Yellow just left, then Sandra to
    the first available space beyond her board."""
    scenario = Scenario(3).worker(0, "AS1").worker(1, "AS2").worker(2, "PP2").sandra("PR1")
    state = scenario.moving(0).build()
    assert not offers(state, "move", space="PR1"), "Sandra's space is not available"
    state = pick(state, "move", space="PR2")  # Blue -> the available Projects space
    state = pick(state, "move", space="PP1")  # Yellow -> Part Production
    assert offers(state, "move", space="AS2"), "the space Yellow left is available again"
    assert not offers(state, "move", board="parts"), "Violet must change board"
    state = pick(state, "move", space="AS2")
    assert space_of(state, "sandra") == "FI1", "Sandra moved right of Projects, to Finance"
    assert state.flow.phase == "act"


def test_sandra_skips_a_full_board_and_wraps_around() -> None:
    scenario = Scenario(4).sandra("FI2").worker(0, "AS1").worker(1, "AS2").worker(2, "AS3").worker(3, "PP1")
    state = scenario.moving("sandra").build()
    assert space_of(state, "sandra") == "PP2", "wraps from Finance, skips the full Assembly board"


def test_two_players_may_not_move_onto_sandras_board() -> None:
    state = new(2, 3)
    assert space_of(state, "sandra") == "FI3"
    assert not offers(state, "move", board="finance")


def test_three_players_may_join_sandra_and_pay_or_pass() -> None:
    scenario = Scenario(3).worker(0, "FI1").worker(1, "AS1").worker(2, "AS2").hand(0, tokens=3)
    state = scenario.acting(0, round=1).build()
    assert prompt(state) == "toll", "Sandra (FI3) shares the board"
    paid = play(state, "toll:pay")
    assert paid.players[0].tokens == 2 and offers(paid, "raise", colour="red")
    passed = play(state, "toll:pass")
    assert passed.players[0].tokens == 3
    now = passed.flow
    assert (now.phase, now.round) == ("move", 2), "passing ends the turn; Sandra does not act in round 1"


def test_sandra_finance_action_raises_the_lowest_values() -> None:
    state = Scenario(3).values(red=6, yellow=5, blue=5, green=9).sandra("FI1").build()
    flow.sandra_action(state, Transition())
    assert state.values == [6, 6, 6, 9]
    state = Scenario(3).values(red=7, yellow=7, blue=7, green=7).sandra("FI1").build()
    flow.sandra_action(state, Transition())
    assert state.values == [7, 7, 7, 7], "all tied: nothing happens"


def test_sandra_assembly_replaces_the_spares_from_the_marker() -> None:
    scenario = Scenario(3).sandra("AS1").marker("blue").spares("red head", "red legs")
    state = scenario.pile("blue", top=["blue head"]).pile("green", top=["green legs"]).build()
    flow.sandra_action(state, Transition())
    assert [named(state, t) for t in state.spares] == ["blue head", "green legs"]
    assert state.rules.colours[state.marker] == "red", "the marker moved right after each draw"
    assert names(state, state.discards[RED]) == ["red head", "red legs"]


def test_sandra_parts_fills_empty_wheel_slots_clockwise() -> None:
    scenario = Scenario(3).sandra("PP1").wheel({1: None, 5: None}).marker("yellow")
    state = scenario.pile("yellow", top=["yellow torso"]).pile("blue", top=["blue legs"]).build()
    flow.sandra_action(state, Transition())
    assert [named(state, state.wheel[1]), named(state, state.wheel[5])] == ["yellow torso", "blue legs"]


def test_sandra_projects_and_maintenance_slide_and_refill() -> None:
    scenario = Scenario(3).display(left=["red", "yellow", "blue"], right=["red", None, "green"])
    state = scenario.deck(top=["green"]).sandra("PR1").build()
    flow.sandra_action(state, Transition())
    colours = [state.rules.colours[state.rules.projects[t]] for t in state.display[:3]]
    assert colours == ["yellow", "blue", "green"], "the left column slid down, refilled from the deck first"
    assert state.rules.projects[state.project_discard[-1]] == RED, "each column's bottom tile is discarded"


def test_maintenance_clears_complete_robots_and_lowers_the_value() -> None:
    state = Scenario(3).column("yellow", "yellow head", "yellow torso", "yellow legs").build()
    flow.maintenance(state, Transition())
    assert state.columns[YELLOW] == [EMPTY] * 3 and state.values[YELLOW] == 5
    assert len(state.discards[YELLOW]) == 3


def test_end_trigger_checked_after_maintenance() -> None:
    assert not flow.game_ends(Scenario(3).build())
    assert flow.game_ends(Scenario(3).robots_left(blue=0).build()), "no blue robot left on the board"
    assert flow.game_ends(Scenario(3).hand(0, robots=["red", "red", "yellow", "blue", "green"]).build())


def test_two_player_sandra_may_join_a_worker_who_then_pays_or_passes() -> None:
    state = Scenario(2, 5).worker(0, "AS1").worker(1, "PP1").sandra("FI2").moving(0).build()
    state = pick(pick(state, "move", space="PR1"), "move", space="AS2")
    assert space_of(state, "sandra") == "AS1", "wrapped to the first free space, beside a worker"
    decision = GAME.pending(state)[0]
    assert state.flow.phase == "act" and decision.seat == 1 and decision.prompt == "botfactory.prompt.toll"


def test_sandra_acts_from_round_two_and_draws_are_checkpoints() -> None:
    state = new(3, 5)
    for space in ("AS1", "AS2", "AS3"):
        state = pick(state, "move", space=space)
    spares = list(state.spares)
    state = play(state, "end", "end", "end")
    assert state.flow.round == 2 and state.spares == spares, "round 1: Sandra lies down without acting"
    assert space_of(state, "sandra") == "FI3"
    while state.flow.phase == "move":
        seat = GAME.pending(state)[0].seat
        result = GAME.apply(state, seat, choice(state, "move", board="parts"), state.flow.version)
        state = result.state
    # Sandra left Finance and wrapped to the empty Assembly board; first in order, she has already
    # replaced the spares when the last worker moved.
    assert space_of(state, "sandra") == "AS1" and state.spares != spares
    assert any(e.key == "botfactory.event.sandra_spares" for e in result.events), "she replaced the spares"
    assert result.checkpoint, "Sandra drew from a pile: hidden information came to light"
