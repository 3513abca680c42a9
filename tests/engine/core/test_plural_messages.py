"""Plural-aware catalogue messages follow each language's CLDR rules."""

from __future__ import annotations

from pathlib import Path

from engine.core.text import Catalog, plural_form


def _catalog(tmp_path: Path, monkeypatch: object) -> Catalog:
    package = tmp_path / "pluralpkg"
    (package / "locale").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "locale" / "en.toml").write_text(
        '"x.tokens" = { one = "{n} token", other = "{n} tokens" }\n'
        '"x.robots" = { by = "count", one = "{count} robot left", other = "{count} robots left" }\n'
        '"x.plain" = "plain {a}"\n'
    )
    (package / "locale" / "fr.toml").write_text('"x.tokens" = { one = "{n} jeton", other = "{n} jetons" }\n')
    monkeypatch.syspath_prepend(str(tmp_path))  # type: ignore[attr-defined]
    return Catalog("pluralpkg")


def test_english_and_french_rules_differ_on_zero(tmp_path: Path, monkeypatch: object) -> None:
    catalog = _catalog(tmp_path, monkeypatch)
    assert [catalog.format("x.tokens", {"n": n}, "en") for n in (0, 1, 2)] == ["0 tokens", "1 token", "2 tokens"]
    assert [catalog.format("x.tokens", {"n": n}, "fr") for n in (0, 1, 2)] == ["0 jeton", "1 jeton", "2 jetons"]


def test_named_count_and_fallback_to_english(tmp_path: Path, monkeypatch: object) -> None:
    catalog = _catalog(tmp_path, monkeypatch)
    assert catalog.format("x.robots", {"count": 1}, "fr") == "1 robot left"
    assert catalog.format("x.robots", {"count": 3}, "en") == "3 robots left"
    assert catalog.format("x.plain", {"a": 1}, "fr") == "plain 1"


def test_plural_form_of_non_numbers_is_other() -> None:
    assert plural_form("three", "en") == "other"
    assert plural_form(None, "fr") == "other"
    assert plural_form(1, "xx") == "one"
