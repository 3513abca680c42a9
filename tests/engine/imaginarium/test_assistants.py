"""Each assistant (rulebook: Descriptions, the Assistants)."""

from __future__ import annotations

from engine.imaginarium import GAME
from engine.imaginarium.cards import CH, VP
from engine.imaginarium.scenario import Scenario
from engine.imaginarium.scoring import add_majorities
from tests.engine.imaginarium.table import Table

BASE = Scenario().build().data.base_costs
"""Belt prices before the machine's level, from the deck side."""


def test_as02_reset_income_equals_the_level_of_the_discarded_machine() -> None:
    start = Scenario(2).assistants(1, "AS02").goods(1).belt(None, None, None, None, None, None, "P3")
    t = Table(start.workshop(0).goods(0).turn(0, "menu", pair=("recruit", "extract")))
    t.choose("end")
    assert t.state.flow.round == 2
    assert t.player(1).goods[CH] == t.data.by_serial["P3"].level


def test_as04_adds_one_vp_per_project() -> None:
    t = Table(Scenario(3).assistants(0, "AS04", "AS01", "AS02").display("PR13").goods(0).turn(0, "projects"))
    assert t.params("complete:PR13")["vp"] == 6 + 1  # the offer shows what will be taken
    t.choose("complete:PR13")
    assert t.player(0).goods[VP] == 6 + 1


def test_as05_pays_only_the_base_cost() -> None:
    start = Scenario(3).assistants(0, "AS05").belt("T3").goods(0, charcoalium=10).workshop(0)
    t = Table(start.turn(0, at="reserve:0"))
    assert t.player(0).goods[CH] == 10 - BASE[0]


def test_as05_price_may_still_be_made_up_with_resources() -> None:
    start = Scenario(3).assistants(0, "AS05").belt("T3").goods(0, charcoalium=BASE[0] - 1, wood=2).workshop(0)
    t = Table(start.turn(0, at="reserve:0"))
    assert t.state.flow.step == "pay"
    t.choose("pay:wd", "pay:wd")
    assert t.player(0).goods[:4] == [0, 0, 0, 0]
    assert len(t.player(0).yard) == 1


