"""The phone board's common layout: every part is an image 640 px wide on the table's colour, led by
a title line (the game's title with the round and phase on the first part), so the parts of both
games read alike."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, TABLE

PW = 640
"""Width of every phone image: 18 px text × 400 / 640 = 11.25 px on a phone."""
M = 16
INNER = PW - 2 * M
GAP = 12
CAPTION_H = 44


def blank(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    canvas = Image.new("RGB", (PW, height), TABLE)
    return canvas, ImageDraw.Draw(canvas)


def caption(d: ImageDraw.ImageDraw, y: int, title: str) -> int:
    """A part's title line (the round and phase are in the first part only, so that a part changes
    only with its own content); returns the height used."""
    tx.line(d, (M, y + 20), title, 26, HIGHLIGHT, bold=True, anchor="lm", max_width=INNER)
    return CAPTION_H


def title_band(title: str, status: str = "") -> Image.Image:
    """A part's title under the top margin, as a band; with ``status`` (the first part) the game's
    title, larger, over the round and phase."""
    if not status:
        canvas, d = blank(M + CAPTION_H)
        caption(d, M, title)
        return canvas
    canvas, d = blank(M + 80)
    tx.line(d, (M, M + 20), title, 30, HIGHLIGHT, bold=True, anchor="lm")
    tx.line(d, (M, M + 56), status, 24, INK_ON_TABLE, bold=True, anchor="lm", max_width=INNER)
    return canvas
