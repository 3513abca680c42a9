"""The renders' public entry points, the same for every game.

Each game's drawing package (``renders/<game>/``) declares what it draws as one :class:`Drawings`
named ``DRAWINGS``: its pictures (``board(view, *, lang, names)``, ``screen``, ``final``...) and the
words read from a view that every front end shows beside them (the headline, the public standings).
These functions dispatch on ``view.kind`` (on the card's type for ``render_card``). Players are
"Seat 1..N" unless ``names`` (indexed by seat) gives display names; ``names`` is passed on only when
given, so a game's drawings may ignore it. Callers (the service's demo, the cogs) run them off the
event loop.
"""

from __future__ import annotations

import importlib
import os
import pickle
import pkgutil
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image

import renders
from engine.core.contract import View
from renders.kit import marks
from renders.kit.colours import RGB, PlayerStyle, player
from renders.kit.fonts import FontRecord, recording, replay
from renders.kit.layers import Band
from renders.kit.png import Deflated, assemble, deflate, encode
from renders.kit.typography import punctuate

DESCRIPTION_LIMIT = 1024
"""The most characters Discord keeps of an attachment's description, where a render's ``text``
goes: each game's texts are laid out to stay within it (one text per phone part, terse per-seat
lines) rather than be cut."""


@dataclass(frozen=True, slots=True)
class Render:
    """A PNG image and a plain-text summary of the same content (embeds, screen readers, logs)."""

    png: bytes
    text: str
    name: str = ""
    """Which image this is among several (a board part: "belt", "players-1"...); "" for a single image."""
    min_font_px: int = 0
    """The smallest text size drawn on the image (0: no text), recorded while drawing."""
    ellipsized: int = 0
    """How many labels the drawing had to shorten with "…" (a posted image has none)."""


def drawn(
    draw: Callable[[], Image.Image], text: str, keep: Iterable[RGB] = (), name: str = "", lang: str = "en"
) -> Render:
    """Run ``draw``, recording the text sizes it draws and the labels it shortens, and encode its
    image (``keep``: colours the palette keeps exact); ``text`` follows ``lang``'s punctuation (see
    :func:`punctuate`)."""
    ringed = marks.rings()
    with recording() as record:
        image = draw()
    colours = (*keep, marks.MARK) if marks.rings() > ringed else tuple(keep)
    return Render(encode(image, colours), punctuate(text, lang), name, record.smallest or 0, record.ellipsized)


RECENT_PARTS = 64
"""How many recently drawn parts are kept (a few games' phone boards)."""
_recent: OrderedDict[tuple[str, bytes], Render] = OrderedDict()
_recent_lock = threading.Lock()
_areas: dict[str, int] = {}
"""Each part name's size in pixels when last drawn, to draw the largest first."""
RECENT_BANDS = 96
"""How many recently encoded bands are kept (a few games' seat strips, see :class:`Band`)."""
_bands: OrderedDict[tuple[bytes, tuple[RGB, ...]], tuple[Deflated, FontRecord]] = OrderedDict()


Part = tuple[str, object, Callable[[], Image.Image | tuple[Band, ...]], Callable[[], str]]
"""One image of a set: its name, the subject it is drawn from (see :func:`drawn_parts`), how to
draw it (one image, or bands stacked top to bottom), and how to word it."""

ENCODERS = min(4, os.cpu_count() or 1)
_encoders: ThreadPoolExecutor | None = None


def _encoder_pool() -> ThreadPoolExecutor:
    global _encoders
    if _encoders is None:
        _encoders = ThreadPoolExecutor(max_workers=ENCODERS, thread_name_prefix="render-encode")
    return _encoders


def encode_together(images: Sequence[Image.Image], keep: Iterable[RGB] = ()) -> list[bytes]:
    """``images`` encoded whole as :func:`drawn_parts` encodes a set's parts: handed to the encoding
    threads at once, in order (the bench times this, the cost of a set without its drawing)."""
    pool = _encoder_pool()
    colours = tuple(keep)
    return [job.result() for job in [pool.submit(encode, image, colours) for image in images]]


