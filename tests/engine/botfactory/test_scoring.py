"""Final scoring and tie-breaks (rulebook: final scoring)."""

from __future__ import annotations

from engine.botfactory import GAME, scoring
from tests.engine.botfactory.helpers import Scenario, play, prompt


def test_every_scoring_line() -> None:
    scenario = Scenario(3).values(red=10, yellow=7, blue=6, green=12)
    scenario = scenario.hand(0, tokens=5, parts=["red head"], projects=["blue"], robots=["red", "red", "green"])
    scenario = scenario.contract(0, 0, "C07", reserved_by=[0])  # red+green: top row, first slot 4 + row 5
    scenario = scenario.contract(1, 1, "C06", reserved_by=[1, 0])  # red+blue: second slot 2, unfulfilled
    score = scoring.score(scenario.build(), 0)
    assert score.robots == 10 + 10 + 12
    assert score.contracts_won == 4 + 5 and score.contracts_lost == 2
    assert score.token_pairs == 2 and score.parts_penalty == 1 and score.projects_penalty == 2
    assert score.total == 32 + 9 - 2 + 2 - 1 - 2
    assert score.fulfilled == (0,)


def test_each_robot_serves_one_contract_best_assignment() -> None:
    scenario = Scenario(3).hand(0, robots=["red", "yellow"])
    scenario = scenario.contract(2, 0, "C05", reserved_by=[0])  # red+yellow, bottom row: 4 + 1
    scenario = scenario.contract(1, 0, "C01", reserved_by=[0])  # red, middle row: 2 + 3
    score = scoring.score(scenario.build(), 0)
    assert score.fulfilled == (6,), "the red robot serves one contract: C05 (+5, -2) beats C01 (+5, -4)"
    assert score.contracts_won == 5 and score.contracts_lost == 2


def test_tie_breaks_most_robots_then_odd_tokens_then_shared() -> None:
    def s(total: int, robots: int, tokens: int) -> scoring.Score:
        return scoring.Score(total, 0, 0, 0, 0, 0, (), robots, tokens, True)

    assert scoring.winners([s(20, 3, 2), s(20, 4, 2), s(19, 5, 1)]) == (1,)
    assert scoring.winners([s(20, 4, 2), s(20, 4, 3)]) == (1,)
    assert scoring.winners([s(20, 4, 2), s(20, 4, 4)]) == (0, 1)


def test_outcome_of_a_finished_game_names_the_winner() -> None:
    scenario = Scenario(2).robots_left(green=0).hand(0, tokens=0, parts=[], projects=[])
    scenario = scenario.hand(1, tokens=0, parts=[], projects=[], robots=["blue"])
    state = scenario.worker(0, "AS1").worker(1, "PP1").sandra("PR1").acting(0).build()
    while GAME.outcome(state) is None:
        state = play(state, "toll:pass" if prompt(state) == "toll" else "end")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.reason == "botfactory.end.scored"
    assert outcome.scores[1] == scoring.score(state, 1).total == 6
    assert GAME.pending(state) == ()
