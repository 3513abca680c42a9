"""Every kind of refused choice raises its typed error and leaves the state untouched."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import BadOptions, GameFinished, IllegalChoice, StaleVersion, WrongSeat
from engine.imaginarium import GAME
from tests.engine.imaginarium.builder import Table


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
    t = Table(3)
    if step != "plan":
        t.turn(0, step, pair)
    state = t.state
    before = _frozen(state)
    seat = GAME.pending(state)[0].seat
    with pytest.raises(IllegalChoice) as err:
        GAME.apply(state, seat, bad, state.version)
    assert repr(bad) in str(err.value) or bad in str(err.value)
    assert _frozen(state) == before


def test_same_pair_twice_in_a_row_is_illegal() -> None:
    t = Table(3).turn(0, "pair")
    t.player(0).last_pair = 0 * 6 + 1
    t.state.cache = None
    with pytest.raises(IllegalChoice):
        GAME.apply(t.state, 0, "pair:recruit+extract", t.state.version)


def test_unaffordable_buy_and_repair_are_illegal() -> None:
    t = Table(3).goods(0).yard(0, "P6").turn(0, "menu", ("repair", "transactions"))
    assert "do:repair" not in t.ids() and "do:transactions" not in t.ids()
    for bad in ("do:repair", "do:transactions", "buy:vp"):
        with pytest.raises(IllegalChoice):
            GAME.apply(t.state, 0, bad, t.state.version)


def test_wrong_seat_stale_version_and_finished_game() -> None:
    state = GAME.new(3, 1)
    seat = GAME.pending(state)[0].seat
    choice = GAME.pending(state)[0].choices[0].id
    before = _frozen(state)
    with pytest.raises(WrongSeat):
        GAME.apply(state, (seat + 1) % 3, choice, state.version)
    with pytest.raises(StaleVersion):
        GAME.apply(state, seat, choice, state.version + 1)
    assert _frozen(state) == before
    state.phase = "ended"
    state.end_reason = "target"
    state.cache = None
    with pytest.raises(GameFinished):
        GAME.apply(state, seat, choice, state.version)


@pytest.mark.parametrize("seats", [1, 6])
def test_seat_counts_outside_two_to_five_are_refused(seats: int) -> None:
    with pytest.raises(BadOptions):
        GAME.new(seats, 1)
