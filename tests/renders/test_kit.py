"""The shared drawing kit: minimum text size, fitting, icons, deterministic PNG output."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renders.kit import icons
from renders.kit import text as tx
from renders.kit.colours import PLAYERS
from renders.kit.fonts import MIN_SIZE, font
from renders.kit.png import encode


def test_fonts_are_bundled_and_text_below_the_minimum_is_refused() -> None:
    # Every render gets its fonts here, so no render can draw text smaller than the minimum.
    assert font(MIN_SIZE).getlength("Imaginarium") > 0
    assert font(24, bold=True).getlength("W") > font(24).getlength("W") * 0.9
    with pytest.raises(ValueError, match="minimum"):
        font(MIN_SIZE - 1)


def test_fit_shrinks_then_cuts_but_never_below_the_minimum() -> None:
    text, face = tx.fit("Supertransmuteur", 400, 30)
    assert text == "Supertransmuteur" and face.size == 30
    text, face = tx.fit("Supertransmuteur", 160, 30)
    assert face.size < 30 and face.getlength(text) <= 160
    text, face = tx.fit("A very long display name indeed, far too long", 120, 24)
    assert text.endswith(tx.ELLIPSIS) and face.size == MIN_SIZE and face.getlength(text) <= 120


def test_wrap_keeps_lines_inside_the_width_and_marks_dropped_text() -> None:
    lines = tx.wrap("each opponent gives 3 charcoalium and you keep up to 3 of them", 150, 20, max_lines=2)
    assert len(lines) == 2
    assert all(tx.width(line, 20) <= 150 for line in lines)
    assert lines[-1].endswith(tx.ELLIPSIS)


def test_player_styles_differ_in_shape_as_well_as_colour() -> None:
    assert len({p.shape for p in PLAYERS}) == len(PLAYERS)
    assert len({p.colour for p in PLAYERS}) == len(PLAYERS)
    masks = {p.shape: icons.shape(p.shape, 40, p.colour, (255, 255, 255)).getchannel("A").tobytes() for p in PLAYERS}
    assert len(set(masks.values())) == len(PLAYERS)


def test_unknown_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown shape"):
        icons.shape("blob", 30, (0, 0, 0), (255, 255, 255))


def test_encode_is_a_deterministic_palette_png() -> None:
    img = Image.new("RGB", (320, 200), (24, 30, 41))
    img.paste(icons.shape("star", 120, (250, 200, 40), (0, 0, 0)), (20, 20), icons.shape("star", 120, (250, 200, 40),
                                                                                         (0, 0, 0)))
    first, second = encode(img), encode(img.copy())
    assert first == second
    decoded = Image.open(io.BytesIO(first))
    assert decoded.format == "PNG" and decoded.mode == "P" and decoded.size == (320, 200)
    # flat colours survive (Pillow's palette mapping may land one level away)
    pixel = decoded.convert("RGB").getpixel((300, 190))
    assert isinstance(pixel, tuple)
    assert all(abs(a - b) <= 2 for a, b in zip(pixel, (24, 30, 41), strict=True))
