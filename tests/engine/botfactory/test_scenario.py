"""The scenario builder: readable positions, nothing created or lost, clear errors for impossible ones."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.botfactory import GAME
from engine.botfactory.scenario import ScenarioError, choice
from engine.core.errors import InvariantBroken
from tests.engine.botfactory.helpers import Scenario, named, names, parts_of, play, prompt, space_of


def test_a_built_position_keeps_every_piece_and_can_be_built_again() -> None:
    scenario = (
        Scenario(4, 3, variant=1)
        .hand(2, tokens=4, parts=["red head", "universal legs"], projects=["blue"], robots=["green"])
        .column("yellow", "yellow head", "universal torso")
        .spares("blue legs", None)
        .wheel({4: "green torso", 0: None}, quarter_turns=3)
        .display(left=["red", None], right=["green"])
        .values(red=9, green=3)
        .contract(0, 1, "C12", reserved_by=[2, 0])
        .production(1, "PT3")
        .worker(0, "AS1")
        .worker(1, "PP3")
        .worker(2, "FI1")
        .worker(3, "PR2")
        .sandra("PR1")
        .acting(2, round=4)
    )
    state = scenario.build()
    assert json.dumps(GAME.to_json(state)) == json.dumps(GAME.to_json(scenario.build())), "the scenario is unchanged"
    assert parts_of(state, 2) == ["red head", "universal legs"] and state.values == [9, 6, 6, 3]
    assert names(state, state.columns[1]) == ["universal torso", "yellow head"]
    assert space_of(state, 2) == "FI1" and space_of(state, "sandra") == "PR1" and state.flow.round == 4
    assert GAME.pending(state)[0].seat == 2 and prompt(state) == "turn"
    assert state.robots_board[3] == 3 and state.players[1].production == "PT3"


def test_the_builder_puts_unplaced_workers_on_the_rightmost_free_spaces() -> None:
    state = Scenario(3).worker(0, "AS2").sandra("PR1").acting(0).build()
    assert [space_of(state, s) for s in range(3)] == ["AS2", "FI3", "FI2"]


def test_set_up_can_stop_before_a_seat_takes_its_starting_part() -> None:
    """Set-up step 8 in reverse turn order: the seats before ``seat`` hold their part, it and those
    after it hold none, and a part given to them went back on top of its pile."""
    first = Scenario(3, 2).build().first
    reverse = [(first + i) % 3 for i in range(3)][::-1]
    scenario = Scenario(3, 2).hand(reverse[2], parts=["green head"]).pile("green", top=["green torso"])
    state = scenario.starting(reverse[1]).build()
    assert prompt(state) == "start" and GAME.pending(state)[0].seat == reverse[1]
    assert [len(state.players[s].parts) for s in reverse] == [1, 0, 0]
    assert state.flow.round == 1 and all(space_of(state, s) is None for s in range(3))
    assert named(state, state.piles[3][-1]) == "green head", "the later seat's part is back on top"
    state = play(state, choice(state, "start", colour="blue"))
    assert len(state.players[reverse[1]].parts) == 1 and GAME.pending(state)[0].seat == reverse[2]


def test_set_up_has_no_worker_on_the_floor() -> None:
    with pytest.raises(ScenarioError, match="no worker"):
        Scenario(2).worker(0, "AS1").starting(0).build()


@pytest.mark.parametrize(
    "build, message",
    [
        (lambda: Scenario(3).hand(0, parts=["purple head"]), "unknown part"),
        (lambda: Scenario(3).hand(3, tokens=1), "seat 3 does not exist"),
        (lambda: Scenario(3).worker(0, "XX9"), "unknown action space"),
        (lambda: Scenario(3).values(violet=3), "unknown colour"),
        (lambda: Scenario(3).contract(3, 0, "C01"), "no contract space"),
        (lambda: Scenario(3).contract(0, 0, "C99"), "unknown contract"),
        (lambda: Scenario(3).hand(0, parts=["red head"] * 5), "no free red head"),
        (lambda: Scenario(2).robots_left(red=0).hand(0, robots=["red"]), "no red robot left"),
        (lambda: Scenario(3).vilela("FI1"), "solo game"),
        (lambda: Scenario(1).vilela("FI2").acting(0), "face-up tiles"),
        (lambda: Scenario(1).vilela("FI2", action="parts", robot="red").acting(0), "board he stands on"),
        (lambda: Scenario(3).worker(1, "AS1").moving(0, round=1), "round 1"),
    ],
)
def test_impossible_descriptions_raise_a_scenario_error(build: object, message: str) -> None:
    with pytest.raises(ScenarioError, match=f"(?i){message}"):
        build().build()  # type: ignore[operator]


@pytest.mark.parametrize(
    "scenario",
    [
        lambda: Scenario(3).worker(0, "AS1").sandra("AS1"),
        lambda: Scenario(3).column("red", "blue head"),
        lambda: (
            Scenario(3).hand(0, tokens=8).contract(0, 0, "C01", reserved_by=[0]).contract(0, 1, "C02", reserved_by=[0])
        ),
    ],
)
def test_illegal_positions_fail_the_invariant_checks(scenario: object) -> None:
    with pytest.raises(InvariantBroken):
        scenario().build()  # type: ignore[operator]


PARTS = [f"{c} {k}" for c in ("red", "yellow", "blue", "green", "universal") for k in ("head", "torso", "legs")]
SPACES = ["AS1", "AS2", "AS3", "PP1", "PP2", "PP3", "PR1", "PR2", "FI1", "FI2", "FI3"]
COLOURS = ["red", "yellow", "blue", "green"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seats=st.integers(2, 4))
def test_any_description_builds_a_legal_position_or_says_why(data: st.DataObject, seats: int) -> None:
    """Random descriptions give either a clear ScenarioError / InvariantBroken or a position that
    passes the invariants and offers a decision."""
    try:
        state = _describe(data, seats).build()
    except (ScenarioError, InvariantBroken):
        return
    GAME.check_invariants(state)
    assert GAME.outcome(state) is not None or GAME.pending(state)[0].choices


def _describe(data: st.DataObject, seats: int) -> Scenario:
    scenario = Scenario(seats, data.draw(st.integers(0, 50)))
    spaces = data.draw(st.permutations(SPACES))
    for seat in range(seats):
        scenario.hand(
            seat,
            tokens=data.draw(st.integers(0, 9)),
            parts=data.draw(st.lists(st.sampled_from(PARTS), max_size=5)),
            projects=data.draw(st.lists(st.sampled_from(COLOURS), max_size=3)),
            robots=data.draw(st.lists(st.sampled_from(COLOURS), max_size=3)),
        )
        scenario.worker(seat, spaces[seat])
    scenario.sandra(spaces[-1])
    for colour in data.draw(st.lists(st.sampled_from(COLOURS), max_size=2, unique=True)):
        scenario.column(colour, *data.draw(st.lists(st.sampled_from(PARTS), max_size=2)))
    scenario.values(**{c: data.draw(st.integers(1, 15)) for c in COLOURS})
    step = data.draw(st.sampled_from(["moving", "acting"]))
    who = data.draw(st.sampled_from([*range(seats), "sandra"]))
    built: Scenario = getattr(scenario, step)(who)
    return built
