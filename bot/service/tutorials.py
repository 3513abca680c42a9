"""Where each user stands in each game's guided tutorial, kept so they can leave and come back.

The tutorial itself is the game's data (:mod:`engine.core.tutorial`); this part of the service only
decides where a run starts (the step the user left, when they come back to the same run unfinished)
and records each step reached, one row per user and game kind. The terminal and Discord both go
through it, so a tutorial left in one front end resumes in the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.base import ServiceBase
from bot.service.errors import BadInput
from bot.service.inputs import check_ints, check_text
from bot.store import TutorialRow
from engine import registry
from engine.core.tutorial import Tutorial


@dataclass(frozen=True, slots=True)
class TutorialProgress:
    """A user's place in a game's tutorial: the chapter they run (``None``: every chapter in order),
    the step to play next (``None``: the run is finished) and the language they learn in."""

    kind: str
    chapter: str | None
    step: str | None
    lang: str


def tutorial_for(kind: str, chapter: str | None = None) -> Tutorial:
    """The tutorial of game ``kind`` (and a check that ``chapter`` is one of its chapters)."""
    check_text("game kind", kind)
    tutorial = registry.get(kind).tutorial()
    if tutorial is None:
        raise BadInput(f"{kind} has no tutorial.")
    if chapter is not None and chapter not in {c.id for c in tutorial.chapters}:
        known = ", ".join(c.id for c in tutorial.chapters)
        raise BadInput(f"{kind}'s tutorial has no chapter {chapter!r}; its chapters are {known}.")
    return tutorial


class Tutorials(ServiceBase):
    """Starting, resuming and recording a user's tutorial runs."""

    async def tutorial_progress(self, user_id: int, kind: str) -> TutorialProgress | None:
        """Where ``user_id`` stands in ``kind``'s tutorial, ``None`` if they never started it."""
        check_ints(user_id=user_id)
        check_text("game kind", kind)
        row = await self.store.tutorial(user_id, kind)
        return None if row is None else TutorialProgress(kind, row.chapter or None, row.step, row.lang)

    async def start_tutorial(self, user_id: int, kind: str, chapter: str | None, lang: str) -> TutorialProgress:
        """The step a run of ``kind``'s tutorial (one chapter, or all) starts at, recorded: the step the
        user left this same run at, else its first step (a finished run starts again)."""
        tutorial = tutorial_for(kind, chapter)
        check_text("language", lang)
        steps = [step.id for step in tutorial.run(chapter)]
        stored = await self.tutorial_progress(user_id, kind)
        resumed = stored is not None and stored.chapter == chapter and stored.step in steps
        progress = TutorialProgress(kind, chapter, stored.step if resumed and stored else steps[0], lang)
        await self._record(user_id, progress)
        return progress

    async def finish_step(self, user_id: int, progress: TutorialProgress) -> TutorialProgress:
        """Record that the user is done with ``progress.step``: the run moves on to the next step
        (``step`` ``None`` after the last one)."""
        if progress.step is None:
            raise BadInput("this tutorial run is already finished.")
        tutorial = tutorial_for(progress.kind, progress.chapter)
        if progress.step not in {step.id for step in tutorial.run(progress.chapter)}:
            raise BadInput(f"{progress.kind}'s tutorial has no step {progress.step!r} in this run.")
        following = tutorial.after(progress.step, progress.chapter)
        moved = TutorialProgress(
            progress.kind, progress.chapter, None if following is None else following.id, progress.lang
        )
        await self._record(user_id, moved)
        return moved

    async def _record(self, user_id: int, progress: TutorialProgress) -> None:
        check_ints(user_id=user_id)
        row = TutorialRow(progress.kind, progress.chapter or "", progress.step, progress.lang)
        async with self.store.transaction() as tx:
            await tx.set_tutorial(user_id, row, self._now())
