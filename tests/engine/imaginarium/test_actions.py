"""The action dial and the actions (rulebook: Carrying out two actions), with the worked examples."""

from __future__ import annotations

import pytest

from engine.imaginarium.scenario import Scenario
from tests.engine.imaginarium.table import Table


def test_only_adjacent_pairs_and_never_the_same_pair_twice_in_a_row() -> None:
    t = Table(Scenario().turn(0, "pair"))
    assert sorted(t.ids()) == sorted(
        [
            "pair:recruit+extract",
            "pair:extract+repair",
            "pair:repair+transactions",
            "pair:transactions+dismantle",
            "pair:dismantle+reorganise",
            "pair:recruit+reorganise",
        ]
    )
    t = Table(Scenario().last_pair(0, "extract", "repair").turn(0, "pair"))
    assert "pair:extract+repair" not in t.ids()
    assert len(t.ids()) == 5


def test_free_actions_assistant_allows_any_two_different_actions_from_the_next_turn() -> None:
    t = Table(Scenario().turn(0, "pair").assistants(0, "AS01", recruited_this_round=True))
    assert "pair:recruit+dismantle" not in t.ids()
    t = Table(Scenario().turn(0, "pair").assistants(0, "AS01").last_pair(0, "repair", "transactions"))
    assert len(t.ids()) == 15
    assert "pair:repair+transactions" in t.ids()


def test_extract_action_gives_three_charcoalium() -> None:
    t = Table(Scenario().goods(0).turn(0, "menu", pair=("recruit", "extract")))
    t.choose("do:extract")
    assert t.player(0).goods[0] == 3
    assert "do:extract" not in t.ids()


def test_three_transactions_example() -> None:
    # Rulebook: 2 copper and 1 charcoalium; sell, sell, then buy 1 VP for 5.
    t = Table(Scenario().goods(0, charcoalium=1, copper=2).turn(0, "menu", pair=("repair", "transactions")))
    t.choose("do:transactions", "sell:cu", "sell:cu")
    assert t.player(0).goods[:4] == [5, 0, 0, 0]
    t.choose("buy:vp")
    assert t.player(0).goods == [0, 0, 0, 0, 1]
    assert t.player(0).vp_from[2] == 1
    assert t.state.flow.step != "trade"  # three transactions: the action is over


def test_transactions_refuse_what_cannot_be_paid() -> None:
    t = Table(Scenario().goods(0, charcoalium=2).turn(0, "menu", pair=("repair", "transactions")))
    t.choose("do:transactions")
    assert sorted(t.ids()) == ["buy:wd", "done"]


def test_dismantling_a_broken_flamelleur_gives_three_of_its_repair_list() -> None:
    t = Table(Scenario().goods(0).yard(0, "P6").turn(0, "menu", pair=("transactions", "dismantle")))
    t.choose("do:dismantle", "dismantle:y:P6")
    assert sorted(t.ids()) == ["take:cu1+cr2", "take:cu2+cr1"]
    t.choose("take:cu1+cr2")
    assert t.player(0).goods[:4] == [0, 0, 1, 2]
    assert t.player(0).yard == []
    assert t.data.card[t.state.crusher[-1]].serial == "P6"


@pytest.mark.parametrize(("take", "goods"), [("take:double", [0, 4, 0, 0, 0]), ("take:vp", [0, 0, 0, 0, 1])])
def test_dismantling_a_repaired_charcoalette_gives_four_wood_or_one_vp(take: str, goods: list[int]) -> None:
    t = Table(Scenario().goods(0).workshop(0, "P1", "P2").turn(0, "menu", pair=("transactions", "dismantle")))
    t.choose("do:dismantle", "dismantle:w:0", take)
    assert t.player(0).goods == goods
    assert t.serials(0) == ["P2"]


def test_combined_and_special_machines_cannot_be_dismantled() -> None:
    t = Table(
        Scenario().goods(0).workshop(0, "P1+P1", "S2").yard(0, "S1").turn(0, "menu", pair=("transactions", "dismantle"))
    )
    assert "do:dismantle" not in t.ids()


