"""Static layers: images drawn once per process and pasted on every render.

Card faces, chips and other pieces never change during a game, so drawing them again for each move
is wasted time. :func:`layer` caches such a drawing function like :func:`functools.cache`, and also
remembers the layer's text record (smallest size, labels shortened), replaying it into the open font
recordings each time the cached layer is used, so ``min_font_px`` and ``ellipsized`` do not depend
on what was cached before.
"""

from __future__ import annotations

import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial, wraps
from typing import ParamSpec

from PIL import Image

from renders.kit import marks
from renders.kit.fonts import FontRecord, recording, replay

P = ParamSpec("P")

RECENT = 64
"""How many recently drawn composite layers :func:`recent` keeps: a few tables' belts, belt spaces,
workshops and strips."""
_recent: OrderedDict[Hashable, tuple[Image.Image, FontRecord]] = OrderedDict()
_recent_lock = threading.Lock()


def layer(draw: Callable[P, Image.Image]) -> Callable[P, Image.Image]:
    """Cache ``draw`` (hashable arguments) and replay its text record on every call.

    Callers must not draw on the returned image: copy it first.
    """
    done: dict[object, tuple[Image.Image, FontRecord]] = {}

    @wraps(draw)
    def cached(*args: P.args, **kwargs: P.kwargs) -> Image.Image:
        key = (args, tuple(sorted(kwargs.items())))
        hit = done.get(key)
        if hit is None:  # drawn now: the open recordings saw the text as it was drawn
            with recording() as record:
                done[key] = (image := draw(*args, **kwargs), record)
            return image
        replay(hit[1])
        return hit[0]

    return cached


def recent(key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
    """A composite layer (a belt, a workshop) that changes with the game but is often drawn again
    unchanged: the last :data:`RECENT` are kept by ``key``, which must stand for everything ``draw``
    reads. Like :func:`layer`, the layer's text record is replayed on every use; callers
    paste the returned image and must not draw on it.
    """
    if marks.active():  # a ring must not be kept (see renders.kit.marks)
        return draw()
    with _recent_lock:
        hit = _recent.get(key)
        if hit is not None:
            _recent.move_to_end(key)
    if hit is None:  # drawn now: the open recordings saw the text as it was drawn
        with recording() as record:
            image = draw()
        with _recent_lock:
            _recent[key] = (image, record)
            while len(_recent) > RECENT:
                _recent.popitem(last=False)
        return image
    replay(hit[1])
    return hit[0]


@dataclass(frozen=True, slots=True)
class Band:
    """A full-width slice of a phone part, top to bottom (a title, one seat's strip): a part drawn as
    bands is encoded band by band, and a band whose ``key`` was encoded recently keeps its bytes
    without being drawn again (see :func:`renders.api.drawn_parts`).

    ``key`` must stand for everything ``draw`` reads, as a pickle does; the bands of one part are all
    as wide."""

    key: bytes
    draw: Callable[[], Image.Image]


def band(draw: Callable[..., Image.Image], *shown: object) -> Band:
    """The band ``draw(*shown)``, keyed by the drawing's name and ``shown`` (which must therefore be
    everything it reads: frozen dataclasses, tuples, strings and numbers)."""
    return Band(
        pickle.dumps((draw.__qualname__, draw.__module__, shown), pickle.HIGHEST_PROTOCOL), partial(draw, *shown)
    )
