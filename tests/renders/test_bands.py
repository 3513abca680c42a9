"""Parts drawn as bands: each band compressed on its own, unchanged bands keeping their bytes, and the
assembled PNG the same whether its bands were drawn now or kept."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

import renders.api
from engine import registry
from engine.core.contract import RandomPolicy
from engine.core.rng import Rng
from renders.api import Part, drawn_parts, render_board_parts
from renders.kit import fonts, layers, marks
from renders.kit.colours import TABLE
from renders.kit.layers import Band
from renders.kit.png import adler32_combine, assemble, deflate, encode
from tests.renders.helpers import decode


@given(st.binary(max_size=3000), st.binary(max_size=70000))
def test_adler32_combine_is_the_checksum_of_both_strings(first: bytes, second: bytes) -> None:
    combined = adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert combined == zlib.adler32(first + second)


def _idat(png: bytes) -> bytes:
    """The concatenated IDAT data of a PNG."""
    out, at = [], 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        if png[at + 4 : at + 8] == b"IDAT":
            out.append(png[at + 8 : at + 8 + length])
        at += 12 + length
    return b"".join(out)


def _picture(width: int, height: int, colour: tuple[int, int, int], text: str) -> Image.Image:
    image = Image.new("RGB", (width, height), TABLE)
    d = ImageDraw.Draw(image)
    d.rectangle((4, 0, width - 5, height - 1), fill=colour)
    d.text((10, 6), text, fill=(255, 255, 255))
    return image


def test_bands_assemble_into_one_valid_stream_of_the_stacked_pixels() -> None:
    bands = [
        _picture(120, h, colour, str(h)) for h, colour in ((30, (200, 40, 40)), (1, (0, 0, 0)), (57, (40, 90, 200)))
    ]
    png = assemble([deflate(band) for band in bands])
    stacked = Image.new("RGB", (120, 88))
    for y, band in zip((0, 30, 31), bands, strict=True):
        stacked.paste(band, (0, y))
    assert decode(png).tobytes() == decode(encode(stacked)).tobytes()
    # zlib checks the stream's end and its Adler-32: the rows, each led by its filter byte 0
    rows = zlib.decompress(_idat(png))
    assert len(rows) == 88 * 121 and all(rows[y * 121] == 0 for y in range(88))
    with pytest.raises(ValueError, match="as wide"):
        assemble([deflate(bands[0]), deflate(_picture(121, 10, (0, 0, 0), ""))])


def test_a_band_s_bytes_do_not_depend_on_the_bands_around_it() -> None:
    top, bottom = _picture(90, 40, (10, 160, 60), "top"), _picture(90, 40, (10, 160, 60), "top")
    alone = deflate(top)
    assert deflate(bottom).data == alone.data  # equal pixels, equal bytes, wherever the band sits
    assert assemble([alone, deflate(bottom)]) == assemble([deflate(top), alone])


@pytest.fixture
def empty_caches() -> Iterator[None]:
    renders.api._recent.clear()
    renders.api._bands.clear()
    yield
    renders.api._recent.clear()
    renders.api._bands.clear()


def _banded_part(strips: dict[str, tuple[int, int, int]], drawn: list[str]) -> Part:
    """A part of one band per named strip, counting in ``drawn`` the bands actually drawn."""

    def band(name: str, colour: tuple[int, int, int]) -> Band:
        def draw() -> Image.Image:
            drawn.append(name)
            fonts.replay(fonts.FontRecord(smallest=18 + len(name)))  # as if it drew text that size
            return _picture(100, 20 + 5 * len(name), colour, name)

        return Band(f"{name}{colour}".encode(), draw)

    bands = tuple(band(name, colour) for name, colour in strips.items())
    return ("strips", tuple(strips.items()), lambda: bands, lambda: ", ".join(strips))


def test_a_changed_band_alone_is_drawn_and_the_part_is_the_same_as_drawn_afresh(empty_caches: None) -> None:
    drawn: list[str] = []
    colours = {"ann": (200, 30, 30), "bo": (30, 200, 30), "cyd": (30, 30, 200)}
    first = drawn_parts([_banded_part(colours, drawn)])[0]
    assert drawn == ["ann", "bo", "cyd"] and first.min_font_px == 20 and first.text == "ann, bo, cyd"
    drawn.clear()
    changed = {**colours, "bo": (250, 250, 0)}
    second = drawn_parts([_banded_part(changed, drawn)])[0]
    assert drawn == ["bo"], "only the band that changed is drawn again"
    assert second.min_font_px == 20, "the kept bands' text sizes still count"
    renders.api._recent.clear()
    renders.api._bands.clear()
    drawn.clear()
    fresh = drawn_parts([_banded_part(changed, drawn)])[0]
    assert drawn == ["ann", "bo", "cyd"] and fresh.png == second.png


def test_a_ringed_banded_part_keeps_nothing(empty_caches: None) -> None:
    drawn: list[str] = []
    colours = {"ann": (200, 30, 30), "bo": (30, 200, 30)}
    plain = drawn_parts([_banded_part(colours, drawn)])[0]
    with marks.marking("slot:0"):
        ringed = drawn_parts([_banded_part(colours, drawn)])[0]
    assert drawn == ["ann", "bo", "ann", "bo"], "every band drawn afresh while a mark is asked for"
    assert ringed.png == plain.png, "a mark nothing bears changes no byte"
    assert len(renders.api._bands) == 2


@pytest.mark.parametrize(("kind", "seats"), [("imaginarium", 4), ("botfactory", 3)])
def test_phone_parts_after_moves_are_the_parts_drawn_afresh(kind: str, seats: int, empty_caches: None) -> None:
    """Over moves that change one seat at a time, every part built from kept bands has the bytes of
    the same part drawn with nothing kept."""
    game = registry.get(kind)
    state = game.new(seats, 5, None)
    rng, policy = Rng(5), RandomPolicy()
    for step in range(60):
        decisions = game.pending(state)
        if not decisions or game.outcome(state) is not None:
            break
        decision = rng.choice(decisions)
        game.advance(state, decision.seat, policy.choose(game, state, decision, rng))
        view = game.view(state, None)
        kept = render_board_parts(view)
        if step % 6 == 0:
            renders.api._recent.clear()
            renders.api._bands.clear()
            layers._recent.clear()
            assert [part.png for part in render_board_parts(view)] == [part.png for part in kept]
    assert len(renders.api._bands) > seats, "seats' strips were drawn as bands and kept"


def test_banded_players_part_reads_as_one_image(empty_caches: None) -> None:
    game = registry.get("imaginarium")
    state = game.new(3, 8, None)
    part = next(p for p in render_board_parts(game.view(state, None)) if p.name == "players-1")
    image = Image.open(io.BytesIO(part.png))
    assert image.format == "PNG" and image.mode == "P" and image.width == 640