def test_as06_adds_two_spaces() -> None:
    start = Scenario(3).assistants(0, "AS06").goods(0, wood=2).workshop(0, "P2", "P2", "P2", "P2").yard(0, "P1")
    t = Table(start.turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:P1")
    assert len(t.player(0).stacks) == 5


def test_as07_buys_the_top_of_the_deck_for_three() -> None:
    start = Scenario(3).assistants(0, "AS07").goods(0, charcoalium=5).workshop(0).deck(top=["S1"])
    t = Table(start.turn(0, at="extractor:0"))
    assert t.ids() == ["deck", "next"]
    result = t.choose("deck")
    assert result.randomness
    assert [t.data.card[u].serial for u in t.player(0).yard] == ["S1"]
    assert t.player(0).goods[CH] == 5 + t.data.extractors[0] - 3


def test_as07_needs_three_charcoalium_and_never_takes_resources() -> None:
    t = Table(Scenario(3).assistants(0, "AS07").goods(0, charcoalium=2, wood=9).workshop(0).turn(0, at="reserve:0"))
    assert t.state.flow.step == "pair"


def test_as07_is_not_offered_to_an_idle_handyman() -> None:
    """AS07 works "during your machine picking up phase or charcoalium extraction": a handyman that
    found no free space does neither."""
    t = Table(Scenario(5).assistants(0, "AS07").goods(0, charcoalium=9).workshop(0).turn(0, at="idle"))
    assert t.state.flow.step == "pair"


def test_as08_draws_two_secret_projects_completed_at_full_value_then_discarded() -> None:
    t = Table(
        Scenario(3)
        .goods(0, charcoalium=20)
        .meeting("AS08", "AS04", "AS06")
        .turn(0, "menu", pair=("recruit", "extract"))
    )
    result = t.choose("do:recruit", "recruit:AS08")
    assert result.randomness
    assert len(t.player(0).secret) == 2
    assert [e.to for e in result.events if e.key.endswith("secret_drawn")] == [frozenset({0})]
    assert GAME.view(t.state, 1).screen.secret_projects == ()
    assert len(GAME.view(t.state, 0).screen.secret_projects) == 2
    # Completed on display by someone before: a secret project still scores its full value.
    t = Table(Scenario(3).secret(0, "PR14", "PR13").goods(0, charcoalium=15).completed("PR14", 1).turn(0, "projects"))
    result = t.choose("complete:PR14")
    assert result.revealed
    pr14 = next(p for p in t.data.projects if p.id == "PR14")
    assert t.player(0).goods[VP] == pr14.vp
    assert t.player(0).secret == []
    assert pr14.index in t.state.removed


def test_as09_vp_cost_three() -> None:
    t = Table(
        Scenario(3).assistants(0, "AS09").goods(0, charcoalium=6).turn(0, "menu", pair=("repair", "transactions"))
    )
    t.choose("do:transactions", "buy:vp", "buy:vp")
    assert t.player(0).goods[CH] == 0 and t.player(0).goods[VP] == 2


def test_as10_five_transactions() -> None:
    t = Table(Scenario(3).assistants(0, "AS10").goods(0, wood=6).turn(0, "menu", pair=("repair", "transactions")))
    t.choose("do:transactions", *["sell:wd"] * 5)
    assert t.player(0).goods[1] == 1
    assert t.state.flow.step != "trade"


def test_as11_uses_the_effect_twice_on_repair_but_not_for_attacks() -> None:
    start = Scenario(3).assistants(0, "AS11").goods(0, wood=2).yard(0, "P1").workshop(0)
    t = Table(start.turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:P1", "use", "use")
    assert t.player(0).goods[CH] == 2
    start = Scenario(3).assistants(0, "AS11").goods(0, wood=1, copper=1).goods(1, charcoalium=9).yard(0, "A1")
    t = Table(start.workshop(0).turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:A1", "steal")
    assert t.player(0).goods[CH] == 3
    assert t.state.flow.step != "effect"


def test_as11_doubles_the_diplomateur_but_not_defense_machines_nor_what_the_recyclateur_recovers() -> None:
    """AS11: "This effect does not work for attack or defense machines or for The Recyclateur"."""
    start = Scenario(3).assistants(0, "AS11").goods(0, copper=1, crystal=3).yard(0, "S2").workshop(0)
    t = Table(start.turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:S2", "use", "use")
    assert t.player(0).goods[VP] == 2
    start = Scenario(3).assistants(0, "AS11").goods(0, wood=1, copper=1).yard(0, "D1").workshop(0)
    t = Table(start.turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:D1")
    assert t.state.flow.step == "menu"
    start = Scenario(3).assistants(0, "AS11").goods(0, wood=2, crystal=2).yard(0, "S1").workshop(0).crusher("P1")
    t = Table(start.turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:S1", "recycle:P1", "use")
    assert t.player(0).goods[CH] == 1
    assert t.state.flow.step == "menu"


def test_as12_borrows_an_uncombined_opponent_machine_once() -> None:
    start = Scenario(3).assistants(0, "AS12").goods(0, wood=1).workshop(0).workshop(1, "P3", "P1+P1")
    t = Table(start.workshop(2, "T1").turn(0))
    assert sorted(t.ids()) == ["borrow:1:P3", "borrow:2:T1:wd", "next"]
    assert t.params("borrow:2:T1:wd")["owner"] == 2
    t.choose("borrow:2:T1:wd")
    assert t.player(0).goods[:4] == [3, 0, 0, 0]
    assert t.state.flow.step != "machines"


def test_as12_lets_the_player_choose_whose_machine() -> None:
    """AS12: "an opponent's uncombined production or transformation machine of your choice": the same
    machine in two workshops is two choices, each naming its owner."""
    start = Scenario(3).assistants(0, "AS12").goods(0).workshop(0).workshop(1, "P3").workshop(2, "P3", "P3")
    t = Table(start.turn(0))
    assert sorted(t.ids()) == ["borrow:1:P3", "borrow:2:P3", "next"]
    t.choose("borrow:2:P3")
    assert t.player(0).goods[:4] == [0, 0, 1, 0]
    assert [e.params["owner"] for e in t.events if e.key == "imaginarium.event.borrowed"] == [2]


def test_as13_majorities_worth_three() -> None:
    state = Scenario(2).assistants(0, "AS13").goods(0, wood=3, copper=1).goods(1, wood=3, crystal=1).build()
    add_majorities(state)
    assert state.players[0].goods[VP] == 3 + 3  # wood (tied) and copper
    assert state.players[1].goods[VP] == 2 + 2  # wood (tied) and crystal


def test_as03_dismantles_twice_in_a_row() -> None:
    start = Scenario(3).assistants(0, "AS03").goods(0).yard(0, "P1", "P2")
    t = Table(start.turn(0, "menu", pair=("transactions", "dismantle")))
    t.choose("do:dismantle", "dismantle:y:P1", "take:wd1", "do:dismantle", "dismantle:y:P2", "take:cu1")
    assert t.player(0).goods[:4] == [0, 1, 1, 0]
    assert "do:dismantle" not in t.ids()
