"""A keyed engine or service refusal in the reader's words, wherever it is read: the Discord layer's
answers (:mod:`cogs.kit.errors`) and the command line (``bricabot play``).

The English message stays in the error for logs; the player reads the catalogue's sentence
``refusal.<key>`` filled with the error's context.
"""

from __future__ import annotations

from bot.words import CATALOG, t
from engine.core.errors import EngineError

REFUSAL_STATES = ("lobby", "active", "finished", "cancelled")
"""Game statuses a keyed refusal may name, each written ``refusal.state.<status>`` in the reader's words."""


def keyed(error: EngineError, lang: str) -> bool:
    """Whether the catalogue words ``error`` in ``lang`` (it carries a key the catalogue has)."""
    return error.key is not None and CATALOG.has(f"refusal.{error.key}", lang)


def refusal(error: EngineError, lang: str) -> str:
    """A keyed engine or service refusal, ``refusal.<key>`` with its context, fully in ``lang``."""
    params = dict(error.context)
    if params.get("status") in REFUSAL_STATES:
        params["status"] = t(f"refusal.state.{params['status']}", lang)
    return t(f"refusal.{error.key}", lang, **params)
