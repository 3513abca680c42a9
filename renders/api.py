"""The renders' public entry points, the same for every game.

Each game has a drawing module ``renders.<kind>`` (e.g. ``renders.imaginarium``) exposing
``board(view, *, lang, names)``, ``screen(view, *, lang, names)``, ``final(view, *, lang, names)`` and
``card(card, *, lang)``; these functions dispatch on ``view.kind`` (on the card's game for
``render_card``). Players are "Seat 1..N" unless ``names`` (indexed by seat) gives display names;
``names`` is passed on only when given, so a game's drawings may ignore it. Callers (the service's
demo, the cogs) run them off the event loop.
"""

from __future__ import annotations

import importlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType

from PIL import Image

from engine.core.contract import View
from renders.kit.colours import RGB
from renders.kit.fonts import recording
from renders.kit.png import encode


@dataclass(frozen=True, slots=True)
class Render:
    """A PNG image and a plain-text summary of the same content (embeds, screen readers, logs)."""

    png: bytes
    text: str
    name: str = ""
    """Which image this is among several (a board part: "belt", "players-1"...); "" for a single image."""
    min_font_px: int = 0
    """The smallest text size drawn on the image (0: no text), recorded while drawing."""


def drawn(draw: Callable[[], Image.Image], text: str, keep: Iterable[RGB] = (), name: str = "") -> Render:
    """Run ``draw``, recording the text sizes it draws, and encode its image (``keep``: colours the
    palette keeps exact)."""
    with recording() as record:
        image = draw()
    return Render(encode(image, keep), text, name, record.smallest or 0)


RECENT_PARTS = 64
"""How many recently drawn parts are kept (a few games' phone boards)."""
_recent: OrderedDict[tuple[str, str], Render] = OrderedDict()
_recent_lock = threading.Lock()


def drawn_part(name: str, subject: object, draw: Callable[[], Image.Image], text: str,
               keep: Iterable[RGB] = ()) -> Render:
    """Like :func:`drawn`, for one part of an image set drawn only from ``subject`` (a sub-view,
    with the language and names): a part whose subject equals a recently drawn one is not drawn
    again, so after a move only the parts it changed are redrawn and encoded.

    ``subject`` must hold everything ``draw`` reads; its ``repr`` is the key, so it is built from
    frozen dataclasses, tuples and strings.
    """
    key = (name, repr(subject))
    with _recent_lock:
        found = _recent.get(key)
        if found is not None:
            _recent.move_to_end(key)
    if found is None:
        found = drawn(draw, "", keep, name)
        with _recent_lock:
            _recent[key] = found
            while len(_recent) > RECENT_PARTS:
                _recent.popitem(last=False)
    return Render(found.png, text, name, found.min_font_px)


def _module(view: View) -> ModuleType:
    if not isinstance(view, View):
        raise TypeError(f"renders take a game view, not {type(view).__name__}")
    try:
        return importlib.import_module(f"renders.{view.kind}")
    except ModuleNotFoundError as exc:
        raise LookupError(f"no drawings for game kind '{view.kind}'") from exc


def _options(lang: str, names: Sequence[str] | None) -> dict[str, object]:
    return {"lang": lang} if names is None else {"lang": lang, "names": tuple(names)}


def render_board(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The public table: draws only public information, whoever the view's viewer is."""
    render: Render = _module(view).board(view, **_options(lang, names))
    return render


def render_board_parts(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> tuple[Render, ...]:
    """The public table for phones, as several narrow images (each with its own text), in the order
    they are posted; like :func:`render_board`, whoever the view's viewer is."""
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


def render_screen(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The viewer's private screen plus their own side of the table (the view must have a viewer)."""
    module = _module(view)
    if view.viewer is None:
        raise ValueError("a private screen needs a seat's view, not a spectator's")
    render: Render = module.screen(view, **_options(lang, names))
    return render


def render_final(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """Final scores with their breakdown, tie-break and winner (the game must have ended)."""
    render: Render = _module(view).final(view, **_options(lang, names))
    return render


def render_card(card: object, *, lang: str = "en") -> Render:
    """One card of a game, large, with its rules in words (the ``/rules`` command).

    ``card`` is a card value from a game's view module (e.g. an Imaginarium ``MachineCard``); its
    module names the game, so ``engine.imaginarium.view.MachineCard`` is drawn by ``renders.imaginarium``.
    """
    parts = type(card).__module__.split(".")
    if len(parts) < 3 or parts[0] != "engine":
        raise TypeError(f"render_card takes a card from a game's view, not {type(card).__name__}")
    try:
        module = importlib.import_module(f"renders.{parts[1]}")
    except ModuleNotFoundError as exc:
        raise LookupError(f"no drawings for game kind '{parts[1]}'") from exc
    draw = getattr(module, "card", None)
    if draw is None:
        raise LookupError(f"no card drawings for game kind '{parts[1]}'")
    render: Render = draw(card, lang=lang)
    return render
