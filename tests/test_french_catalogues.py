"""Every French message of every catalogue, rendered with sample parameters, reads as French is written:
prepositions contracted with the articles that follow them ("au", "du", "aux", "des", never "à le"),
a non-breaking space before ":", ";", "!" and "?", and the typographic apostrophe (’, never ').

The catalogues are found, not listed: every ``locale/`` folder of the project's packages is one, and
each must hold English and French messages, so a catalogue emptied by a move (its texts gone to
another floor) or a new one left untranslated fails here instead of going unchecked. The tutorials'
and the guides' French texts follow the same apostrophe.

The samples put names starting with "le " and "les " in every text parameter, so a template such as
"grâce à {assistant}" shows whether the catalogue machinery contracts it (:func:`engine.core.text.contract`).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core.text import Catalog, contract

ROOT = Path(__file__).resolve().parents[1]
FLOORS = ("engine", "renders", "bot", "cogs", "web", "console")
"""The project's top packages; a catalogue is a ``locale/`` folder anywhere inside one of them."""


def _catalogues() -> list[str]:
    found = []
    for floor in FLOORS:
        for folder in sorted((ROOT / floor).rglob("locale")):
            if folder.is_dir() and (folder.parent / "__init__.py").is_file():
                found.append(".".join(folder.parent.relative_to(ROOT).parts))
    return found


CATALOGUES = _catalogues()
SAMPLES = ("le Ferrailleur", "Les Inventeurs", "les robots rouges", "Le Comptable")
NUMBER = 2
UNCONTRACTED = re.compile(r"(?<!\w)(?:à|de) les?(?!\w)", re.IGNORECASE)
BARE = re.compile(r"(?<=[^\s\u00a0\u202f])[ ]?[:;!?]|(?<=\s)(?<![\u00a0\u202f])[:;!?]")
SPARED = re.compile(
    r"https?://\S+"  # links
    r"|`[^`]*`"  # code
    r"|<[^>]*>"  # Discord mentions, emoji and timestamps
    r"|:[a-z0-9_]+:"  # emoji codes
    r"|\d:\d"  # times (12:30)
    r"|\]\([^)]*\)"  # markdown link targets
    r"|[!?]{2,}|[!?][\"»)]"  # "?!" and punctuation closing a quote
)


def _fields(template: str) -> Iterator[tuple[str, str]]:
    for _, field, spec, _ in string.Formatter().parse(template):
        if field is not None:
            yield field, spec or ""


def _messages(package: str) -> Iterator[tuple[str, str, dict[str, object]]]:
    """Each French message of ``package`` rendered with every text parameter set to each sample."""
    catalog = Catalog(package)
    for key, message in sorted(catalog.messages("fr").items()):
        forms = [message] if isinstance(message, str) else [v for k, v in message.items() if k != "by"]
        by = "n" if isinstance(message, str) else message.get("by", "n")
        fields = {name: spec for form in forms for name, spec in _fields(form)}
        for sample in SAMPLES:
            params: dict[str, object] = {
                name: NUMBER if name == by or spec or name in {"n", "count", "number"} else sample
                for name, spec in fields.items()
            }
            for count in (1, NUMBER):
                if by in fields:
                    params[by] = count
                yield key, catalog.format(key, params, "fr"), params


def test_every_catalogue_is_found_and_holds_english_and_french_messages() -> None:
    assert {"bot", "engine.core", "engine.botfactory", "engine.imaginarium"} <= set(CATALOGUES)
    assert {"renders.botfactory", "renders.imaginarium"} <= set(CATALOGUES)
    for package in CATALOGUES:
        catalog = Catalog(package)
        assert {"en", "fr"} <= set(catalog.languages()), package
        english, french = catalog.messages("en"), catalog.messages("fr")
        assert english and french, f"{package}: an empty catalogue holds no message to check"
        assert set(english) == set(french), (package, sorted(set(english) ^ set(french))[:5])


@pytest.mark.parametrize("package", CATALOGUES)
def test_french_uses_the_typographic_apostrophe(package: str) -> None:
    wrong = {key: text for key, text, _ in _messages(package) if "'" in text}
    assert wrong == {}


@pytest.mark.parametrize(
    "path", sorted(ROOT.glob("engine/*/tutorial/fr.toml")) + sorted(ROOT.glob("engine/*/guide/fr.toml"))
)
def test_french_lessons_and_guides_use_the_typographic_apostrophe(path: Path) -> None:
    texts = [line for line in path.read_text("utf-8").splitlines() if not line.lstrip().startswith("#")]
    assert [line for line in texts if "'" in line] == []


@pytest.mark.parametrize("package", CATALOGUES)
def test_french_contracts_prepositions_with_articles(package: str) -> None:
    wrong = {key: text for key, text, _ in _messages(package) if UNCONTRACTED.search(text)}
    assert wrong == {}


@pytest.mark.parametrize("package", CATALOGUES)
def test_french_puts_a_non_breaking_space_before_high_punctuation(package: str) -> None:
    wrong = {}
    for key, text, _ in _messages(package):
        if BARE.search(SPARED.sub("", text)):
            wrong[key] = text
    assert wrong == {}


def test_contraction_is_made_where_a_parameter_starts_with_the_article() -> None:
    catalog = Catalog("engine.imaginarium")
    key = "imaginarium.event.assistant_bonus"
    params = {"seat": "Ana", "gain": "2 charboniums", "assistant": "le Ferrailleur", "machine": "la Scie"}
    said = catalog.format(key, params, "fr")
    assert said == "Ana a obtenu 2 charboniums de plus grâce au Ferrailleur en démontant la Scie"
    params["assistant"] = "les Jumeaux"
    assert "grâce aux Jumeaux" in catalog.format(key, params, "fr")


def test_contraction_keeps_the_capital_and_spares_other_words() -> None:
    assert contract("À ", "les robots") == ("", "Aux robots")
    assert contract("Grâce à ", "Le Ferrailleur") == ("Grâce ", "au Ferrailleur")
    assert contract("il vide ", "les tiroirs") == ("il vide ", "les tiroirs")
    assert contract("près de ", "lest") == ("près de ", "lest")
    assert contract("de ", "la Scie") == ("de ", "la Scie")


def test_de_is_elided_before_a_vowel() -> None:
    assert contract("le rêve de ", "IA · normal") == ("le rêve d’", "IA · normal")
    assert contract("De ", "Ana") == ("D’", "Ana")
    assert contract("la place de ", "Élodie") == ("la place d’", "Élodie")
    assert contract("la place de ", "Bea") == ("la place de ", "Bea")
    assert contract("de ", "3 robots") == ("de ", "3 robots")
    assert contract("fonde ", "Ana") == ("fonde ", "Ana")
    assert contract("la place de ", "Yann") == ("la place de ", "Yann")