_Banding = list[tuple[tuple[bytes, tuple[RGB, ...]], "Deflated | Future[Deflated]", FontRecord]]
"""A part's bands as :func:`drawn_parts` encodes them: each band's cache key, its bytes (kept) or
their encoding (drawn now), and what its drawing recorded."""


def _banding(
    bands: tuple[Band, ...], colours: tuple[RGB, ...], pool: ThreadPoolExecutor, marked: bool
) -> tuple[_Banding, int, tuple[RGB, ...]]:
    """Each band's bytes: a recently encoded band's kept ones (its text record replayed), the others
    drawn and handed to the encoding threads; the part's size in pixels; and the colours its palette
    keeps. While a mark is asked for every band is drawn, and only then encoded: a ring drawn on any
    band keeps its colour in the whole part's palette."""
    drawn: list[tuple[tuple[bytes, tuple[RGB, ...]], Image.Image | Deflated | Future[Deflated], FontRecord]] = []
    ringed, area = marks.rings(), 0
    for band in bands:
        key = (band.key, colours)
        with _recent_lock:
            hit = None if marked else _bands.get(key)
            if hit is not None:
                _bands.move_to_end(key)
        if hit is not None:
            replay(hit[1])
            drawn.append((key, *hit))
            area += hit[0].width * hit[0].height
            continue
        with recording() as record:
            image = band.draw()
        drawn.append((key, image if marked else pool.submit(deflate, image, colours), record))
        area += image.width * image.height
    kept = (*colours, marks.MARK) if marks.rings() > ringed else colours
    out: _Banding = [
        (key, pool.submit(deflate, band, kept) if isinstance(band, Image.Image) else band, record)
        for key, band, record in drawn
    ]
    return out, area, kept


def drawn_parts(parts: Sequence[Part], keep: Iterable[RGB] = (), lang: str = "en") -> tuple[Render, ...]:
    """Like :func:`drawn`, for a set of images each drawn only from its ``subject`` (a sub-view,
    with the language and names).

    A part whose subject equals a recently drawn one (the last :data:`RECENT_PARTS`) is not drawn
    again, so after a move only the parts it changed are redrawn. The parts are taken largest first
    (by the size each name had last time), each one drawn if it changed and handed to the encoding
    threads at once: palette mapping and compression run in C without holding the interpreter lock,
    so the encodings overlap the next parts' keys and drawings, and each other, on the machine's
    cores, and the encoding left once the last drawing is done is a small one. A part drawn as
    :class:`Band` s goes further: a band encoded recently (the last :data:`RECENT_BANDS`) keeps its
    bytes, so a move that changed one seat's strip draws and encodes that strip alone.

    ``subject`` must hold everything its ``draw`` and its text read; its pickle is the key (a
    faithful copy of the content, and quicker to make than a ``repr``), so it is built from frozen
    dataclasses, tuples and strings. A part taken from the recent ones keeps its text too, so the
    words of an unchanged part are not worked out again either.

    While a mark is asked for (:mod:`renders.kit.marks`) every part is drawn afresh and nothing is
    kept.
    """
    marked = marks.active()
    colours = tuple(keep)
    pool = _encoder_pool()
    found: dict[str, Render] = {}
    missing: list[tuple[tuple[str, bytes], Callable[[], str]]] = []
    drawings: list[tuple[Future[bytes] | _Banding, tuple[RGB, ...], FontRecord]] = []
    for name, subject, draw, text in sorted(parts, key=lambda part: -_areas.get(part[0], 0)):
        key = (name, pickle.dumps(subject, pickle.HIGHEST_PROTOCOL))
        with _recent_lock:
            hit = None if marked else _recent.get(key)
            if hit is not None:
                _recent.move_to_end(key)
        if hit is not None:
            found[name] = hit
            continue
        missing.append((key, text))
        ringed = marks.rings()
        with recording() as record:
            drawn = draw()
            if isinstance(drawn, tuple):
                banding, _areas[name], kept = _banding(drawn, colours, pool, marked)
                drawings.append((banding, kept, record))
        if isinstance(drawn, tuple):
            continue
        _areas[name] = drawn.width * drawn.height
        kept = (*colours, marks.MARK) if marks.rings() > ringed else colours
        drawings.append((pool.submit(encode, drawn, kept), kept, record))
    words = [punctuate(text(), lang) for _, text in missing]  # while the encodings run
    pngs = [
        job.result() if isinstance(job, Future) else assemble([_done(band) for _, band, _ in job], kept)
        for job, kept, _ in drawings
    ]
    with _recent_lock:
        for job, _, _ in drawings:
            for band_key, band, band_record in job if not isinstance(job, Future) else ():
                if isinstance(band, Future) and not marked:
                    _bands[band_key] = (band.result(), band_record)
        while len(_bands) > RECENT_BANDS:
            _bands.popitem(last=False)
        for (key, _), png, (_, _, record), said in zip(missing, pngs, drawings, words, strict=True):
            found[key[0]] = Render(png, said, key[0], record.smallest or 0, record.ellipsized)
            if not marked:
                _recent[key] = found[key[0]]
        while len(_recent) > RECENT_PARTS:
            _recent.popitem(last=False)
    return tuple(found[name] for name, _, _, _ in parts)


