"""Localising message parameters: params carry codes (card serials, goods codes, action names) so a
log line can be rendered in any language; :func:`localise` turns them into words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.text import Catalog
from engine.imaginarium.cards import CODES, GOODS
from engine.imaginarium.loader import load

MACHINE_KEYS = ("machine", "onto")
GOODS_KEYS = ("cost", "gain", "goods", "reward")
WORD_KEYS = {"good": "good", "action": "action", "first": "action", "second": "action", "reason": "end"}
WORD_KEYS |= {"fragment": "fragment"}


def _machine(serial: str, lang: str) -> str:
    data = load(chimera=True)  # every card name, the expansion's included
    names = []
    for part in serial.split("+"):
        m = data.by_serial.get(part)
        names.append(part if m is None else (m.name_fr if lang == "fr" else m.name))
    return " + ".join(names)


def _goods(code: str, catalog: Catalog, lang: str) -> str:
    if not code:
        return catalog.format("imaginarium.goods.none", {}, lang)
    parts = []
    for item in code.split("+"):
        code_, count = item[:2], item[2:]
        name = catalog.format(f"imaginarium.good.{GOODS[CODES.index(code_)]}", {}, lang) if code_ in CODES else code_
        parts.append(f"{count} {name}")
    return ", ".join(parts)


def localise(catalog: Catalog, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    out = dict(params)
    for key, value in params.items():
        if key in MACHINE_KEYS and isinstance(value, str):
            out[key] = _machine(value, lang)
        elif key in GOODS_KEYS and isinstance(value, str):
            out[key] = _goods(value, catalog, lang)
        elif key in WORD_KEYS and isinstance(value, str):
            out[key] = catalog.format(f"imaginarium.{WORD_KEYS[key]}.{value}", {}, lang)
    return out
