"""Each assistant (rulebook: Descriptions, the Assistants)."""

from __future__ import annotations

from engine.imaginarium import GAME
from engine.imaginarium.cards import CH, VP
from tests.engine.imaginarium.builder import Table


def test_as02_reset_income_equals_the_level_of_the_discarded_machine() -> None:
    t = Table(2).assistants(1, "AS02").goods(1)
    last = max(p for p, u in enumerate(t.state.belt) if u >= 0)
    level = t.data.card[t.state.belt[last]].level
    t.workshop(0).goods(0).turn(0, "menu", ("recruit", "extract"))
    t.choose("end")
    assert t.state.round == 2
    assert t.player(1).goods[CH] == level


def test_as04_adds_one_vp_per_project() -> None:
    t = Table(3).assistants(0, "AS04").display("PR13").goods(0)
    t.assistants(0, "AS01", "AS02")
    t.turn(0, "projects")
    offer = next(c for c in GAME.pending(t.state)[0].choices if c.id == "complete:PR13")
    assert offer.params["vp"] == 6 + 1  # the offer shows what will be taken
    t.choose("complete:PR13")
    assert t.player(0).goods[VP] == 6 + 1


def test_as05_pays_only_the_base_cost() -> None:
    t = Table(3).assistants(0, "AS05")
    pos = next(p for p, u in enumerate(t.state.belt) if u >= 0)
    t.goods(0, charcoalium=10).workshop(0).turn(0, "pickup", spot=pos)
    assert t.player(0).goods[CH] == 10 - t.data.base_costs[pos]


def test_as06_adds_two_spaces() -> None:
    t = Table(3).assistants(0, "AS06").goods(0, wood=2).workshop(0, "P2", "P2", "P2", "P2").yard(0, "P1")
    t.turn(0, "menu", ("extract", "repair"))
    t.choose("do:repair", "repair:P1")
    assert len(t.player(0).stacks) == 5


def test_as07_buys_the_top_of_the_deck_for_three() -> None:
    t = Table(3).assistants(0, "AS07").goods(0, charcoalium=5).workshop(0)
    top = t.state.deck[-1]
    t.turn(0, "pickup")
    assert t.ids() == ["deck", "next"]
    result = t.choose("deck")
    assert result.randomness
    assert t.player(0).yard == [top]
    assert t.player(0).goods[CH] == 2


def test_as08_draws_two_secret_projects_completed_at_full_value_then_discarded() -> None:
    t = Table(3).goods(0, charcoalium=20).meeting("AS08", "AS04", "AS06")
    t.turn(0, "menu", ("recruit", "extract"))
    result = t.choose("do:recruit", "recruit:AS08")
    assert result.randomness
    assert len(t.player(0).secret) == 2
    assert [e.to for e in result.events if e.key.endswith("secret_drawn")] == [frozenset({0})]
    assert GAME.view(t.state, 1).screen.secret_projects == ()
    assert len(GAME.view(t.state, 0).screen.secret_projects) == 2
    t.secret(0, "PR14", "PR13").goods(0, charcoalium=15)
    pr14 = next(p.index for p in t.data.projects if p.id == "PR14")
    t.state.completions[pr14] = [1]  # completed by someone on display before: full value anyway
    t.choose("end")
    result = t.choose("complete:PR14")
    assert result.revealed
    assert t.player(0).goods[VP] == t.data.projects[pr14].vp
    assert t.player(0).secret == []
    assert pr14 in t.state.removed


def test_as09_vp_cost_three() -> None:
    t = Table(3).assistants(0, "AS09").goods(0, charcoalium=6).turn(0, "menu", ("repair", "transactions"))
    t.choose("do:transactions", "buy:vp", "buy:vp")
    assert t.player(0).goods[CH] == 0 and t.player(0).goods[VP] == 2


def test_as10_five_transactions() -> None:
    t = Table(3).assistants(0, "AS10").goods(0, wood=6).turn(0, "menu", ("repair", "transactions"))
    t.choose("do:transactions", *["sell:wd"] * 5)
    assert t.player(0).goods[1] == 1
    assert t.state.step != "trade"


