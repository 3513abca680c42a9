"""Guided tutorials: a game taught by playing prepared positions, one decision each.

A game with a tutorial ships it in its own package:

- ``tutorial.py`` holds ``SCENARIOS``, a mapping from a scenario name to a function building that
  position with the game's public ``Scenario`` builder (a fixed seed, so every learner sees the same
  table), and ``COMPARE``, the game's way of saying what another choice changes (see
  :meth:`Tutorial.contrast`). The learner is always seat :data:`LEARNER`; the other seats are AI
  opponents.
- ``tutorial/steps.toml`` is the structure, free of any language: ``[[chapter]]`` tables (``id``,
  ``seats``) in the order they are taught, and ``[[step]]`` tables (``id``, ``chapter``, ``scenario``,
  the taught ``choice`` id, ``look``, the part of the picture to lead with, and optionally ``plan``,
  the learner's next choices in the taught story, and ``mark``, the thing the picture rings).
- ``tutorial/<lang>.toml`` holds the words, keyed by those ids: ``[chapter.<id>]`` with ``title``,
  ``goal`` and ``summary`` (lines), ``[step.<id>]`` with ``title``, ``look``, ``rule``, ``do``,
  ``done`` and ``why`` (why the taught choice is good, said after any other choice below what that
  choice changed, so it must be true whatever was chosen).

This module reads and checks that data the way :mod:`engine.core.data` reads card data: typed frozen
values, and every problem one :class:`~engine.core.errors.BadData` line naming the file and the key.
:meth:`Tutorial.check` plays nothing: it builds each step's position and confirms that the learner
has a decision there in which the taught choice is legal, so a rules change that breaks a lesson
fails a test instead of a learner. Front ends (the terminal, Discord) only present what is here.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module, resources
from typing import Any

from engine.core.contract import Choice, Decision, Event, Game
from engine.core.errors import BadData

LEARNER = 0
"""The seat the learner plays in every tutorial position."""
FOLDER = "tutorial"
STEP_FIELDS = ("title", "look", "rule", "do", "done", "why")
"""The words of a step, in the order a lesson says them."""
CHAPTER_FIELDS = ("title", "goal", "summary")


@dataclass(frozen=True, slots=True)
class Step:
    """One decision to teach: the position (a scenario name), the taught choice, what to look at."""

    id: str
    chapter: str
    scenario: str
    choice: str
    look: str
    plan: tuple[str, ...] = ()
    """The learner's next choices in the taught story (this turn's), played after the taught one to
    judge whether another choice is as good; an id ending in ``*`` takes the first legal choice it
    starts."""
    mark: str = ""
    """What the step's picture rings: an id the game's drawings know (``""``: nothing)."""


Compare = Callable[[Any, Any, Any], tuple[Event, ...]]
"""A game's ``COMPARE(before, taught, chosen)``: what the learner has or has committed to in
``chosen`` that differs from ``taught`` (both reached from the position ``before``), each difference
an event in the game's catalogue; none when they are alike in everything a lesson weighs."""


@dataclass(frozen=True, slots=True)
class Contrast:
    """Another choice weighed against the taught one on the step's position."""

    equal: bool
    """As good as the taught choice: once each is followed by the rest of the taught story (:attr:`Step.plan`),
    the learner stands in the same place."""
    said: tuple[Event, ...]
    """What the choice changes, in the game's words: how the two stories end up apart (empty when
    :attr:`equal`)."""


@dataclass(frozen=True, slots=True)
class Chapter:
    """Steps taught together, at a table of ``seats`` seats, ending with a goal met."""

    id: str
    seats: int
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class StepText:
    title: str
    look: str
    rule: str
    do: str
    done: str
    why: str


@dataclass(frozen=True, slots=True)
class ChapterText:
    title: str
    goal: str
    summary: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Texts:
    """A tutorial's words in one language."""

    lang: str
    chapters: Mapping[str, ChapterText]
    steps: Mapping[str, StepText]


