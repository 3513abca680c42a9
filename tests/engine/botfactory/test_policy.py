"""The heuristics under every AI level aim at the solo task tile: a task counts only the robots that
can still meet it (Vilela takes meeples off the assembly board), task D (three contracts) counts a
reserved contract half-way while its robots can still be built, and the easy plan wants projects of
the colours the task still needs; ``sharp``, the same rules with tuned weights, beats ``goal``."""

from __future__ import annotations

from engine.botfactory import scoring
from engine.botfactory.game import BotFactoryGame
from engine.botfactory.policy import GOAL, LOST_TASK, SHARP, GoalPolicy, _Plan, task_progress
from engine.botfactory.state import State
from engine.core.contract import Policy
from engine.core.rng import Rng
from tests.engine.botfactory.helpers import Scenario

GAME = BotFactoryGame()


def _task_d(*, robots: tuple[str, ...] = (), red_left: int | None = None) -> State:
    """Solo, task D: seat 0 holds a yellow project and has reserved a contract for one red robot."""
    scenario = Scenario(1, task="D").contract(2, 0, "C01", reserved_by=[0])  # one red robot
    scenario = scenario.contract(1, 1, "C09")  # yellow + green, not reserved
    if red_left is not None:
        scenario = scenario.robots_left(red=red_left)
    return scenario.hand(0, projects=["yellow"], robots=robots).build()


def _solo(task: str, *, robots: tuple[str, ...] = (), **left: int) -> State:
    return Scenario(1, task=task).hand(0, robots=robots).robots_left(**left).build()


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
    assert plan.task_bonus(red) > 0.0 > plan.task_bonus(yellow), "yellow serves no reserved contract"
    covered = _Plan(_task_d(robots=("red",)), 0)
    assert covered.task_bonus(red) < 0.0, "the contract's robot is built"


def test_task_d_reserves_a_contract_the_board_can_still_give_robots_for() -> None:
    def c09(state: State) -> int:  # yellow + green, not reserved, in the middle of the grid
        return state.grid.index(next(i for i, c in enumerate(state.rules.contracts) if c.name == "C09"))

    state = _task_d()
    assert _Plan(state, 0).contract_value(c09(state)) > 0.0, (
        "no yellow or green project yet, but their robots are there"
    )
    gone = Scenario(1, task="D").contract(1, 1, "C09").robots_left(green=0).build()
    assert _Plan(gone, 0).contract_value(c09(gone)) < 0.0, "no green robot left"


def test_task_d_reserves_contracts_of_few_robots_and_at_most_four_robots_in_all() -> None:
    def at(state: State, name: str) -> int:
        return state.grid.index(next(i for i, c in enumerate(state.rules.contracts) if c.name == name))

    # C02: one yellow robot; C08: yellow + blue; C11: red + yellow + blue, in the same row.
    state = Scenario(1, task="D").contract(1, 0, "C02").contract(1, 1, "C08").contract(1, 2, "C11").build()
    plan = _Plan(state, 0)
    one, two, three = (plan.contract_value(at(state, c)) for c in ("C02", "C08", "C11"))
    assert one > two > 0.0 > three, "three contracts to fulfil before Vilela ends the game: the fewest robots first"
    # C05 (red + yellow) and C10 (blue + green) reserved: four robots; one more contract would need five.
    full = (
        Scenario(1, task="D")
        .contract(2, 0, "C05", reserved_by=[0])
        .contract(2, 1, "C10", reserved_by=[0])
        .contract(1, 0, "C01")
        .build()
    )
    assert _Plan(full, 0).contract_value(at(full, "C01")) == -1.0


def test_a_robot_that_would_end_the_game_before_the_task_is_met_is_not_completed() -> None:
    state = _solo("C", robots=("red", "red", "yellow"), blue=1)
    red, yellow, blue = (state.rules.colours.index(c) for c in ("red", "yellow", "blue"))
    plan = _Plan(state, 0)
    assert plan.ends_unmet(blue), "blue's last meeple ends the game with one colour of two"
    assert not plan.ends_unmet(yellow), "yellow's second robot meets the task"
    assert not _Plan(_solo("C", robots=("red",), blue=1), 0).ends_unmet(red), "red still has meeples"


