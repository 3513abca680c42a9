"""The rules taught in the bot: "How to play" pages in both languages for both games, paged from the
board's Rules button and /rules, and /rules finding cards and topics by name in either language."""

from __future__ import annotations

import re
import tomllib
from importlib import resources

import pytest

from cogs.kit.text import EMBED_DESCRIPTION
from cogs.rules import guide
from cogs.rules import index as rulebook
from tests.cogs.conftest import ALICE, BOB, CAROL, StartBot
from tests.cogs.flows import open_game
from tests.support.discord.gateway import User

GAMES = ("imaginarium", "botfactory")
LANGS = ("en", "fr")
AMELIE = User(100_000_000_000_000_011, "amelie", locale="fr")
"""A player whose Discord client is in French and who chose no language."""

REQUIRED_TOPICS = {
    "imaginarium": {"repair", "dismantle", "reorganise", "transactions", "extract", "recruit", "daydream", "teams"},
    "botfactory": {
        "assembly",
        "parts",
        "projects",
        "finance",
        *(f"{b}{n}" for b, n in (("AS", 1), ("AS", 2), ("AS", 3), ("PP", 1), ("PP", 2), ("PP", 3))),
        "PR1",
        "PR2",
        "FI1",
        "FI2",
        "FI3",
        "wheel",
        "sandra",
        "contracts",
        "tokens",
        *(f"PT{n}" for n in range(1, 8)),
        "A",
        "B",
        "C",
        "D",
    },
}


def raw(kind: str, lang: str) -> dict[str, object]:
    return tomllib.loads(resources.files(f"engine.{kind}").joinpath("guide", f"{lang}.toml").read_text("utf-8"))


@pytest.mark.parametrize("kind", GAMES)
def test_guides_exist_in_both_languages_with_the_same_topics(kind: str) -> None:
    assert set(guide.languages(kind)) == set(LANGS)
    english, french = guide.guide(kind, "en"), guide.guide(kind, "fr")
    assert english is not None and french is not None and french.lang == "fr"
    assert len(english.pages) == len(french.pages) >= 6
    assert [t.id for t in english.topics] == [t.id for t in french.topics]
    assert [t.section for t in english.topics] == [t.section for t in french.topics]
    assert REQUIRED_TOPICS[kind] <= {t.id for t in english.topics}
    for written in (english, french):
        for page in written.pages:
            assert 200 < len(page.text) <= EMBED_DESCRIPTION - 100, page.title
        for topic in written.topics:
            assert topic.text and topic.name
    for ours, theirs in zip(english.pages, french.pages, strict=True):
        assert ours.text != theirs.text, ours.title


@pytest.mark.parametrize("kind", GAMES)
def test_guides_cover_the_whole_game(kind: str) -> None:
    """Goal, round, end, scoring and the variants are each taught somewhere in the pages."""
    needed = {
        "imaginarium": ("20", "planning", "implementation", "checking", "two players", "chimera", "team"),
        "botfactory": ("sandra", "wheel", "contract", "maintenance", "final scoring", "two players", "solo", "variant"),
    }[kind]
    found = guide.guide(kind, "en")
    assert found is not None
    text = " ".join(f"{p.title} {p.text}" for p in found.pages).lower()
    for word in needed:
        assert word in text, word


@pytest.mark.parametrize("kind", GAMES)
def test_french_guides_use_french_typography(kind: str) -> None:
    text = resources.files(f"engine.{kind}").joinpath("guide", "fr.toml").read_text("utf-8")
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    assert not re.search(r" [:;?!»]", body), re.search(r".{20} [:;?!»]", body)
    assert "(s)" not in body
    assert "\u00a0:" in body


def test_search_ignores_accents_and_finds_either_language() -> None:
    for lang in LANGS:
        assert rulebook.search("charbonneuse", lang)[0].value == "imaginarium:machine:P1"
        assert rulebook.search("Charcoalette", lang)[0].value == "imaginarium:machine:P1"
        assert rulebook.search("Sandra", lang)[0].value == "botfactory:piece:sandra"
        assert rulebook.search("contrat", lang)[0].value == "botfactory:piece:contracts"
        assert rulebook.search("reparer", lang)[0].value == "imaginarium:action:repair"
    assert rulebook.search("Charbonneuse", "fr")[0].name == "Charbonneuse (P1)"
    assert rulebook.search("Charbonneuse", "en")[0].name == "Charcoalette (P1)"


def test_every_imaginarium_card_is_found_by_its_french_name() -> None:
    from engine.imaginarium import loader

    for machine in loader.load().machines:
        hits = rulebook.search(rulebook.fold(machine.name_fr), "fr", 25)
        assert f"imaginarium:machine:{machine.serial}" in [h.value for h in hits], machine.name_fr


async def test_rules_autocomplete_in_french(start_bot: StartBot) -> None:
    harness = await start_bot()
    for typed, expected, shown in (
        ("charbonneuse", "imaginarium:machine:P1", "Charbonneuse"),
        ("Sandra", "botfactory:piece:sandra", "Sandra"),
        ("contrat", "botfactory:piece:contracts", "Contrats"),
    ):
        found = await harness.autocomplete(AMELIE, "rules", "name", name=typed)
        first = found.autocomplete[0]
        assert first["value"] == expected and shown in first["name"], (typed, first)
    card = await harness.slash(AMELIE, "rules", name="Charbonneuse")
    assert card.message is not None and card.message["attachments"][0]["filename"] == "card.png"
    assert "Charbonneuse" in card.text()
    assistant = await harness.slash(AMELIE, "rules", name="imaginarium:assistant:AS05")
    assert assistant.message is not None and assistant.message["attachments"][0]["filename"] == "card.png"
    assert "AS05" in assistant.text() and "Payez" in assistant.text()
    topic = await harness.slash(AMELIE, "rules", name="botfactory:piece:sandra")
    assert "La consultante" in topic.text() and topic.ephemeral


async def test_rules_button_pages_the_guide(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "botfactory")
    shown = await harness.click(CAROL, table.board_id, f"board:{table.game_id}:rules")
    assert shown.ephemeral and "How to play Bot Factory" in shown.text() and "0 machines" not in shown.text()
    assert shown.message is not None
    first = shown.message
    following = await harness.click(CAROL, first["id"], "guide:botfactory:1:n", as_shown=first)
    assert following.response_type == 7, "the page is turned in place on the private message"
    assert "Moving workers" in following.text() and "Page 2/10" in following.text()
    french = await harness.click(AMELIE, table.board_id, f"board:{table.game_id}:rules")
    assert "Comment jouer à Bot Factory" in french.text() and "Page 1/10" in french.text()


async def test_rules_opens_a_guide_and_a_public_click_answers_privately(start_bot: StartBot) -> None:
    harness = await start_bot()
    opened = await harness.slash(BOB, "rules", name="imaginarium:guide:0", public=True)
    assert not opened.ephemeral and "How to play Imaginarium" in opened.text()
    assert opened.message is not None
    turned = await harness.click(AMELIE, opened.message["id"], "guide:imaginarium:1:n")
    assert turned.ephemeral and "A. Planification" in turned.text(), "the clicker's page, in their language"
