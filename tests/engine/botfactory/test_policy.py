"""The heuristics under every AI level aim at the solo task tile: task D (three contracts) counts a
reserved contract half-way while its robots can still be built, and the easy plan wants projects of
the colours those contracts need."""

from __future__ import annotations

from engine.botfactory import scoring
from engine.botfactory.policy import _Plan, task_progress
from engine.botfactory.state import State
from tests.engine.botfactory.helpers import Scenario


def _task_d(*, robots: tuple[str, ...] = (), red_left: int | None = None) -> State:
    """Solo, task D: seat 0 holds a yellow project and has reserved a contract for one red robot."""
    scenario = Scenario(1, task="D").contract(2, 0, "C01", reserved_by=[0])  # one red robot
    scenario = scenario.contract(1, 1, "C09")  # yellow + green, not reserved
    if red_left is not None:
        scenario = scenario.robots_left(red=red_left)
    return scenario.hand(0, projects=["yellow"], robots=robots).build()


def _progress(state: State) -> float:
    return task_progress(state, 0, scoring.score(state, 0))


def test_task_d_counts_a_reserved_contract_half_way_while_it_can_be_fulfilled() -> None:
    assert _progress(_task_d()) == 0.5
    assert _progress(_task_d(red_left=0)) == 0.0, "no red robot left to build: the contract is lost"
    assert _progress(_task_d(robots=("red",))) == 1.0, "fulfilled"


def test_task_d_plan_wants_projects_for_its_reserved_contracts() -> None:
    state = _task_d()
    red, yellow = (state.rules.colours.index(c) for c in ("red", "yellow"))
    plan = _Plan(state, 0)
    assert plan.task_bonus(red) > 0.0 and plan.task_bonus(yellow) == 0.0
    covered = _Plan(_task_d(robots=("red",)), 0)
    assert covered.task_bonus(red) == 0.0, "the contract's robot is built"
