"""Every number and name Bot Factory's tutorial states is its position's: each step's ``look``,
``do``, ``done`` and ``why`` in English and in French give exactly the numbers computed here from the
step's position (``before``) and what its taught choice leads to (``after``) - tokens, credits,
values, rewards and costs from the rules data, points from the scoring - and name only action spaces,
parts and contracts the position holds. A changed scenario or rule that makes a lesson untrue fails
here instead of teaching it."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from engine.botfactory import GAME, scoring
from engine.botfactory.state import State
from engine.botfactory.tutorial import SCENARIOS
from engine.core.tutorial import LEARNER, tutorial_of

TUTORIAL = tutorial_of(GAME)
assert TUTORIAL is not None
FIELDS = ("look", "do", "done", "why")
"""The words that speak of the position; ``rule`` quotes the rulebook's general numbers."""
QUOTED = re.compile(r"“[^”]*”|«[^»]*»")
"""An action space named by what it gives: its numbers are the space's, checked as a name."""
BLUE = 2


def _value(state: State) -> int:
    return state.values[BLUE]


def _left(state: State) -> int:
    assert state.flow.turn is not None
    return state.flow.turn.left


def _tokens(state: State) -> int:
    return state.players[LEARNER].tokens


CLAIMS: dict[str, Callable[[State, State], set[int]]] = {
    "take_part": lambda before, after: set(),
    "place_worker": lambda before, after: {after.rules.spaces[after.players[LEARNER].pos // 2].amount},
    "wheel_exit": lambda before, after: {after.rules.bonus_cost, _left(after)},
    "wheel_bonus": lambda before, after: {after.rules.bonus_cost, after.rules.rewards[0], after.rules.icon_cost},
    "icon_bonus": lambda before, after: {after.rules.icon_cost, _tokens(after)},
    "rotate": lambda before, after: set(),
    "refill": lambda before, after: {_left(after)},
    "move_worker": lambda before, after: set(),
    "sandra_toll": lambda before, after: {before.rules.sandra_toll, before.rules.rewards[1]},
    "place_part": lambda before, after: {after.rules.rewards[1], _tokens(after), 3},  # the 3rd part completes it
    "build_robot": lambda before, after: {_value(after), _value(after) - 1},  # maintenance: one step down
    "take_project": lambda before, after: {after.rules.project_token_gain, _tokens(after)},
    "move_finance": lambda before, after: {_tokens(before), after.rules.spaces[after.players[LEARNER].pos // 2].amount},
    "raise_value": lambda before, after: {
        _value(before),
        _value(after),
        _value(after) - _value(before),  # 1 VP a robot for each step
        _tokens(after),
        _tokens(before),
    },
    "reserve": lambda before, after: _contract(after),
    "solo_start": lambda before, after: {3, before.rules.rewards[0], _tokens(before)},  # task A: 3 robots
    "vilela_projects": lambda before, after: set(),
    "inspection": lambda before, after: set(),
    "protect_contract": lambda before, after: _contract(after) - {2},
    "vilela_wheel": lambda before, after: set(),
    "third_robot": lambda before, after: {3},
    "promoted": lambda before, after: {_value(after), scoring.score(after, LEARNER).total},
}
"""Per step, the numbers its words give, each read from the position or the rules."""


def _contract(after: State) -> set[int]:
    """The blue contract reserved: its row's cost, its slot's VP, its row's VP, and both together."""
    (pos,) = [p for p, seats in enumerate(after.reservations) if LEARNER in seats]
    row = pos // after.rules.grid_columns
    slot = after.rules.contracts[after.grid[pos]].slots[0]
    return {after.rules.row_costs[row], slot, after.rules.row_vp[row], slot + after.rules.row_vp[row]}


def _stated(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", QUOTED.sub("", text))}


@pytest.mark.parametrize("step", [s.id for s in TUTORIAL.run()])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_number_a_step_states_is_its_positions(step: str, lang: str) -> None:
    before = SCENARIOS[TUTORIAL.step(step).scenario]()
    after = GAME.apply(before, LEARNER, TUTORIAL.step(step).choice).state
    words = TUTORIAL.texts(lang).steps[step]
    stated = set().union(*(_stated(getattr(words, field)) for field in FIELDS))
    assert stated == CLAIMS[step](before, after), (step, lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_space_a_step_names_is_on_the_floor(lang: str) -> None:
    """A space named by what it gives (“6 wheel credits”) is one of the floor's, as the menus say it."""
    state = SCENARIOS["place_worker"]()
    spaces = {
        GAME.localise(state.rules.space_words(i), lang)["space"].strip("“”« »\u00a0")
        for i in range(len(state.rules.spaces))
    }
    for step in TUTORIAL.run():
        words = TUTORIAL.texts(lang).steps[step.id]
        for field in FIELDS:
            for named in QUOTED.findall(getattr(words, field)):
                assert named.strip("“”« »\u00a0") in spaces, (step.id, named)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_contract_a_step_names_lies_on_its_grid(lang: str) -> None:
    """ "The blue contract" is a contract needing a blue robot on the step's grid (or one its taught
    choice just removed)."""
    colour = "(?:red|yellow|blue|green)" if lang == "en" else "(?:rouge|jaune|bleu|vert)"
    listed = rf"({colour}(?: \+ {colour})*)"
    named = re.compile(rf"the {listed} (?:one|contract)\b" if lang == "en" else rf"contrat {listed}")
    for step in TUTORIAL.run():
        state = SCENARIOS[step.scenario]()
        rules = state.rules
        on_grid = {
            GAME.localise(
                {"contract": "", "needs": "+".join(rules.colours[c] for c in rules.contracts[tile].needs)}, lang
            )["contract"]
            for tile in state.grid
            if tile != -1
        }
        words = TUTORIAL.texts(lang).steps[step.id]
        for field in FIELDS:
            for colours in named.findall(getattr(words, field)):
                assert colours in on_grid, (step.id, field, colours)
