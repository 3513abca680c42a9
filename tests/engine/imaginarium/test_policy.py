"""The search levels' judgement of a position: projects within reach (:func:`outlook`)."""

from __future__ import annotations

from engine.imaginarium.loader import load
from engine.imaginarium.policy import PROJECT_WEIGHT, evaluate, forecast, outlook
from engine.imaginarium.scenario import Scenario

DATA = load()
VALUE = {p.id: p.vp for p in DATA.projects}


def test_a_project_on_display_counts_by_the_square_of_its_progress() -> None:
    half = Scenario(2).display("PR02").workshop(0, "A1").build()
    assert outlook(half, 0) == VALUE["PR02"] * 0.5**2
    whole = Scenario(2).display("PR02").workshop(0, "A1", "A2").build()
    assert outlook(whole, 0) == VALUE["PR02"]
    assert forecast(whole, 0) - evaluate(whole, 0) == PROJECT_WEIGHT * VALUE["PR02"]


def test_a_completed_project_no_longer_counts_and_a_later_completer_expects_one_less() -> None:
    start = Scenario(2).display("PR02").workshop(0, "A1", "A2").workshop(1, "A1", "A2").completed("PR02", 0)
    state = start.build()
    assert outlook(state, 0) == 0.0
    assert outlook(state, 1) == VALUE["PR02"] - 1


def test_secret_projects_count_at_full_value() -> None:
    state = Scenario(2).display("PR03").secret(0, "PR02").workshop(0, "A1", "A2").build()
    assert outlook(state, 0) == VALUE["PR02"]
