"""PNG output tuned for speed and size.

Renders are flat colours plus anti-aliased edges, so a 256-colour palette loses nothing visible, and a
palette PNG is about half the size of an RGB one and faster to compress. Generic quantizers are either
slow (median cut, about 200 ms on a board) or shift flat colours slightly (octree), so the palette is
built directly: first the colours that must stay exact even when they cover few pixels (player
tokens, resource icons: the caller's ``keep`` plus the kit's own), then the most frequent colours of
a sample of every fourth pixel in each direction (flat areas and the commonest anti-aliasing shades).
The full image is then mapped onto it (Pillow's mapping may pick a neighbour one level away).

The file is written here rather than by Pillow's PNG plugin: the rows (each with PNG filter "none",
which suits palette images) go straight to :mod:`zlib`, which is quicker, releases the interpreter
lock, and lets a tall image be mapped and compressed as horizontal bands on several threads (``run``)
whose deflate streams are joined into one (each band but the last ends with a full flush, so the
next starts on a byte boundary with no back-reference into it). Everything depends only on the
image, ``keep`` and ``bands``, so equal images always give equal bytes.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Iterable, Iterator
from itertools import pairwise
from typing import cast

from PIL import Image

from renders.kit.colours import KEY_COLOURS, RGB

COMPRESS_LEVEL = 1
SAMPLE_STEP = 4
COLOURS = 256
BAND_MIN_ROWS = 256
"""Bands shorter than this are not worth a thread of their own."""

Runner = Callable[[Callable[[tuple[int, int]], bytes], Iterable[tuple[int, int]]], Iterator[bytes]]
"""A ``map``: the built-in one, or a thread pool's to map and compress bands side by side."""


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


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode(image: Image.Image, keep: Iterable[RGB] = (), *, bands: int = 1, run: Runner = map) -> bytes:
    """The RGB ``image`` as palette PNG bytes (no dithering, so flat areas stay flat), mapped and
    compressed in up to ``bands`` horizontal bands through ``run``."""
    colours = palette(image, keep)
    flat = [channel for colour in colours for channel in colour]
    flat += flat[:3] * (COLOURS - len(colours))
    holder = Image.new("P", (1, 1))
    holder.putpalette(flat)
    holder.load()
    width, height = image.size
    count = max(1, min(bands, height // BAND_MIN_ROWS))
    edges = [height * i // count for i in range(count + 1)]
    spans = list(pairwise(edges))
    raws: dict[int, bytes] = {}

    def band(span: tuple[int, int]) -> bytes:
        top, bottom = span
        mapped = image.crop((0, top, width, bottom)).quantize(palette=holder, dither=Image.Dither.NONE)
        rows = Image.new("P", (width + 1, bottom - top), 0)  # column 0: each row's filter byte, "none"
        rows.paste(mapped, (1, 0))
        raw = raws[top] = rows.tobytes()
        packer = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
        return packer.compress(raw) + packer.flush(zlib.Z_FINISH if bottom == height else zlib.Z_FULL_FLUSH)

    deflated = b"".join(run(band, spans))
    checksum = 1
    for top, _ in spans:
        checksum = zlib.adler32(raws[top], checksum)
    stream = b"\x78\x01" + deflated + struct.pack(">I", checksum)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"PLTE", bytes(flat))
            + _chunk(b"IDAT", stream) + _chunk(b"IEND", b""))
