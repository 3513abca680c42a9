"""Frames: panels on the table and blank card faces, the backgrounds every drawing starts from."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renders.kit.colours import CARD, CARD_EDGE, PANEL, PANEL_EDGE, RGB, mix

Box = tuple[int, int, int, int]


def panel(draw: ImageDraw.ImageDraw, box: Box, *, fill: RGB = PANEL, edge: RGB = PANEL_EDGE, radius: int = 14) -> None:
    """A rounded area of the table (the belt, a room, a workshop)."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=edge, width=2)


@cache
def card(width: int, height: int, band: RGB, band_height: int, *, face: RGB = CARD, radius: int = 12) -> Image.Image:
    """A blank card: rounded light face, dark edge and a coloured band across the top.

    Cached per size and colour, since every machine card of a type shares it.
    """
    img = Image.new("RGB", (width, height), mix(CARD_EDGE, (0, 0, 0), 0.3))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=face, outline=CARD_EDGE, width=3)
    draw.rounded_rectangle((3, 3, width - 4, band_height), radius=radius - 2, fill=band)
    draw.rectangle((3, band_height - radius, width - 4, band_height), fill=band)
    draw.line((3, band_height, width - 4, band_height), fill=CARD_EDGE, width=2)
    return img


@cache
def card_mask(width: int, height: int, radius: int = 12) -> Image.Image:
    """The rounded outline of :func:`card` as a mask, to paste cards without square corners."""
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=255)
    return mask
