"""Every project condition, positive and negative (rulebook: Descriptions, the Projects)."""

from __future__ import annotations

import pytest

from engine.imaginarium.cards import VP
from engine.imaginarium.loader import load
from engine.imaginarium.projects import met, progress
from engine.imaginarium.scenario import Scenario
from engine.imaginarium.state import State
from tests.engine.imaginarium.table import Table

DATA = load()
VALUE = {p.id: p.vp for p in DATA.projects}


def _met(project: str, state: State, seat: int = 0) -> bool:
    return met(DATA, state.players[seat], next(p for p in DATA.projects if p.id == project))


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
    assert _met(project, Scenario(2).workshop(0, *yes).build())
    assert not _met(project, Scenario(2).workshop(0, *no).build())


@pytest.mark.parametrize(("project", "yes", "no"), CASES)
def test_progress_is_whole_exactly_when_the_condition_is_met(
    project: str, yes: tuple[str, ...], no: tuple[str, ...]
) -> None:
    spec = next(p for p in DATA.projects if p.id == project)
    assert progress(DATA, Scenario(2).workshop(0, *yes).build().players[0], spec) == 1.0
    part = progress(DATA, Scenario(2).workshop(0, *no).build().players[0], spec)
    assert 0.0 <= part < 1.0


def test_progress_grows_with_each_step_towards_a_project() -> None:
    """The AI sees the way to a project: two attack machines of PR02, one at a time."""
    spec = next(p for p in DATA.projects if p.id == "PR02")
    steps = [(), ("A1",), ("A1", "A2")]
    shares = [progress(DATA, Scenario(2).workshop(0, *w).build().players[0], spec) for w in steps]
    assert shares == [0.0, 0.5, 1.0]


def test_yard_machines_do_not_count() -> None:
    assert not _met("PR02", Scenario(2).workshop(0, "A1").yard(0, "A2").build())


def test_three_assistants_and_fifteen_charcoalium() -> None:
    short = Scenario(2).assistants(0, "AS01", "AS02").goods(0, charcoalium=14).build()
    assert not _met("PR13", short) and not _met("PR14", short)
    enough = Scenario(2).assistants(0, "AS01", "AS02", "AS03").goods(0, charcoalium=15).build()
    assert _met("PR13", enough) and _met("PR14", enough)


def test_first_completer_gets_the_value_later_ones_one_less_and_each_only_once() -> None:
    start = Scenario(3).display("PR14").goods(0, charcoalium=15).goods(1, charcoalium=15)
    vp = VALUE["PR14"]
    t = Table(start.turn(0, "projects", later={1: "idle"}))
    result = t.choose("complete:PR14")
    assert result.revealed  # the charcoalium are shown
    assert t.player(0).goods[0] == 15  # and kept
    assert t.player(0).goods[4] == vp
    t = Table(Scenario.of(t.state).turn(0, "projects"))
    assert t.state.flow.step != "projects"  # nothing left to complete: the turn finished by itself
    t = Table(Scenario.of(t.state).turn(1, "projects"))
    t.choose("complete:PR14")
    assert t.player(1).goods[4] == vp - 1
    assert t.player(1).vp_from[0] == vp - 1


def test_several_projects_may_be_completed_in_one_turn() -> None:
    """Completing projects: "You can complete several projects during a turn"."""
    t = Table(Scenario(3).display("PR03", "PR04", "PR13").workshop(0, "D1+D2", "A1").goods(0).turn(0, "projects"))
    assert sorted(i for i in t.ids() if i != "finish") == ["complete:PR03", "complete:PR04"]
    t.choose("complete:PR04")
    assert t.ids() == ["complete:PR03", "finish"]
    t.choose("complete:PR03")
    assert t.player(0).goods[VP] == VALUE["PR03"] + VALUE["PR04"]


def _tokens(seats: int, chimera: bool = False, done: int = 0, seat: int = 0) -> list[str]:
    """Project choices of ``seat`` after it completed ``done`` projects on display (3 more are met)."""
    completed = ("PR05", "PR06", "PR07", "PR08", "PR09")[:done]
    start = Scenario(seats, chimera=chimera).display("PR02", "PR03", "PR04", *completed)
    for project in completed:
        start.completed(project, seat)
    start.workshop(seat, "D1+D2", "A1", "A2").goods(seat)
    t = Table(start.turn(seat, "projects"))
    return [i for i in t.ids() if i != "finish"] if t.state.flow.step == "projects" else []


def test_completion_tokens_are_six_per_colour() -> None:
    """Components: "30 project completion tokens (6 per color)": a sixth tile needs a sixth token."""
    assert len(_tokens(5, done=5)) == 3  # PR02, PR03, PR04: five tokens placed, one left
    assert _tokens(5, done=5, seat=1) == _tokens(5, done=5)


def test_the_saboteur_and_the_dream_marker_are_completion_tokens() -> None:
    """Two players: "One of the validation tokens of each player is used ... to represent a saboteur";
    Chimera: "Each player places one of the tokens in their color on the start space of the dream
    track"."""
    assert _tokens(5, chimera=True, done=4) == ["complete:PR02", "complete:PR03", "complete:PR04"]
    assert _tokens(5, chimera=True, done=5) == []
    assert _tokens(2, done=4) == ["complete:PR02", "complete:PR03", "complete:PR04"]
    assert _tokens(2, done=5) == []
    assert _tokens(2, chimera=True, done=4) == []


def test_a_secret_project_takes_no_token() -> None:
    """AS08: a secret project is revealed and discarded once completed; no tile keeps a token."""
    start = Scenario(2).display("PR01", "PR02", "PR05", "PR06", "PR07", "PR08").secret(0, "PR03", "PR10")
    for project in ("PR05", "PR06", "PR07", "PR08"):
        start.completed(project, 0)
    t = Table(start.workshop(0, "D1+D2", "A1", "A2").goods(0).turn(0, "projects"))
    assert sorted(i for i in t.ids() if i != "finish") == ["complete:PR02", "complete:PR03"]
    t.choose("complete:PR03")
    assert t.ids() == ["complete:PR02", "finish"]
