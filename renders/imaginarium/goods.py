"""Icons for Imaginarium's goods and machine types.

Every good has its own shape as well as its own colour (charcoalium a dark hexagon, wood a brown
square, copper an orange circle, crystal a blue diamond, VP a gold star), so the icons stay distinct
for colour-blind players and in greyscale.
"""

from __future__ import annotations

from PIL import Image

from renders.kit import icons
from renders.kit.colours import RGB

GOODS: dict[str, tuple[str, RGB, RGB, str]] = {
    "charcoalium": ("hexagon", (58, 60, 70), (200, 205, 215), ""),
    "wood": ("square", (150, 92, 45), (60, 35, 15), ""),
    "copper": ("circle", (232, 128, 44), (110, 50, 10), ""),
    "crystal": ("diamond", (96, 200, 240), (20, 80, 120), ""),
    "vp": ("star", (250, 200, 40), (120, 80, 0), ""),
    "any": ("circle", (225, 225, 230), (60, 60, 66), "?"),
    "same": ("circle", (225, 225, 230), (60, 60, 66), "="),
}
"""good -> (shape, fill, edge, mark)."""

TYPES: dict[str, tuple[RGB, str]] = {
    "production": ((36, 122, 74), "⚙"),
    "transformation": ((52, 101, 190), "⟳"),
    "attack": ((196, 52, 52), "⚔"),
    "defense": ((110, 110, 122), "♜"),
    "special": ((150, 80, 190), "★"),
}
"""machine type -> (band colour, glyph). Glyph and colour both tell the type."""


def good(name: str, size: int) -> Image.Image:
    """The icon of a good (cached by :mod:`renders.kit.icons`); unknown goods get a plain grey circle."""
    shape, fill, edge, mark = GOODS.get(name, ("circle", (180, 180, 180), (60, 60, 66), ""))
    if mark:
        return icons.shape(shape, size, fill, edge, mark, edge)
    return icons.glint(shape, size, fill, edge)


def type_style(machine_type: str) -> tuple[RGB, str]:
    """Band colour and glyph of a machine type."""
    return TYPES.get(machine_type, ((90, 90, 90), "?"))


FRAGMENTS: dict[str, tuple[RGB, str]] = {
    "romance": ((235, 90, 140), "♥"),
    "glory": ((250, 200, 40), "♛"),
    "escape": ((80, 170, 240), "✈"),
    "festivities": ((120, 200, 90), "♪"),
    "nightmare": ((30, 30, 30), "☠"),
}
"""Chimera's dream fragments: colour and emblem (a heart, a crown, a plane, a note, a skull: the
emblem tells them apart without colour, in every language)."""


def fragment(colour: str, size: int) -> Image.Image:
    """A dream fragment token: a disc in its colour with its emblem."""
    fill, letter = FRAGMENTS.get(colour, ((160, 160, 160), "?"))
    ink = (255, 255, 255) if colour == "nightmare" else (20, 22, 28)
    return icons.shape("circle", size, fill, (240, 243, 248), letter, ink)


KEY_COLOURS: tuple[RGB, ...] = (
    *(fill for fill, _ in FRAGMENTS.values()),
    *(fill for _, fill, _, _ in GOODS.values()),
    *(edge for _, _, edge, _ in GOODS.values()),
    *(colour for colour, _ in TYPES.values()),
)
"""Colours the PNG palette must keep exact (small icons would otherwise drift to a neighbour)."""
