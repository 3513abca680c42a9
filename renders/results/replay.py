"""The replay: the public board at every round's start as one animated image (APNG or GIF).

Frames are board pictures already drawn from spectator views; this module only scales and packs
them. All frames share one palette (taken from the first, middle and last frames), so the animation
stays a palette image and small. It must fit the upload limit it is
given: it is drawn again narrower, then with every other round (the first and last kept), until it
does.

The frames stay compressed until each is packed: one is decoded, scaled, laid on its canvas and
mapped to the palette at a time, so what is held at once is a few full-colour frames and the
palette frames (a byte a pixel), not every frame in full colour (a long game's twenty full-size
boards are hundreds of megabytes).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from PIL import Image

from engine.core.contract import View
from renders.api import render_board
from renders.kit.colours import TABLE

MAX_WIDTH = 800
"""Frames are scaled down to this width at most (a phone shows about 400 px)."""
MIN_WIDTH = 480
"""Below this the animation drops frames instead of shrinking further."""
FRAME_MS = 1500
LAST_MS = 4000
Format = Literal["png", "gif"]


@dataclass(frozen=True, slots=True)
class Animation:
    data: bytes
    format: Format
    frames: int
    """How many rounds it shows (fewer than given when some were dropped to fit the limit)."""
    size: tuple[int, int]
    kept: tuple[int, ...]
    """Which of the given frames it shows, by index."""


def frames(views: Sequence[View], *, lang: str = "en", names: Sequence[str] | None = None) -> list[bytes]:
    """The public board of each view, full size: spectators' views only, so no frame can hold what
    was hidden when it was shown."""
    if any(view.viewer is not None for view in views):
        raise ValueError("replay frames are drawn from spectators' views only")
    return [render_board(view, lang=lang, names=names).png for view in views]


def animation(frames: Sequence[bytes], *, limit: int, fmt: Format = "png") -> Animation:
    """The PNG ``frames`` as one animation of at most ``limit`` bytes (``ValueError`` if even one
    small frame does not fit)."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    sizes = [Image.open(io.BytesIO(png)).size for png in frames]  # the header only: nothing decoded
    width = min(MAX_WIDTH, sizes[0][0])
    kept = list(range(len(frames)))
    while True:
        data, size = _pack([frames[i] for i in kept], [sizes[i] for i in kept], width, fmt)
        if len(data) <= limit:
            return Animation(data, fmt, len(kept), size, tuple(kept))
        if width > MIN_WIDTH:
            width = max(MIN_WIDTH, width * 4 // 5)
        elif len(kept) > 2:
            kept = [*kept[:-1:2], kept[-1]]
        else:
            raise ValueError(f"the replay does not fit in {limit} bytes")


def _pack(
    frames: Sequence[bytes], sizes: Sequence[tuple[int, int]], width: int, fmt: Format
) -> tuple[bytes, tuple[int, int]]:
    # Boards grow and shrink with the game: every frame is laid on the table colour at the tallest size.
    size = (width, max(_scaled_height(frame, width) for frame in sizes))

    def canvas(png: bytes) -> Image.Image:
        laid = Image.new("RGB", size, TABLE)
        laid.paste(_scaled(Image.open(io.BytesIO(png)).convert("RGB"), width), (0, 0))
        return laid

    middle, last = len(frames) // 2, len(frames) - 1
    sample = {index: canvas(frames[index]) for index in (0, middle, last)}
    shared = _montage([sample[0], sample[middle], sample[last]]).quantize(
        colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    mapped = []
    for index, png in enumerate(frames):
        laid = sample.pop(index, None)  # a sampled frame is mapped from its canvas, then let go
        mapped.append((canvas(png) if laid is None else laid).quantize(palette=shared, dither=Image.Dither.NONE))
    durations = [FRAME_MS] * (len(mapped) - 1) + [LAST_MS]
    out = io.BytesIO()
    # GIF's optimize keeps only what changed from frame to frame: a third of the bytes.
    options = {"optimize": True} if fmt == "gif" else {"compress_level": 6}
    mapped[0].save(
        out,
        format="GIF" if fmt == "gif" else "PNG",
        save_all=True,
        append_images=mapped[1:],
        duration=durations,
        loop=0,
        **options,
    )
    return out.getvalue(), size


def _scaled_height(size: tuple[int, int], width: int) -> int:
    """The height :func:`_scaled` gives a frame of ``size`` (known before any frame is decoded, for the
    canvas they are all laid on)."""
    frame_width, height = size
    if frame_width == width:
        return height
    if frame_width % width == 0:
        factor = frame_width // width
        return -(-height // factor)  # Image.reduce keeps a last, partial row
    return round(height * width / frame_width)


def _scaled(image: Image.Image, width: int) -> Image.Image:
    """``image`` scaled to ``width`` by averaging (a whole factor by :meth:`Image.reduce`): several
    times quicker than Lanczos on a board, and fewer edge shades make smaller frames."""
    if image.width == width:
        return image
    if image.width % width == 0:
        return image.reduce(image.width // width)
    height = round(image.height * width / image.width)
    return image.resize((width, height), Image.Resampling.BOX)


def _montage(images: Sequence[Image.Image]) -> Image.Image:
    """The first, middle and last frames side by side at full size, for the shared palette: the
    board's colours are all there, and every edge shade as it will be mapped (a halved sample picks
    shades that make frames flicker between neighbours, and triples the animation's bytes)."""
    chosen = [images[0], images[len(images) // 2], images[-1]]
    sheet = Image.new("RGB", (sum(i.width for i in chosen), max(i.height for i in chosen)))
    x = 0
    for part in chosen:
        sheet.paste(part, (x, 0))
        x += part.width
    return sheet


def still(frame: bytes, width: int = MAX_WIDTH) -> bytes:
    """One frame of the replay as a PNG (for stepping round by round), scaled like the animation."""
    image = Image.open(io.BytesIO(frame)).convert("RGB")
    image = _scaled(image, min(width, image.width))
    out = io.BytesIO()
    image.quantize(colors=256, dither=Image.Dither.NONE).save(out, format="PNG", compress_level=6)
    return out.getvalue()