class Tutorial:
    """A game's tutorial: its chapters in order, the scenario builders, and its words per language."""

    def __init__(
        self,
        package: str,
        chapters: Sequence[Chapter],
        scenarios: Mapping[str, Callable[[], Any]],
        compare: Compare,
    ) -> None:
        self.package = package
        self.chapters = tuple(chapters)
        self.scenarios = dict(scenarios)
        self.compare = compare
        self._steps = {step.id: step for chapter in self.chapters for step in chapter.steps}
        self._texts: dict[str, Texts] = {}

    def chapter(self, chapter_id: str) -> Chapter:
        for chapter in self.chapters:
            if chapter.id == chapter_id:
                return chapter
        known = ", ".join(c.id for c in self.chapters)
        raise KeyError(f"no tutorial chapter {chapter_id!r}; chapters: {known}")

    def step(self, step_id: str) -> Step:
        if step_id not in self._steps:
            raise KeyError(f"no tutorial step {step_id!r}")
        return self._steps[step_id]

    def run(self, chapter_id: str | None = None) -> tuple[Step, ...]:
        """The steps taught by one chapter, or by every chapter in order (``None``)."""
        chosen = self.chapters if chapter_id is None else (self.chapter(chapter_id),)
        return tuple(step for chapter in chosen for step in chapter.steps)

    def after(self, step_id: str, chapter_id: str | None = None) -> Step | None:
        """The step that follows ``step_id`` in the run of ``chapter_id`` (``None``: it was the last)."""
        steps = self.run(chapter_id)
        index = [s.id for s in steps].index(step_id)
        return steps[index + 1] if index + 1 < len(steps) else None

    def ends_chapter(self, step_id: str) -> bool:
        """Whether ``step_id`` is the last step of its chapter (its goal is then met)."""
        step = self.step(step_id)
        return self.chapter(step.chapter).steps[-1].id == step_id

    def position(self, step: Step) -> Any:
        """A fresh state of the step's position (each call builds it again)."""
        return self.scenarios[step.scenario]()

    def contrast(self, game: Game[Any], step: Step, chosen: str) -> Contrast:
        """What choosing ``chosen`` instead of the taught choice changes, from playing both on the
        step's position, each followed by the rest of the taught story (the plan).

        As good when the game finds nothing to tell the two stories apart once the other choice
        also tries the taught one (so "legs then head" meets "head then legs"). Otherwise what sets
        them apart, in its words, from the story of the other choice alone: a choice that leaves the
        taught one open is told what it did instead, not credited with the taught one as well
        (``IllegalChoice`` when ``chosen`` is not legal there)."""
        state = self.position(step)
        decision = game.decision_for(state, LEARNER)
        same = decision.get(step.choice) if decision is not None else None
        taught = _go_on(game, game.apply(state, LEARNER, step.choice).state, step.plan)
        played = game.apply(state, LEARNER, chosen).state
        if not self.compare(state, taught, _go_on(game, played, step.plan, same)):
            return Contrast(True, ())
        return Contrast(False, self.compare(state, taught, _go_on(game, played, step.plan)))

    def languages(self) -> tuple[str, ...]:
        folder = resources.files(self.package).joinpath(FOLDER)
        return tuple(
            sorted(
                p.name.removesuffix(".toml")
                for p in folder.iterdir()
                if p.name.endswith(".toml") and p.name != "steps.toml"
            )
        )

    def texts(self, lang: str) -> Texts:
        """The words in ``lang`` (English when the tutorial has no such language), every key checked."""
        if lang not in self.languages():
            lang = "en"
        if lang not in self._texts:
            self._texts[lang] = _read_texts(self, lang)
        return self._texts[lang]

    def check(self, game: Game[Any]) -> None:
        """Build every step's position and confirm it is a lesson: the game's invariants hold, the
        table has the chapter's seats, the learner decides, and the taught choice is legal there."""
        for chapter in self.chapters:
            for step in chapter.steps:
                where = f"{self.package} tutorial step {step.id!r}"
                state = self.position(step)
                game.check_invariants(state)
                seats = getattr(state, "seats", None)  # both games' states count their seats
                if isinstance(seats, int) and seats != chapter.seats:
                    raise BadData(
                        f"{where}: the position has {seats} seats, chapter {chapter.id!r} says {chapter.seats}."
                    )
                if game.outcome(state) is not None:
                    raise BadData(f"{where}: the game is already over in this position.")
                decision = game.decision_for(state, LEARNER)
                if decision is None:
                    raise BadData(f"{where}: the learner (seat {LEARNER}) has nothing to decide.")
                if decision.get(step.choice) is None:
                    legal = ", ".join(c.id for c in decision.choices)
                    raise BadData(f"{where}: {step.choice!r} is not legal at {decision.prompt}; legal: {legal}.")


def _go_on(game: Game[Any], state: Any, plan: Sequence[str], taught: Choice | None = None) -> Any:
    """``state`` after ``taught`` (when the learner can still make that very choice: the same id
    reading the same, not the same slot now holding something else) and then each of ``plan``'s
    choices the learner can make there, in order (one that is not legal when its turn comes is
    passed over)."""
    if taught is not None:
        decision = game.decision_for(state, LEARNER)
        again = decision.get(taught.id) if decision is not None else None
        if again is not None and game.text(again.label, again.params) == game.text(taught.label, taught.params):
            state = game.apply(state, LEARNER, taught.id).state
    for wanted in plan:
        decision = game.decision_for(state, LEARNER)
        if decision is None or game.outcome(state) is not None:
            break
        if wanted.endswith("*"):
            found = next((c for c in decision.choices if c.id.startswith(wanted[:-1])), None)
        else:
            found = decision.get(wanted)
        if found is not None:
            state = game.apply(state, LEARNER, found.id).state
    return state


def taught_first(decision: Decision, taught: str) -> tuple[Choice, ...]:
    """The decision's legal choices with the taught one first, the others in the game's order."""
    first = [c for c in decision.choices if c.id == taught]
    return (*first, *(c for c in decision.choices if c.id != taught))


def tutorial_of(game: Game[Any]) -> Tutorial | None:
    """The tutorial in ``game``'s package (where its catalogue lives, as for its guide), ``None`` when
    it ships none."""
    return load(game.catalog.package)