def test_task_a_counts_robots_of_a_colour_that_can_still_reach_three() -> None:
    assert _progress(_solo("A", robots=("red", "red"))) == 2.0
    assert _progress(_solo("A", robots=("red", "red"), red=0)) == 0.0, "red cannot reach three: start again"
    assert _progress(_solo("A", robots=("red",), red=1, yellow=1, blue=2, green=2)) == LOST_TASK


def test_task_c_needs_two_colours_that_can_each_reach_two() -> None:
    assert _progress(_solo("C", robots=("red", "red", "blue"))) == 3.0
    lost = _solo("C", robots=("red", "red", "blue"), yellow=1, blue=0, green=1)
    assert _progress(lost) == LOST_TASK, "only red can still have two robots"


def test_task_b_is_lost_once_fewer_than_three_colours_can_have_a_robot() -> None:
    assert _progress(_solo("B", robots=("red",), yellow=0, blue=0)) == LOST_TASK
    assert _progress(_solo("B", robots=("red",), yellow=0)) == 0.5


def test_the_plan_aims_at_a_colour_the_task_can_still_be_met_in() -> None:
    state = _solo("A", robots=("red",), red=1)  # red can no longer reach three robots
    red, yellow = (state.rules.colours.index(c) for c in ("red", "yellow"))
    plan = _Plan(state, 0)
    assert red not in plan.targets and sum(plan.targets.values()) == 3
    assert plan.task_bonus(red) < 0.0 < plan.task_bonus(next(iter(plan.targets)))
    two = _Plan(_solo("C", robots=("red", "yellow", "yellow")), 0)
    assert two.targets == {red: 1, yellow: 0}


def _shared_wins(first: Policy, second: Policy, seeds: range) -> tuple[float, float]:
    """Two-player games between the policies, each seed played from both seats: each side's wins (a
    shared win counts half)."""
    wins = [0.0, 0.0]
    for seed in seeds:
        for seat_of_first in (0, 1):
            policies = [second, second]
            policies[seat_of_first] = first
            state = GAME.new(2, seed)
            rng = Rng(seed)
            while (outcome := GAME.outcome(state)) is None:
                decision = GAME.pending(state)[0]
                GAME.advance(state, decision.seat, policies[decision.seat].choose(GAME, state, decision, rng))
            for winner in outcome.winners:
                wins[winner != seat_of_first] += 1 / len(outcome.winners)
    return wins[0], wins[1]


def test_sharp_is_goal_with_weights_that_beat_it() -> None:
    """``sharp`` plays ``goal``'s rules with :data:`SHARP`'s weights, and those win more two-player
    games against ``goal`` than they lose, seats rotated."""
    policies = GAME.policies()
    goal, sharp = policies["goal"], policies["sharp"]
    assert isinstance(goal, GoalPolicy) and isinstance(sharp, GoalPolicy)
    assert (goal.weights, sharp.weights) == (GOAL, SHARP) and GOAL != SHARP
    won, lost = _shared_wins(sharp, goal, range(7000, 7020))
    assert won > 1.5 * lost, (won, lost)


def test_sharp_plays_goal_alone_against_vilela() -> None:
    """Solo, ``sharp`` keeps ``goal``'s weights (its own met fewer tasks): the same choices."""
    goal, sharp = GoalPolicy(), GoalPolicy("sharp", SHARP)
    for seed in range(3):
        state = GAME.new(1, seed)
        rng_goal, rng_sharp = Rng(seed), Rng(seed)
        while GAME.outcome(state) is None:
            decision = GAME.pending(state)[0]
            choice = goal.choose(GAME, state, decision, rng_goal)
            assert sharp.choose(GAME, state, decision, rng_sharp) == choice
            GAME.advance(state, decision.seat, choice)


def test_sharp_weighs_the_spaces_that_give_more() -> None:
    """With projects in hand, ``sharp`` makes more of PP3's six wheel actions and of PR2's two
    projects than ``goal`` does."""
    state = Scenario(2).hand(0, projects=["yellow"]).build()
    spaces = {space.name: i for i, space in enumerate(state.rules.spaces)}
    goal, sharp = _Plan(state, 0), _Plan(state, 0, SHARP)
    for better, worse in (("PP3", "PP1"), ("PR2", "PR1")):
        gap = sharp.board_value(spaces[better]) - sharp.board_value(spaces[worse])
        assert gap > goal.board_value(spaces[better]) - goal.board_value(spaces[worse])
