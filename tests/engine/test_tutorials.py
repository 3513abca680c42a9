"""Every game's guided tutorial, as data: each step's position is legal and the learner decides there
with the taught choice among the legal ones; every other legal choice can be played; both languages
word every chapter and step, and French has no English left in it."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from engine import registry
from engine.core.contract import Game
from engine.core.errors import BadData
from engine.core.tutorial import LEARNER, STEP_FIELDS, Tutorial, _go_on, load, taught_first, tutorial_of
from renders.api import render_board, render_screen

TAUGHT = [(kind, game) for kind, game in sorted(registry.games().items()) if tutorial_of(game) is not None]
LANGS = ("en", "fr")
ENGLISH = re.compile(
    r"\b(the|and|your|you|with|choose|take|this|which|when|turn|step|round|player|repair|workshop|belt|dream)\b",
    re.IGNORECASE,
)
"""English words that French lesson text never needs (game names such as Bot Factory are left alone)."""
HEAD = '[[chapter]]\nid = "a"\nseats = 2\n'


def _tutorial(game: Game[Any]) -> Tutorial:
    tutorial = tutorial_of(game)
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
    (package / "tutorial.py").write_text("SCENARIOS = {'start': lambda: None}\nCOMPARE = lambda *states: ()\n")
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


def _stories(game: Game[Any], tutorial: Tutorial, step: Any, chosen: str) -> tuple[Any, Any]:
    """The taught story and ``chosen``'s, as :meth:`Tutorial.contrast` plays them."""
    state = tutorial.position(step)
    decision = game.decision_for(state, LEARNER)
    assert decision is not None
    taught = _go_on(game, game.apply(state, LEARNER, step.choice).state, step.plan)
    other = _go_on(game, game.apply(state, LEARNER, chosen).state, step.plan, decision.get(step.choice))
    return taught, other


def _same(game: Game[Any], a: Any, b: Any) -> bool:
    """Two states alike but for how many moves led there."""
    x, y = dict(game.to_json(a)), dict(game.to_json(b))
    x.pop("version", None), y.pop("version", None)
    return x == y


@pytest.mark.parametrize(("kind", "game"), TAUGHT)
def test_every_other_choice_is_weighed_and_said_in_both_languages(kind: str, game: Game[Any]) -> None:
    """Another choice that leads where the taught one leads is accepted as as good (never called
    worse); any other is told what it changes, in words of each language, never an empty answer."""
    tutorial = _tutorial(game)
    accepted = 0
    for step in tutorial.run():
        decision = game.decision_for(tutorial.position(step), LEARNER)
        assert decision is not None
        for choice in decision.choices:
            if choice.id == step.choice:
                continue
            contrast = tutorial.contrast(game, step, choice.id)
            if _same(game, *_stories(game, tutorial, step, choice.id)):
                assert contrast.equal, (step.id, choice.id, "the same place, called worse")
            if contrast.equal:
                accepted += 1
                assert contrast.said == ()
                continue
            assert contrast.said, (step.id, choice.id)
            for event in contrast.said:
                english, french = game.text(event.key, event.params, "en"), game.text(event.key, event.params, "fr")
                assert "{" not in english + french and english != french, (step.id, choice.id, english)
                assert not ENGLISH.search(french), (step.id, french, ENGLISH.search(french))
    assert accepted, "a tutorial has choices as good as the taught one (an order that does not matter)"


def test_the_choices_the_issue_found_misjudged_are_judged_right() -> None:
    """Choices an earlier answer called worse with a reason that was false of them: each is as good
    as the taught one in its position."""
    for kind, step_id, chosen in (
        ("imaginarium", "choose_pair", "pair:extract+repair"),
        ("imaginarium", "use_machines", "use:1"),
        ("botfactory", "place_part", "place:34:2"),
        ("botfactory", "move_finance", "move:10"),
        ("botfactory", "solo_start", "move:1"),
        ("botfactory", "raise_value", "reserve:6"),
    ):
        game = registry.get(kind)
        tutorial = _tutorial(game)
        assert tutorial.contrast(game, tutorial.step(step_id), chosen).equal, (kind, step_id, chosen)


def test_a_choice_that_leaves_the_taught_one_open_is_not_credited_with_it() -> None:
    """Combining the Carpenteur with the Combusteur leaves the two Charcoalettes free to combine too:
    the answer tells what this choice did instead of the taught one, not what both together would
    do (which read as praise: "2 free spaces instead of 1")."""
    game = registry.get("imaginarium")
    tutorial = _tutorial(game)
    contrast = tutorial.contrast(game, tutorial.step("combine"), "join:2:3")
    said = [game.text(e.key, e.params, "en") for e in contrast.said]
    assert not contrast.equal
    assert said == ["Carpenteur + Combusteur combined instead of Charcoalette + Charcoalette"], said


