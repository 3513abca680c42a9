"""Imaginarium drawings: the public board, one seat's private screen, the final scores, one card.

Each entry point checks it was given an :class:`~engine.imaginarium.view.ImaginariumView` (renders
take views, never game states) and returns a :class:`~renders.api.Render`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.imaginarium.view import ImaginariumView
from renders.imaginarium import board as _board
from renders.imaginarium import summaries
from renders.api import Render
from renders.kit.png import encode


def _check(view: object) -> ImaginariumView:
    if not isinstance(view, ImaginariumView):
        raise TypeError(f"Imaginarium renders take an ImaginariumView, not {type(view).__name__}")
    return view


def board(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The public table; reads public fields only, so every viewer's view gives the same image."""
    v = _check(view)
    return Render(encode(_board.draw(v, names, lang)), summaries.board(v, names, lang))
