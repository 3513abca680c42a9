"""The bundled font (DejaVu Sans Condensed, regular and bold; Bitstream Vera licence in
``LICENSE-DejaVu.txt``), loaded per size and cached, and the record of the smallest text drawn.

Renders never look for system fonts: the same TTF everywhere means the same pixels everywhere, which
the reference-image tests rely on.

Legibility on a phone depends on the smallest text relative to the image width (Discord shows an
image about 400 px wide), so the kit records every size it is asked to *draw* with (:func:`font`)
while a :func:`recording` is open; measuring (:func:`face`) and the letters inside supersampled icons
do not count. The record also counts the labels the layout had to shorten with an ellipsis
(:func:`shortened`): a posted image should have none, and the benchmark and tests check it. Cached
layers that hold text replay their own record when pasted (see :mod:`renders.kit.layers`), so the
record is the same on a first and on a cached render.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources

from PIL import ImageFont

MIN_SIZE = 18
"""Smallest text size any render uses."""

_FILES = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}


@dataclass(slots=True)
class FontRecord:
    """What a drawing did with text while a :func:`recording` was open: the smallest text size
    (``None``: no text drawn) and how many labels it shortened with an ellipsis."""

    smallest: int | None = None
    ellipsized: int = 0

    def note(self, size: int) -> None:
        if self.smallest is None or size < self.smallest:
            self.smallest = size

    def replay(self, other: FontRecord) -> None:
        """Add what ``other`` recorded (a cached layer pasted again)."""
        if other.smallest is not None:
            self.note(other.smallest)
        self.ellipsized += other.ellipsized


_RECORDS: ContextVar[tuple[FontRecord, ...]] = ContextVar("font_records", default=())


@contextmanager
def recording() -> Iterator[FontRecord]:
    """Record the text sizes drawn inside the block (nested recordings all see them).

    A context variable keeps renders in different threads apart.
    """
    record = FontRecord()
    token = _RECORDS.set((*_RECORDS.get(), record))
    try:
        yield record
    finally:
        _RECORDS.reset(token)


def note(size: int) -> None:
    """Tell every open recording that text of ``size`` px is on the image."""
    for record in _RECORDS.get():
        record.note(size)


def shortened() -> None:
    """Tell every open recording that a label was cut short with an ellipsis."""
    for record in _RECORDS.get():
        record.ellipsized += 1


def replay(other: FontRecord) -> None:
    """Tell every open recording what ``other`` recorded (a cached drawing used again)."""
    for record in _RECORDS.get():
        record.replay(other)


@cache
def _font_bytes(bold: bool) -> bytes:
    return resources.files(__name__).joinpath(_FILES[bold]).read_bytes()


@cache
def face(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled sans font at ``size`` px, for measuring and icon glyphs (not recorded)."""
    if size < MIN_SIZE:
        raise ValueError(f"text size {size} px is below the {MIN_SIZE} px minimum")
    return ImageFont.truetype(io.BytesIO(_font_bytes(bold)), size)


def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The font to draw text with at ``size`` px (sizes below :data:`MIN_SIZE` are refused); the size
    is recorded."""
    loaded = face(size, bold=bold)
    note(size)
    return loaded
