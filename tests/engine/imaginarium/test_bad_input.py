"""Every kind of refused choice raises its typed error and leaves the state untouched."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import BadOptions, GameFinished, IllegalChoice, StaleVersion, WrongSeat
from engine.imaginarium import GAME
from engine.imaginarium.scenario import Scenario


def _frozen(state: object) -> str:
    return json.dumps(GAME.to_json(state), sort_keys=True)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("step", "pair", "bad"),
    [
        ("plan", None, "reserve:99"),
        ("plan", None, "extractor:7"),
        ("pair", None, "pair:recruit+repair"),  # not adjacent on the dial
        ("menu", ("recruit", "extract"), "do:repair"),  # not in the chosen pair
        ("menu", ("recruit", "extract"), "use:0"),
        ("machines", None, "use:9"),
        ("menu", ("recruit", "extract"), "do:extract:twice"),
        ("menu", ("recruit", "extract"), ""),
    ],
)
def test_illegal_choices(step: str, pair: tuple[str, str] | None, bad: str) -> None:
    start = Scenario(3)
    state = (start if step == "plan" else start.turn(0, step, pair=pair)).build()
    before = _frozen(state)
    seat = GAME.pending(state)[0].seat
    with pytest.raises(IllegalChoice) as err:
        GAME.apply(state, seat, bad, state.flow.version)
    assert repr(bad) in str(err.value) or bad in str(err.value)
    assert _frozen(state) == before


def test_same_pair_twice_in_a_row_is_illegal() -> None:
    state = Scenario(3).last_pair(0, "recruit", "extract").turn(0, "pair").build()
    with pytest.raises(IllegalChoice):
        GAME.apply(state, 0, "pair:recruit+extract", state.flow.version)


def test_unaffordable_buy_and_repair_are_illegal() -> None:
    state = Scenario(3).goods(0).yard(0, "P6").turn(0, "menu", pair=("repair", "transactions")).build()
    decision = GAME.pending(state)[0]  # nothing could be done: the turn went on by itself
    assert state.players[0].last_pair >= 0 and decision.prompt == "imaginarium.prompt.plan"
    for bad in ("do:repair", "do:transactions", "buy:vp"):
        with pytest.raises(IllegalChoice):
            GAME.apply(state, decision.seat, bad, state.flow.version)


def test_wrong_seat_stale_version_and_finished_game() -> None:
    state = GAME.new(3, 1)
    seat = GAME.pending(state)[0].seat
    choice = GAME.pending(state)[0].choices[0].id
    before = _frozen(state)
    with pytest.raises(WrongSeat):
        GAME.apply(state, (seat + 1) % 3, choice, state.flow.version)
    with pytest.raises(StaleVersion):
        GAME.apply(state, seat, choice, state.flow.version + 1)
    assert _frozen(state) == before
    state.flow.phase = "ended"
    state.flow.end_reason = "target"
    with pytest.raises(GameFinished):
        GAME.apply(state, seat, choice, state.flow.version)


@pytest.mark.parametrize("seats", [1, 6])
def test_seat_counts_outside_two_to_five_are_refused(seats: int) -> None:
    with pytest.raises(BadOptions):
        GAME.new(seats, 1)
