"""Message catalogues: label keys with named placeholders, one catalogue per language.

Catalogues are flat TOML tables (``"imaginarium.choice.reserve" = "Reserve {machine} for {price}"``)
shipped as package resources. A missing key falls back to English, then to the key itself, so a
forgotten translation never breaks a move.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    """Messages by language, loaded lazily from ``<package>/<folder>/<lang>.toml``."""

    def __init__(self, package: str, folder: str = "locale", default: str = "en") -> None:
        self.package = package
        self.folder = folder
        self.default = default
        self._cache: dict[str, dict[str, str]] = {}

    def messages(self, lang: str) -> dict[str, str]:
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
        template = self.messages(lang).get(key) or self.messages(self.default).get(key)
        if template is None:
            return key if not params else f"{key} {dict(params)}"
        return string.Formatter().vformat(template, (), _Lenient(params))


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, full + "."))
        else:
            out[full] = str(value)
    return out
