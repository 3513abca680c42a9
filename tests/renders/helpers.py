"""Helpers for render tests: decode a PNG, measure how much of it is drawn, compare images."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat


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
