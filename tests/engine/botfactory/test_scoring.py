"""Final scoring and tie-breaks (rulebook: final scoring)."""

from __future__ import annotations

from engine.botfactory import GAME, scoring
from engine.botfactory.state import State
from tests.engine.botfactory.helpers import new

RED, YELLOW, BLUE, GREEN = range(4)


def _give_robots(state: State, seat: int, *colours: int) -> None:
    for colour in colours:
        tile = next(t for t in state.deck if state.rules.projects[t] == colour)
        state.deck.remove(tile)
        state.players[seat].robots.append(tile)


def _put_contract(state: State, position: int, name: str, holders: list[int]) -> None:
    uid = next(i for i, c in enumerate(state.rules.contracts) if c.name == name)
    if uid in state.grid:
        state.grid[state.grid.index(uid)] = state.grid[position]
    else:
        state.contract_box[state.contract_box.index(uid)] = state.grid[position]
    state.grid[position] = uid
    state.reservations[position] = holders


def test_every_scoring_line() -> None:
    state = new(3, 1)
    player = state.players[0]
    state.values = [10, 7, 6, 12]
    _give_robots(state, 0, RED, RED, GREEN)
    _put_contract(state, 0, "C07", [0])  # red+green: top row, first slot 4 + row 5
    _put_contract(state, 4, "C06", [1, 0])  # red+blue: second slot 2, unfulfilled -> -2
    player.tokens = 5
    player.parts = player.parts[:1]
    player.projects = player.projects[:1]
    score = scoring.score(state, 0)
    assert score.robots == 10 + 10 + 12
    assert score.contracts_won == 4 + 5 and score.contracts_lost == 2
    assert score.token_pairs == 2 and score.parts_penalty == 1 and score.projects_penalty == 2
    assert score.total == 32 + 9 - 2 + 2 - 1 - 2
    assert score.fulfilled == (0,)


def test_each_robot_serves_one_contract_best_assignment() -> None:
    state = new(3, 1)
    _give_robots(state, 0, RED, YELLOW)
    _put_contract(state, 6, "C05", [0])  # red+yellow, bottom row: 4 + 1
    _put_contract(state, 3, "C01", [0])  # red, middle row: 2 + 3, but the red robot serves C05
    score = scoring.score(state, 0)
    assert score.fulfilled == (6,)
    assert score.contracts_won == 5 and score.contracts_lost == 2


def test_tie_breaks_most_robots_then_odd_tokens_then_shared() -> None:
    def s(total: int, robots: int, tokens: int) -> scoring.Score:
        return scoring.Score(total, 0, 0, 0, 0, 0, (), robots, tokens, True)

    assert scoring.winners([s(20, 3, 2), s(20, 4, 2), s(19, 5, 1)]) == (1,)
    assert scoring.winners([s(20, 4, 2), s(20, 4, 3)]) == (1,)
    assert scoring.winners([s(20, 4, 2), s(20, 4, 4)]) == (0, 1)


def test_outcome_of_a_finished_game_names_the_winner() -> None:
    state = new(2, 1)
    state.phase = "over"
    _give_robots(state, 1, BLUE)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.scores[1] == scoring.score(state, 1).total
    assert GAME.pending(state) == ()