def test_as11_uses_the_effect_twice_on_repair_but_not_for_attacks() -> None:
    t = Table(3).assistants(0, "AS11").goods(0, wood=2).yard(0, "P1").workshop(0)
    t.turn(0, "menu", ("extract", "repair"))
    t.choose("do:repair", "repair:P1", "use", "use")
    assert t.player(0).goods[CH] == 2
    t = Table(3).assistants(0, "AS11").goods(0, wood=1, copper=1).yard(0, "A1").workshop(0)
    t.player(1).goods[CH] = 9
    t.turn(0, "menu", ("extract", "repair"))
    t.choose("do:repair", "repair:A1", "steal")
    assert t.player(0).goods[CH] == 3
    assert t.state.step != "effect"


def test_as12_borrows_an_uncombined_opponent_machine_once() -> None:
    t = Table(3).assistants(0, "AS12").goods(0, wood=1).workshop(0)
    t.workshop(1, "P3", "P1+P1").workshop(2, "T1")
    t.turn(0, "machines")
    assert sorted(t.ids()) == ["borrow:P3", "borrow:T1:wd", "next"]
    t.choose("borrow:T1:wd")
    assert t.player(0).goods[:4] == [3, 0, 0, 0]
    assert t.state.step != "machines"


def test_as13_majorities_worth_three() -> None:
    from engine.imaginarium.scoring import add_majorities

    t = Table(2).assistants(0, "AS13").goods(0, wood=3, copper=1).goods(1, wood=3, crystal=1)
    add_majorities(t.state)
    assert t.player(0).goods[VP] == 3 + 3  # wood (tied) and copper
    assert t.player(1).goods[VP] == 2 + 2  # wood (tied) and crystal


def test_as03_dismantles_twice_in_a_row() -> None:
    t = Table(3).assistants(0, "AS03").goods(0).yard(0, "P1", "P2").turn(0, "menu", ("transactions", "dismantle"))
    t.choose("do:dismantle", "dismantle:y:P1", "take:wd1", "do:dismantle", "dismantle:y:P2", "take:cu1")
    assert t.player(0).goods[:4] == [0, 1, 1, 0]
    assert "do:dismantle" not in t.ids()


def test_as11_doubles_the_diplomateur_but_not_defense_machines_nor_what_the_recyclateur_recovers() -> None:
    """AS11: "This effect does not work for attack or defense machines or for The Recyclateur"."""
    t = Table(3).assistants(0, "AS11").goods(0, copper=1, crystal=3).yard(0, "S2").workshop(0)
    t.turn(0, "menu", ("extract", "repair"))
    t.choose("do:repair", "repair:S2", "use", "use")
    assert t.player(0).goods[VP] == 2
    t = Table(3).assistants(0, "AS11").goods(0, wood=1, copper=1).yard(0, "D1").workshop(0)
    t.turn(0, "menu", ("extract", "repair"))
    t.choose("do:repair", "repair:D1")
    assert t.state.step == "menu"
    t = Table(3).assistants(0, "AS11").goods(0, wood=2, crystal=2).yard(0, "S1").workshop(0)
    t.state.crusher.append(t.card("P1"))
    t.turn(0, "menu", ("extract", "repair"))
    t.choose("do:repair", "repair:S1", "recycle:P1", "use")
    assert t.player(0).goods[CH] == 1
    assert t.state.step == "menu"


def test_as05_price_may_still_be_made_up_with_resources() -> None:
    t = Table(3).assistants(0, "AS05")
    pos = next(p for p, u in enumerate(t.state.belt) if u >= 0)
    base = t.data.base_costs[pos]
    t.goods(0, charcoalium=base - 1, wood=2).workshop(0).turn(0, "pickup", spot=pos)
    assert t.state.step == "pay"
    t.choose("pay:wd", "pay:wd")
    assert t.player(0).goods[:4] == [0, 0, 0, 0]
    assert len(t.player(0).yard) == 1


def test_as07_needs_three_charcoalium_and_never_takes_resources() -> None:
    t = Table(3).assistants(0, "AS07").goods(0, charcoalium=2, wood=9).workshop(0)
    t.turn(0, "pickup")
    assert t.state.step == "pair"
