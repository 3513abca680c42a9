"""The greedy policy (finishes games, sees only its own view) and how card names, goods and actions
are written in labels (the catalogues themselves: test_text.py)."""

from __future__ import annotations

import pytest

from engine.core.contract import RandomPolicy
from engine.core.rng import Rng
from engine.core.selfplay import play_one
from engine.imaginarium import GAME
from engine.imaginarium.policy import GreedyPolicy
from engine.imaginarium.scenario import Scenario
from tests.engine.imaginarium.table import Table


def test_greedy_games_finish() -> None:
    for seats in (2, 4):
        run = play_one(GAME, seats, 11, [GreedyPolicy()] * seats)
        assert run.finished and run.error is None, run


@pytest.mark.parametrize("chimera", [False, True])
def test_greedy_choice_ignores_hidden_information(chimera: bool) -> None:
    policy = GreedyPolicy()
    for seed in range(6):
        state = GAME.new(3, seed, {"chimera": chimera})
        rng = Rng(seed)
        for _ in range(40 + 7 * seed):
            decision = GAME.pending(state)[0]
            GAME.advance(state, decision.seat, RandomPolicy().choose(GAME, state, decision, rng))
        decision = GAME.pending(state)[0]
        twin = GAME.copy(state)
        for p in twin.players:
            if p.seat != decision.seat:
                p.goods[:4] = [g + 5 for g in p.goods[:4]]
                twin.pile += [k for k, n in enumerate(p.held) for _ in range(n)]
                p.held = [0] * 5
        twin.deck.reverse()
        twin.pile.reverse()
        a = policy.choose(GAME, state, decision, Rng(0))
        b = policy.choose(GAME, twin, decision, Rng(0))
        assert a == b


def test_greedy_buys_a_victory_point_when_it_can() -> None:
    t = Table(Scenario(3).goods(0, charcoalium=5).turn(0, "menu", pair=("repair", "transactions")))
    t.choose("do:transactions")
    decision = __import__("engine.imaginarium", fromlist=["GAME"]).GAME.pending(t.state)[0]
    assert GreedyPolicy().choose(GAME, t.state, decision, Rng(0)).id == "buy:vp"


def test_text_localises_machine_names_goods_and_actions() -> None:
    params = {"machine": "P2+T3", "cost": "wd1+cu2", "gain": "cr1"}
    assert GAME.text("imaginarium.choice.use", params) == (
        "Use Carpenteur + Supertransmuteur: pay 1 wood and 2 copper, get 1 crystal"
    )
    assert GAME.text("imaginarium.choice.use", params, "fr") == (
        "Utiliser Menuisette + Surtransmutoir\u00a0: payer 1 bois et 2 cuivres, obtenir 1 cristal"
    )
    assert (
        GAME.text("imaginarium.choice.use_free", {"machine": "P1", "gain": "ch3"})
        == "Use Charcoalette: get 3 charcoalium"
    )
    assert GAME.text("imaginarium.event.used", {"seat": 1, "machine": "S4+S4"}) == "Seat 2 used Achievette + Achievette"
    assert GAME.text("imaginarium.choice.pair", {"first": "repair", "second": "transactions"}) == (
        "Repair & Make transactions"
    )
    assert GAME.text("imaginarium.event.used", {"seat": 1, "machine": "T1"}, "fr") == "Place 2 a utilisé Combustoir"
    named = GAME.text("imaginarium.event.used", {"seat": 0, "machine": "T1"}, "fr", names=["Zoé"])
    assert named == "Zoé a utilisé Combustoir"
    recruit = GAME.text("imaginarium.choice.recruit", {"assistant": "AS12", "price": 7})
    assert recruit == "Recruit the Borrower: 7 charcoalium"
