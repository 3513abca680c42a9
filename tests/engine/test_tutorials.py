"""Every game's guided tutorial, as data: each step's position is legal and the learner decides there
with the taught choice among the legal ones; every other legal choice can be played; both languages
word every chapter and step, and French has no English left in it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import registry
from engine.core.contract import Game
from engine.core.errors import BadData
from engine.core.tutorial import LEARNER, STEP_FIELDS, Tutorial, load, taught_first

TAUGHT = [(kind, game) for kind, game in sorted(registry.games().items()) if game.tutorial() is not None]
LANGS = ("en", "fr")
ENGLISH = re.compile(
    r"\b(the|and|your|you|with|choose|take|this|which|when|turn|step|round|player|repair|workshop|belt|dream)\b",
    re.IGNORECASE,
)
"""English words that French lesson text never needs (game names such as Bot Factory are left alone)."""
HEAD = '[[chapter]]\nid = "a"\nseats = 2\n'


def _tutorial(game: Game[Any]) -> Tutorial:
    tutorial = game.tutorial()
    assert tutorial is not None
    return tutorial


def test_imaginarium_has_a_tutorial_and_a_game_without_one_says_none() -> None:
    assert "imaginarium" in dict(TAUGHT)
    assert load("tests.support") is None


@pytest.mark.parametrize(("kind", "game"), TAUGHT)
def test_every_step_is_a_legal_position_where_the_taught_choice_is_legal(kind: str, game: Game[Any]) -> None:
    tutorial = _tutorial(game)
    tutorial.check(game)  # invariants, seats, a decision for the learner, the taught choice legal
    assert 15 <= len(tutorial.run()) <= 60, "a tutorial is a few dozen decisions"
    for step in tutorial.run():
        decision = game.decision_for(tutorial.position(step), LEARNER)
        assert decision is not None
        assert taught_first(decision, step.choice)[0].id == step.choice


@pytest.mark.parametrize(("kind", "game"), TAUGHT)
def test_every_legal_choice_at_every_step_can_be_played(kind: str, game: Game[Any]) -> None:
    tutorial = _tutorial(game)
    for step in tutorial.run():
        state = tutorial.position(step)
        decision = game.decision_for(state, LEARNER)
        assert decision is not None
        for choice in decision.choices:
            game.check_invariants(game.apply(state, LEARNER, choice.id).state)


@pytest.mark.parametrize(("kind", "game"), TAUGHT)
@pytest.mark.parametrize("lang", LANGS)
def test_both_languages_word_every_chapter_and_step(kind: str, game: Game[Any], lang: str) -> None:
    tutorial = _tutorial(game)
    assert lang in tutorial.languages()
    texts = tutorial.texts(lang)
    assert set(texts.chapters) == {c.id for c in tutorial.chapters}
    assert set(texts.steps) == {s.id for s in tutorial.run()}
    for step in tutorial.run():
        for field in STEP_FIELDS:
            assert getattr(texts.steps[step.id], field).strip(), (step.id, field)


@pytest.mark.parametrize(("kind", "game"), TAUGHT)
def test_french_lessons_are_french(kind: str, game: Game[Any]) -> None:
    texts = _tutorial(game).texts("fr")
    english = _tutorial(game).texts("en")
    lines = [
        *(line for c in texts.chapters.values() for line in (c.title, c.goal, *c.summary)),
        *(getattr(s, field) for s in texts.steps.values() for field in STEP_FIELDS),
    ]
    for line in lines:
        assert not ENGLISH.search(line), (line, ENGLISH.search(line))
        assert not re.search(r"(?<=[^\s\u00a0\u202f])[:;!?»]|« ", line.replace("«\u00a0", "")), line
        assert not re.search(r"(?<!\w)(?:à|de) les?(?!\w)", line, re.IGNORECASE), line
    for step_id, step in texts.steps.items():
        assert step.rule != english.steps[step_id].rule, step_id


def _write(tmp_path: Any, steps: str) -> str:
    name = "fake_" + re.sub(r"\W", "_", tmp_path.name)
    package = tmp_path / name
    (package / "tutorial").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "tutorial.py").write_text("SCENARIOS = {'start': lambda: None}\n")
    (package / "tutorial" / "steps.toml").write_text(steps)
    return name


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ("", "no \\[\\[chapter\\]\\]"),
        ('[[chapter]]\nid = "a"\nseats = 2\n', "chapter 'a' has no step"),
        ('[[chapter]]\nid = "a"\nseats = "two"\n', "seats = 'two': a int is expected"),
        (
            f'{HEAD}[[step]]\nid = "s"\nchapter = "b"\nscenario = "start"\nchoice = "x"\nlook = "screen"\n',
            "chapter 'b' is not one of a",
        ),
        (
            f'{HEAD}[[step]]\nid = "s"\nchapter = "a"\nscenario = "nope"\nchoice = "x"\nlook = "screen"\n',
            "scenario 'nope' is not in SCENARIOS",
        ),
        (
            '[[chapter]]\nid = "a"\nseats = 2\n[[step]]\nid = "s"\nchapter = "a"\nscenario = "start"\nchoice = "x"\n',
            "step\\[0\\].look: missing",
        ),
    ],
)
def test_malformed_steps_are_one_clear_line(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, steps: str, message: str
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(BadData, match=message):
        load.__wrapped__(_write(tmp_path, steps))
