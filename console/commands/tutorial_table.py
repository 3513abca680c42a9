"""``bricabot play --tutorial``: a game's guided tutorial in the terminal.

Each step prints its title, what to look at, the rule and what to do, writes its pictures (the part
of the table it is about, then the learner's private screen) to the ``--out`` folder, and numbers the
legal choices with the taught one first (``1``, marked ★), as ``bricabot play`` numbers a turn's. The
taught choice says what it did and moves on; any other legal choice says what it did instead and
offers to try the step again or go on. ``h`` lists the game's "How to play" guide and ``h N`` reads a
page of it, at any prompt. Progress is stored for the terminal's user, so a run left with ``q``,
Ctrl-C or the end of input resumes where it stopped; the end of each chapter says its goal and what
it taught, and the end of the run how to start a real game and where to read more. Text is wrapped to
the terminal's width (:mod:`console.commands.console`).
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from bot import lessons
from bot.service import GameService
from bot.service.tutorials import TutorialProgress
from bot.words import t
from console.commands.console import ask, say
from console.commands.guide_text import asks_guide, guide_text
from engine import registry

RETRY = "1"
"""After another choice than the taught one: ``1`` tries the step again, ``2`` goes on."""


async def run_tutorial(service: GameService, user_id: int, args: argparse.Namespace, lang: str) -> int:
    """Play ``args.game``'s tutorial (one ``args.chapter``, or every chapter) from where the user left it."""
    progress = await service.start_tutorial(user_id, args.game, args.chapter, lang)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    learner = t("people.player", lang, number=1)
    while progress.step is not None:
        lesson = lessons.lesson(progress.kind, progress.step, lang, learner, progress.chapter)
        await _show(lesson, out)
        offered = [offer.id for offer in lesson.offers]
        picked = await _pick(lesson)
        if picked is None:
            say(t("tutorial.saved", lang, game=progress.kind))
            return 0
        answer = lessons.answer(lesson, offered[picked])
        for line in answer.happened:
            say(f"  · {line}")
        say(lessons.answer_text(answer))
        if not answer.accepted:
            again = await _ask(lesson, t("tutorial.retry_or_next", lang))
            if again is None:
                say(t("tutorial.saved", lang, game=progress.kind))
                return 0
            if again.strip() == RETRY:
                continue
        progress = await _next(service, user_id, progress, lesson)
    say(f"\n{t('tutorial.finished', lang)}")
    say(t("tutorial.next_game", lang, game=args.game))
    say(t("tutorial.guide_terminal", lang))
    return 0


async def _next(
    service: GameService, user_id: int, progress: TutorialProgress, lesson: lessons.Lesson
) -> TutorialProgress:
    """Record the step done; at a chapter's end, say its goal and summary."""
    moved = await service.finish_step(user_id, progress)
    if lessons.ends_chapter(lesson):
        end = lessons.chapter_end(lesson.kind, lesson.chapter.id, lesson.lang)
        say(f"\n=== {t('tutorial.chapter_done', lesson.lang, title=end.title)} ===")
        say(end.goal)
        for line in end.summary:
            say(f"  · {line}")
    return moved


async def _show(lesson: lessons.Lesson, out: Path) -> None:
    lang = lesson.lang
    say(f"\n=== {t('tutorial.step', lang, number=lesson.number, total=lesson.total, title=lesson.text.title)} ===")
    renders = await asyncio.to_thread(lessons.images, lesson)
    files = []
    for index, render in enumerate(renders):
        name = f"tutorial-{lesson.number:02d}-{index + 1}-{render.name or 'screen'}.png"
        (out / name).write_bytes(render.png)
        files.append(name)
    say(f"  {t('tutorial.images', lang, folder=out, files=', '.join(files))}")
    for line in lessons.step_lines(lesson):
        say(line)
    say(lesson.prompt)
    for number, offer in enumerate(lesson.offers, start=1):
        say(f"  {number:>3}. {lessons.choice_line(offer)}")


async def _ask(lesson: lessons.Lesson, prompt: str) -> str | None:
    """A line typed after ``prompt``, the guide shown for ``h`` (asked again after it); ``None`` to
    stop (``q``, Ctrl-C, the end of input)."""
    while True:
        line = await ask(prompt)
        if line is None or not asks_guide(line):
            return line
        say(guide_text(registry.get(lesson.kind), lesson.lang, line))


async def _pick(lesson: lessons.Lesson) -> int | None:
    """The index of the choice typed (a number from 1 to the choices offered, or Enter when there
    is only one), asked again until one is."""
    count = len(lesson.offers)
    if count == 1:
        prompt = t("tutorial.enter", lesson.lang, label=lesson.offers[0].label)
    else:
        prompt = t("tutorial.choose", lesson.lang, n=count)
    while True:
        line = await _ask(lesson, prompt)
        if line is None:
            return None
        typed = line.strip()
        if typed == "" and count == 1:
            return 0
        if typed.isdigit() and 1 <= int(typed) <= count:
            return int(typed) - 1
        say(f"  ! {t('tutorial.not_choice', lesson.lang, typed=typed, n=count)}")
