"""Random games through the checked API (tests/engine/conformance.py) plus Imaginarium's own
properties: conservation and non-negative quantities (via invariants), views that never show
another seat's hidden values, and events that keep screen contents private."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.rng import Rng
from engine.imaginarium import GAME
from engine.imaginarium.flow import ROUND_LIMIT
from engine.imaginarium.state import State
from tests.engine.conformance import check_playout

HIDDEN_PARAMS = {"count", "goods", "cost", "gain", "projects", "owed", "fragments"}
"""Event params that may describe what is behind a screen: only allowed in addressed events."""


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 5), seed=st.integers(0, 2**32), chimera=st.booleans())
def test_random_games_conform(seats: int, seed: int, chimera: bool) -> None:
    check_playout(GAME, seats, seed, {"chimera": chimera})


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.sampled_from([4, 6]), seed=st.integers(0, 2**32))
def test_random_team_games_conform(seats: int, seed: int) -> None:
    check_playout(GAME, seats, seed, {"chimera": True, "teams": True})


def _scramble(state: State, seat: int | None) -> State:
    """The same state with everything ``seat`` may not see changed: other screens, secret projects,
    deck and assistant-deck order."""
    other = GAME.copy(state)
    for p in other.opponents(-1 if seat is None else seat):  # one per team; shared lists change in place
        p.goods[:4] = [g + 7 for g in p.goods[:4]]
        p.goods[4] += 3
        p.vp_from[4] += 3
        p.held[:] = [n + 2 for n in p.held]
    other.deck.reverse()
    other.pile.reverse()
    other.assistant_deck.reverse()
    return other


def _public(view: Any) -> Any:
    return replace(view, screen=None)


@settings(max_examples=10, deadline=None)
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32), chimera=st.booleans())
def test_views_and_events_hide_what_is_behind_screens(seats: int, seed: int, chimera: bool) -> None:
    teams = seats == 6 or (seats == 4 and seed % 2 == 0)
    state = GAME.new(seats, seed, {"chimera": chimera or teams, "teams": teams})
    rng = Rng(seed)
    step = 0
    while GAME.outcome(state) is None and step < 400:
        if step % 9 == 0:
            for seat in [None, *range(seats)]:
                view = GAME.view(state, seat)
                twin = GAME.view(_scramble(state, seat), seat)
                assert view == twin, f"view of {seat} depends on hidden information"
                if seat is None:
                    assert view.screen is None and view.final is None
                else:
                    assert view.screen is not None and view.screen.seat == seat
                    mate = GAME.view(state, seat ^ 1) if state.teams else view
                    assert mate.screen is not None and mate.screen.charcoalium == view.screen.charcoalium
                json.dumps(view.to_json())
        decision = GAME.pending(state)[0]
        result = GAME.apply(state, decision.seat, rng.choice(decision.choices).id, state.flow.version)
        for event in result.public_events():
            leaked = HIDDEN_PARAMS & set(event.params)
            assert not leaked, f"public event {event.key} carries {leaked}"
        state = result.state
        step += 1


def test_hidden_secret_projects_stay_out_of_other_views() -> None:
    state = GAME.new(3, 5)
    state.players[0].secret = [state.stock.pop(), state.stock.pop()]
    assert len(GAME.view(state, 0).screen.secret_projects) == 2  # type: ignore[union-attr]
    assert GAME.view(state, 1).screen.secret_projects == ()  # type: ignore[union-attr]
    text = json.dumps(GAME.view(state, 1).to_json()) + json.dumps(GAME.view(state, None).to_json())
    for p in state.players[0].secret:
        assert state.data.projects[p].id not in text or p in state.display


def test_random_games_always_end_within_bounded_rounds() -> None:
    from engine.core.contract import RandomPolicy
    from engine.core.selfplay import play_one

    for seats in (2, 3, 4, 5):
        for seed in range(3):
            run = play_one(GAME, seats, seed, [RandomPolicy()] * seats, {"chimera": seed == 2})
            assert run.finished and run.error is None, run
            assert run.rounds <= ROUND_LIMIT
