"""The tutorial's messages on Discord: a step (its pictures, its words, its choices with the taught one
first), the answer to a choice, a chapter's end and the tutorial's end.

Every message is ephemeral: ``/game tutorial`` answers with the first (or resumed) step, and each
click edits that same message in place with what follows, as the private panel does. Pictures are
drawn off the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import discord
from discord import app_commands

from bot import lessons
from bot.service.tutorials import TutorialProgress, tutorial_for
from bot.words import t
from cogs.kit import images
from cogs.kit.context import lang_for, require_private_message, service_of
from cogs.kit.errors import UserFacingError
from cogs.kit.messages import COLOUR
from cogs.kit.text import CONTENT, EMBED_DESCRIPTION, OPTION_TEXT, clip, person
from cogs.tutorial.ids import custom_id
from engine import registry
from engine.core.tutorial import tutorial_of

MENU_SIZE = 25
"""Discord's most options in one select menu."""
MENUS = 5
"""Discord's most rows of components on a message."""


def taught_kinds() -> list[str]:
    """The game kinds that have a tutorial, in the registry's order."""
    return [kind for kind, game in registry.games().items() if tutorial_of(game) is not None]


async def kind_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The games with a tutorial whose title or kind contains what was typed."""
    typed = current.lower()
    games = [registry.get(kind) for kind in taught_kinds()]
    return [
        app_commands.Choice(name=game.title, value=game.kind)
        for game in games
        if typed in game.title.lower() or typed in game.kind
    ]


async def chapter_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The chapters of the game chosen in the command (else of the first game with a tutorial), by title."""
    known = taught_kinds()
    kind = getattr(interaction.namespace, "kind", None) or (known[0] if known else None)
    if kind not in known:
        return []
    tutorial = tutorial_for(kind)
    words = tutorial.texts(await lang_for(interaction)).chapters
    typed = current.lower()
    return [
        app_commands.Choice(name=clip(words[c.id].title, OPTION_TEXT), value=c.id)
        for c in tutorial.chapters
        if typed in words[c.id].title.lower() or typed in c.id
    ]


async def start(interaction: discord.Interaction, kind: str | None, chapter: str | None = None) -> None:
    """``/game tutorial``: the step the user's run starts or resumes at, privately (``kind`` ``None``:
    the first game with a tutorial)."""
    lang = await lang_for(interaction)
    known = taught_kinds()
    kind = kind or (known[0] if known else None)
    if kind not in known:
        raise UserFacingError("no_tutorial", games=", ".join(registry.get(k).title for k in known))
    chapters = [c.id for c in tutorial_for(kind).chapters]
    if chapter is not None and chapter not in chapters:
        raise UserFacingError("no_tutorial_chapter", chapters=", ".join(chapters))
    await interaction.response.defer(ephemeral=True, thinking=True)
    progress = await service_of(interaction).start_tutorial(interaction.user.id, kind, chapter, lang)
    assert progress.step is not None  # a run always starts at a step (a finished one starts again)
    await _show(interaction, progress.kind, progress.chapter, progress.step, lang, note=None)


async def pick(interaction: discord.Interaction, kind: str, chapter: str | None, step: str, choice: str) -> None:
    """A choice at a step: the taught one (or one as good) says so and moves on; another says what it
    changed and why the taught one is better, and offers to try the step again or to go on."""
    require_private_message(interaction)
    lang = await lang_for(interaction)
    lesson = lessons.lesson(kind, step, lang, _learner(interaction, lang), chapter)
    answer = lessons.answer(lesson, choice)
    note = "\n".join((lessons.answer_text(answer), *(f"· {line}" for line in answer.happened)))
    if answer.accepted:
        await move_on(interaction, kind, chapter, step, note=note)
        return
    view = discord.ui.View(timeout=None)
    view.add_item(_button(t("tutorial.retry", lang), kind, chapter, step, "retry", discord.ButtonStyle.secondary))
    view.add_item(_button(t("tutorial.next", lang), kind, chapter, step, "next", discord.ButtonStyle.primary))
    await interaction.response.edit_message(content=clip(note, CONTENT), embed=_embed(lesson), view=view)


async def retry(interaction: discord.Interaction, kind: str, chapter: str | None, step: str) -> None:
    require_private_message(interaction)
    await interaction.response.defer()
    await _show(interaction, kind, chapter, step, await lang_for(interaction), note=None)


