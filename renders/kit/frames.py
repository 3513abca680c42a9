"""Frames: panels on the table and blank card faces, the backgrounds every drawing starts from."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renders.kit.colours import CARD, CARD_EDGE, PANEL, PANEL_EDGE, RGB, mix

Box = tuple[int, int, int, int]


EDGE = 2
"""Width of a panel's outline."""


@cache
def _corners(radius: int, width: int) -> tuple[int, tuple[tuple[Image.Image, Image.Image], ...]]:
    """The four corners of a rounded rectangle as (inside, outline) masks, top left, top right,
    bottom left, bottom right, each ``radius + width`` square: cut from a small one drawn by Pillow,
    so a rectangle assembled from them is the same pixels as one drawn whole."""
    q = radius + width
    size = 2 * q + 2
    inside, outline = Image.new("L", (size, size), 0), Image.new("L", (size, size), 0)
    whole = (0, 0, size - 1, size - 1)
    ImageDraw.Draw(inside).rounded_rectangle(whole, radius=radius, fill=255, outline=0, width=width)
    ImageDraw.Draw(outline).rounded_rectangle(whole, radius=radius, fill=0, outline=255, width=width)
    boxes = ((0, 0, q, q), (size - q, 0, size, q), (0, size - q, q, size), (size - q, size - q, size, size))
    return q, tuple((inside.crop(b), outline.crop(b)) for b in boxes)


def rounded(
    draw: ImageDraw.ImageDraw,
    box: Box,
    *,
    radius: int,
    fill: RGB | None = None,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    """``draw.rounded_rectangle`` with the same pixels, quicker: Pillow draws the corners as arcs
    and pie slices on every call, the dearest part of a large panel; here the straight parts are
    plain rectangles and the corners are stamped from cached masks (:func:`_corners`)."""
    x0, y0, x1, y1 = box
    q, corners = _corners(radius, width)
    if x1 - x0 + 1 < 2 * q + 2 or y1 - y0 + 1 < 2 * q + 2 or (fill is None and outline is None):
        draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        return
    if fill is not None:
        draw.rectangle((x0, y0 + q, x1, y1 - q), fill=fill)
        draw.rectangle((x0 + q, y0, x1 - q, y1), fill=fill)
    if outline is not None:
        for straight in (
            (x0 + q, y0, x1 - q, y0 + width - 1),
            (x0 + q, y1 - width + 1, x1 - q, y1),
            (x0, y0 + q, x0 + width - 1, y1 - q),
            (x1 - width + 1, y0 + q, x1, y1 - q),
        ):
            draw.rectangle(straight, fill=outline)
    for (inside, edge), xy in zip(
        corners, ((x0, y0), (x1 + 1 - q, y0), (x0, y1 + 1 - q), (x1 + 1 - q, y1 + 1 - q)), strict=True
    ):
        if fill is not None:
            draw.bitmap(xy, inside, fill=fill)
        if outline is not None or fill is not None:
            draw.bitmap(xy, edge, fill=outline if outline is not None else fill)


def panel(draw: ImageDraw.ImageDraw, box: Box, *, fill: RGB = PANEL, edge: RGB = PANEL_EDGE, radius: int = 14) -> None:
    """A rounded area of the table (the belt, a room, a workshop)."""
    rounded(draw, box, radius=radius, fill=fill, outline=edge, width=EDGE)


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
