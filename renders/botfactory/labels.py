"""The words the Bot Factory drawings and summaries use, in English and French, from the catalogues
in ``locale/`` (the rulebook's own terms: ouvrier, jeton de prise de parole, ligne de montage...);
other languages, and any key a language lacks, fall back to English."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.botfactory.words import localise
from engine.core.text import Catalog
from renders.kit.names import seat_name

_CATALOG = Catalog("renders.botfactory")
"""``renders/botfactory/locale/{en,fr}.toml``."""
_RULES = Catalog("engine.botfactory")
"""The engine's messages, for the keys a view carries (the solo task, its progress, how it ended)."""


def has(key: str) -> bool:
    """Whether the catalogue (English, the fallback of every language) holds ``key``."""
    return _CATALOG.has(key)


def text(key: str, lang: str = "en", **params: object) -> str:
    """The label for ``key`` in ``lang`` (English when missing), with ``{name}`` placeholders filled
    and plural forms chosen by the language's rules."""
    return _text(key, lang, tuple(sorted(params.items())))


@lru_cache(maxsize=8192)
def _text(key: str, lang: str, params: tuple[tuple[str, object], ...]) -> str:
    """:func:`text`, cached: the same labels come back on every render, and a catalogue lookup
    with plural rules costs several times a plain format."""
    return _CATALOG.format(key, dict(params), lang)


def rule(key: str, params: dict[str, object], lang: str = "en") -> str:
    """A message key the view carries (``SoloInfo.task_text``, ``progress_text``, ``report_lines``)
    in the engine's own words, so the drawing says what the log and the embeds say (the engine's
    words for its codes included: a task's progress, a colour)."""
    return _RULES.format(key, localise(_RULES, params, lang), lang)


def colour(name: str, lang: str = "en") -> str:
    """A robot or player colour in words."""
    return text(f"colour.{name}", lang) if _CATALOG.has(f"colour.{name}") else name


def part(colour_name: str, kind: str, lang: str = "en") -> str:
    """A part tile in words: "red head" / "tête rouge", the colour agreeing with the part in French
    ("jambes vertes")."""
    key = f"part.{kind}.{colour_name}"
    if _CATALOG.has(key):
        return text(key, lang)
    return f"{colour(colour_name, lang)} {text(f'kind.{kind}', lang)}"


def needs(colours: Sequence[str], lang: str = "en") -> str:
    """A contract by the robots it needs, its name in words: "Red + blue" (the tile shows those
    robots; each of the 14 tiles needs a different set, so this names it)."""
    text_ = " + ".join(colour(c, lang) for c in colours)
    return text_[:1].upper() + text_[1:]


def who_name(who: str, names: Sequence[str] | None, lang: str = "en") -> str:
    """A meeple's owner in words: a seat's name, Sandra or Vilela."""
    if who.startswith("seat:"):
        return seat_name(int(who.split(":")[1]), names, lang)
    return text(who, lang)
