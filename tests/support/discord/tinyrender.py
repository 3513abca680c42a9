"""Drawings for the tiny fixture game, registered for the ``tiny`` kind by the Discord tests.

Real (small) PNGs and text summaries from :class:`TinyView`, so the cogs run their normal render path
for a game kind that lives outside ``engine/``; like the real drawings, they name the seats by the
``names`` given ("Seat 1".. without them).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from renders.api import Drawings, Render, register
from tests.support.tinygame import TinyView


def _png(lines: list[str]) -> bytes:
    image = Image.new("RGB", (240, 20 + 14 * len(lines)), "white")
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        draw.text((8, 8 + 14 * row), line, fill="black")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _name(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names else f"Seat {seat + 1}"


def board(view: TinyView, *, lang: str, names: Sequence[str] | None = None) -> Render:
    lines = [
        f"{_name(s, names)}: {score} points, {n} cards"
        for s, (score, n) in enumerate(zip(view.scores, view.hand_counts, strict=True))
    ]
    lines.append(f"Deck: {view.deck_count}")
    return Render(_png(lines), "\n".join(lines))


def board_parts(view: TinyView, *, lang: str, names: Sequence[str] | None = None) -> tuple[Render, ...]:
    """The phone board: the tiny table fits one part."""
    whole = board(view, lang=lang, names=names)
    return (Render(whole.png, whole.text, "table"),)


def zoom_areas(view: TinyView, *, lang: str, names: Sequence[str] | None = None) -> tuple[tuple[str, str], ...]:
    return (("table", "The table"),)


def zoom(view: TinyView, area: str, *, lang: str, names: Sequence[str] | None = None) -> Render:
    if area != "table":
        raise LookupError(f"no area {area!r} on this table")
    return board(view, lang=lang, names=names)


def screen(view: TinyView, *, lang: str, names: Sequence[str] | None = None) -> Render:
    lines = [f"Your hand: {', '.join(map(str, view.hand or ()))}"]
    return Render(_png(lines), "\n".join(lines))


def final(view: TinyView, *, lang: str, names: Sequence[str] | None = None) -> Render:
    lines = [f"{_name(s, names)}: {score}" for s, score in enumerate(view.scores)]
    return Render(_png(lines), "\n".join(lines))


def drawings(kind: str) -> Drawings:
    """These drawings for the game ``kind`` (the fixture games share them)."""
    return Drawings(kind, board, board_parts, zoom_areas, zoom, screen, final)


def install() -> None:
    """Make ``renders.render_*`` find these drawings for the ``tiny`` kind."""
    register(drawings("tiny"))
