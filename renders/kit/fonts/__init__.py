"""The bundled font (DejaVu Sans Condensed, regular and bold; Bitstream Vera licence in
``LICENSE-DejaVu.txt``), loaded per size and cached.

Renders never look for system fonts: the same TTF everywhere means the same pixels everywhere, which
the reference-image tests rely on.
"""

from __future__ import annotations

import io
from functools import cache
from importlib import resources

from PIL import ImageFont

MIN_SIZE = 18
"""Smallest text size any render uses: legible on a phone once Discord scales the image down."""

_FILES = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}


@cache
def _font_bytes(bold: bool) -> bytes:
    return resources.files(__name__).joinpath(_FILES[bold]).read_bytes()


@cache
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled sans font at ``size`` px; sizes below :data:`MIN_SIZE` are refused."""
    if size < MIN_SIZE:
        raise ValueError(f"text size {size} px is below the {MIN_SIZE} px minimum")
    return ImageFont.truetype(io.BytesIO(_font_bytes(bold)), size)
