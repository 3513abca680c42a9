"""Using workshop machines (rulebook: Using the workshop machines; Descriptions, the Machines)."""

from __future__ import annotations

import pytest

from engine.imaginarium.scenario import Scenario
from tests.engine.imaginarium.table import Table


@pytest.mark.parametrize(("stack", "charcoalium"), [("P1", 1), ("P1+P1", 3), ("P1+P1+P1", 7)])
def test_combined_charcoalettes_produce_1_3_7(stack: str, charcoalium: int) -> None:
    t = Table(Scenario().workshop(0, stack).goods(0).turn(0))
    t.choose("use:0")
    assert t.player(0).goods[0] == charcoalium


def test_carpenteur_with_supertransmuteur_gives_one_crystal() -> None:
    t = Table(Scenario().workshop(0, "P2+T3").goods(0).turn(0))
    assert t.ids() == ["use:0", "next"]
    t.choose("use:0")
    assert t.player(0).goods[:4] == [0, 0, 0, 1]


def test_flamelleur_alone_produces_one_resource_of_choice() -> None:
    t = Table(Scenario().workshop(0, "P6").goods(0).turn(0))
    assert t.ids() == ["use:0:wd", "use:0:cu", "use:0:cr", "next"]
    t.choose("use:0:cr")
    assert t.player(0).goods[:4] == [0, 0, 0, 1]


def test_two_flamelleurs_produce_three_identical_resources() -> None:
    t = Table(Scenario().workshop(0, "P6+P6").goods(0).turn(0))
    assert t.ids() == ["use:0:wd", "use:0:cu", "use:0:cr", "next"]
    t.choose("use:0:cu")
    assert t.player(0).goods[:4] == [0, 0, 3, 0]


def test_flamelleur_with_combusteur_makes_three_charcoalium() -> None:
    t = Table(Scenario().workshop(0, "P6+T1").goods(0).turn(0))
    t.choose("use:0")
    assert t.player(0).goods[:4] == [3, 0, 0, 0]


def test_lone_transformation_needs_an_input_resource() -> None:
    t = Table(Scenario().workshop(0, "T1", "P1").goods(0).turn(0))
    assert "use:0:wd" not in t.ids()
    t = Table(Scenario().workshop(0, "T1", "P1").goods(0, copper=1).turn(0))
    assert [i for i in t.ids() if i.startswith("use:0")] == ["use:0:cu"]
    t.choose("use:0:cu")
    assert t.player(0).goods[:4] == [3, 0, 0, 0]


@pytest.mark.parametrize(("stack", "charcoalium"), [("T4", 6), ("T4+T4", 9), ("T4+T4+T4", 12)])
def test_supercombusteur_turns_two_resources_into_charcoalium(stack: str, charcoalium: int) -> None:
    t = Table(Scenario().workshop(0, stack).goods(0, wood=1, crystal=1).turn(0))
    t.choose("use:0:wd+cr")
    assert t.player(0).goods[:4] == [charcoalium, 0, 0, 0]


def test_supercombusteur_on_productivette_gives_six_charcoalium() -> None:
    t = Table(Scenario().workshop(0, "P5+T4").goods(0).turn(0))
    t.choose("use:0")
    assert t.player(0).goods[:4] == [6, 0, 0, 0]


def test_diplomateurs_produce_victory_points() -> None:
    t = Table(Scenario().workshop(0, "S2+S2", "S2").goods(0).turn(0))
    t.choose("use:0", "use:1")
    assert t.player(0).goods[4] == 4
    assert t.player(0).vp_from[1] == 4


def test_each_machine_is_used_once_and_step_ends_by_itself() -> None:
    t = Table(Scenario().workshop(0, "P1", "P2").goods(0).turn(0))
    t.choose("use:0")
    assert t.ids() == ["use:1", "next"]
    t.choose("use:1")
    assert t.state.flow.step != "machines"
    assert t.player(0).goods[:2] == [1, 1]


def test_attack_and_defense_machines_are_not_used_in_the_machine_phase() -> None:
    t = Table(Scenario().workshop(0, "A1", "D1+D2", "P1").goods(0).turn(0))
    assert t.ids() == ["use:2", "next"]
