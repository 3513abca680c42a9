"""The renders' public entry points, the same for every game.

Each game has a drawing module ``renders.<kind>`` (e.g. ``renders.imaginarium``) exposing
``board(view, *, lang)``, ``screen(view, *, lang)`` and ``final(view, *, lang)``; these functions
dispatch on ``view.kind``. Callers (the service's demo, the cogs) run them off the event loop.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from engine.core.contract import View


@dataclass(frozen=True, slots=True)
class Render:
    """A PNG image and a plain-text summary of the same content (embeds, screen readers, logs)."""

    png: bytes
    text: str


def _module(view: View) -> ModuleType:
    if not isinstance(view, View):
        raise TypeError(f"renders take a game view, not {type(view).__name__}")
    try:
        return importlib.import_module(f"renders.{view.kind}")
    except ModuleNotFoundError as exc:
        raise LookupError(f"no drawings for game kind '{view.kind}'") from exc


def render_board(view: View, *, lang: str = "en") -> Render:
    """The public table: draws only public information, whoever the view's viewer is."""
    render: Render = _module(view).board(view, lang=lang)
    return render


def render_screen(view: View, *, lang: str = "en") -> Render:
    """The viewer's private screen plus their own side of the table (the view must have a viewer)."""
    if view.viewer is None:
        raise ValueError("a private screen needs a seat's view, not a spectator's")
    render: Render = _module(view).screen(view, lang=lang)
    return render


def render_final(view: View, *, lang: str = "en") -> Render:
    """Final scores with their breakdown, tie-break and winner (the game must have ended)."""
    render: Render = _module(view).final(view, lang=lang)
    return render
