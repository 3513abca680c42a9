"""Small anti-aliased shapes (player tokens, resource icons, marks), drawn once per size and cached.

Shapes are drawn four times larger and scaled down, which gives smooth edges without per-pixel work
on every render; a render then only pastes the cached RGBA image.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from renders.kit.colours import RGB, mix
from renders.kit.fonts import face

SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "pentagon", "octagon")
_SS = 4
"""Supersampling factor."""


def _polygon(shape: str, size: float) -> list[tuple[float, float]]:
    c = size / 2
    r = size / 2
    if shape == "square":
        m = size * 0.08
        return [(m, m), (size - m, m), (size - m, size - m), (m, size - m)]
    if shape == "triangle":
        return [(c, 0), (size, size * 0.9), (0, size * 0.9)]
    if shape == "diamond":
        return [(c, 0), (size, c), (c, size), (0, c)]
    if shape == "star":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((c + radius * math.cos(angle), c + radius * math.sin(angle)))
        return points
    corners = {"hexagon": 6, "pentagon": 5, "octagon": 8}[shape]
    start = -math.pi / 2 if shape == "pentagon" else math.pi / corners
    return [
        (c + r * math.cos(start + i * 2 * math.pi / corners), c + r * math.sin(start + i * 2 * math.pi / corners))
        for i in range(corners)
    ]


@cache
def shape(name: str, size: int, fill: RGB, edge: RGB, mark: str = "", mark_colour: RGB = (0, 0, 0)) -> Image.Image:
    """A ``size``-px RGBA icon: the named shape filled and outlined, with an optional centred mark.

    ``mark`` is a short text (a digit, "?", "=") drawn inside; ``mark`` sizes follow the icon, so the
    mark is legible only on icons of 28 px and more.
    """
    if name not in SHAPES:
        raise ValueError(f"unknown shape {name!r}; known: {', '.join(SHAPES)}")
    big = size * _SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    width = max(_SS * 2, big // 12)
    inset = width / 2
    if name == "circle":
        draw.ellipse((inset, inset, big - inset, big - inset), fill=fill, outline=edge, width=width)
    else:
        scale = (big - 2 * inset) / big
        pts = [(inset + x * scale, inset + y * scale) for x, y in _polygon(name, big)]
        draw.polygon(pts, fill=fill, outline=edge, width=width)
    if mark:
        size_px = max(18, int(big * 0.55))
        cy = big * (0.58 if name == "triangle" else 0.5)
        draw.text((big / 2, cy), mark, font=face(size_px, bold=True), fill=mark_colour, anchor="mm")
    return img.resize((size, size), Image.Resampling.LANCZOS)


@cache
def glint(name: str, size: int, fill: RGB, edge: RGB) -> Image.Image:
    """:func:`shape` with a light highlight in its upper left: the look of a resource token."""
    img = shape(name, size, fill, edge).copy()
    big = size * _SS
    hi = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    light = (*mix(fill, (255, 255, 255), 0.6), 255)
    ImageDraw.Draw(hi).ellipse((big * 0.25, big * 0.22, big * 0.45, big * 0.4), fill=light)
    hi = hi.resize((size, size), Image.Resampling.LANCZOS)
    # The highlight must stay inside the shape's outline.
    alpha = Image.composite(hi.getchannel("A"), Image.new("L", (size, size), 0), img.getchannel("A"))
    hi.putalpha(alpha)
    img.alpha_composite(hi)
    return img


def paste(canvas: Image.Image, icon: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA icon onto an RGB canvas at ``xy`` (its top left corner), honouring transparency."""
    canvas.paste(icon, xy, icon)
