"""The core contract, exercised on the tiny fixture game."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import BadOptions, Choice, Decision, GameFinished, IllegalChoice, StaleVersion, WrongSeat
from engine.core.contract import all_policies
from engine.core.selfplay import selfplay
from tests.engine.conformance import check_playout
from tests.support.tinygame import GAME


def test_new_is_deterministic_and_seed_sensitive() -> None:
    a, b, c = GAME.new(2, 7), GAME.new(2, 7), GAME.new(2, 8)
    assert GAME.to_json(a) == GAME.to_json(b)
    assert GAME.to_json(a) != GAME.to_json(c)


def test_gate_order_and_errors_leave_state_unchanged() -> None:
    state = GAME.new(2, 1)
    before = json.dumps(GAME.to_json(state))
    with pytest.raises(StaleVersion):
        GAME.apply(state, 0, "end", expected_version=5)
    with pytest.raises(WrongSeat):
        GAME.apply(state, 1, "end", 0)
    with pytest.raises(IllegalChoice) as info:
        GAME.apply(state, 0, "play:9", 0)
    assert "play:9" in str(info.value) and info.value.code == "illegal_choice"
    assert json.dumps(GAME.to_json(state)) == before


def test_finished_game_refuses_moves() -> None:
    state = GAME.new(1, 3)
    while GAME.outcome(state) is None:
        decision = GAME.pending(state)[0]
        state = GAME.apply(state, 0, decision.choices[0].id).state
    with pytest.raises(GameFinished):
        GAME.apply(state, 0, "end")


@pytest.mark.parametrize("options", [{"nope": 1}, {"hand": 9}, {"hand": "two"}, {"hand": True}])
def test_bad_options(options: dict[str, object]) -> None:
    with pytest.raises(BadOptions):
        GAME.new(2, 1, options)


def test_bad_seat_count() -> None:
    with pytest.raises(BadOptions, match="1 to 4 seats"):
        GAME.new(5, 1)


def test_checkpoint_flags_and_private_events() -> None:
    state = GAME.new(2, 4)
    played = GAME.apply(state, 0, "play:0", 0)
    assert not played.checkpoint and played.public_events()
    ended = GAME.apply(played.state, 0, "end", 1)
    assert ended.checkpoint
    private = [e for e in ended.events if e.to is not None]
    assert private and all(e.to == frozenset({0}) for e in private)
    assert private[0] in ended.events_for(0) and private[0] not in ended.events_for(1)
    assert private[0] not in ended.events_for(None)


def test_menus_split_long_lists() -> None:
    choices = tuple(Choice(f"c{i}", "k", {}, "a" if i < 30 else "b") for i in range(33))
    menus = Decision(0, "p", choices).menus()
    assert [(g, p, len(c)) for g, p, c in menus] == [("a", 0, 25), ("a", 1, 5), ("b", 0, 3)]


def test_text_catalog() -> None:
    assert GAME.text("tiny.choice.play", {"value": 3}) == "Play a 3"
    assert GAME.text("tiny.missing") == "tiny.missing"
    assert GAME.text("tiny.event.played", {"seat": 1}) == "Seat 2 played a {value}"


def test_view_hides_other_hands() -> None:
    state = GAME.new(3, 2)
    assert GAME.view(state, None).hand is None
    assert GAME.view(state, 1).hand == tuple(state.hands[1])


@settings(max_examples=30, deadline=None)
@given(seats=st.integers(1, 4), seed=st.integers(0, 2**32))
def test_conformance(seats: int, seed: int) -> None:
    check_playout(GAME, seats, seed)


def test_selfplay_report() -> None:
    report = selfplay(GAME, 3, 5, 10, all_policies(GAME)["random"])
    summary = report.summary()
    assert summary["games"] == 5 and summary["finished"] == 5 and summary["errors"] == 0


def test_text_names_seats_from_one_or_by_display_name() -> None:
    assert GAME.text("tiny.event.played", {"seat": 0, "value": 2}) == "Seat 1 played a 2"
    assert GAME.text("tiny.event.played", {"seat": 1, "value": 2}, names=["Ann", "Bo"]) == "Bo played a 2"
    assert GAME.text("tiny.event.played", {"seat": 1, "value": 2}, lang="fr") == "Place 2 played a 2"
