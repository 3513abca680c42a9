"""The flow asks whether a step offers anything without building its choices; each such check must
agree with ``bool`` of the choices it stands for, in every position random play reaches (two and four
seats, Chimera, teams)."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core.contract import RandomPolicy
from engine.core.rng import Rng
from engine.imaginarium import actions, office, workshop


@pytest.mark.parametrize(("seats", "options"), [(2, {}), (3, {"chimera": True}), (4, {"chimera": True, "teams": True})])
def test_existence_checks_agree_with_the_choices(seats: int, options: dict[str, bool]) -> None:
    game = registry.get("imaginarium")
    checked = 0
    for seed in range(3):
        state = game.new(seats, seed, options)
        rng = Rng(seed)
        while game.outcome(state) is None:
            if state.flow.phase != "planning" and state.flow.turn.piece >= 0:
                assert actions.can_trade(state) == bool(actions.trade_moves(state))
                assert actions.can_recruit(state) == bool(actions.recruit_choices(state))
                assert workshop.can_dismantle(state) == bool(workshop.dismantle_choices(state))
                assert office.any_completable(state) == bool(office.completable(state))
                if state.flow.step == "menu":
                    assert actions.menu_open(state) == bool(actions.menu_actions(state))
                checked += 1
            decision = game.pending(state)[0]
            game.advance(state, decision.seat, RandomPolicy().choose(game, state, decision, rng))
    assert checked > 100
