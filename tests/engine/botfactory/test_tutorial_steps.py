"""Bot Factory's tutorial data: every step's position is legal, its taught choice (and every other
legal choice) plays through the checked API, each chapter's last step reaches its goal, both
languages have every text, and the image part a step leads with exists."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from typing import Any

import pytest

from engine.botfactory import GAME, scoring
from engine.botfactory.scenario import space_of
from engine.botfactory.state import State
from engine.botfactory.tutorial import SCENARIOS
from renders.api import render_board_parts, render_screen

CHAPTER_TEXTS = ("title", "goal", "summary")
STEP_TEXTS = ("title", "look", "rule", "do", "done", "why")
LANGS = ("en", "fr")
UNCONTRACTED = re.compile(r"(?<!\w)(?:à|de) les?(?!\w)", re.IGNORECASE)
"""French contracts "à le", "de les"... into "au", "des" (see tests/test_french_catalogues.py)."""


def _toml(name: str) -> dict[str, Any]:
    return tomllib.loads(resources.files("engine.botfactory").joinpath("tutorial", name).read_text("utf-8"))


STEPS = _toml("steps.toml")
CHAPTERS = {c["id"]: c for c in STEPS["chapter"]}
STEP_IDS = [s["id"] for s in STEPS["step"]]


@cache
def _position(scenario: str) -> State:
    return SCENARIOS[scenario]()


def _step(step_id: str) -> dict[str, Any]:
    return next(s for s in STEPS["step"] if s["id"] == step_id)


def _taught(step: dict[str, Any]) -> State:
    state = _position(step["scenario"])
    return GAME.apply(state, 0, step["choice"], state.flow.version).state


def test_steps_name_their_chapters_and_scenarios_once() -> None:
    assert len(set(STEP_IDS)) == len(STEP_IDS)
    assert {s["chapter"] for s in STEPS["step"]} == set(CHAPTERS) == {"basics", "solo"}
    assert [s["scenario"] for s in STEPS["step"]] == list(SCENARIOS), "each position is one step's, in order"
    counts = {c: sum(s["chapter"] == c for s in STEPS["step"]) for c in CHAPTERS}
    assert 15 <= counts["basics"] <= 20 and 6 <= counts["solo"] <= 8


@pytest.mark.parametrize("step_id", STEP_IDS)
def test_the_position_is_legal_and_the_learner_decides(step_id: str) -> None:
    step = _step(step_id)
    state = _position(step["scenario"])
    GAME.check_invariants(state)
    assert state.seats == CHAPTERS[step["chapter"]]["seats"]
    assert (state.solo is not None) == (step["chapter"] == "solo")
    (decision,) = GAME.pending(state)
    assert decision.seat == 0
    assert step["choice"] in [c.id for c in decision.choices]


@pytest.mark.parametrize("step_id", STEP_IDS)
def test_every_legal_choice_plays_through_the_checked_api(step_id: str) -> None:
    state = _position(_step(step_id)["scenario"])
    for choice in GAME.pending(state)[0].choices:
        after = GAME.apply(state, 0, choice.id, state.flow.version).state
        GAME.check_invariants(after)
        assert after.flow.version == state.flow.version + 1


def test_each_chapter_moves_forward_like_one_game() -> None:
    """A step never goes back to an earlier round, and within a round's actions the learner stays on
    the space where the previous step's taught choice left it."""
    for before, after in zip(STEPS["step"], STEPS["step"][1:], strict=False):
        if before["chapter"] != after["chapter"]:
            continue
        played, following = _taught(before), _position(after["scenario"])
        assert following.flow.round >= played.flow.round, (before["id"], after["id"])
        if played.flow.round == following.flow.round and played.flow.phase == following.flow.phase == "act":
            assert space_of(played, 0) == space_of(following, 0), (before["id"], after["id"])


def test_the_basics_end_with_a_robot_built_and_a_contract_fulfilled() -> None:
    last = [s for s in STEPS["step"] if s["chapter"] == "basics"][-1]
    state = _position(last["scenario"])
    assert scoring.score(state, 0).fulfilled == ()
    after = _taught(last)
    score = scoring.score(after, 0)
    assert score.robot_count >= 1
    assert [state.rules.contracts[after.grid[pos]].name for pos in score.fulfilled] == ["C03"]


def test_the_solo_chapter_ends_with_the_task_met_and_a_promotion() -> None:
    last = [s for s in STEPS["step"] if s["chapter"] == "solo"][-1]
    assert GAME.outcome(_position(last["scenario"])) is None
    outcome = GAME.outcome(_taught(last))
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.reason == "botfactory.solo.satisfactory"
    assert outcome.details["task"] == "A"


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_exactly_the_texts_the_steps_need(lang: str) -> None:
    texts = _toml(f"{lang}.toml")
    assert set(texts) == {"chapter", "step"}
    assert set(texts["chapter"]) == set(CHAPTERS)
    assert set(texts["step"]) == set(STEP_IDS)
    for chapter in texts["chapter"].values():
        assert set(chapter) == set(CHAPTER_TEXTS)
        assert chapter["title"].strip() and chapter["goal"].strip()
        assert chapter["summary"] and all(line.strip() for line in chapter["summary"])
    for step in texts["step"].values():
        assert set(step) == set(STEP_TEXTS)
        assert all(isinstance(step[k], str) and step[k].strip() for k in STEP_TEXTS)


def test_the_french_texts_are_translated_and_typeset() -> None:
    en, fr = _toml("en.toml"), _toml("fr.toml")
    pairs = [(en["chapter"][c][k], fr["chapter"][c][k]) for c in CHAPTERS for k in CHAPTER_TEXTS]
    pairs += [(en["step"][s][k], fr["step"][s][k]) for s in STEP_IDS for k in STEP_TEXTS]
    for english, french in pairs:
        assert english != french
        for line in french if isinstance(french, list) else [french]:
            bare = [i for i, ch in enumerate(line) if ch in ":;!?" and i > 0 and line[i - 1] != "\u00a0"]
            assert not bare, line
            assert "'" not in line, line
            assert not UNCONTRACTED.search(line), line


@pytest.mark.parametrize("step_id", STEP_IDS)
def test_the_image_part_a_step_leads_with_exists(step_id: str) -> None:
    step = _step(step_id)
    state = _position(step["scenario"])
    look = step["look"]
    if look == "screen":
        assert render_screen(GAME.view(state, 0)).png
    else:
        parts = {part.name: part for part in render_board_parts(GAME.view(state, None))}
        assert look in parts, sorted(parts)
        assert parts[look].png
