"""Message catalogues: label keys with named placeholders, one catalogue per language.

Catalogues are flat TOML tables (``"imaginarium.choice.reserve" = "Reserve {machine} for {price}"``)
shipped as package resources. A missing key falls back to English, then to the key itself, so a
forgotten translation never breaks a move.

A message that depends on a number is a table of CLDR plural forms, chosen by the language's own
rules (Babel's CLDR data: French puts 0 and 1 in ``one``, English only 1)::

    "botfactory.event.tokens" = { by = "n", one = "{seat} gained {n} token", other = "{seat} gained {n} tokens" }

``by`` names the numeric parameter (default ``n``); ``other`` is required. No "(s)" anywhere.

French contracts a preposition with the article that follows it ("à le" → "au", "de les" → "des").
A template cannot write the contraction when the article comes from a parameter ("grâce à {assistant}"
with "le Ferrailleur"), so :meth:`Catalog.format` makes it where a template's text ends in "à"/"de"
and the parameter after it starts with "le "/"les " (:func:`contract`). Only there: a "de le" a
template writes itself is a pronoun ("avant de le faire") and stays.
"""

from __future__ import annotations

import re
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
        if found.split("-")[0] == "fr":
            return _fill_contracted(template, _Lenient(params))
        return string.Formatter().vformat(template, (), _Lenient(params))


_CONTRACTIONS = {("à", "le"): "au", ("à", "les"): "aux", ("de", "le"): "du", ("de", "les"): "des"}
_PREPOSITION = re.compile(r"(?<!\w)(à|À|de|De) $")
_ARTICLE = re.compile(r"(le|Le|les|Les) (?=\S)")
_VOWEL = re.compile(r"[aeiouàâäéèêëîïôöûüAEIOUÀÂÄÉÈÊËÎÏÔÖÛÜ]")
"""A vowel that elides "de" (not "y" nor "h": "de Yann", "de Hugo" keep it)."""


def contract(before: str, value: str) -> tuple[str, str]:
    """French: ``before`` (text ending in "à " or "de ") and ``value`` (starting with "le " or "les ")
    with the preposition and article contracted ("grâce à " + "le Ferrailleur" → "grâce " + "au
    Ferrailleur"); "de" before a vowel elided ("de " + "Ana" → "d’" + "Ana", "le rêve d’IA"); both
    unchanged otherwise. The preposition keeps its capital ("À le" → "Au", "De Ana" → "D’Ana")."""
    preposition = _PREPOSITION.search(before)
    if preposition is not None and preposition.group(1).lower() == "de" and _VOWEL.match(value):
        return before[: preposition.start()] + preposition.group(1)[0] + "’", value
    article = _ARTICLE.match(value)
    if preposition is None or article is None:
        return before, value
    word = _CONTRACTIONS[(preposition.group(1).lower(), article.group(1).lower())]
    if preposition.group(1)[0].isupper():
        word = word.capitalize()
    return before[: preposition.start()], word + value[article.end(1) :]


def _fill_contracted(template: str, params: _Lenient) -> str:
    """``template`` filled in like :meth:`string.Formatter.vformat`, contracting "à"/"de" in the
    template's text with "le"/"les" at the start of the parameter after it."""
    formatter = string.Formatter()
    parts: list[str] = []
    for literal, field, spec, conversion in formatter.parse(template):
        parts.append(literal)
        if field is None:
            continue
        obj, _ = formatter.get_field(field, (), params)
        value = formatter.format_field(formatter.convert_field(obj, conversion), spec or "")
        if parts[-1].endswith(" "):
            parts[-1], value = contract(parts[-1], value)
        parts.append(value)
    return "".join(parts)


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
