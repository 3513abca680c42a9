"""The palette: one opaque dark table with light cards, so images read the same in Discord's dark
and light themes, and player and resource colours that are always paired with a distinct shape
(colour-blind players tell them apart by shape alone)."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

TABLE: RGB = (24, 30, 41)
"""Image background."""
PANEL: RGB = (38, 47, 62)
"""Areas drawn on the table (belt, rooms, workshops)."""
PANEL_EDGE: RGB = (84, 98, 122)
INK_ON_TABLE: RGB = (240, 243, 248)
"""Text on the table and panels (contrast ratio above 12:1 against both)."""
MUTED_ON_TABLE: RGB = (178, 190, 208)
"""Secondary text on panels (still above 7:1)."""
CARD: RGB = (250, 246, 236)
CARD_EDGE: RGB = (60, 60, 66)
INK: RGB = (20, 22, 28)
"""Text on cards."""
MUTED_INK: RGB = (70, 74, 86)
HIGHLIGHT: RGB = (255, 200, 61)
"""Who acts now, winners, prices."""
ALERT: RGB = (232, 72, 72)
ALERT_ON_TABLE: RGB = (255, 120, 110)
"""Alert text on the table and panels (a saboteur's name): ALERT itself is too dark there (above 5:1)."""
ALERT_TAG: RGB = (190, 40, 40)
"""Background of a white-lettered alert tag (about 6:1)."""
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)


@dataclass(frozen=True, slots=True)
class PlayerStyle:
    """How one seat is marked everywhere: a colour and a shape that differ from every other seat's."""

    colour: RGB
    shape: str
    """One of the shapes :func:`renders.kit.icons.token` draws."""
    name: str
    """Colour and shape in words, for the text summary."""


PLAYERS: tuple[PlayerStyle, ...] = (
    PlayerStyle((230, 75, 60), "circle", "red circle"),
    PlayerStyle((70, 140, 240), "square", "blue square"),
    PlayerStyle((70, 190, 100), "triangle", "green triangle"),
    PlayerStyle((245, 205, 50), "diamond", "yellow diamond"),
    PlayerStyle((175, 105, 225), "star", "purple star"),
    PlayerStyle((240, 140, 200), "hexagon", "pink hexagon"),
)
"""Seat 1..6 (index = seat). Wong-style hues, every one also a different shape."""


KEY_COLOURS: tuple[RGB, ...] = (
    TABLE,
    PANEL,
    PANEL_EDGE,
    INK_ON_TABLE,
    MUTED_ON_TABLE,
    CARD,
    CARD_EDGE,
    INK,
    MUTED_INK,
    HIGHLIGHT,
    ALERT,
    WHITE,
    BLACK,
    ALERT_ON_TABLE,
    ALERT_TAG,
    *(p.colour for p in PLAYERS),
)
"""Colours PNG encoding keeps exact however few pixels use them (see :mod:`renders.kit.png`)."""


def player(seat: int) -> PlayerStyle:
    """The style of a 0-based seat."""
    return PLAYERS[seat % len(PLAYERS)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way towards ``b`` (tints and shades of one hue)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _luminance(colour: RGB) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour[0]) + 0.7152 * channel(colour[1]) + 0.0722 * channel(colour[2])


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours, 1 to 21; text needs at least 4.5."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
