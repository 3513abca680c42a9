"""Bot Factory's pieces: part tiles, project tiles, robot meeples, speech tokens and workers.

Bot colours are never told by hue alone: every part, project and robot carries its colour's shape
(:data:`BOT_SHAPES`: red circle, yellow triangle, blue square, green diamond, universal star), which
reads the same in every language, and a part's kind (head, torso, legs) is its pictogram.
Pieces are drawn four times larger and scaled down once, then cached per size.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renders.kit import icons
from renders.kit.colours import RGB, WHITE, PlayerStyle, contrast, mix, player

BOT_COLOURS: dict[str, RGB] = {
    "red": (214, 62, 58),
    "yellow": (240, 196, 40),
    "blue": (60, 120, 220),
    "green": (52, 160, 90),
    "universal": (205, 205, 215),
}
BOT_SHAPES = {"red": "circle", "yellow": "triangle", "blue": "square", "green": "diamond", "universal": "star"}
"""The mark of each bot colour (shapes of :func:`renders.kit.icons.shape`)."""
SEAT_COLOURS: dict[str, RGB] = {
    "blue": (90, 170, 250),
    "yellow": (250, 225, 90),
    "purple": (180, 110, 235),
    "orange": (245, 140, 40),
}
"""Workers and speech tokens, in the engine's player colours (seat 0 first)."""
DARK: RGB = (28, 30, 38)


@cache
def label(name: str) -> tuple[RGB, RGB]:
    """(fill, ink) for text on a bot colour: dark or white ink, whichever reads better, on the colour
    itself, or white on a darker shade when neither reaches 4.5:1 (the blue)."""
    fill = BOT_COLOURS.get(name, (128, 128, 128))
    ink = max((DARK, WHITE), key=lambda c: contrast(c, fill))
    while contrast(ink, fill) < 4.5:
        fill, ink = mix(fill, (0, 0, 0), 0.1), WHITE
    return fill, ink


SANDRA: RGB = (150, 150, 160)
VILELA: RGB = (60, 60, 70)
_SS = 4

KEY_COLOURS: tuple[RGB, ...] = (*BOT_COLOURS.values(), *SEAT_COLOURS.values(), DARK, SANDRA, VILELA)
"""Colours the PNG palette keeps exact."""


def seat_style(seat: int, colour: str) -> PlayerStyle:
    """A seat's marker: the kit's shape for that seat, in the engine's player colour."""
    base = player(seat)
    rgb = SEAT_COLOURS.get(colour, base.colour)
    return PlayerStyle(rgb, base.shape, f"{colour} {base.shape}")


def _ink(colour: str) -> RGB:
    return DARK if colour in ("yellow", "universal") else WHITE


