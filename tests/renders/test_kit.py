"""The shared drawing kit: minimum text size, fitting, icons, deterministic PNG output."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import PLAYERS, TABLE
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
    img.paste(
        icons.shape("star", 120, (250, 200, 40), (0, 0, 0)),
        (20, 20),
        icons.shape("star", 120, (250, 200, 40), (0, 0, 0)),
    )
    first, second = encode(img), encode(img.copy())
    assert first == second
    decoded = Image.open(io.BytesIO(first))
    assert decoded.format == "PNG" and decoded.mode == "P" and decoded.size == (320, 200)
    # flat colours survive (Pillow's palette mapping may land one level away)
    pixel = decoded.convert("RGB").getpixel((300, 190))
    assert isinstance(pixel, tuple)
    assert all(abs(a - b) <= 2 for a, b in zip(pixel, (24, 30, 41), strict=True))


def test_text_colours_reach_the_contrast_ratio_on_what_they_are_drawn() -> None:
    """Every (text, background) pair the phone images use reads at 4.5:1 or more (WCAG AA)."""
    from renders.botfactory.pieces import BOT_COLOURS, label
    from renders.imaginarium.goods import TYPES
    from renders.kit.colours import (
        ALERT_ON_TABLE,
        ALERT_TAG,
        CARD,
        HIGHLIGHT,
        INK,
        INK_ON_TABLE,
        MUTED_INK,
        MUTED_ON_TABLE,
        PANEL,
        TABLE,
        WHITE,
        contrast,
        mix,
    )

    panels = [TABLE, PANEL, mix(PANEL, HIGHLIGHT, 0.10), *(mix(TABLE, p.colour, 0.10) for p in PLAYERS)]
    pairs = [(ink, bg) for ink in (INK_ON_TABLE, MUTED_ON_TABLE, HIGHLIGHT) for bg in panels]
    pairs += [(ALERT_ON_TABLE, TABLE), (ALERT_ON_TABLE, PANEL)]  # a saboteur's name, on the belt or a room
    pairs += [
        (INK, CARD),
        (MUTED_INK, CARD),
        (INK, HIGHLIGHT),
        (MUTED_INK, HIGHLIGHT),
        (WHITE, ALERT_TAG),
        (WHITE, (30, 120, 70)),
        (HIGHLIGHT, mix(PANEL, HIGHLIGHT, 0.25)),
    ]
    pairs += [(WHITE, colour) for colour, _ in TYPES.values()]
    pairs += [(label(name)[1], label(name)[0]) for name in BOT_COLOURS]
    weak = [(ink, bg, round(contrast(ink, bg), 2)) for ink, bg in pairs if contrast(ink, bg) < 4.5]
    assert not weak
    assert round(contrast((0, 0, 0), (255, 255, 255)), 1) == 21.0


def test_the_smallest_drawn_text_is_recorded_and_cached_layers_replay_it() -> None:
    from PIL import ImageDraw

    from renders.kit.fonts import recording
    from renders.kit.layers import layer

    @layer
    def badge(size: int) -> Image.Image:
        image = Image.new("RGB", (80, 40))
        tx.line(ImageDraw.Draw(image), (2, 2), "AB", size, (255, 255, 255))
        return image

    for _ in range(2):  # drawn, then taken from the cache: the record is the same
        with recording() as outer:
            tx.line(ImageDraw.Draw(Image.new("RGB", (200, 40))), (0, 0), "measured only", 30, (255, 255, 255))
            assert tx.width("never drawn", MIN_SIZE) > 0
            badge(24)
        assert outer.smallest == 24
    with recording() as fitted:
        tx.line(ImageDraw.Draw(Image.new("RGB", (60, 40))), (0, 0), "a long label", 30, (255, 255, 255), max_width=60)
    assert fitted.smallest == MIN_SIZE


def test_rounded_rectangles_stamped_from_cached_corners_match_pillows() -> None:
    rng = random.Random(3)
    for _ in range(200):
        x0, y0 = rng.randint(0, 40), rng.randint(0, 40)
        box = (x0, y0, x0 + rng.randint(1, 250), y0 + rng.randint(1, 180))
        radius, width = rng.randint(2, 20), rng.randint(1, 6)
        fill, outline = rng.choice(((38, 47, 62), None)), rng.choice(((84, 98, 122), None))
        pillow, ours = Image.new("RGB", (300, 240), TABLE), Image.new("RGB", (300, 240), TABLE)
        ImageDraw.Draw(pillow).rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        frames.rounded(ImageDraw.Draw(ours), box, radius=radius, fill=fill, outline=outline, width=width)
        assert ImageChops.difference(pillow, ours).getbbox() is None, (box, radius, width, fill, outline)


def test_every_label_shortened_with_an_ellipsis_is_counted_and_cached_layers_replay_the_count() -> None:
    from PIL import ImageDraw

    from renders.kit.fonts import recording
    from renders.kit.layers import layer

    @layer
    def tag(text: str) -> Image.Image:
        image = Image.new("RGB", (60, 30))
        tx.line(ImageDraw.Draw(image), (0, 0), text, 24, (255, 255, 255), max_width=60)
        return image

    for _ in range(2):  # drawn, then taken from the cache: the count is the same
        with recording() as record:
            tag("a label far too long for sixty pixels")
            tag("ok")
        assert record.ellipsized == 1
    with recording() as record:
        assert tx.wrap("one two three four five six", 60, MIN_SIZE, max_lines=2)[-1].endswith(tx.ELLIPSIS)
        assert tx.wrap("one two", 200, MIN_SIZE, max_lines=2) == ["one two"]
        tx.width("measured only, never cut", MIN_SIZE)
    assert record.ellipsized == 1


def test_a_name_is_laid_on_lines_or_refused_never_cut() -> None:
    laid = tx.name_lines("Dominique-Alexandre", 120, 22, bold=True)
    assert laid is not None and laid.lines == ["Dominique-", "Alexandre"]
    assert all(tx.width(line, laid.size, laid.bold) <= 120 for line in laid.lines)
    assert tx.name_lines("Léa", 120, 22, bold=True) == tx.Laid(["Léa"], 22, True)
    assert tx.name_lines("Supercalifragilisticexpialidocious", 60, 22) is None
