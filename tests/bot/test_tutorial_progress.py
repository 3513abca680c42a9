"""A user's place in a game's tutorial, kept by the service on both stores: a run starts at its first
step, moves on step by step, resumes where it was left (in another process too), starts again once
finished, and a run of one chapter is kept apart from a run of all of them."""

from __future__ import annotations

import pytest

from bot.service import BadInput, GameService
from bot.service.tutorials import TutorialProgress
from engine import registry

USER = 42


def _steps(chapter: str | None = None) -> list[str]:
    tutorial = registry.get("imaginarium").tutorial()
    assert tutorial is not None
    return [step.id for step in tutorial.run(chapter)]


async def test_a_run_starts_moves_on_and_resumes_where_it_was_left(service: GameService, database: str) -> None:
    assert await service.tutorial_progress(USER, "imaginarium") is None
    first = await service.start_tutorial(USER, "imaginarium", None, "fr")
    assert first == TutorialProgress("imaginarium", None, _steps()[0], "fr")
    second = await service.finish_step(USER, first)
    assert second.step == _steps()[1]
    async with await GameService.open(database) as other:  # another process, the same database
        assert await other.start_tutorial(USER, "imaginarium", None, "fr") == second
    assert await service.tutorial_progress(USER, "imaginarium") == second
    assert await service.tutorial_progress(USER + 1, "imaginarium") is None


async def test_a_finished_run_starts_again_and_a_chapter_is_its_own_run(service: GameService) -> None:
    chapter = _steps("chimera")
    progress = await service.start_tutorial(USER, "imaginarium", "chimera", "en")
    assert progress.step == chapter[0]
    for expected in [*chapter[1:], None]:
        progress = await service.finish_step(USER, progress)
        assert progress.step == expected
    with pytest.raises(BadInput, match="already finished"):
        await service.finish_step(USER, progress)
    assert (await service.start_tutorial(USER, "imaginarium", "chimera", "en")).step == chapter[0]
    assert (await service.start_tutorial(USER, "imaginarium", None, "en")).step == _steps()[0]


async def test_unknown_games_chapters_and_steps_are_refused(service: GameService) -> None:
    with pytest.raises(BadInput, match="no chapter 'nope'"):
        await service.start_tutorial(USER, "imaginarium", "nope", "en")
    with pytest.raises(BadInput, match="no step 'nope'"):
        await service.finish_step(USER, TutorialProgress("imaginarium", None, "nope", "en"))
    assert await service.tutorial_progress(USER, "imaginarium") is None
