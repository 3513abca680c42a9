"""Every text the Discord layer writes, in the reader's language: ``bot/locale/<lang>.toml``.

One catalogue for the whole layer (embeds, buttons, placeholders, errors, notices, lobby, lists),
with the engine's plural-aware format (:class:`engine.core.text.Catalog`), so a message exists in
every language the bot speaks and a test can check that none is missing or unused.
"""

from __future__ import annotations

from typing import Any

from engine.core.text import Catalog

CATALOG = Catalog("bot")


def t(key: str, lang: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (English when the language lacks it) with ``params`` filled in."""
    return CATALOG.format(key, params, lang)


LANGUAGE_NAMES = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español", "it": "Italiano"}
"""Each language as its own speakers name it (menus and switches offering a language)."""
