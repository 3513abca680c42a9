"""The engine's own rules texts (its message catalogue), when it has them.

Drawings prefer them where there is room (card sheets, assistant cards) and fall back to the renders'
short captions otherwise, so a missing translation never leaves a blank.
"""

from __future__ import annotations

from engine.core.errors import EngineError
from engine.registry import get as get_game


def lookup(key: str, lang: str) -> str | None:
    """The catalogue's text for ``key`` in ``lang`` (or English), ``None`` when it has none."""
    try:
        game = get_game("imaginarium")
    except EngineError:
        return None
    if game.catalog.has(key, lang) or game.catalog.has(key):
        return game.text(key, lang=lang)
    return None
