"""Every solo task and three contracts are reachable: each game below is built a turn before its end
with the scenario builder and played to the end through the game's API (rulebook: task tiles, final
scoring; docs/rules-data.md, "Contracts and the solo task D")."""

from __future__ import annotations

import pytest

from engine.botfactory import GAME, scoring
from engine.botfactory.state import State
from engine.core.contract import Outcome
from tests.engine.botfactory.helpers import Scenario, ids, pick, play, prompt


def _last_turn(scenario: Scenario, column: str) -> Scenario:
    """Seat 0 on AS1 holding the legs that complete ``column``'s robot (head and torso placed) and a
    project of that colour; Sandra on the projects board."""
    scenario = scenario.column(column, f"{column} head", f"{column} torso").worker(0, "AS1").sandra("PR1")
    return scenario.hand(0, parts=[f"{column} legs"], projects=[column])


def _play_out(state: State, colour: str) -> tuple[State, Outcome]:
    """Complete the robot, then end every turn (Vilela's removals: the first offered) to the end."""
    state = play(pick(state, "place", part=f"{colour} legs", column=colour), "end")
    while (outcome := GAME.outcome(state)) is None:
        state = play(state, {"turn": "end", "toll": "toll:pass"}.get(prompt(state), ids(state)[0]))
    return state, outcome


def _solo(task: str) -> Scenario:
    return Scenario(1, task=task).vilela("FI1", action="finance", robot="green").hand(0, tokens=0)


def test_task_a_three_robots_of_one_colour() -> None:
    state = _last_turn(_solo("A").values(red=15), "red").hand(0, robots=["red", "red"]).acting(0).build()
    state, outcome = _play_out(state, "red")
    assert state.robots_board[0] == 0, "the third red robot was the colour's last: the game ended"
    assert outcome.winners == (0,) and outcome.details["report"] == "satisfactory"
    assert outcome.scores[0] == 3 * 14, "three red robots worth 14 after the final maintenance"


@pytest.mark.parametrize("blue, met", [(13, True), (12, False)])
def test_task_b_three_colours_each_worth_twelve_at_the_end(blue: int, met: bool) -> None:
    """Task B counts the values after the final maintenance (which lowers the colour just completed)."""
    scenario = _solo("B").values(red=12, yellow=13, blue=blue).robots_left(green=0)
    state = _last_turn(scenario, "blue").hand(0, robots=["red", "yellow"]).acting(0).build()
    state, outcome = _play_out(state, "blue")
    assert state.values[:3] == [12, 13, blue - 1]
    assert outcome.winners == ((0,) if met else ()) and outcome.reason.endswith("satisfactory" if met else "fired")


def test_task_c_two_robots_of_two_colours() -> None:
    scenario = _solo("C").robots_left(green=0)
    state = _last_turn(scenario, "yellow").hand(0, robots=["red", "red", "yellow"]).acting(0).build()
    _, outcome = _play_out(state, "yellow")
    assert outcome.winners == (0,) and outcome.details["report"] == "satisfactory", "6 + 6 + 6 + 5 VP"


def test_task_c_is_not_met_by_three_of_one_colour() -> None:
    scenario = _solo("C").robots_left(green=0)
    state = _last_turn(scenario, "red").hand(0, robots=["red", "red", "yellow"]).acting(0).build()
    _, outcome = _play_out(state, "red")
    assert outcome.winners == () and outcome.reason == "botfactory.solo.fired"


def _three_contracts(scenario: Scenario, seat: int) -> Scenario:
    """One contract of each size reserved by ``seat``: 1 + 2 + 2 robots, five in all."""
    scenario = scenario.contract(2, 0, "C01", reserved_by=[seat])  # red: bottom row, 2 + 1 VP
    scenario = scenario.contract(1, 1, "C09", reserved_by=[seat])  # yellow + green: middle row, 4 + 3 VP
    return scenario.contract(0, 2, "C10", reserved_by=[seat])  # blue + green: top row, 4 + 5 VP


def test_task_d_three_contracts_with_five_robots() -> None:
    """The fifth robot ends the game, and five robots fulfil three contracts."""
    scenario = _three_contracts(_solo("D"), 0).hand(0, robots=["red", "yellow", "green", "green"])
    state, outcome = _play_out(_last_turn(scenario, "blue").acting(0).build(), "blue")
    score = scoring.score(state, 0)
    assert len(state.players[0].robots) == 5 and len(score.fulfilled) == 3
    assert score.contracts_won == (2 + 1) + (4 + 3) + (4 + 5) and score.contracts_lost == 0
    assert outcome.winners == (0,) and outcome.details["task"] == "D"


def test_task_d_fails_with_two_contracts() -> None:
    scenario = _three_contracts(_solo("D"), 0).hand(0, robots=["red", "yellow", "green", "yellow"])
    state, outcome = _play_out(_last_turn(scenario, "blue").acting(0).build(), "blue")
    assert len(scoring.score(state, 0).fulfilled) == 2 and outcome.reason == "botfactory.solo.fired"


def test_a_player_fulfils_three_contracts_in_a_multiplayer_game() -> None:
    scenario = _three_contracts(Scenario(3).hand(0, robots=["red", "yellow", "green", "green"]), 0)
    scenario = scenario.worker(1, "PP1").worker(2, "FI2").hand(1, robots=["red"])
    state, outcome = _play_out(_last_turn(scenario, "blue").acting(0).build(), "blue")
    assert len(scoring.score(state, 0).fulfilled) == 3
    assert outcome.winners == (0,) and outcome.scores[0] > outcome.scores[1]
