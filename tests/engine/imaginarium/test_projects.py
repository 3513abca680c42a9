"""Every project condition, positive and negative (rulebook: Descriptions, the Projects)."""

from __future__ import annotations

import pytest

from engine.imaginarium.projects import met
from tests.engine.imaginarium.builder import Table

CASES = [
    ("PR01", ("P1", "P2", "P3", "P4"), ("P1+P1", "P2", "P3", "D1")),
    ("PR01", ("P1", "P2+T3", "P3", "P4"), ("P1", "P2", "P3", "T1")),
    ("PR02", ("A1", "A2"), ("A1", "D1")),
    ("PR03", ("D1+D2",), ("D1", "A1")),
    ("PR04", ("A1", "D1"), ("A1", "A2")),
    ("PR05", ("P2+T3", "T1"), ("T1", "P1")),
    ("PR06", ("P1+P1+P1",), ("P1+P1", "P1")),
    ("PR07", ("P1+P1", "P2", "D1+D2", "A1"), ("P1+P1", "P2", "D1+D2")),
    ("PR08", ("P3", "P4", "T3"), ("P3", "P4", "P1")),
    ("PR09", ("P6", "S2"), ("P6", "P3")),
    ("PR10", ("P2+P2+P2", "P3"), ("P2+P2+P2", "P1")),
    ("PR10", ("P6+P6", "P4+P4"), ("P2+P2", "P3")),
    ("PR11", ("P2", "P3", "P4"), ("P2", "P3", "T3")),
    ("PR11", ("P2+T3", "P5"), ("P2", "P5")),
    ("PR11", ("P6", "P5"), ("P6", "P2")),
    ("PR12", ("P2+P2",), ("P2", "P3")),
    ("PR12", ("P2", "P5", "P2"), ("P1+P1+P1", "T1")),
    ("PR12", ("P6+P6",), ("P6", "P3")),
]


@pytest.mark.parametrize(("project", "yes", "no"), CASES)
def test_machine_conditions(project: str, yes: tuple[str, ...], no: tuple[str, ...]) -> None:
    t = Table(2)
    p = next(p for p in t.data.projects if p.id == project)
    t.workshop(0, *yes)
    assert met(t.data, t.player(0), p)
    t.workshop(0, *no)
    assert not met(t.data, t.player(0), p)


def test_yard_machines_do_not_count() -> None:
    t = Table(2).workshop(0, "A1").yard(0, "A2")
    p = next(p for p in t.data.projects if p.id == "PR02")
    assert not met(t.data, t.player(0), p)


def test_three_assistants_and_fifteen_charcoalium() -> None:
    t = Table(2).assistants(0, "AS01", "AS02").goods(0, charcoalium=14)
    pr13 = next(p for p in t.data.projects if p.id == "PR13")
    pr14 = next(p for p in t.data.projects if p.id == "PR14")
    assert not met(t.data, t.player(0), pr13) and not met(t.data, t.player(0), pr14)
    t.assistants(0, "AS03").goods(0, charcoalium=15)
    assert met(t.data, t.player(0), pr13) and met(t.data, t.player(0), pr14)


def test_first_completer_gets_the_value_later_ones_one_less_and_each_only_once() -> None:
    t = Table(3).display("PR14").goods(0, charcoalium=15).goods(1, charcoalium=15)
    vp = t.data.projects[t.state.display[0]].vp
    t.turn(0, "projects")
    result = t.choose("complete:PR14")
    assert result.revealed  # the charcoalium are shown
    assert t.player(0).goods[0] == 15  # and kept
    assert t.player(0).goods[4] == vp
    t.turn(0, "projects")
    assert t.state.step != "projects"  # nothing left to complete: the turn finished by itself
    t.turn(1, "projects")
    t.choose("complete:PR14")
    assert t.player(1).goods[4] == vp - 1
    assert t.player(1).vp_from[0] == vp - 1


def test_several_projects_may_be_completed_in_one_turn() -> None:
    """Completing projects: "You can complete several projects during a turn"."""
    t = Table(3).display("PR03", "PR04", "PR13").workshop(0, "D1+D2", "A1").goods(0)
    t.turn(0, "projects")
    assert sorted(i for i in t.ids() if i != "finish") == ["complete:PR03", "complete:PR04"]
    t.choose("complete:PR04")
    assert t.ids() == ["complete:PR03", "finish"]
    t.choose("complete:PR03")
    vp = {p.id: p.vp for p in t.data.projects}
    assert t.player(0).goods[4] == vp["PR03"] + vp["PR04"]