async def move_on(
    interaction: discord.Interaction, kind: str, chapter: str | None, step: str, note: str | None
) -> None:
    """Record ``step`` as done and show what follows: the next step (after the end of a chapter, its
    goal and summary above it), or the tutorial's end."""
    require_private_message(interaction)
    await interaction.response.defer()
    lang = await lang_for(interaction)
    user = interaction.user.id
    done = TutorialProgress(kind, chapter, step, lang)
    following = await service_of(interaction).finish_step(user, done)
    lines = [note] if note else []
    if tutorial_for(kind).ends_chapter(step):
        end = lessons.chapter_end(kind, tutorial_for(kind).step(step).chapter, lang)
        lines += [
            f"**{t('tutorial.chapter_done', lang, title=end.title)}** {end.goal}",
            *(f"· {s}" for s in end.summary),
        ]
    if following.step is not None:
        await _show(interaction, kind, chapter, following.step, lang, note="\n".join(lines) or None)
        return
    await _finished(interaction, kind, chapter, lang, lines)


def seats_after(kind: str) -> int:
    """The seats of the lobby the tutorial's end offers to open (the learner and AI seats): as many as
    its first chapter's table."""
    return tutorial_for(kind).chapters[0].seats


def _learner(interaction: discord.Interaction, lang: str) -> str:
    return person(interaction.user) or t("people.player", lang, number=1)


async def _show(
    interaction: discord.Interaction, kind: str, chapter: str | None, step: str, lang: str, note: str | None
) -> None:
    """Step ``step`` on the (deferred) interaction's message: its pictures, words and choices."""
    lesson = lessons.lesson(kind, step, lang, _learner(interaction, lang), chapter)
    renders = await asyncio.to_thread(lessons.images, lesson)
    files = [images.as_file(r, f"tutorial-{i + 1}-{r.name or 'screen'}.png") for i, r in enumerate(renders)]
    await interaction.edit_original_response(
        content=clip(note, CONTENT) if note else None, embed=_embed(lesson), attachments=files, view=_choices(lesson)
    )


def _embed(lesson: lessons.Lesson) -> discord.Embed:
    title = t("tutorial.step", lesson.lang, number=lesson.number, total=lesson.total, title=lesson.text.title)
    body = "\n\n".join((*_bold_first(lessons.step_lines(lesson)), f"**{lesson.prompt}**"))
    embed = discord.Embed(title=title, description=clip(body, EMBED_DESCRIPTION), colour=COLOUR)
    embed.set_footer(text=t("tutorial.footer", lesson.lang, mark=lessons.TAUGHT))
    return embed


def _bold_first(lines: Sequence[str]) -> list[str]:
    """ "Look: …" as "**Look:** …" (the catalogue's label up to its colon)."""
    out = []
    for line in lines:
        head, colon, rest = line.partition(":")
        out.append(f"**{head}{colon}**{rest}" if colon else line)
    return out


def _choices(lesson: lessons.Lesson) -> discord.ui.View:
    """The step's legal choices as menus of up to 25, the taught one first and marked."""
    view = discord.ui.View(timeout=None)
    offers = lesson.offers
    if len(offers) > MENU_SIZE * MENUS:
        raise ValueError(f"{lesson.step.id} offers {len(offers)} choices, more than {MENUS} menus hold")
    for index, start in enumerate(range(0, len(offers), MENU_SIZE)):
        chunk = offers[start : start + MENU_SIZE]
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=custom_id(lesson.kind, lesson.run, lesson.step.id, f"pick{index}"),
            placeholder=t("tutorial.pick", lesson.lang),
        )
        for offer in chunk:
            mark = f"{lessons.TAUGHT} " if offer.taught else ""
            select.add_option(
                label=clip(mark + offer.label, OPTION_TEXT),
                value=offer.id,
                description=clip(offer.what, OPTION_TEXT) or None,
            )
        view.add_item(select)
    return view


def _button(
    label: str, kind: str, chapter: str | None, step: str | None, action: str, style: discord.ButtonStyle
) -> discord.ui.Button[discord.ui.View]:
    return discord.ui.Button(label=label, custom_id=custom_id(kind, chapter, step, action), style=style)


async def _finished(
    interaction: discord.Interaction, kind: str, chapter: str | None, lang: str, lines: list[str]
) -> None:
    embed = discord.Embed(
        title=t("tutorial.finished_title", lang),
        description=clip("\n".join(lines), EMBED_DESCRIPTION) or None,
        colour=COLOUR,
    )
    view = discord.ui.View(timeout=None)
    view.add_item(_button(t("tutorial.play", lang), kind, None, None, "play", discord.ButtonStyle.success))
    view.add_item(_button(t("tutorial.guide", lang), kind, None, None, "guide", discord.ButtonStyle.secondary))
    await interaction.edit_original_response(content=None, embed=embed, attachments=[], view=view)
