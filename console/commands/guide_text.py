"""A game's "How to play" guide in the terminal: ``h`` at a ``bricabot play`` prompt (a game or its
tutorial) lists the guide's pages, ``h N`` reads page N.

The guide is the one ``/rules`` pages through on Discord (:meth:`engine.core.contract.Game.guide`);
here its Markdown marks (``**bold**``, ``code``) are dropped, since a terminal shows them as they are.
"""

from __future__ import annotations

import re
from typing import Any

from bot.words import t
from engine.core.contract import Game

HELP = ("h", "?")
MARKS = re.compile(r"[*`]")


def asks_guide(typed: str) -> bool:
    """Whether ``typed`` asks for the guide: ``h``, ``?``, or ``h`` and a page number."""
    head, _, rest = typed.strip().lower().partition(" ")
    return head in HELP and (not rest or rest.strip().isdigit())


def guide_text(game: Game[Any], lang: str, typed: str) -> str:
    """What ``typed`` (``h`` or ``h N``) shows: the numbered page titles and how to read one, or page N."""
    guide = game.guide(lang)
    if guide is None:
        return t("terminal.no_guide", lang, game=game.title)
    _, _, rest = typed.strip().partition(" ")
    if rest.strip().isdigit():
        number = int(rest)
        if 1 <= number <= len(guide.pages):
            page = guide.pages[number - 1]
            return f"=== {page.title} ===\n{MARKS.sub('', page.text)}"
        return t("terminal.no_page", lang, n=len(guide.pages))
    titles = "\n".join(f"  {i}. {page.title}" for i, page in enumerate(guide.pages, start=1))
    return f"{t('terminal.guide', lang, title=guide.title)}\n{titles}"