def _done(band: Deflated | Future[Deflated]) -> Deflated:
    return band.result() if isinstance(band, Future) else band


Fields = list[tuple[str, str]]
"""Named lines a front end shows as they are (an embed's fields): ``(name, value)``."""


def _no_headline(view: View, lang: str) -> str | None:
    return None


def _no_fields(view: View, *args: Any) -> Fields:
    return []


def _no_caption(area: str, lang: str) -> str:
    return ""


def _no_lines(view: View, *args: Any) -> list[str]:
    return []


@dataclass(frozen=True, slots=True)
class Drawings:
    """What a game's drawing package gives every caller, from views only.

    The pictures take ``(view, *, lang, names)`` and return a :class:`Render` (``zoom`` also the area,
    ``card`` a card object of :attr:`cards`); the words are the ones a front end shows beside the board:
    ``headline(view, lang)`` (round and phase, ``None`` to use the board's text), ``standings(view,
    names, lang)`` and ``task(view, lang)`` (the solo game's goal) as :data:`Fields`, ``goal(view, names,
    lang)``, how the game ends and how close the table is in a few lines (what the phone board's first
    picture says), and ``caption(area, lang)``, what a zoom area shows.
    """

    kind: str
    board: Callable[..., Render]
    board_parts: Callable[..., tuple[Render, ...]]
    zoom_areas: Callable[..., tuple[tuple[str, str], ...]]
    zoom: Callable[..., Render]
    screen: Callable[..., Render]
    final: Callable[..., Render]
    card: Callable[..., Render] | None = None
    cards: tuple[type, ...] = ()
    """The card types :attr:`card` draws (the ``/rules`` pictures)."""
    seat_styles: Callable[[View], dict[int, PlayerStyle]] | None = None
    """Each seat's colour and shape when the game has its own (else the kit's, by seat)."""
    headline: Callable[[View, str], str | None] = _no_headline
    standings: Callable[[View, Sequence[str], str], Fields] = _no_fields
    task: Callable[[View, str], Fields] = _no_fields
    goal: Callable[[View, Sequence[str], str], list[str]] = _no_lines
    caption: Callable[[str, str], str] = _no_caption


_extra: dict[str, Drawings] = {}


@cache
def _discovered() -> dict[str, Drawings]:
    found: dict[str, Drawings] = {}
    for module in pkgutil.iter_modules(renders.__path__):
        if module.ispkg:
            drawings = getattr(importlib.import_module(f"renders.{module.name}"), "DRAWINGS", None)
            if isinstance(drawings, Drawings):
                found[drawings.kind] = drawings
    return found


