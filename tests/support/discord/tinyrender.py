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


def screen(view: TinyView, *, lang: str) -> Render:
    lines = [f"Your hand: {', '.join(map(str, view.hand or ()))}"]
    return Render(_png(lines), "\n".join(lines))


def final(view: TinyView, *, lang: str) -> Render:
    lines = [f"Seat {s + 1}: {score}" for s, score in enumerate(view.scores)]
    return Render(_png(lines), "\n".join(lines))


def install() -> None:
    """Make ``renders.render_*`` find these drawings for the ``tiny`` kind."""
    sys.modules["renders.tiny"] = sys.modules[__name__]
