"""PNG output tuned for speed and size.

Renders are flat colours plus anti-aliased edges, so a 256-colour palette loses nothing visible, and a
palette PNG is about half the size of an RGB one and faster to compress.

The palette is fixed (``palette.txt``, beside this module): the kit's and the games' key colours,
then the colours the renders use most (every flat colour, then the commonest anti-aliasing shades),
measured on sample boards of every game. A fixed palette matters for speed: Pillow's colour mapping
fills a nearest-colour cache for each palette it is given, and filling it costs more than mapping
the pixels, so one palette object per thread keeps its cache warm from image to image (mapping
then costs a third of what it did with a palette built for each image). The mapping is the same
whatever was drawn before (the cache only remembers answers), so equal images always give equal
bytes. ``tests/renders/test_palette.py`` checks that every flat colour of the samples is in the
palette and regenerates it on request.

The mapped rows are then compressed with :mod:`zlib` (level 1, no filter: flat rows compress well
unfiltered) and written as PNG chunks directly; zlib runs without holding the interpreter lock, so
encodings overlap drawing on another core.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections.abc import Iterable
from functools import cache
from importlib import resources

from PIL import Image

from renders.kit.colours import KEY_COLOURS, RGB

COMPRESS_LEVEL = 1
COLOURS = 256
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_holders = threading.local()


@cache
def stored() -> tuple[RGB, ...]:
    """The colours of ``palette.txt`` (one ``#rrggbb`` a line; longer lines are comments), in order."""
    text = resources.files("renders.kit").joinpath("palette.txt").read_text("utf-8")
    return tuple(
        (int(h[1:3], 16), int(h[3:5], 16), int(h[5:7], 16))
        for h in (line.strip() for line in text.splitlines())
        if len(h) == 7 and h[0] == "#"
    )


@cache
def palette(keep: tuple[RGB, ...] = ()) -> tuple[RGB, ...]:
    """Up to 256 colours: ``keep`` and the kit's key colours first (kept exact however few pixels
    use them), then the stored colours."""
    return tuple(dict.fromkeys([*keep, *KEY_COLOURS, *stored()]))[:COLOURS]


@cache
def _entries(keep: tuple[RGB, ...]) -> bytes:
    """The palette as 256 RGB entries (the first colour repeated after the last)."""
    colours = palette(keep)
    return bytes(channel for colour in (*colours, *colours[:1] * (COLOURS - len(colours))) for channel in colour)


def _holder(keep: tuple[RGB, ...]) -> Image.Image:
    """This thread's palette image for ``keep`` (its mapping cache stays warm between images)."""
    held: dict[tuple[RGB, ...], Image.Image] | None = getattr(_holders, "by_keep", None)
    if held is None:
        held = _holders.by_keep = {}
    holder = held.get(keep)
    if holder is None:
        holder = held[keep] = Image.new("P", (1, 1))
        holder.putpalette(_entries(keep))
    return holder


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode(image: Image.Image, keep: Iterable[RGB] = ()) -> bytes:
    """The RGB ``image`` as palette PNG bytes (nearest palette colour, no dithering, so flat areas
    stay flat)."""
    keep = tuple(keep)
    mapped = image.quantize(palette=_holder(keep), dither=Image.Dither.NONE)
    rows = Image.new("P", (image.width + 1, image.height), 0)
    rows.paste(mapped, (1, 0))  # each row starts with its filter type, 0 (none)
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", _entries(keep)),
            _chunk(b"IDAT", zlib.compress(rows.tobytes(), COMPRESS_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )
