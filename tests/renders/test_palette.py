"""The fixed PNG palette (``renders/kit/palette.txt``): it must hold every flat colour the renders
draw, and map the rest closely. It is made of the key colours, then the samples' flat colours, then
the other colours found in most images (anti-aliasing shades).

Regenerate it after adding colours to the drawings (then check the reference images):

    BRICABOT_UPDATE_PALETTE=1 .venv/bin/pytest -q tests/renders/test_palette.py
"""

from __future__ import annotations

import os
from collections import Counter
from itertools import accumulate
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import renders.api
from renders.api import render_board_parts, render_final, render_screen
from renders.botfactory.pieces import KEY_COLOURS as BOTFACTORY_KEYS
from renders.imaginarium.goods import KEY_COLOURS as IMAGINARIUM_KEYS
from renders.kit import png
from renders.kit.colours import KEY_COLOURS, RGB
from renders.kit.layers import Band
from tests.renders import botfactory_samples, samples
from tests.renders.helpers import decode, mean_difference

FLAT = 400
"""A colour covering at least this many pixels of an image is a flat colour: it must be exact."""
SHADE = 200
PALETTE = Path(png.__file__).with_name("palette.txt")


@pytest.fixture(scope="module")
def drawn() -> list[Image.Image]:
    """The RGB images (before encoding) of the sample tables' phone parts, screens and final scores."""
    images: list[Image.Image] = []
    original, original_banding = renders.api.encode, renders.api._banding

    def keep(image: Image.Image, colours: tuple[RGB, ...] = ()) -> bytes:
        images.append(image.copy())
        return original(image, colours)

    def keep_banded(bands: tuple[Band, ...], *args: Any) -> Any:
        drawn = [band.draw() for band in bands]  # the whole part, its bands one under the other
        whole = Image.new("RGB", (drawn[0].width, sum(band.height for band in drawn)))
        for y, band in zip(accumulate((band.height for band in drawn), initial=0), drawn, strict=False):
            whole.paste(band, (0, y))
        images.append(whole)
        return original_banding(bands, *args)

    renders.api.encode, renders.api._banding = keep, keep_banded
    renders.api._recent.clear()
    renders.api._bands.clear()
    try:
        for seats in (2, 3, 4, 5):
            render_board_parts(samples.mid_game(seats))
            render_screen(samples.mid_game(seats, viewer=1))
            render_final(samples.ended(seats))
        render_board_parts(botfactory_samples.mid_game())
        render_screen(botfactory_samples.mid_game(viewer=1))
        render_final(botfactory_samples.ended())
    finally:
        renders.api.encode, renders.api._banding = original, original_banding
        renders.api._recent.clear()
        renders.api._bands.clear()
    return images


def _ranked(images: list[Image.Image]) -> list[RGB]:
    """Every colour drawn: the flat ones first, then by how many pixels they cover in each image,
    counting at most :data:`SHADE` an image (a shade found in many images beats one big area's)."""
    flat: set[RGB] = set()
    score: Counter[RGB] = Counter()
    for image in images:
        for n, colour in image.getcolors(1 << 24) or []:
            score[colour] += min(n, SHADE)
            if n >= FLAT:
                flat.add(colour)
    return sorted(score, key=lambda colour: (colour not in flat, -score[colour], colour))


def test_palette_holds_every_flat_colour(drawn: list[Image.Image]) -> None:
    if os.environ.get("BRICABOT_UPDATE_PALETTE") == "1":
        chosen = list(dict.fromkeys([*KEY_COLOURS, *IMAGINARIUM_KEYS, *BOTFACTORY_KEYS, *_ranked(drawn)]))
        chosen = chosen[: png.COLOURS]
        PALETTE.write_text(
            "# The PNG palette (see renders/kit/png.py): key colours, then the commonest drawn.\n"
            + "".join(f"#{r:02x}{g:02x}{b:02x}\n" for r, g, b in chosen),
            "utf-8",
        )
        png.stored.cache_clear()
        png.palette.cache_clear()
    palette = set(png.palette())
    assert len(png.palette()) == png.COLOURS
    assert {*KEY_COLOURS, *IMAGINARIUM_KEYS, *BOTFACTORY_KEYS} <= palette
    for image in drawn:
        flat = {colour for n, colour in image.getcolors(1 << 24) or [] if n >= FLAT}
        assert flat <= palette, f"flat colours missing from the palette: {sorted(flat - palette)}"


def test_encoding_maps_closely_and_depends_only_on_the_image(drawn: list[Image.Image]) -> None:
    first = png.encode(drawn[0])
    for image in drawn:
        decoded = decode(png.encode(image))
        assert decoded.size == image.size
        assert mean_difference(decoded, image) < 2.0  # a few shades one step away: invisible
    assert png.encode(drawn[0]) == first
