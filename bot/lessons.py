"""A tutorial step as a front end shows it: the position, its words, the choices (the taught one first),
the pictures, and what a choice answers. The terminal and Discord both present these values, so the
lesson reads the same wherever it is played.

Nothing here is stored: a step's position is built again from its scenario each time it is shown or
answered (:meth:`engine.core.tutorial.Tutorial.position`), and what the learner reached is recorded by
the service (:mod:`bot.service.tutorials`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.choices import description
from bot.log_lines import attributed
from bot.service.names import ai_name
from bot.service.tutorials import tutorial_for
from bot.words import t
from engine import registry
from engine.core.contract import Decision, Game
from engine.core.errors import IllegalChoice
from engine.core.tutorial import LEARNER, Chapter, ChapterText, Step, StepText, Tutorial, taught_first
from renders.api import Render, render_board_parts, render_screen

TAUGHT = "★"
"""The mark of the taught choice, offered first."""
OPPONENT = "normal"
"""The AI level the tutorial's opponents are named after (they never play: each step is one decision)."""


@dataclass(frozen=True, slots=True)
class Offer:
    """One legal choice as offered: its id, its label and what it does, and whether it is the taught one."""

    id: str
    label: str
    what: str
    taught: bool


@dataclass(frozen=True, slots=True)
class Lesson:
    """One step, ready to show."""

    kind: str
    step: Step
    chapter: Chapter
    text: StepText
    prompt: str
    offers: tuple[Offer, ...]
    number: int
    """The step's place in the run, from 1."""
    total: int
    lang: str
    names: tuple[str, ...]
    run: str | None
    """The chapter run (``None``: every chapter in order), which the step's place counts in."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What a choice at a step says, and what it did in the game's own words (``happened``).

    The taught choice gets the step's ``done``. Another choice is played against the taught one on
    the position (:meth:`engine.core.tutorial.Tutorial.contrast`): as good, it is accepted with a line
    saying so; otherwise ``note`` says concretely what it changed, in the game's words, and ``why``
    is the step's reason for the taught choice."""

    taught: bool
    equal: bool
    """Another choice, as good as the taught one here."""
    note: str
    why: str
    """The step's reason for the taught choice, labelled, after another choice that is not as good
    ("" else)."""
    happened: tuple[str, ...]

    @property
    def accepted(self) -> bool:
        """Whether the lesson moves on: the taught choice, or one as good."""
        return self.taught or self.equal


def seat_names(seats: int, learner: str, lang: str) -> tuple[str, ...]:
    """The learner by ``learner``, then the AI opponents, told apart by their seat number."""
    ai = ai_name(OPPONENT, lang)
    return (learner, *(t("people.same", lang, name=ai, number=seat + 1) for seat in range(1, seats)))


def lesson(kind: str, step_id: str, lang: str, learner: str, chapter: str | None = None) -> Lesson:
    """Step ``step_id`` of ``kind``'s tutorial in ``lang``, within the run of ``chapter`` (``None``: all)."""
    tutorial = tutorial_for(kind, chapter)
    game = registry.get(kind)
    step = tutorial.step(step_id)
    part = tutorial.chapter(step.chapter)
    names = seat_names(part.seats, learner, lang)
    decision = _decision(game, tutorial, step)
    offers = tuple(
        Offer(
            c.id,
            game.text(c.label, c.params, lang, names),
            description(game, c, lang, names),
            c.id == step.choice,
        )
        for c in taught_first(decision, step.choice)
    )
    run = [s.id for s in tutorial.run(chapter)]
    return Lesson(
        kind,
        step,
        part,
        tutorial.texts(lang).steps[step.id],
        game.text(decision.prompt, decision.params, lang, names),
        offers,
        run.index(step.id) + 1,
        len(run),
        lang,
        names,
        chapter,
    )


def _decision(game: Game[Any], tutorial: Tutorial, step: Step) -> Decision:
    decision = game.decision_for(tutorial.position(step), LEARNER)
    if decision is None:  # Tutorial.check refuses such data; a test runs it on every game
        raise IllegalChoice(f"the learner has nothing to decide at tutorial step {step.id!r}")
    return decision


def answer(lesson: Lesson, choice_id: str) -> Answer:
    """What choosing ``choice_id`` at ``lesson`` says. The choice is played on the step's position, so
    its own events tell what it did, and against the taught one, so the note says what it changed; a
    choice that is not legal there raises ``IllegalChoice``."""
    game = registry.get(lesson.kind)
    tutorial = tutorial_for(lesson.kind)
    state = tutorial.position(lesson.step)
    result = game.apply(state, LEARNER, choice_id)
    events = result.events_for(LEARNER)
    texts = [game.text(e.key, e.params, lesson.lang, lesson.names) for e in events]
    happened = tuple(attributed(game, events, texts, lesson.names, lesson.lang))
    if choice_id == lesson.step.choice:
        return Answer(True, False, lesson.text.done, "", happened)
    contrast = tutorial.contrast(game, lesson.step, choice_id)
    if contrast.equal:
        return Answer(False, True, t("tutorial.as_good", lesson.lang), "", happened)
    said = [game.text(e.key, e.params, lesson.lang, lesson.names) for e in contrast.said]
    note = t("tutorial.compared", lesson.lang, changes=t("tutorial.joiner", lesson.lang).join(said))
    return Answer(False, False, note, t("tutorial.why", lesson.lang, text=lesson.text.why), happened)


def answer_text(answer: Answer) -> str:
    """The answer's note, marked ✓ when accepted and ✗ otherwise, then the reason for the taught
    choice after one that is not as good."""
    note = f"{'✓' if answer.accepted else '✗'} {answer.note}"
    return f"{note}\n  {answer.why}" if answer.why else note


def chapter_end(kind: str, chapter_id: str, lang: str) -> ChapterText:
    """The words said when a chapter ends: its goal met and what it taught."""
    return tutorial_for(kind).texts(lang).chapters[chapter_id]


def ends_chapter(lesson: Lesson) -> bool:
    return tutorial_for(lesson.kind).ends_chapter(lesson.step.id)


def images(lesson: Lesson) -> tuple[Render, ...]:
    """The step's pictures at phone size, the thing the step is about ringed (its ``mark``): the part
    of the table the step's ``look`` names leads (a phone board part), then the learner's private
    screen, which leads with the decision; ``look = "screen"`` is the screen alone. Slow: run it off
    an event loop."""
    state = tutorial_for(lesson.kind).position(lesson.step)
    game = registry.get(lesson.kind)
    step = lesson.step
    screen = render_screen(game.view(state, LEARNER), lang=lesson.lang, names=lesson.names, mark=step.mark)
    if step.look == "screen":
        return (screen,)
    parts = render_board_parts(game.view(state, None), lang=lesson.lang, names=lesson.names, mark=step.mark)
    return (*(part for part in parts if part.name == step.look), screen)


def choice_line(offer: Offer) -> str:
    """A choice in one line: the taught mark, the label, and what it does."""
    mark = f"{TAUGHT} " if offer.taught else ""
    return f"{mark}{offer.label}{f' — {offer.what}' if offer.what else ''}"


def step_lines(lesson: Lesson) -> Sequence[str]:
    """The step's words in reading order: what to look at, the rule, what to do."""
    text = lesson.text
    return (
        t("tutorial.look", lesson.lang, text=text.look),
        t("tutorial.rule", lesson.lang, text=text.rule),
        t("tutorial.do", lesson.lang, text=text.do),
    )
