"""Localising message parameters: params carry codes (card serials, goods codes, action names,
project and assistant ids) so a log line can be rendered in any language; :func:`localise` turns them
into words, with each language's plural forms for counted goods."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.text import Catalog
from engine.imaginarium.cards import CODES, GOODS
from engine.imaginarium.loader import load

MACHINE_KEYS = ("machine", "onto", "top", "instead")
GOODS_KEYS = ("cost", "gain", "goods", "reward", "short", "list", "double")
WORD_KEYS = {
    "action": "action",
    "first": "action",
    "second": "action",
    "reason": "end",
    "fragment": "fragment",
    "project": "project_name",
    "assistant": "assistant_name",
    "first_does": "does",
    "second_does": "does",
    "instead_assistant": "assistant_name",
    "instead_fragment": "fragment",
}
LIST_KEYS = {"projects": "project_name", "fragments": "fragment", "still": "action"}
"""Parameters holding a comma-separated list of codes, written as one phrase ("a and b")."""
COUNTS = ("count", "amount", "n")
"""Parameters that count the ``good`` of the same message (its plural form follows them)."""


def _machine(serial: str, lang: str) -> str:
    data = load(chimera=True)  # every card name, the expansion's included
    names = []
    for part in serial.split("+"):
        m = data.by_serial.get(part)
        names.append(part if m is None else (m.name_fr if lang == "fr" else m.name))
    return " + ".join(names)


def _and(catalog: Catalog, items: list[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the language."""
    if len(items) < 2:
        return "".join(items)
    return catalog.format("imaginarium.list.and", {"head": ", ".join(items[:-1]), "last": items[-1]}, lang)


def good_name(catalog: Catalog, code: str, count: int, lang: str) -> str:
    """The name of a good (``GOODS`` name) in the form its ``count`` calls for ("1 crystal", "2 crystals")."""
    return catalog.format(f"imaginarium.good.{code}", {"n": count}, lang)


def _goods(code: str, catalog: Catalog, lang: str) -> str:
    if not code:
        return catalog.format("imaginarium.goods.none", {}, lang)
    parts = []
    for item in code.split("+"):
        code_, count = item[:2], item[2:]
        if code_ in CODES and count.isdigit():
            parts.append(f"{count} {good_name(catalog, GOODS[CODES.index(code_)], int(count), lang)}")
        else:
            parts.append(item)
    return _and(catalog, parts, lang)


def localise(catalog: Catalog, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    out = dict(params)
    for key, value in params.items():
        if not isinstance(value, str):
            continue
        if key in MACHINE_KEYS:
            out[key] = _machine(value, lang)
        elif key in GOODS_KEYS:
            out[key] = _goods(value, catalog, lang)
        elif key == "good":
            count = next((params[c] for c in COUNTS if isinstance(params.get(c), int)), 1)
            out[key] = good_name(catalog, value, count, lang)
        elif key in WORD_KEYS:
            out[key] = catalog.format(f"imaginarium.{WORD_KEYS[key]}.{value}", {}, lang)
        elif key in LIST_KEYS:
            words = [catalog.format(f"imaginarium.{LIST_KEYS[key]}.{v}", {}, lang) for v in value.split(",") if v]
            out[key] = _and(catalog, words, lang)
    return out
