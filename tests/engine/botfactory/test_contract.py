"""Bad input, data overrides, views and persistence."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.botfactory import GAME
from engine.botfactory import loader as rules
from engine.botfactory.view import BotFactoryView
from engine.core.errors import BadData, BadOptions, GameFinished, IllegalChoice, StaleVersion, WrongSeat
from engine.core.rng import Rng
from tests.engine.botfactory.helpers import Scenario, new, play


def _frozen(state: object) -> str:
    return json.dumps(GAME.to_json(state), sort_keys=True)  # type: ignore[arg-type]


def test_bad_input_raises_a_typed_error_and_leaves_the_state_unchanged() -> None:
    state = new(3, 1)
    before = _frozen(state)
    seat = GAME.pending(state)[0].seat
    with pytest.raises(IllegalChoice, match="move:99"):
        GAME.apply(state, seat, "move:99", state.flow.version)
    with pytest.raises(WrongSeat):
        GAME.apply(state, (seat + 1) % 3, GAME.pending(state)[0].choices[0].id, state.flow.version)
    with pytest.raises(StaleVersion):
        GAME.apply(state, seat, GAME.pending(state)[0].choices[0].id, state.flow.version - 1)
    assert _frozen(state) == before
    last_round = Scenario(2).robots_left(green=0).worker(0, "AS1").worker(1, "PP1").sandra("PR1").acting(0)
    finished = play(last_round.build(), "end", "end")
    with pytest.raises(GameFinished):
        GAME.apply(finished, 0, "end", finished.flow.version)


def test_options_are_validated() -> None:
    with pytest.raises(BadOptions):
        GAME.new(3, 1, {"variant": 3})
    with pytest.raises(BadOptions):
        GAME.new(2, 1, {"task": "A"})
    with pytest.raises(BadOptions, match="icons"):
        GAME.new(3, 1, {"icons": "placement"})  # the house rule the text rules out is gone
    with pytest.raises(BadOptions):
        GAME.new(5, 1)
    assert GAME.new(1, 1, {"task": "D"}).solo.task == "D"  # type: ignore[union-attr]


def test_overrides_change_the_data_and_stay_in_the_state() -> None:
    state = GAME.new(2, 1, overrides={"finance": {"start": 5}, "contracts": {"row_vp": [6, 3, 1]}})
    assert state.values == [5] * 4 and state.rules.row_vp == (6, 3, 1)
    restored = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
    assert restored.values == [5] * 4 and restored.rules.row_vp == (6, 3, 1)


@pytest.mark.parametrize(
    "overrides",
    [
        {"finance": {"nope": 1}},
        {"finance": {"start": 20}},
        {"finance": {"start": "six"}},
        {"contracts": {"tiles": [{"id": "C01", "needs": ["purple"]}]}},
        {"actions": {"spaces": [{"id": "AS1", "board": "kitchen"}]}},
    ],
)
def test_bad_overrides_raise_bad_data(overrides: dict[str, object]) -> None:
    with pytest.raises(BadData):
        GAME.new(2, 1, overrides=overrides)


def test_bundled_data_is_valid_and_complete() -> None:
    data = rules.load()
    assert len(data.parts) == 54 and len(data.projects) == 24 and len(data.contracts) == 14
    assert len(data.spaces) == 11 and [len(b) for b in data.board_spaces] == [3, 3, 2, 3]
    for name in rules.FILES:
        assert rules.bundled()[name], name


def test_views_hide_deck_orders_and_the_box() -> None:
    state = new(3, 1)
    other = GAME.copy(state)
    other.deck.reverse()
    for pile in other.piles:
        pile[:-1] = pile[:-1][::-1]
    other.contract_box.reverse()
    for viewer in (None, 0, 1):
        assert GAME.view(state, viewer).to_json() == GAME.view(other, viewer).to_json()
    view = GAME.view(state, 0)
    assert isinstance(view, BotFactoryView) and view.kind == "botfactory"
    assert view.project_deck == len(state.deck) and view.piles[0].top is not None


def test_solo_view_hides_vilelas_decks() -> None:
    state = new(1, 1)
    other = GAME.copy(state)
    assert other.solo is not None
    other.solo.action_deck.reverse()
    other.solo.robot_deck.reverse()
    other.solo.inspection_deck.reverse()
    assert GAME.view(state, 0).to_json() == GAME.view(other, 0).to_json()


def test_json_round_trip_and_copy() -> None:
    state = new(4, 2, variant=1)
    data = GAME.to_json(state)
    assert GAME.to_json(GAME.from_json(json.loads(json.dumps(data)))) == data
    assert GAME.to_json(GAME.copy(state)) == data


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(1, 4), steps=st.integers(0, 400))
def test_views_never_depend_on_hidden_orders(seed: int, seats: int, steps: int) -> None:
    """Mid-game, permuting every hidden order (under the pile tops, the project deck, the box,
    Vilela's decks) leaves every view unchanged."""
    state = GAME.new(seats, seed, {"variant": seed % 3})
    rng = Rng(seed)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        decision = GAME.pending(state)[0]
        GAME.advance(state, decision.seat, rng.choice(decision.choices))
    other = GAME.copy(state)
    rng.shuffle(other.deck)
    rng.shuffle(other.contract_box)
    for pile in other.piles:
        body = pile[:-1]
        rng.shuffle(body)
        pile[:-1] = body
    if other.solo is not None:
        for deck in (other.solo.action_deck, other.solo.robot_deck, other.solo.inspection_deck):
            rng.shuffle(deck)
    for viewer in (None, *range(seats)):
        assert GAME.view(state, viewer).to_json() == GAME.view(other, viewer).to_json()


def test_invariants_catch_lost_or_duplicated_pieces() -> None:
    from engine.core.errors import InvariantBroken

    state = new(3, 1)
    GAME.check_invariants(state)
    broken = [GAME.copy(state) for _ in range(5)]
    broken[0].players[0].parts.append(broken[0].piles[0][0])
    broken[1].deck.pop()
    broken[2].robots_board[1] -= 1
    broken[3].contract_box.pop()
    broken[4].players[2].tokens = 10
    for bad in broken:
        with pytest.raises(InvariantBroken):
            GAME.check_invariants(bad)
