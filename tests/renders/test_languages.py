"""Renders in French say everything in French, and in English everything in English: the text
summaries of a sample table of each game hold no word of a small list of the other language's
commonest words, machine names follow the language, and both render catalogues have the same keys."""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from typing import Any

import pytest

from console.commands.render import play
from engine import registry
from engine.core.text import _flatten
from engine.imaginarium.loader import load
from renders.api import render_board, render_board_parts, render_final, render_screen
from renders.kit.typography import punctuate

ENGLISH = (
    "the",
    "and",
    "Round",
    "Seat",
    "Workshop",
    "Workshops",
    "empty",
    "none",
    "nobody",
    "cards",
    "Deck",
    "price",
    "level",
    "Now",
    "Goal",
    "under",
    "Player",
    "Players",
    "left",
    "parts",
    "contracts",
    "robots left",
    "Game over",
    "reserved",
    "done by",
    "assembly",
)
FRENCH = (
    "Manche",
    "vide",
    "aucun",
    "cartes",
    "Atelier",
    "Ateliers",
    "Joueur",
    "Joueurs",
    "Pioche",
    "prix",
    "niveau",
    "Objectif",
    "personne",
    "sous",
    "avec",
    "les",
    "une",
    "pour",
    "Siège",
    "Place",
    "restants",
    "réalisé",
)
TABLES = {"imaginarium": (4, {"chimera": True}), "botfactory": (3, {"variant": 1})}


def _texts(kind: str, lang: str) -> str:
    seats, options = TABLES[kind]
    game = registry.get(kind)
    mid = play(kind, seats, 5, until_round=3, options=options)
    done = play(kind, seats, 5, until_round=None, options=options)
    public = game.view(mid.state, None)
    texts = [render_board(public, lang=lang).text, render_final(game.view(done.state, None), lang=lang).text]
    texts += [part.text for part in render_board_parts(public, lang=lang)]
    texts += [render_screen(game.view(mid.state, seat), lang=lang).text for seat in range(seats)]
    return "\n".join(texts)


def _leftovers(text: str, words: tuple[str, ...]) -> list[str]:
    return [word for word in words if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)]


@pytest.mark.parametrize("kind", sorted(TABLES))
def test_french_renders_have_no_english_leftovers_and_english_no_french(kind: str) -> None:
    french, english = _texts(kind, "fr"), _texts(kind, "en")
    assert not _leftovers(french, ENGLISH), french
    assert not _leftovers(english, FRENCH), english
    assert french != english
    assert not re.search(r"\w ?[:;](?=\s)", french), "French puts a non-breaking space before : and ;"
    assert not re.search(r"(?i)pièces\W+aucun\b", french), "parts are feminine: « aucune »"


def test_machine_names_are_the_engines_in_each_language() -> None:
    seats, options = TABLES["imaginarium"]
    game = registry.get("imaginarium")
    public = game.view(play("imaginarium", seats, 5, until_round=3, options=options).state, None)
    french = "\n".join(part.text for part in render_board_parts(public, lang="fr"))
    english = "\n".join(part.text for part in render_board_parts(public, lang="en"))
    data = load(chimera=True)
    shown = [slot.card.serial for slot in public.belt if slot.card is not None]
    assert shown
    for serial in shown:
        card = data.by_serial[serial]
        assert card.name_fr in french and card.name in english
        if card.name_fr != card.name:
            assert card.name not in french
    assert "Charbonneuse" in french and "Charcoalette" not in french  # every workshop starts with one


@pytest.mark.parametrize("package", ["renders.imaginarium", "renders.botfactory"])
def test_render_catalogues_have_the_same_keys_in_english_and_french(package: str) -> None:
    def keys(lang: str) -> dict[str, Any]:
        path = resources.files(package).joinpath("locale", f"{lang}.toml")
        return _flatten(tomllib.loads(path.read_text("utf-8")))

    english, french = keys("en"), keys("fr")
    assert set(english) == set(french)
    for key, message in french.items():
        if isinstance(message, str):
            assert "(s)" not in message and not re.search(r"\w [:;?!]", message), (key, message)


def test_french_spacing_before_colons_and_semicolons_only_in_french() -> None:
    assert punctuate("Deck: 3; Seat 🎲: ok", "fr") == "Deck\u00a0: 3\u00a0; Seat 🎲\u00a0: ok"
    assert punctuate("Rapport : x, 12:30", "fr") == "Rapport\u00a0: x, 12:30"
    assert punctuate("Deck: 3; done", "en") == "Deck: 3; done"


def test_a_french_solo_table_names_vilelas_board_in_french() -> None:
    game = registry.get("botfactory")
    public = game.view(play("botfactory", 1, 5, until_round=4, options={"task": "A"}).state, None)
    french = "\n".join(part.text for part in render_board_parts(public, lang="fr"))
    assert "Vilela" in french
    assert not _leftovers(french, ("assembly", "parts", "projects", "finance")), french
