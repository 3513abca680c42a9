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

An image may also be encoded as a stack of bands (:func:`deflate` each, :func:`assemble` them): each
band's rows are compressed on their own, ending on a full flush (which empties the compressor's
history), so a band's bytes do not depend on the bands above it and a band that did not change can
keep its bytes from one image to the next (a phone part's unchanged strips). The PNG holds one zlib
stream: the bands' blocks one after the other, a final empty block, and the Adler-32 of all the rows,
combined from each band's (:func:`adler32_combine`, zlib's own formula).
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
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


ADLER_BASE = 65521
"""The largest prime below 2**16, Adler-32's modulus."""
_ZLIB_HEADER = b"\x78\x01"
"""A zlib stream's header: deflate with a 32 KiB window, the fastest level's flag."""
_LAST_BLOCK = b"\x03\x00"
"""An empty final deflate block (fixed codes): ends a stream whose blocks all ended on a flush."""


@dataclass(frozen=True, slots=True)
class Deflated:
    """A band of a palette image: its rows (each led by its filter byte) compressed on their own."""

    width: int
    height: int
    data: bytes
    """Raw deflate blocks, the last one ended by a full flush (byte-aligned, no history kept)."""
    adler: int
    """Adler-32 of the uncompressed rows."""
    size: int
    """Length of the uncompressed rows."""


def adler32_combine(first: int, second: int, second_size: int) -> int:
    """The Adler-32 of two byte strings one after the other, from each one's Adler-32 and the second's
    length (zlib's ``adler32_combine``, which Python's :mod:`zlib` does not expose)."""
    rem = second_size % ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % ADLER_BASE
    sum1 = (sum1 + (second & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE
    sum2 = (sum2 + (first >> 16) + (second >> 16) + ADLER_BASE - rem) % ADLER_BASE
    return sum1 | (sum2 << 16)


def deflate(image: Image.Image, keep: Iterable[RGB] = ()) -> Deflated:
    """The RGB ``image`` mapped to the palette (nearest colour, no dithering, so flat areas stay
    flat) and compressed as one band of a PNG (see :func:`assemble`)."""
    mapped = image.quantize(palette=_holder(tuple(keep)), dither=Image.Dither.NONE)
    rows = Image.new("P", (image.width + 1, image.height), 0)
    rows.paste(mapped, (1, 0))  # each row starts with its filter type, 0 (none)
    raw = rows.tobytes()
    compressor = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    data = compressor.compress(raw) + compressor.flush(zlib.Z_FULL_FLUSH)
    return Deflated(image.width, image.height, data, zlib.adler32(raw), len(raw))


def assemble(bands: Sequence[Deflated], keep: Iterable[RGB] = ()) -> bytes:
    """The palette PNG of ``bands`` stacked top to bottom (all as wide, encoded with the same
    ``keep``)."""
    widths = {band.width for band in bands}
    if len(widths) != 1:
        raise ValueError(f"bands of one image must be as wide, not {sorted(widths)}")
    adler = 1  # the Adler-32 of nothing
    for band in bands:
        adler = adler32_combine(adler, band.adler, band.size)
    header = struct.pack(">IIBBBBB", widths.pop(), sum(band.height for band in bands), 8, 3, 0, 0, 0)
    stream = b"".join((_ZLIB_HEADER, *(band.data for band in bands), _LAST_BLOCK, struct.pack(">I", adler)))
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", _entries(tuple(keep))),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        )
    )


def encode(image: Image.Image, keep: Iterable[RGB] = ()) -> bytes:
    """The RGB ``image`` as palette PNG bytes: one band."""
    keep = tuple(keep)
    return assemble([deflate(image, keep)], keep)
