"""Marks: a ring drawn around the thing a picture is about (a tutorial step's belt space, machine,
action space or contract), so a newcomer sees where to look.

A drawing does not take the mark as an argument: it calls :func:`spot` with the key of each thing it
can mark and the box it drew it in, and the ring is drawn there when that key is one of the marks
asked for by :func:`marking`. Keys are ``kind:id`` strings the game's drawings name (``belt:5``,
``slot:0``, ``space:PP2``); the games' tutorial tests check that each step's mark is drawn on its
leading picture.

While a mark is asked for, nothing drawn is taken from or kept in the caches of composite layers
and parts (see :func:`renders.kit.layers.recent` and :func:`renders.api.drawn_parts`): a ring must
not come back on a picture that did not ask for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from renders.kit import frames
from renders.kit.colours import RGB

MARK: RGB = (0, 214, 255)
"""The ring's colour: a cyan no seat, card or board uses, on the dark table and the light cards."""
RING = 6
"""The ring's width in pixels, drawn just inside the thing's box so no layer's edge cuts it."""


@dataclass
class Marking:
    """The marks asked for, and those a drawing has ringed so far (in the order drawn)."""

    wanted: frozenset[str]
    drawn: list[str] = field(default_factory=list)


_MARKING: ContextVar[Marking | None] = ContextVar("marking", default=None)


@contextmanager
def marking(marks: str) -> Iterator[Marking]:
    """Ring the things ``marks`` names (keys separated by spaces; ``""``: none) on what is drawn in
    this block; the :class:`Marking` yielded says which were drawn."""
    wanted = frozenset(marks.split())
    token = _MARKING.set(Marking(wanted) if wanted else None)
    try:
        yield _MARKING.get() or Marking(wanted)
    finally:
        _MARKING.reset(token)


def active() -> bool:
    """Whether a mark is asked for (then caches of drawn pictures are bypassed)."""
    return _MARKING.get() is not None


def rings() -> int:
    """How many rings have been drawn in the current :func:`marking` block (0 outside one): a
    picture that drew one keeps the ring's colour exact when encoded."""
    current = _MARKING.get()
    return len(current.drawn) if current is not None else 0


def spot(key: str, canvas: Image.Image, box: tuple[int, int, int, int]) -> None:
    """Ring ``box`` (inclusive, as Pillow's boxes) on ``canvas`` when ``key`` is asked for."""
    current = _MARKING.get()
    if current is None or key not in current.wanted:
        return
    frames.rounded(ImageDraw.Draw(canvas), box, radius=10, outline=MARK, width=RING)
    current.drawn.append(key)
