"""Attack machines against each defense, the Recyclateur (rulebook: Attack, Defense, Special machines)."""

from __future__ import annotations

import pytest

from engine.imaginarium.scenario import Scenario
from tests.engine.imaginarium.table import Table

THEFTS = [("A1", "charcoalium", 0, 3), ("A2", "wood", 1, 3), ("A3", "copper", 2, 2), ("A4", "crystal", 3, 2)]


def _attack(serial: str, seats: int = 3) -> Scenario:
    """Seat 0 about to repair the attack machine ``serial``; the others hold nothing and no machine."""
    start = Scenario(seats).goods(0, wood=2, copper=2, crystal=2).yard(0, serial).workshop(0)
    for seat in range(1, seats):
        start.goods(seat).workshop(seat)
    return start.turn(0, "menu", pair=("extract", "repair"))


@pytest.mark.parametrize(("serial", "good", "index", "amount"), THEFTS)
def test_theft_takes_up_to_the_amount_from_each_opponent(serial: str, good: str, index: int, amount: int) -> None:
    t = Table(_attack(serial).goods(1, **{good: 5}).goods(2, **{good: 1}))
    t.choose("do:repair", f"repair:{serial}")
    before = t.player(0).goods[index]
    result = t.choose("steal")
    assert t.player(1).goods[index] == 5 - amount
    assert t.player(2).goods[index] == 0
    assert t.player(0).goods[index] == before + amount
    assert result.revealed  # the thief learns what each victim handed in
    public = [e for e in result.events if e.to is None]
    assert all("count" not in e.params for e in public)


@pytest.mark.parametrize(("serial", "good", "index", "amount"), THEFTS)
def test_theft_with_one_victim_short_gives_what_was_handed_in(serial: str, good: str, index: int, amount: int) -> None:
    t = Table(_attack(serial).goods(1, **{good: 1}))
    t.choose("do:repair", f"repair:{serial}")
    before = t.player(0).goods[index]
    t.choose("steal")
    assert t.player(0).goods[index] == before + 1


@pytest.mark.parametrize(
    ("serial", "defense", "blocked"),
    [
        ("A1", "D1", True),
        ("A1", "D2", False),
        ("A1", "D3", True),
        ("A2", "D1", False),
        ("A2", "D2", True),
        ("A2", "D3", True),
        ("A3", "D2", True),
        ("A3", "D3", True),
        ("A4", "D2", True),
        ("A4", "D3", True),
        ("A4", "D1", False),
    ],
)
def test_defenses_block_the_thefts_they_name(serial: str, defense: str, blocked: bool) -> None:
    index, good = {"A1": (0, "charcoalium"), "A2": (1, "wood"), "A3": (2, "copper"), "A4": (3, "crystal")}[serial]
    t = Table(_attack(serial, seats=2).goods(1, **{good: 4}).workshop(1, defense))
    t.choose("do:repair", f"repair:{serial}", "steal")
    assert t.player(1).goods[index] == (4 if blocked else 4 - {"A1": 3, "A2": 3, "A3": 2, "A4": 2}[serial])


def test_a_combined_or_tangled_defense_still_protects() -> None:
    t = Table(_attack("A1", seats=2).goods(1, charcoalium=4).workshop(1, "D2+D1").face_down(1, 0))
    t.choose("do:repair", "repair:A1", "steal")
    assert t.player(1).goods[0] == 4


def test_tanglette_deactivates_one_space_of_each_opponent_for_their_next_machine_phase() -> None:
    start = Scenario(3).goods(0, wood=2, copper=1, crystal=1).yard(0, "A6").workshop(0)
    t = Table(start.workshop(1, "P1", "P2").workshop(2, "P3+P3", "D3").turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:A6")
    # Seat 2 owns a Patenteur: only seat 1 can be targeted, and the effect may be declined first.
    assert sorted(t.ids()) == ["skip", "tangle:1:0", "tangle:1:1"]
    t.choose("tangle:1:1")
    assert t.player(1).locked == t.player(1).stacks[1][0]
    assert t.player(2).locked == -1
    # Seat 1's next machine phase: the Carpenteur cannot be used, then it is face up again.
    t = Table(Scenario.of(t.state).turn(1))
    assert t.ids() == ["use:0", "next"]
    t.choose("use:0")
    assert t.player(1).locked == -1


def test_tangled_machine_cannot_be_borrowed() -> None:
    t = Table(Scenario(2).workshop(1, "P3").face_down(1, 0).goods(0).workshop(0).assistants(0, "AS12").turn(0))
    assert not [i for i in t.ids() if i.startswith("borrow")]


def test_neutralizeur_cancels_a_project_and_keeps_awarded_vp() -> None:
    start = Scenario(3).goods(0, wood=1, copper=1, crystal=1).yard(0, "A5").workshop(0)
    t = Table(start.display("PR01", "PR02", "PR03").completed("PR02", 1).turn(0, "menu", pair=("extract", "repair")))
    pr02 = next(p.index for p in t.data.projects if p.id == "PR02")
    t.choose("do:repair", "repair:A5")
    assert sorted(t.ids()) == ["neutralize:PR01", "neutralize:PR02", "neutralize:PR03", "skip"]
    t.choose("neutralize:PR02")
    assert [t.data.projects[p].id for p in t.state.display] == ["PR01", "PR03"]
    assert pr02 in t.state.removed
    assert t.state.completions[pr02] == [1]


def test_recyclateur_is_discarded_and_recovers_a_non_lightning_machine_repaired() -> None:
    start = Scenario(3).goods(0, wood=2, crystal=2).yard(0, "S1").workshop(0, "P2").crusher("A1", "P3", "D1")
    t = Table(start.turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:S1")
    assert sorted(t.ids()) == ["recycle:D1", "recycle:P3"]
    t.choose("recycle:P3")
    assert t.serials(0) == ["P2", "P3"]
    assert t.data.card[t.state.crusher[-1]].serial == "S1"
    t.choose("use")  # it arrives repaired and its effect may be used
    assert t.player(0).goods[2] == 1


def test_recyclateur_with_an_empty_crusher_has_no_effect() -> None:
    t = Table(
        Scenario(3).goods(0, wood=2, crystal=2).yard(0, "S1").workshop(0).turn(0, "menu", pair=("extract", "repair"))
    )
    t.choose("do:repair", "repair:S1")
    assert t.serials(0) == []
    assert t.state.flow.step in ("menu", "projects", "pair", "plan", "machines")


def test_tanglette_once_started_must_target_every_opponent_it_can() -> None:
    """Tanglette: "choose a space in the workshop of each opponent" (an empty workshop has none)."""
    start = Scenario(4).goods(0, wood=2, copper=1, crystal=1).yard(0, "A6").workshop(0)
    t = Table(start.workshop(1, "P1").workshop(2, "P2", "P3").workshop(3).turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:A6", "tangle:2:1")
    assert t.ids() == ["tangle:1:0"]  # no skip any more; seat 3 has no machine
    t.choose("tangle:1:0")
    assert t.state.flow.step == "menu"
    assert t.player(1).locked == t.player(1).stacks[0][0]
    assert t.player(2).locked == t.player(2).stacks[1][0]
