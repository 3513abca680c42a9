"""Text layout: measuring, fitting a line into a width, wrapping a paragraph into a box.

Fitting never goes below :data:`renders.kit.fonts.MIN_SIZE`; text that still does not fit is cut with
an ellipsis, so a long name can never overlap its neighbour, and the cut is recorded
(:func:`renders.kit.fonts.shortened`): layouts give every label the room it needs, and the cut is
only a last guard for display names of any length. Characters the bundled font has no
glyph for (emoji in a display name) are left out of what is measured and drawn (see
:func:`printable`), rather than drawn as empty boxes.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from renders.kit.colours import RGB
from renders.kit.fonts import MIN_SIZE, face, font, note, shortened

ELLIPSIS = "…"
MISSING = "?"
"""What is drawn for a text none of whose characters the font has."""
_NO_GLYPH = chr(0x10FFFD)
"""A private-use character no font draws: its mask is the font's "missing glyph" box."""


@cache
def _has_glyph(char: str, bold: bool) -> bool:
    if char.isspace():
        return True
    loaded = face(24, bold=bold)
    mask, missing = loaded.getmask(char), loaded.getmask(_NO_GLYPH)
    return mask.size != missing.size or bytes(mask) != bytes(missing)


@lru_cache(maxsize=8192)
def printable(text: str, bold: bool = False) -> str:
    """``text`` without the characters the bundled font cannot draw (emoji, some scripts), spaces
    collapsed where one was removed; :data:`MISSING` when nothing drawable is left."""
    if text.isascii():
        return text
    kept = "".join(char for char in text if _has_glyph(char, bold))
    if kept == text:
        return text
    return " ".join(kept.split()) or MISSING


@cache
def width(text: str, size: int, bold: bool = False) -> int:
    """Advance width of ``text`` as drawn (see :func:`printable`) in the bundled font (cached:
    labels repeat from render to render)."""
    return round(face(size, bold=bold).getlength(printable(text, bold)))


def fit(text: str, max_width: int, size: int, *, bold: bool = False) -> tuple[str, ImageFont.FreeTypeFont]:
    """The largest size from ``size`` down to the minimum at which ``text`` fits, cut if it never does."""
    for s in range(size, MIN_SIZE - 1, -1):
        if width(text, s, bold) <= max_width:
            return text, font(s, bold=bold)
    shortened()
    cut = text
    while cut and width(cut + ELLIPSIS, MIN_SIZE, bold) > max_width:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS, font(MIN_SIZE, bold=bold)


BREAKS = re.compile(r"[ \t\n]+")
"""Where a line may break: plain spaces, tabs and line ends (never a non-breaking space)."""


def wrap(text: str, max_width: int, size: int, *, bold: bool = False, max_lines: int = 99) -> list[str]:
    """Greedy word wrap into lines no wider than ``max_width``; the last kept line ends with an
    ellipsis when text had to be dropped. Lines break at plain spaces only: a non-breaking one
    (French, before « : » and « ; ») keeps its punctuation on the line of the word before it."""
    lines: list[str] = []
    current = ""
    for word in BREAKS.split(text.strip()):
        candidate = f"{current} {word}".strip()
        if current and width(candidate, size, bold) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        shortened()
        last = lines[max_lines - 1]
        while last and width(last + ELLIPSIS, size, bold) > max_width:
            last = last[:-1]
        lines = [*lines[: max_lines - 1], last.rstrip() + ELLIPSIS]
    return lines


class Laid(NamedTuple):
    """A name laid out by :func:`name_lines`."""

    lines: list[str]
    size: int
    bold: bool


def name_lines(text: str, max_width: int, size: int, *, bold: bool = False, max_lines: int = 2) -> Laid | None:
    """A name laid out in a narrow place without cutting it: the lines (broken at spaces and after
    hyphens), from ``size`` down to the minimum, in bold then (if ``bold`` did not fit) in the
    regular weight, with at most ``max_lines`` lines; ``None`` when it cannot fit, so the caller
    says it elsewhere (a legend) rather than cut it."""
    words = text.replace("-", "-\0").replace(" ", " \0").split("\0")
    for weight in (True, False) if bold else (False,):
        for s in range(size, MIN_SIZE - 1, -1):
            lines: list[str] = []
            for word in words:
                if lines and width((lines[-1] + word).strip(), s, weight) <= max_width:
                    lines[-1] += word
                else:
                    lines.append(word)
            lines = [part.strip() for part in lines]
            if len(lines) <= max_lines and all(width(part, s, weight) <= max_width for part in lines):
                return Laid(lines, s, weight)
    return None


@lru_cache(maxsize=8192)
def _stamp(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as a coverage mask, with the mask's offset from the anchor point.

    Labels repeat from render to render (names, titles, numbers), and rasterising glyphs is the
    dearest part of drawing text, so each distinct label is rasterised once and then blended in
    with its colour; the pixels are those ``ImageDraw.text`` gives at a whole-pixel position.
    """
    loaded = face(size, bold=bold)
    text = printable(text, bold)
    left, top, right, bottom = (round(v) for v in loaded.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=loaded, fill=255, anchor=anchor)
    return mask, left, top


def stamp(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Draw one line of text at ``xy`` (rounded to whole pixels) from the label cache; the size is
    recorded like any drawn text."""
    mask, left, top = _stamp(text, size, bold, anchor)
    note(size)
    draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


def line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    bold: bool = False,
    anchor: str = "la",
    max_width: int | None = None,
) -> int:
    """Draw one line (fitted into ``max_width`` if given) and return its drawn width."""
    if max_width is not None:
        text, fitted = fit(text, max_width, size, bold=bold)
        size = round(fitted.size)
    stamp(draw, xy, text, size, fill, bold=bold, anchor=anchor)
    return width(text, size, bold)


def lines(draw: ImageDraw.ImageDraw, xy: tuple[float, float], laid: Laid, fill: RGB, *, anchor: str = "lm") -> None:
    """Draw :func:`name_lines`' lines, centred as a block on ``xy``'s height."""
    step = laid.size + 2
    for i, text in enumerate(laid.lines):
        stamp(
            draw,
            (xy[0], xy[1] + (i - (len(laid.lines) - 1) / 2) * step),
            text,
            laid.size,
            fill,
            bold=laid.bold,
            anchor=anchor,
        )


def paragraph(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    size: int,
    fill: RGB,
    max_width: int,
    *,
    max_lines: int = 99,
    bold: bool = False,
    leading: float = 1.2,
) -> int:
    """Draw wrapped text from its top left corner; returns the height used."""
    lines = wrap(text, max_width, size, bold=bold, max_lines=max_lines)
    step = round(size * leading)
    for i, text_line in enumerate(lines):
        stamp(draw, (xy[0], xy[1] + i * step), text_line, size, fill, bold=bold)
    return step * len(lines)