def test_repair_pays_the_list_and_needs_an_empty_space() -> None:
    t = Table(Scenario().goods(0, wood=2).workshop(0, "P2").yard(0, "P1").turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:P1")
    assert t.player(0).goods[:4] == [0, 0, 0, 0]
    assert t.serials(0) == ["P2", "P1"]
    # The repaired machine may be used at once.
    assert t.ids() == ["use", "skip"]
    t.choose("use")
    assert t.player(0).goods[0] == 1
    full = Table(
        Scenario()
        .goods(0, wood=2)
        .workshop(0, "P2", "P2", "P2", "P2")
        .yard(0, "P1")
        .turn(0, "menu", pair=("extract", "repair"))
    )
    assert "do:repair" not in full.ids()


def test_only_one_repair_per_turn_unless_the_repeat_assistant() -> None:
    t = Table(Scenario().goods(0, wood=4).workshop(0).yard(0, "P1", "P1").turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:P1", "skip")
    assert "do:repair" not in t.ids()
    repeat = Scenario().goods(0, wood=4).workshop(0).yard(0, "P1", "P1").assistants(0, "AS03")
    t = Table(repeat.turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:P1", "skip", "do:repair", "repair:P1", "skip")
    assert t.serials(0) == ["P1", "P1"]
    assert "do:repair" not in t.ids()  # twice in the turn, no more


def test_the_repeat_assistant_allows_the_second_repair_later_in_the_turn() -> None:
    """AS03: "you can repeat this action twice in the same turn" asks for nothing about what comes
    between: the second repair may follow the other action of the pair."""
    start = Scenario().goods(0, wood=4).workshop(0).yard(0, "P1", "P1").assistants(0, "AS03")
    t = Table(start.turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:P1", "skip", "do:extract")
    assert "do:repair" in t.ids()
    t.choose("do:repair", "repair:P1", "skip")
    assert t.serials(0) == ["P1", "P1"]
    start.goods(0, wood=3, crystal=1).yard(0, "P1", "T1").turn(0, "menu", pair=("repair", "transactions"))
    t = Table(start)
    t.choose("do:repair", "repair:P1", "skip", "do:transactions", "done", "do:repair", "repair:T1")
    assert t.serials(0) == ["P1", "T1"]


def test_reorganise_combines_and_uncombines_within_the_space_limit() -> None:
    t = Table(Scenario().workshop(0, "P1", "P1", "P2", "T3").turn(0, "menu", pair=("dismantle", "reorganise")))
    t.choose("do:reorganise")
    ids = t.ids()
    assert "join:0:1" in ids and "join:2:3" in ids
    assert "join:1:0" not in ids and "join:3:2" not in ids  # either way round gives the same stack: offered once
    assert "join:0:2" not in ids  # a Charcoalette does not combine with a Carpenteur
    t.choose("join:2:3")
    assert t.serials(0) == ["P1", "P1", "P2+T3"]
    t.choose("join:0:1", "done")
    assert t.serials(0) == ["P1+P1", "P2+T3"]


def test_uncombining_beyond_the_space_limit_must_be_undone_before_finishing() -> None:
    t = Table(Scenario().workshop(0, "P1+P1", "P2", "P2", "P3").turn(0, "menu", pair=("dismantle", "reorganise")))
    t.choose("do:reorganise", "split:0:P1")
    assert "done" not in t.ids()
    t.choose("join:0:4")  # the lone Charcoalettes combine either way round: one choice
    assert "done" in t.ids()


def test_transformation_sits_on_production_and_identical_stacks_respect_multipliers() -> None:
    t = Table(Scenario().workshop(0, "T3", "P2", "P5", "P5").turn(0, "menu", pair=("dismantle", "reorganise")))
    t.choose("do:reorganise")
    assert "join:0:1" in t.ids()
    assert "join:2:3" not in t.ids()  # Productivettes are not combinable together
    t.choose("join:0:1")
    assert t.serials(0) == ["P2+T3", "P5", "P5"]


def test_defense_machines_all_combine() -> None:
    t = Table(Scenario().workshop(0, "D1+D1+D2", "D3").turn(0, "menu", pair=("dismantle", "reorganise")))
    t.choose("do:reorganise", "join:1:0", "done")
    assert t.serials(0) == ["D1+D1+D2+D3"]


def test_recruit_pays_and_is_limited_to_three() -> None:
    t = Table(
        Scenario().goods(0, charcoalium=20).meeting("AS04", "AS06", "AS09").turn(0, "menu", pair=("recruit", "extract"))
    )
    t.choose("do:recruit", "recruit:AS06")
    assert t.player(0).goods[0] == 16
    assert [t.data.assistants[a].id for a in t.state.meeting] == ["AS04", "AS09"]
    t = Table(
        Scenario()
        .goods(0, charcoalium=20)
        .assistants(0, "AS01", "AS02", "AS03")
        .turn(0, "menu", pair=("recruit", "extract"))
    )
    assert "do:recruit" not in t.ids()


def test_payment_with_resources_when_short_of_charcoalium() -> None:
    """A Carpenteur (level 1) on belt space 2 costs its base cost plus 1; 2 charcoalium short."""
    price = Scenario().build().data.base_costs[2] + 1
    start = Scenario().belt(None, None, "P2").workshop(0).goods(0, charcoalium=price - 2, wood=3, crystal=2)
    t = Table(start.turn(0, at="reserve:2"))
    assert t.state.flow.step == "pay"
    assert sorted(t.ids()) == ["pay:cr", "pay:wd"]
    t.choose("pay:wd", "pay:cr", "pay:wd")
    assert t.state.flow.step == "pay"
    t.choose("pay:cr")
    assert t.player(0).goods[:4] == [0, 1, 0, 0]
    assert t.serials(0) == [] and [t.data.card[u].serial for u in t.player(0).yard] == ["P2"]


def test_discard_when_resources_cannot_cover_the_price() -> None:
    t = Table(Scenario().belt(None, None, "P2").goods(0, wood=1).workshop(0).turn(0, at="reserve:2"))
    assert t.player(0).goods[:4] == [0, 0, 0, 0]
    assert t.data.card[t.state.crusher[-1]].serial == "P2"
    assert t.player(0).yard == []
    assert t.state.belt[2] == -1
    assert t.state.flow.step == "pair"  # the turn goes on


def test_extractor_pays_its_amount() -> None:
    t = Table(Scenario().goods(0).workshop(0).turn(0, at="extractor:2"))
    assert t.player(0).goods[0] == t.data.extractors[2]
