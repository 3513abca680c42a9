"""Slash commands in French: every name Discord receives obeys its name rules, every description is
translated, and the English catalogue holds the code's own text under the same keys."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.words import CATALOG
from cogs.kit.translator import Translator, key_of
from tests.cogs.conftest import GUILD, StartBot
from tests.support.discord.server import FakeDiscord

NAME_RULE = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for command and option names (``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``):
letters and digits of any script, ``-`` and ``_``; ``\\w`` also admits ``_`` and digits, and nothing else."""


def check_name(name: str) -> None:
    assert NAME_RULE.match(name), f"{name!r} breaks Discord's name rule"
    assert name == name.lower(), f"{name!r} is not lowercase"


def walk(commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every command, sub-command and option payload, depth first."""
    out = []
    for command in commands:
        out.append(command)
        out += walk(command.get("options", []))
    return out


async def synced_commands(start_bot: StartBot, fake: FakeDiscord) -> list[dict[str, Any]]:
    harness = await start_bot()
    path = f"/applications/{harness.bot.application_id}/guilds/{GUILD.id}/commands"
    (sync,) = [r for r in fake.requests if r.method == "PUT" and r.path == path]
    assert isinstance(sync.json, list)
    return sync.json


async def test_every_french_name_obeys_discords_rules(start_bot: StartBot, fake: FakeDiscord) -> None:
    payloads = walk(await synced_commands(start_bot, fake))
    named = [p for p in payloads if "description" in p]
    assert len(named) > 40, "every command and option is in the synced payload"
    for payload in named:
        french = payload.get("name_localizations", {}).get("fr")
        assert french, f"{payload['name']} has no French name"
        check_name(french)
        described = payload["description_localizations"]["fr"]
        assert described != payload["description"], f"{payload['name']}: description not translated"
        assert 1 <= len(described) <= 100, f"{payload['name']}: French description of {len(described)} characters"


async def test_french_choices_are_translated(start_bot: StartBot, fake: FakeDiscord) -> None:
    payloads = walk(await synced_commands(start_bot, fake))
    choices = [c for p in payloads for c in p.get("choices", [])]
    missed = [c for c in choices if c["value"] == "replace-2"]
    french = "La place passe à une IA après 2 tours manqués"
    assert missed and all(c["name_localizations"]["fr"] == french for c in missed)
    assert all(1 <= len(c.get("name_localizations", {}).get("fr", "x")) <= 100 for c in choices)


async def test_sibling_names_stay_unique_in_french(start_bot: StartBot, fake: FakeDiscord) -> None:
    """Two options of one command, or two sub-commands of one group, may not share a French name."""

    def siblings(items: list[dict[str, Any]]) -> None:
        names = [i["name_localizations"]["fr"] for i in items if "description" in i]
        assert len(names) == len(set(names)), names
        for item in items:
            siblings(item.get("options", []))

    siblings(await synced_commands(start_bot, fake))


async def test_english_catalogue_holds_the_codes_text(start_bot: StartBot) -> None:
    """``cmd.*`` keys are by place; the English entries must say what the code says, so the French ones
    translate the right thing, and every ``cmd.*`` key of the catalogue names a real string."""
    harness = await start_bot()
    translator = Translator()
    seen: dict[str, str] = {}

    class Recorder(app_commands.Translator):
        async def translate(self, string: Any, locale: discord.Locale, context: Any) -> str | None:
            key = key_of(context)
            assert key is not None
            seen[key] = string.message
            return None

    for command in harness.bot.tree.get_commands():
        await command.get_translated_payload(harness.bot.tree, Recorder())
    native = {f"cmd.choice.{code}" for code in CATALOG.languages()}  # language names, in their own language
    english = {k: v for k, v in CATALOG.messages("en").items() if k.startswith("cmd.")}
    assert english == {k: v for k, v in seen.items() if k not in native}, "en.toml's cmd.* differ from the code"
    # the translator itself: French for fr, nothing for English or a language the bot does not speak
    context = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_name, harness.bot.tree.get_command("rules")
    )
    name = app_commands.locale_str("rules")
    assert await translator.translate(name, discord.Locale.french, context) == "règles"
    assert await translator.translate(name, discord.Locale.american_english, context) is None
    assert await translator.translate(name, discord.Locale.japanese, context) is None


@pytest.mark.parametrize("name", ["réglages", "mes-parties", "tour-manqué", "salon-parties", "écran"])
def test_name_rule_check_accepts_french_names(name: str) -> None:
    check_name(name)


@pytest.mark.parametrize("name", ["Règles", "mes parties", "a" * 33, "tour?"])
def test_name_rule_check_refuses_bad_names(name: str) -> None:
    with pytest.raises(AssertionError):
        check_name(name)
