"""The ``/rules`` index: every machine, assistant, project, action and step of every game, in words,
with the card's picture where the game can draw it.

The index is read from each game's message catalogue (``<kind>.<section>.<id>`` keys), so a new game
kind's rules appear without code here. Pictures need a card object for ``renders.api.render_card``;
:data:`CARD_SOURCES` names, per game kind, the function that lists them.
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine import registry

log = logging.getLogger("bricabot.rules")
_PLACEHOLDER = re.compile(r"\{\w+\}")
"""A message's named placeholder (e.g. ``{owed}``), shown as an ellipsis out of context."""

SECTIONS = {
    "machine": "Machine",
    "assistant": "Assistant",
    "project": "Project",
    "action": "Action",
    "prompt": "Step",
}
"""Catalogue sections that hold rules, and how each is named to players."""


def _imaginarium_machines() -> Mapping[str, object]:
    loader = importlib.import_module("engine.imaginarium.loader")
    views = importlib.import_module("engine.imaginarium.view_builder")
    return {card.serial: card for card in views.machine_cards(loader.load())}


CARD_SOURCES: dict[tuple[str, str], Callable[[], Mapping[str, object]]] = {
    ("imaginarium", "machine"): _imaginarium_machines,
}
"""(game kind, section) -> the drawable card objects of that section by id."""


@dataclass(frozen=True, slots=True)
class Entry:
    kind: str
    section: str
    id: str
    name: str
    text: str

    @property
    def value(self) -> str:
        """The autocomplete value: stable and short (``imaginarium:machine:P1``)."""
        return f"{self.kind}:{self.section}:{self.id}"

    @property
    def label(self) -> str:
        title = registry.get(self.kind).title
        return f"{title} · {SECTIONS[self.section]} · {self.name}"


@cache
def cards(kind: str, section: str) -> Mapping[str, object]:
    source = CARD_SOURCES.get((kind, section))
    if source is None:
        return {}
    try:
        return source()
    except Exception:
        log.warning("no card pictures for %s %s", kind, section, exc_info=True)
        return {}


def entries(lang: str) -> list[Entry]:
    """Every rules entry of every registered game, in ``lang`` (English where untranslated)."""
    out: list[Entry] = []
    for kind, game in sorted(registry.games().items()):
        keys = sorted(game.catalog.messages(game.catalog.default))
        for key in keys:
            parts = key.split(".")
            if len(parts) != 3 or parts[0] != kind or parts[1] not in SECTIONS:
                continue
            text = _PLACEHOLDER.sub("…", game.text(key, {}, lang))
            card = cards(kind, parts[1]).get(parts[2])
            name = getattr(card, "name", None)
            shown = f"{name} ({parts[2]})" if name else (text if parts[1] in ("action", "prompt") else parts[2])
            out.append(Entry(kind, parts[1], parts[2], shown, text))
    return out


def search(query: str, lang: str, limit: int = 25) -> list[Entry]:
    """Entries whose name, id or text contains every word of ``query``; name matches first."""
    words = query.lower().split()
    found = [e for e in entries(lang) if all(w in f"{e.label} {e.id} {e.text}".lower() for w in words)]
    found.sort(key=lambda e: not all(w in e.label.lower() for w in words))
    return found[:limit]


def lookup(value: str, lang: str) -> Entry | None:
    """The entry for an autocomplete value, or the first search hit for free text."""
    for entry in entries(lang):
        if entry.value == value:
            return entry
    hits = search(value, lang, 1)
    return hits[0] if hits else None


def overview(kind: str, lang: str) -> str:
    """A game's rules at a glance: its actions and steps in words, and what ``/rules`` can show."""
    mine = [e for e in entries(lang) if e.kind == kind]
    lines = []
    actions = [e.text for e in mine if e.section == "action"]
    if actions:
        lines.append("**Actions:** " + ", ".join(actions))
    counts = [
        f"{sum(e.section == s for e in mine)} {SECTIONS[s].lower()}s" for s in ("machine", "assistant", "project")
    ]
    lines.append("Look up any card, action or step with `/rules` (" + ", ".join(counts) + ").")
    return "\n".join(lines)


def card_of(entry: Entry) -> Any | None:
    return cards(entry.kind, entry.section).get(entry.id)
