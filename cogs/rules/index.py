"""The ``/rules`` index: every card, action, step and rules topic of every game, in words, with the
card's picture where the game can draw it, findable by its name in any language the bot speaks.

Entries come from two places. Each game's message catalogue (``<kind>.<section>.<id>`` keys) gives the
machines, assistants, projects, actions and steps, so a new game kind's cards appear without code here.
The game's "How to play" guide (:mod:`cogs.rules.guide`) gives rules topics written for players (a
game's boards, action spaces, tiles, its actions in full) and
one entry per guide, which opens the paged guide; a topic with the same section and id as a catalogue
entry replaces its text. Pictures need a card object for ``renders.api.render_card``: the game lists
them (:meth:`engine.core.contract.Game.cards`), with their names in other languages.

Search matches every word of the query, ignoring case and accents, against the entry's name in every
language, its id and its text in the reader's language, so "charbonneuse", "Sandra" or "contrat" find
their entries whatever the reader's language.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bot.words import CATALOG, t
from cogs.rules import guide
from engine import registry

log = logging.getLogger("bricabot.rules")
_PLACEHOLDER = re.compile(r"\{\w+\}")
"""A message's named placeholder (e.g. ``{owed}``), shown as an ellipsis out of context."""

CATALOGUE_SECTIONS = ("machine", "assistant", "project", "action", "prompt")
"""Catalogue sections that hold rules (each named to players by ``rules.section.<section>``)."""

GUIDE = "guide"
"""The section of the entry that opens a game's "How to play" pages."""
TASK = "task"
"""The guide's section of solo task tiles (a ``/rules`` answer about one lists the user's own tasks)."""


@dataclass(frozen=True, slots=True)
class Entry:
    kind: str
    section: str
    id: str
    name: str
    text: str
    lang: str
    aliases: tuple[str, ...] = field(default=())
    """The entry's names in the other languages, so a search in any of them finds it."""

    @property
    def value(self) -> str:
        """The autocomplete value: stable and short (``imaginarium:machine:P1``)."""
        return f"{self.kind}:{self.section}:{self.id}"

    @property
    def label(self) -> str:
        title = registry.get(self.kind).title
        return f"{title} · {t(f'rules.section.{self.section}', self.lang)} · {self.name}"


@cache
def cards(kind: str, section: str) -> Mapping[str, object]:
    try:
        return registry.get(kind).cards(section)
    except Exception:
        log.warning("no card pictures for %s %s", kind, section, exc_info=True)
        return {}


@cache
def _local_names(kind: str, section: str, lang: str) -> Mapping[str, str]:
    return registry.get(kind).card_names(section, lang)


def fold(text: str) -> str:
    """``text`` lowercased without accents ("Épée" → "epee"), for matching what players type."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def _own_entries(lang: str, kinds: tuple[str, ...]) -> tuple[Entry, ...]:
    """Every entry of the game ``kinds`` in ``lang``, without the names other languages give them."""
    out: dict[str, Entry] = {}
    for kind in kinds:
        game = registry.get(kind)
        for key in sorted(game.catalog.messages(game.catalog.default)):
            parts = key.split(".")
            if len(parts) != 3 or parts[0] != kind or parts[1] not in CATALOGUE_SECTIONS:
                continue
            section, ident = parts[1], parts[2]
            text = _PLACEHOLDER.sub("…", game.text(key, {}, lang))
            card = cards(kind, section).get(ident)
            name = _local_names(kind, section, lang).get(ident) or getattr(card, "name", None)
            shown = f"{name} ({ident})" if name else (text if section in ("action", "prompt") else f"{ident} · {text}")
            entry = Entry(kind, section, ident, shown, text, lang)
            out[entry.value] = entry
        written = guide.guide(kind, lang)
        if written is None:
            continue
        out[f"{kind}:{GUIDE}:0"] = Entry(kind, GUIDE, "0", written.title, written.pages[0].text, lang)
        for topic in written.topics:
            entry = Entry(kind, topic.section, topic.id, topic.name, topic.text, lang)
            out[entry.value] = entry
    return tuple(out.values())


def entries(lang: str) -> tuple[Entry, ...]:
    """Every rules entry of every registered game, in ``lang`` (English where untranslated), each
    carrying its names in the other languages."""
    return _entries(lang, tuple(sorted(registry.games())))


@cache
def _entries(lang: str, kinds: tuple[str, ...]) -> tuple[Entry, ...]:
    others = [{e.value: e.name for e in _own_entries(o, kinds)} for o in CATALOG.languages() if o != lang]
    return tuple(
        Entry(e.kind, e.section, e.id, e.name, e.text, e.lang, tuple(n[e.value] for n in others if e.value in n))
        for e in _own_entries(lang, kinds)
    )


def search(query: str, lang: str, limit: int = 25) -> list[Entry]:
    """Entries whose names (any language), id or text hold every word of ``query``, ignoring case and
    accents; entries whose name holds them all come first, guides first of all and steps last."""
    words = fold(query).split()

    def names(e: Entry) -> str:
        return fold(" ".join((e.label, *e.aliases)))

    found = [e for e in entries(lang) if all(w in f"{names(e)} {fold(e.id)} {fold(e.text)}" for w in words)]
    found.sort(key=lambda e: (not all(w in names(e) for w in words), e.section != GUIDE, e.section == "prompt"))
    return found[:limit]


def lookup(value: str, lang: str) -> Entry | None:
    """The entry for an autocomplete value, or the first search hit for free text."""
    for entry in entries(lang):
        if entry.value == value:
            return entry
    hits = search(value, lang, 1)
    return hits[0] if hits else None


def card_of(entry: Entry) -> Any | None:
    return cards(entry.kind, entry.section).get(entry.id)
