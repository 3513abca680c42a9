"""The greedy policy (finishes games, sees only its own view) and the English catalogue (every key)."""

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


def test_every_message_key_used_in_play_is_in_the_english_catalogue() -> None:
    keys: set[str] = set()
    for seats, chimera in ((2, False), (3, False), (5, False), (2, True), (4, True), (5, True), (6, True)):
        state = GAME.new(seats, seats, {"chimera": chimera, "teams": seats == 6})
        rng = Rng(seats)
        while GAME.outcome(state) is None:
            decision = GAME.pending(state)[0]
            keys.add(decision.prompt)
            keys.update(c.label for c in decision.choices)
            keys.update(c.group for c in decision.choices)
            tx = GAME.advance(state, decision.seat, rng.choice(decision.choices))
            keys.update(e.key for e in tx.events)
        keys.add(GAME.outcome(state).reason)  # type: ignore[union-attr]
    data = state.data
    keys |= {f"imaginarium.{key}" for key in ("option.chimera", "option.teams", "end.dream", "end.target", "end.limit")}
    keys |= {f"imaginarium.fragment.{c}" for c in (*data.colours, "nightmare")}
    keys |= {f"imaginarium.machine.{m.serial}" for m in data.machines}
    keys |= {f"imaginarium.project.{p.id}" for p in data.projects}
    keys |= {f"imaginarium.assistant.{a.id}" for a in data.assistants}
    groups = {k for k in keys if "." not in k}
    missing = sorted(k for k in keys - groups if not GAME.catalog.has(k))
    assert not missing
    assert groups <= {
        "belt",
        "extractors",
        "machines",
        "borrow",
        "pay",
        "pair",
        "actions",
        "recruit",
        "buy",
        "sell",
        "trade",
        "repair",
        "effect",
        "recycle",
        "dismantle",
        "reorganise",
        "projects",
    }


def test_text_localises_machine_names_goods_and_actions() -> None:
    params = {"machine": "P2+T3", "cost": "", "gain": "cr1"}
    assert (
        GAME.text("imaginarium.choice.use", params) == "Use Carpenteur + Supertransmuteur: pay nothing, get 1 crystal"
    )
    assert "Menuisette + Surtransmutoir" in GAME.text("imaginarium.choice.use", params, "fr")
    assert GAME.text("imaginarium.event.used", {"seat": 1, "machine": "S4+S4"}) == "Seat 2 used Achievette + Achievette"
    assert GAME.text("imaginarium.choice.pair", {"first": "repair", "second": "transactions"}) == (
        "Repair & Make transactions"
    )


def test_french_catalogue_has_every_english_key_with_the_same_placeholders() -> None:
    import string

    english = GAME.catalog.messages("en")
    french = GAME.catalog.messages("fr")
    assert set(french) == set(english)

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    assert [k for k in english if fields(english[k]) != fields(french[k])] == []
    assert GAME.text("imaginarium.event.used", {"seat": 1, "machine": "T1"}, "fr") == "Place 2 a utilisé Combustoir"
    named = GAME.text("imaginarium.event.used", {"seat": 0, "machine": "T1"}, "fr", names=["Zoé"])
    assert named == "Zoé a utilisé Combustoir"
