"""Message catalogues: label keys with named placeholders, one catalogue per language.

Catalogues are flat TOML tables (``"imaginarium.choice.reserve" = "Reserve {machine} for {price}"``)
shipped as package resources. A missing key falls back to English, then to the key itself, so a
forgotten translation never breaks a move.

A message that depends on a number is a table of CLDR plural forms, chosen by the language's own
rules (Babel's CLDR data: French puts 0 and 1 in ``one``, English only 1)::

    "botfactory.event.tokens" = { by = "n", one = "{seat} gained {n} token", other = "{seat} gained {n} tokens" }

``by`` names the numeric parameter (default ``n``); ``other`` is required. No "(s)" anywhere.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

from babel import Locale, UnknownLocaleError

PLURAL_FORMS = frozenset({"zero", "one", "two", "few", "many", "other"})


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    """Messages by language, loaded lazily from ``<package>/<folder>/<lang>.toml``."""

    def __init__(self, package: str, folder: str = "locale", default: str = "en") -> None:
        self.package = package
        self.folder = folder
        self.default = default
        self._cache: dict[str, dict[str, str | dict[str, str]]] = {}

    def messages(self, lang: str) -> dict[str, str | dict[str, str]]:
        if lang not in self._cache:
            path = resources.files(self.package).joinpath(self.folder, f"{lang}.toml")
            self._cache[lang] = _flatten(tomllib.loads(path.read_text("utf-8"))) if path.is_file() else {}
        return self._cache[lang]

    def languages(self) -> list[str]:
        folder = resources.files(self.package).joinpath(self.folder)
        return sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))

    def has(self, key: str, lang: str | None = None) -> bool:
        return key in self.messages(lang or self.default)

    def format(self, key: str, params: Mapping[str, Any], lang: str = "en") -> str:
        found = lang if key in self.messages(lang) else self.default
        message = self.messages(found).get(key)
        if message is None:
            return key if not params else f"{key} {dict(params)}"
        template = message if isinstance(message, str) else plural_choice(message, params, found)
        return string.Formatter().vformat(template, (), _Lenient(params))


def plural_form(count: Any, lang: str) -> str:
    """The CLDR plural category of ``count`` in ``lang`` ("one", "other", …); "other" when not a number."""
    if isinstance(count, bool) or not isinstance(count, int | float):
        return "other"
    return _locale(lang).plural_form(abs(count))


def plural_choice(forms: Mapping[str, str], params: Mapping[str, Any], lang: str) -> str:
    """The template of a plural table for the count named by its ``by`` entry (default ``n``)."""
    category = plural_form(params.get(forms.get("by", "n")), lang)
    return forms.get(category) or forms["other"]


_LOCALES: dict[str, Locale] = {}


def _locale(lang: str) -> Locale:
    if lang not in _LOCALES:
        try:
            _LOCALES[lang] = Locale.parse(lang.replace("-", "_"))
        except (ValueError, UnknownLocaleError):
            _LOCALES[lang] = Locale.parse("en")
    return _LOCALES[lang]


def _is_plural(value: Mapping[str, Any]) -> bool:
    return "other" in value and set(value) <= PLURAL_FORMS | {"by"}


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str | dict[str, str]]:
    out: dict[str, str | dict[str, str]] = {}
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, Mapping) and _is_plural(value):
            out[full] = {k: str(v) for k, v in value.items()}
        elif isinstance(value, Mapping):
            out.update(_flatten(value, full + "."))
        else:
            out[full] = str(value)
    return out