@cache
def load(package: str) -> Tutorial | None:
    """The tutorial of a game package (``"engine.imaginarium"``), ``None`` if it has no
    ``tutorial/steps.toml``; a malformed one raises :class:`BadData`."""
    if not package:
        return None
    steps_file = resources.files(package).joinpath(FOLDER, "steps.toml")
    if not steps_file.is_file():
        return None
    where = f"{package}/{FOLDER}/steps.toml"
    try:
        raw = tomllib.loads(steps_file.read_text("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise BadData(f"{where}: {exc}") from None
    module = import_module(f"{package}.tutorial")
    scenarios = getattr(module, "SCENARIOS", None)
    if not isinstance(scenarios, Mapping):
        raise BadData(f"{package}.tutorial has no SCENARIOS mapping.")
    compare = getattr(module, "COMPARE", None)
    if not callable(compare):
        raise BadData(f"{package}.tutorial has no COMPARE function.")
    return Tutorial(package, _chapters(raw, scenarios, where), scenarios, compare)


def _table(
    value: Any, where: str, fields: Mapping[str, type], optional: Mapping[str, type] | None = None
) -> dict[str, Any]:
    """``value`` as a table with exactly ``fields`` (each of its type), and any of ``optional``."""
    if not isinstance(value, Mapping):
        raise BadData(f"{where}: a table is expected, not {value!r}.")
    known = {**fields, **(optional or {})}
    unknown = sorted(set(value) - set(known))
    if unknown:
        raise BadData(f"{where}.{unknown[0]}: unknown key; keys are {', '.join(known)}.")
    for name, kind in known.items():
        if name not in value:
            if name in fields:
                raise BadData(f"{where}.{name}: missing.")
            continue
        item = value[name]
        if not isinstance(item, kind) or isinstance(item, bool) or (isinstance(item, str) and not item.strip()):
            raise BadData(
                f"{where}.{name} = {item!r}: a {'non-empty text' if kind is str else kind.__name__} is expected."
            )
    return dict(value)


def _chapters(raw: Mapping[str, Any], scenarios: Mapping[str, Any], where: str) -> list[Chapter]:
    unknown = sorted(set(raw) - {"chapter", "step"})
    if unknown:
        raise BadData(f"{where}: unknown table {unknown[0]!r}; tables are [[chapter]] and [[step]].")
    heads = [
        _table(c, f"{where} chapter[{i}]", {"id": str, "seats": int}) for i, c in enumerate(raw.get("chapter", []))
    ]
    if not heads:
        raise BadData(f"{where}: no [[chapter]].")
    ids = [c["id"] for c in heads]
    if len(set(ids)) != len(ids):
        raise BadData(f"{where}: chapter ids repeat: {', '.join(ids)}.")
    steps: dict[str, list[Step]] = {i: [] for i in ids}
    seen: set[str] = set()
    fields = {"id": str, "chapter": str, "scenario": str, "choice": str, "look": str}
    for i, item in enumerate(raw.get("step", [])):
        table = _table(item, f"{where} step[{i}]", fields, {"plan": list, "mark": str})
        plan = table.pop("plan", [])
        if not all(isinstance(choice, str) and choice for choice in plan):
            raise BadData(f"{where} step[{i}].plan = {plan!r}: a list of choice ids is expected.")
        step = Step(**table, plan=tuple(plan))
        if step.id in seen:
            raise BadData(f"{where} step[{i}].id = {step.id!r}: already used by another step.")
        if step.chapter not in steps:
            raise BadData(f"{where} step {step.id!r}: chapter {step.chapter!r} is not one of {', '.join(ids)}.")
        if step.scenario not in scenarios:
            raise BadData(f"{where} step {step.id!r}: scenario {step.scenario!r} is not in SCENARIOS.")
        seen.add(step.id)
        steps[step.chapter].append(step)
    for chapter_id, chapter_steps in steps.items():
        if not chapter_steps:
            raise BadData(f"{where}: chapter {chapter_id!r} has no step.")
    return [Chapter(c["id"], c["seats"], tuple(steps[c["id"]])) for c in heads]


def _read_texts(tutorial: Tutorial, lang: str) -> Texts:
    """The words of ``lang``: a table per chapter and per step, each with every field and no other."""
    where = f"{tutorial.package}/{FOLDER}/{lang}.toml"
    try:
        raw = tomllib.loads(resources.files(tutorial.package).joinpath(FOLDER, f"{lang}.toml").read_text("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise BadData(f"{where}: {exc}") from None
    unknown = sorted(set(raw) - {"chapter", "step"})
    if unknown:
        raise BadData(f"{where}: unknown table {unknown[0]!r}; tables are [chapter.<id>] and [step.<id>].")
    chapters: dict[str, ChapterText] = {}
    for chapter in tutorial.chapters:
        table = _table(
            raw.get("chapter", {}).get(chapter.id),
            f"{where} chapter.{chapter.id}",
            dict.fromkeys(CHAPTER_FIELDS, str) | {"summary": list},
        )
        if not table["summary"] or not all(isinstance(line, str) and line.strip() for line in table["summary"]):
            raise BadData(f"{where} chapter.{chapter.id}.summary: a list of non-empty lines is expected.")
        chapters[chapter.id] = ChapterText(table["title"], table["goal"], tuple(table["summary"]))
    steps = {
        step.id: StepText(
            **_table(raw.get("step", {}).get(step.id), f"{where} step.{step.id}", dict.fromkeys(STEP_FIELDS, str))
        )
        for step in tutorial.run()
    }
    for section, known in (("chapter", chapters), ("step", steps)):
        extra = sorted(set(raw.get(section, {})) - set(known))
        if extra:
            raise BadData(f"{where} {section}.{extra[0]}: no such {section} in steps.toml.")
    return Texts(lang, chapters, steps)
