"""Forged slash options: every one checked against its declared type, range and choices, answered
privately and specifically, and nothing done (never the generic "Something went wrong")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot import ai
from bot.service.models import GameKind
from bot.words import t
from cogs.kit.errors import UserFacingError
from cogs.kit.params import parse_options
from engine import registry
from tests.cogs.conftest import ALICE, BOB, StartBot
from tests.cogs.flows import open_game
from tests.support.discord import gateway
from tests.support.discord.harness import Exchange, Harness

BUG = "Something went wrong"


async def _forged(harness: Harness, command: str, options: list[dict[str, Any]], *, kind: int = 2) -> Exchange:
    """``/command`` with option payloads exactly as given (types and values as a forger sends them)."""
    names = command.split()
    opts = options
    for name in reversed(names[1:]):
        opts = [{"name": name, "type": 1, "options": opts}]
    data = {"id": str(gateway.snowflake()), "name": names[0], "type": 1, "options": opts}
    data["guild_id"] = str(harness.guild.id)
    return await harness.feed(harness.payload(kind, data, ALICE))


@pytest.mark.parametrize(
    ("command", "options", "answer"),
    [
        (
            "game new",
            [{"name": "kind", "type": 3, "value": "tiny"}, {"name": "seats", "type": 4, "value": "three"}],
            "`seats` must be a whole number.",
        ),
        (
            "game new",
            [{"name": "kind", "type": 3, "value": "tiny"}, {"name": "seats", "type": 4, "value": 99}],
            "Tiny is played with 1 to 4 seats, not 99.",
        ),
        (
            "game new",
            [{"name": "kind", "type": 3, "value": "tiny"}, {"name": "ai", "type": 4, "value": True}],
            "`ai` must be a whole number from 0 to 5.",
        ),
        (
            "game new",
            [{"name": "kind", "type": 3, "value": "tiny"}, {"name": "seats", "type": 4, "value": 2.5}],
            "`seats` must be a whole number.",
        ),
        ("game new", [{"name": "kind", "type": 3, "value": 7}], "`kind` must be text."),
        (
            "game new",
            [{"name": "kind", "type": 3, "value": "tiny"}, {"name": "timer", "type": 3, "value": "99h"}],
            "`timer` must be one of the offered choices",
        ),
        (
            "game new",
            [{"name": "kind", "type": 3, "value": "tiny"}, {"name": "bogus", "type": 3, "value": "x"}],
            "`bogus` is not an option of this command.",
        ),
        ("game new", [{"name": "seats", "type": 4, "value": 2}], "`kind` is needed."),
        ("game log", [{"name": "page", "type": 4, "value": 0}], "`page` must be a whole number, 1 or more."),
        ("game play", [{"name": "game", "type": 4, "value": "abc"}], "`game` must be a whole number."),
        ("game notify", [{"name": "on", "type": 5, "value": "yes"}], "`on` must be true or false."),
        (
            "game kick",
            [{"name": "player", "type": 6, "value": "not-a-user"}],
            "`player` must be someone picked from the list.",
        ),
    ],
)
async def test_a_forged_option_gets_a_specific_private_answer(
    start_bot: StartBot, command: str, options: list[dict[str, Any]], answer: str
) -> None:
    harness = await start_bot()
    refused = await _forged(harness, command, options)
    assert refused.ephemeral, refused.text()
    assert answer in refused.text() and BUG not in refused.text()
    assert harness.bot.service is not None and await harness.bot.service.games() == []


async def test_a_refusal_names_the_option_as_the_readers_client_shows_it(start_bot: StartBot) -> None:
    """A French client shows ``places`` for ``seats``: the refusal says ``places``, and a seat count the
    game cannot be played with is refused with the game's own range."""
    harness = await start_bot()
    options = [{"name": "kind", "type": 3, "value": "tiny"}, {"name": "seats", "type": 4, "value": "trois"}]
    data = {"id": str(gateway.snowflake()), "name": "game", "type": 1}
    data |= {"options": [{"name": "new", "type": 1, "options": options}], "guild_id": str(harness.guild.id)}
    payload = harness.payload(2, data, ALICE)
    payload["locale"] = "fr"
    refused = await harness.feed(payload)
    assert refused.ephemeral and "`places` doit être un nombre entier." in refused.text(), refused.text()
    options[1]["value"] = 9
    data["id"] = str(gateway.snowflake())
    payload = harness.payload(2, data, ALICE)
    payload["locale"] = "fr"
    beyond = await harness.feed(payload)
    assert beyond.ephemeral and "Tiny se joue de 1 à 4 places, pas 9." in beyond.text(), beyond.text()
    assert harness.bot.service is not None and await harness.bot.service.games() == []


async def test_forged_options_on_a_running_game_change_nothing(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    assert harness.bot.service is not None
    before = await harness.bot.service.game(table.game_id)
    replaced = await _forged(
        harness,
        "game replace",
        [{"name": "seat", "type": 4, "value": "1"}, {"name": "player", "type": 6, "value": str(BOB.id)}],
    )
    assert "`seat` must be a whole number from 1 to 25." in replaced.text()
    assert await harness.bot.service.game(table.game_id) == before


async def test_autocomplete_with_a_forged_option_suggests_nothing(start_bot: StartBot) -> None:
    harness = await start_bot()
    options = [
        {"name": "kind", "type": 3, "value": "ti", "focused": True},
        {"name": "seats", "type": 4, "value": "three"},
    ]
    suggested = await _forged(harness, "game new", options, kind=4)
    assert suggested.response_type == 8 and suggested.autocomplete == []
    fine = await harness.autocomplete(ALICE, "game new", "kind", kind="ti")
    assert [c["value"] for c in fine.autocomplete] == ["tiny"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_options_example_in_the_help_is_accepted(lang: str) -> None:
    """``/game new``'s help shows options to type: typed as shown, they are one game's real options."""
    help_text = t("cmd.game.new.opt.options.description", lang)
    example = re.search(r"(?:e\.g\.|par ex\.) (.+?) \(", help_text)
    assert example is not None, help_text
    accepted = []
    for g in registry.games().values():
        kind = GameKind(g.kind, g.title, g.min_seats, g.max_seats, g.option_specs, ai.policy_names(g))
        try:
            accepted.append(parse_options(kind, example.group(1)))
        except UserFacingError:  # the example is one game's; the others refuse it
            continue
    assert accepted == [{"chimera": True, "teams": True}], example.group(1)