def register(drawings: Drawings) -> None:
    """Add the drawings of a game defined outside ``renders/`` (tests' small fixture games)."""
    _extra[drawings.kind] = drawings


def drawings(kind: str) -> Drawings | None:
    """The drawings of game ``kind``, ``None`` for a game without any."""
    return _extra.get(kind) or _discovered().get(kind)


def _checked(view: View) -> View:
    if not isinstance(view, View):
        raise TypeError(f"renders take a game view, not {type(view).__name__}")
    return view


def _module(view: View) -> Drawings:
    found = drawings(_checked(view).kind)
    if found is None:
        raise LookupError(f"no drawings for game kind '{view.kind}'")
    return found


def _options(lang: str, names: Sequence[str] | None) -> dict[str, object]:
    return {"lang": lang} if names is None else {"lang": lang, "names": tuple(names)}


def render_board(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The public table: draws only public information, whoever the view's viewer is."""
    render: Render = _module(view).board(view, **_options(lang, names))
    return render


def render_board_parts(
    view: View, *, lang: str = "en", names: Sequence[str] | None = None, mark: str = ""
) -> tuple[Render, ...]:
    """The public table for phones, as several narrow images (each with its own text), in the order
    they are posted; like :func:`render_board`, whoever the view's viewer is. ``mark`` rings the
    things it names (keys separated by spaces, see :mod:`renders.kit.marks`) wherever they are drawn."""
    with marks.marking(mark):
        parts: tuple[Render, ...] = _module(view).board_parts(view, **_options(lang, names))
    return parts


def zoom_areas(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> tuple[tuple[str, str], ...]:
    """The areas of the public table :func:`render_zoom` can show, as (key, label) pairs."""
    areas: tuple[tuple[str, str], ...] = _module(view).zoom_areas(view, **_options(lang, names))
    return areas


def render_zoom(view: View, area: str, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """One area of the public table (a key of :func:`zoom_areas`) at the full board's size;
    ``LookupError`` for an area this table does not have."""
    render: Render = _module(view).zoom(view, area, **_options(lang, names))
    return render


def render_screen(view: View, *, lang: str = "en", names: Sequence[str] | None = None, mark: str = "") -> Render:
    """The viewer's private screen plus their own side of the table (the view must have a viewer);
    ``mark`` as for :func:`render_board_parts`."""
    module = _module(view)
    if view.viewer is None:
        raise ValueError("a private screen needs a seat's view, not a spectator's")
    with marks.marking(mark):
        render: Render = module.screen(view, **_options(lang, names))
    return render


def render_final(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """Final scores with their breakdown, tie-break and winner (the game must have ended)."""
    render: Render = _module(view).final(view, **_options(lang, names))
    return render


def seat_styles(view: View) -> dict[int, PlayerStyle]:
    """Each seat's colour and shape as the game's board draws them, by seat: a game's own
    ``seat_styles(view)`` when it has one (Bot Factory's seats wear the engine's player colours),
    else (or for a game without drawings) the kit's style of each seat; so the results pictures
    mark seats as the board does."""
    found = drawings(_checked(view).kind)
    own = None if found is None else found.seat_styles  # a game without drawings: the kit's styles
    if own is not None:
        styles: dict[int, PlayerStyle] = own(view)
        return styles
    seats = int(getattr(view, "seats", 0) or len(getattr(view, "players", ())))
    return {seat: player(seat) for seat in range(seats)}


def render_card(card: object, *, lang: str = "en") -> Render:
    """One card of a game, large, with its rules in words (the ``/rules`` command): drawn by the game
    whose drawings list the card's type (:attr:`Drawings.cards`)."""
    for found in (*_extra.values(), *_discovered().values()):
        if found.card is not None and isinstance(card, found.cards):
            render: Render = found.card(card, lang=lang)
            return render
    home = type(card).__module__.split(".")
    if len(home) < 3 or home[0] != "engine":
        raise TypeError(f"render_card takes a card from a game's view, not {type(card).__name__}")
    raise LookupError(f"no card drawings for game kind '{home[1]}' ({type(card).__name__})")
