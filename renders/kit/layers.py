"""Static layers: images drawn once per process and pasted on every render.

Card faces, chips and other pieces never change during a game, so drawing them again for each move
is wasted time. :func:`layer` caches such a drawing function like :func:`functools.cache`, and also
remembers the smallest text size drawn into the layer, replaying it into the open font recordings
each time the cached layer is used, so ``min_font_px`` does not depend on what was cached before.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec

from PIL import Image

from renders.kit.fonts import note, recording

P = ParamSpec("P")


def layer(draw: Callable[P, Image.Image]) -> Callable[P, Image.Image]:
    """Cache ``draw`` (hashable arguments) and replay its smallest text size on every call.

    Callers must not draw on the returned image: copy it first.
    """
    done: dict[object, tuple[Image.Image, int | None]] = {}

    @wraps(draw)
    def cached(*args: P.args, **kwargs: P.kwargs) -> Image.Image:
        key = (args, tuple(sorted(kwargs.items())))
        hit = done.get(key)
        if hit is None:
            with recording() as record:
                hit = (draw(*args, **kwargs), record.smallest)
            done[key] = hit
        if hit[1] is not None:
            note(hit[1])
        return hit[0]

    return cached