def _names(kind: str, lang: str) -> set[str]:
    """Names an answer could give: each game's machines, assistants and projects, or its parts and
    contracts, as its data and catalogue write them in ``lang``."""
    game = registry.get(kind)
    if kind == "imaginarium":
        machines = {getattr(c, "name", "") for c in game.cards("machine").values()} if lang == "en" else set()
        machines |= set(game.card_names("machine", lang).values())
        others = {game.text(f"imaginarium.assistant_name.{a}", {}, lang) for a in game.cards("assistant")}
        others |= {game.text(f"imaginarium.project_name.{p}", {}, lang) for p in game.cards("project")}
        return {n.removeprefix("the ").removeprefix("le ").removeprefix("la ") for n in machines | others if n}
    colours, kinds = ("red", "yellow", "blue", "green", "universal"), ("head", "torso", "legs")
    parts = {game.localise({"part": f"{c} {k}"}, lang)["part"] for c in colours for k in kinds}
    combos = ["+".join(combo) for n in (1, 2, 3) for combo in itertools.combinations(colours[:4], n)]
    named = [game.localise({"contract": "", "needs": needs}, lang)["contract"] for needs in combos]
    return parts | {f"{c} contract" if lang == "en" else f"contrat {c}" for c in named}


def _said(game: Game[Any], state: Any, first: str, plan: tuple[str, ...], again: Any, lang: str) -> list[str]:
    """Everything the learner reads along a story: each choice played and the events it made."""
    out = []
    for wanted in (first, *(() if again is None else (again.id,)), *plan):
        decision = game.decision_for(state, LEARNER)
        if decision is None:
            break
        found = decision.get(wanted) or next(
            (c for c in decision.choices if wanted.endswith("*") and c.id.startswith(wanted[:-1])), None
        )
        if found is None:
            continue
        out += [game.text(found.label, found.params, lang), game.text(found.description, found.params, lang)]
        result = game.apply(state, LEARNER, found.id)
        out += [game.text(e.key, e.params, lang) for e in result.events_for(LEARNER)]
        state = result.state
    return out


@pytest.mark.parametrize(("kind", "game"), TAUGHT)
@pytest.mark.parametrize("lang", LANGS)
def test_an_answer_names_only_what_the_two_choices_touch(kind: str, game: Game[Any], lang: str) -> None:
    """Each machine, assistant, project, part or contract an answer names was played with, made or
    paid by one of the two stories, or is the learner's own (their screen): an answer never speaks
    of a board, card or pair the choice did not touch."""
    tutorial = _tutorial(game)
    names = _names(kind, lang)
    assert len(names) > 10
    for step in tutorial.run():
        state = tutorial.position(step)
        decision = game.decision_for(state, LEARNER)
        assert decision is not None
        own = render_screen(game.view(state, LEARNER), lang=lang).text
        taught = _said(game, state, step.choice, step.plan, None, lang)
        for choice in decision.choices:
            contrast = tutorial.contrast(game, step, choice.id) if choice.id != step.choice else None
            if contrast is None or contrast.equal:
                continue
            touched = " ".join(
                [own, *taught, *_said(game, state, choice.id, step.plan, decision.get(step.choice), lang)]
            )
            for event in contrast.said:
                text = game.text(event.key, event.params, lang)
                strays = [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text) and n not in touched]
                assert not strays, (step.id, choice.id, text, strays)


@pytest.mark.parametrize(("kind", "game"), TAUGHT)
@pytest.mark.parametrize("lang", LANGS)
def test_every_card_or_part_a_step_names_is_in_its_position(kind: str, game: Game[Any], lang: str) -> None:
    """A machine, assistant, project or part a step's words name lies on the table it shows (the full
    board, the learner's screen) or comes with the taught choice ("the Carpenteur stays broken" is
    about a Carpenteur that is there)."""
    tutorial = _tutorial(game)
    names = {n for n in _names(kind, lang) if "contract" not in n and "contrat" not in n}
    for step in tutorial.run():
        state = tutorial.position(step)
        shown = " ".join(
            [
                render_board(game.view(state, None), lang=lang).text,
                render_screen(game.view(state, LEARNER), lang=lang).text,
                *_said(game, state, step.choice, (), None, lang),
            ]
        )
        words = tutorial.texts(lang).steps[step.id]
        for field in ("look", "do", "done", "why"):
            text = getattr(words, field)
            absent = [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text) and n not in shown]
            assert not absent, (step.id, field, absent)