@cache
def part(colour: str, kind: str, size: int) -> Image.Image:
    """A part tile: bot colour, the kind's pictogram, the colour's letter in the corner."""
    big = size * _SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = BOT_COLOURS.get(colour, (128, 128, 128))
    ink = _ink(colour)
    d.rounded_rectangle((2, 2, big - 3, big - 3), radius=big // 6, fill=fill, outline=DARK, width=big // 20)
    u = big / 10
    if kind == "head":
        d.rounded_rectangle(
            (2.5 * u, 2.2 * u, 7.5 * u, 6.6 * u), radius=u, fill=mix(fill, WHITE, 0.55), outline=ink, width=int(u * 0.5)
        )
        d.ellipse((3.6 * u, 3.6 * u, 4.6 * u, 4.6 * u), fill=ink)
        d.ellipse((5.4 * u, 3.6 * u, 6.4 * u, 4.6 * u), fill=ink)
        d.line((5 * u, 1.2 * u, 5 * u, 2.2 * u), fill=ink, width=int(u * 0.5))
    elif kind == "torso":
        d.rounded_rectangle(
            (2.3 * u, 2.3 * u, 7.7 * u, 7.2 * u),
            radius=u * 0.6,
            fill=mix(fill, WHITE, 0.55),
            outline=ink,
            width=int(u * 0.5),
        )
        d.rectangle((4 * u, 3.6 * u, 6 * u, 5.6 * u), fill=ink)
    else:
        d.rounded_rectangle(
            (2.6 * u, 2.4 * u, 4.3 * u, 7.4 * u),
            radius=u * 0.4,
            fill=mix(fill, WHITE, 0.55),
            outline=ink,
            width=int(u * 0.5),
        )
        d.rounded_rectangle(
            (5.7 * u, 2.4 * u, 7.4 * u, 7.4 * u),
            radius=u * 0.4,
            fill=mix(fill, WHITE, 0.55),
            outline=ink,
            width=int(u * 0.5),
        )
        d.rectangle((2.2 * u, 7.4 * u, 4.6 * u, 8.2 * u), fill=ink)
        d.rectangle((5.4 * u, 7.4 * u, 7.8 * u, 8.2 * u), fill=ink)
    _mark(img, colour, round(3.6 * u), (round(big - 3.9 * u), round(big - 3.9 * u)), ink, fill)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def _mark(img: Image.Image, colour: str, size: int, xy: tuple[int, int], ink: RGB, halo: RGB) -> None:
    """The colour's shape (:data:`BOT_SHAPES`), ``size`` px, in ``ink`` ringed with ``halo`` so it
    stands out from the pictogram beneath."""
    name = BOT_SHAPES.get(colour)
    if name is not None:
        img.alpha_composite(icons.shape(name, size, ink, halo), xy)


@cache
def robot(colour: str, size: int, *, ghost: bool = False) -> Image.Image:
    """A robot meeple in its bot colour with its letter; ``ghost`` is the outline of an empty place."""
    big = size * _SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = BOT_COLOURS.get(colour, (128, 128, 128))
    edge = mix(fill, WHITE, 0.4) if ghost else mix(fill, WHITE, 0.65)
    body = None if ghost else fill
    w = big // 14
    d.rounded_rectangle(
        (big * 0.26, big * 0.02, big * 0.74, big * 0.34), radius=big // 10, fill=body, outline=edge, width=w
    )
    d.rounded_rectangle(
        (big * 0.08, big * 0.36, big * 0.92, big * 0.74), radius=big // 10, fill=body, outline=edge, width=w
    )
    d.rectangle((big * 0.2, big * 0.74, big * 0.44, big * 0.98), fill=body, outline=edge, width=w)
    d.rectangle((big * 0.56, big * 0.74, big * 0.8, big * 0.98), fill=body, outline=edge, width=w)
    if not ghost:
        m = round(big * 0.46)  # as large as the body allows: robots are drawn small
        _mark(img, colour, m, (round(big / 2 - m / 2), round(big * 0.55 - m / 2)), _ink(colour), fill)
    return img.resize((size, size), Image.Resampling.LANCZOS)


@cache
def project(colour: str, width: int, height: int, *, built: bool = False) -> Image.Image:
    """A project tile: a blueprint frame in the bot colour with a robot outline (filled once built)."""
    big_w, big_h = width * _SS, height * _SS
    img = Image.new("RGBA", (big_w, big_h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = BOT_COLOURS.get(colour, (128, 128, 128))
    d.rounded_rectangle(
        (2, 2, big_w - 3, big_h - 3),
        radius=big_w // 8,
        fill=mix(fill, (245, 245, 250), 0.7),
        outline=fill,
        width=big_w // 14,
    )
    inner = robot(colour, int(height * 0.7), ghost=not built).resize(
        (int(big_h * 0.7), int(big_h * 0.7)), Image.Resampling.LANCZOS
    )
    img.alpha_composite(inner, ((big_w - inner.width) // 2, (big_h - inner.height) // 2))
    if not built:
        m = round(big_h * 0.32)
        _mark(img, colour, m, (round(big_w - m - big_w * 0.06), round(big_h - m - big_h * 0.05)), DARK, WHITE)
    return img.resize((width, height), Image.Resampling.LANCZOS)


@cache
def speech_token(colour: RGB, size: int) -> Image.Image:
    """A speech token: a round speech bubble in the seat's colour."""
    big = size * _SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    w = big // 14
    d.polygon(
        [(big * 0.25, big * 0.7), (big * 0.18, big * 0.98), (big * 0.5, big * 0.78)], fill=colour, outline=DARK, width=w
    )
    d.ellipse((w, w, big - w, big * 0.82), fill=colour, outline=DARK, width=w)
    for i in range(3):
        cx = big * (0.32 + i * 0.18)
        d.ellipse((cx - big * 0.05, big * 0.36, cx + big * 0.05, big * 0.46), fill=DARK)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def who_icon(who: str, colours: dict[int, str], size: int) -> Image.Image:
    """The meeple of ``who`` ("seat:<n>", "sandra" or "vilela"): a seat's shape, or a lettered grey disc."""
    if who.startswith("seat:"):
        seat = int(who.split(":")[1])
        style = seat_style(seat, colours.get(seat, ""))
        return icons.shape(style.shape, size, style.colour, WHITE)
    fill = SANDRA if who == "sandra" else VILELA
    return icons.shape("circle", size, fill, WHITE, "S" if who == "sandra" else "V", WHITE)
