"""The words the Imaginarium drawings and summaries use, in English and French, from the catalogues
in ``locale/`` (other languages, and any key a language lacks, fall back to English); machine names
come from the engine's card data, as in the menus. Captions are the short pictogram-like lines
printed on tiles and cards, not the rules text, which lives in the engine's catalogue. French terms
follow the French rulebook (charbonium, bric-à-brac, paravent, bureau d'études...)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import groupby

from engine.core.text import Catalog
from engine.imaginarium.view import MachineCard
from engine.imaginarium.words import localise
from renders.imaginarium import catalogue

_CATALOG = Catalog("renders.imaginarium")
"""``renders/imaginarium/locale/{en,fr}.toml``: labels, then the ``project_short``,
``assistant_short`` and ``caption`` tables."""


def _lookup(key: str, lang: str) -> str | None:
    return _CATALOG.format(key, {}, lang) if _CATALOG.has(key) else None


def has(key: str) -> bool:
    """Whether the catalogue (English, the fallback of every language) holds ``key``."""
    return _CATALOG.has(key)


def text(key: str, lang: str = "en", **params: object) -> str:
    """The label for ``key`` in ``lang`` (English when missing), with ``{name}`` placeholders filled
    and plural forms chosen by the language's rules."""
    return _text(key, lang, tuple(sorted(params.items())))


def goods(count: int, good: str, lang: str = "en") -> str:
    """``count`` of a good with the noun in its number ("3 charboniums", "1 cristal", "2 cristaux")."""
    return text(f"goods.{good}", lang, n=count)


@lru_cache(maxsize=8192)
def _text(key: str, lang: str, params: tuple[tuple[str, object], ...]) -> str:
    """:func:`text`, cached: the same labels come back on every render, and a catalogue lookup
    with plural rules costs several times a plain format."""
    return _CATALOG.format(key, dict(params), lang)


def machine(card: MachineCard, lang: str = "en") -> str:
    """A machine card's name in ``lang``: the view's (English) name, or the engine's translation
    from its card data, as the menus name it ("Charbonneuse" for the Charcoalette)."""
    if lang == "en":
        return card.name
    name = str(localise(_CATALOG, {"machine": card.serial}, lang)["machine"])
    return card.name if name == card.serial else name


def assistant_name(aid: str, lang: str = "en") -> str:
    """An assistant's name as the menus and the log give it ("the Trader", "le Négociant"), from
    the engine's catalogue, capitalised to stand alone on an image; its effect in a few words when
    the catalogue has no name (never the bare id)."""
    name = catalogue.lookup(f"imaginarium.assistant_name.{aid}", lang)
    return _capital(name) if name else assistant(aid, lang)


def project_name(pid: str, lang: str = "en") -> str:
    """A project's name as the menus and the log give it ("Production line", "Chaîne de
    production"), from the engine's catalogue; its condition in a few words when it has none."""
    name = catalogue.lookup(f"imaginarium.project_name.{pid}", lang)
    return _capital(name) if name else project(pid, lang)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def project(pid: str, lang: str = "en") -> str:
    """A project's condition in a few words (rulebook: Projects); the id itself when unknown."""
    return _lookup(f"project_short.{pid}", lang) or pid


def assistant(aid: str, lang: str = "en") -> str:
    """An assistant's effect in a few words (rulebook: Assistants); the id itself when unknown."""
    return _lookup(f"assistant_short.{aid}", lang) or aid


def counted(items: Sequence[str], sep: str) -> str:
    """``items`` joined by ``sep``, a run of equal neighbours written once and counted ("empty ×3")."""
    runs = ((item, len(list(run))) for item, run in groupby(items))
    return sep.join(item + (f" ×{n}" if n != 1 else "") for item, n in runs)


def fragments(colours: Sequence[str], lang: str = "en") -> str:
    """Dream fragments in words, in order, a run of one colour counted ("glory, nightmare ×2")."""
    return counted([text(f"fragment.{c}", lang) for c in colours], ", ")


def fragment_counts(colours: Sequence[str], lang: str = "en") -> str:
    """Dream fragments counted by colour, in the rulebook's order of colours ("romance ×2, glory")."""
    order = ("romance", "glory", "escape", "festivities", "nightmare")
    counts = {c: colours.count(c) for c in (*order, *sorted(set(colours) - set(order))) if c in colours}
    return ", ".join(text(f"fragment.{c}", lang) + (f" ×{n}" if n != 1 else "") for c, n in counts.items())


def caption(serial: str, lang: str = "en") -> str:
    """The card-face caption of a machine without input → output effect lines, or ""."""
    return _lookup(f"caption.{serial}", lang) or ""
