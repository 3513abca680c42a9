"""Drawings for the tiny fixture game, installed as ``renders.tiny`` by the Discord tests.

Real (small) PNGs and text summaries from :class:`TinyView`, so the cogs run their normal render path
for a game kind that lives outside ``engine/``.
"""

from __future__ import annotations

import io
import sys

from PIL import Image, ImageDraw

from renders.api import Render
from tests.support.tinygame import TinyView


def _png(lines: list[str]) -> bytes:
    image = Image.new("RGB", (240, 20 + 14 * len(lines)), "white")
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        draw.text((8, 8 + 14 * row), line, fill="black")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def board(view: TinyView, *, lang: str) -> Render:
    lines = [
        f"Seat {s + 1}: {score} points, {n} cards"
        for s, (score, n) in enumerate(zip(view.scores, view.hand_counts, strict=True))
    ]
    lines.append(f"Deck: {view.deck_count}")
    return Render(_png(lines), "\n".join(lines))


def board_parts(view: TinyView, *, lang: str) -> tuple[Render, ...]:
    """The phone board: the tiny table fits one part."""
    whole = board(view, lang=lang)
    return (Render(whole.png, whole.text, "table"),)


def zoom_areas(view: TinyView, *, lang: str) -> tuple[tuple[str, str], ...]:
    return (("table", "The table"),)


def zoom(view: TinyView, area: str, *, lang: str) -> Render:
    if area != "table":
        raise LookupError(f"no area {area!r} on this table")
    return board(view, lang=lang)


def screen(view: TinyView, *, lang: str) -> Render:
    lines = [f"Your hand: {', '.join(map(str, view.hand or ()))}"]
    return Render(_png(lines), "\n".join(lines))


def final(view: TinyView, *, lang: str) -> Render:
    lines = [f"Seat {s + 1}: {score}" for s, score in enumerate(view.scores)]
    return Render(_png(lines), "\n".join(lines))


def install() -> None:
    """Make ``renders.render_*`` find these drawings for the ``tiny`` kind."""
    sys.modules["renders.tiny"] = sys.modules[__name__]
