"""Helpers for render tests: decode a PNG, measure how much of it is drawn, compare images."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

from engine.core.contract import View
from renders.api import render_board, render_board_parts, render_zoom, zoom_areas


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def distinct_colours(image: Image.Image) -> int:
    """How many colours an image uses (a blank or nearly blank render has a handful)."""
    colours = image.getcolors(1 << 24)
    assert colours is not None
    return len(colours)


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel (0-255) between two images of the same size."""
    assert a.size == b.size, f"sizes differ: {a.size} != {b.size}"
    return float(sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3)


def public_images(view: View, *, zooms: bool = False) -> list[tuple[str, bytes, str]]:
    """Every public image of the table as (name, PNG, text): the full board, each phone board part,
    and with ``zooms`` each close-up; the leak tests compare these across hidden-data changes."""
    whole = render_board(view)
    out = [("full", whole.png, whole.text)]
    out += [(f"part:{part.name}", part.png, part.text) for part in render_board_parts(view)]
    if zooms:
        for area, _ in zoom_areas(view):
            close = render_zoom(view, area)
            out.append((f"zoom:{area}", close.png, close.text))
    return out
