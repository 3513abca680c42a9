"""PNG output tuned for speed and size.

Renders are flat colours plus anti-aliased edges, so a 256-colour palette loses nothing visible, and a
palette PNG is about half the size of an RGB one and faster to compress. Generic quantizers are either
slow (median cut, about 200 ms on a board) or shift flat colours slightly (octree), so the palette is
built directly: first the colours that must stay exact even when they cover few pixels (player
tokens, resource icons: the caller's ``keep`` plus the kit's own), then the most frequent colours of
a sample of every fourth pixel in each direction (flat areas and the commonest anti-aliasing shades).
The full image is then mapped onto it (Pillow's mapping may pick a neighbour one level away).
Everything depends only on the image and ``keep``, so equal images always give equal bytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import cast

from PIL import Image

from renders.kit.colours import KEY_COLOURS, RGB

COMPRESS_LEVEL = 1
SAMPLE_STEP = 4
COLOURS = 256


def palette(image: Image.Image, keep: Iterable[RGB] = ()) -> list[RGB]:
    """Up to 256 colours: ``keep`` and the kit's key colours first, then the sample's most frequent."""
    chosen = list(dict.fromkeys([*keep, *KEY_COLOURS]))[:COLOURS]
    sample = image.resize((max(1, image.width // SAMPLE_STEP), max(1, image.height // SAMPLE_STEP)),
                          Image.Resampling.NEAREST)
    taken = set(chosen)
    counted = cast(list[tuple[int, RGB]], sample.getcolors(sample.width * sample.height) or [])
    for _, colour in sorted(counted, reverse=True):
        if len(chosen) >= COLOURS:
            break
        if colour not in taken:
            chosen.append(colour)
            taken.add(colour)
    return chosen


def encode(image: Image.Image, keep: Iterable[RGB] = ()) -> bytes:
    """The RGB ``image`` as palette PNG bytes (no dithering, so flat areas stay flat)."""
    colours = palette(image, keep)
    holder = Image.new("P", (1, 1))
    flat = [channel for colour in colours for channel in colour]
    holder.putpalette(flat + flat[:3] * (COLOURS - len(colours)))
    paletted = image.quantize(palette=holder, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", optimize=False, compress_level=COMPRESS_LEVEL)
    return out.getvalue()
