"""Every slash option checked against what the command declares, before discord.py reads it.

Discord's client only sends what a command declares, but a forged (or buggy) payload may send
anything, and discord.py passes option values through as they came: ``seats:"three"`` would reach a
handler as a string and fail as a bug ("Something went wrong"), a user option that is not a
snowflake would fail even before the handler. So the tree checks each option of a command (and of
an autocomplete) first: its name, its type (whole number, number, text, true/false, snowflake), its
range or length, and its offered choices; a missing required option too. A refusal is a short
private answer naming the option and what it accepts, and nothing runs. The option is named as the
reader's Discord client shows it (its translated name, :mod:`cogs.kit.translator`), so a French
client reads ``places`` where the code says ``seats``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import AppCommandOptionType as Kind
from discord import app_commands

from bot.words import CATALOG, t
from cogs.kit import context
from cogs.kit.answers import send_ephemeral

SNOWFLAKES = (Kind.user, Kind.channel, Kind.role, Kind.mentionable, Kind.attachment)


async def checked(interaction: discord.Interaction) -> bool:
    """True when every option of the command is as declared; otherwise answer privately and refuse."""
    if interaction.type not in (discord.InteractionType.application_command, discord.InteractionType.autocomplete):
        return True
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return True  # context menus take no options; an unknown command is discord.py's to refuse
    given = _leaf_options(interaction.data or {})
    problem = refusal(command.parameters, given, focused=interaction.type is discord.InteractionType.autocomplete)
    if problem is None:
        return True
    if interaction.type is discord.InteractionType.autocomplete:
        await interaction.response.autocomplete([])  # suggestions only: nothing to explain
        return False
    key, params = problem
    lang = await _lang(interaction)
    if "option" in params:
        params = {**params, "option": shown_name(command, str(params["option"]), lang)}
    await send_ephemeral(interaction, t(key, lang, **params))
    return False


def shown_name(command: app_commands.Command[Any, ..., Any], option: str, lang: str) -> str:
    """The name ``lang``'s Discord client shows for ``command``'s option ``option`` (its declared name;
    an option the command does not declare keeps the name it was sent with)."""
    parameter = next((p for p in command.parameters if p.display_name == option), None)
    if parameter is None:
        return option
    key = f"cmd.{command.qualified_name.replace(' ', '.')}.opt.{parameter.name}.name"
    translated = CATALOG.messages(lang).get(key)
    return translated if isinstance(translated, str) else option


async def _lang(interaction: discord.Interaction) -> str:
    try:
        return await context.lang_for(interaction)
    except Exception:  # shutting down: the client's language will do
        return context.spoken(interaction.locale) or "en"


def refusal(
    parameters: Sequence[app_commands.Parameter], given: Sequence[Mapping[str, Any]], *, focused: bool = False
) -> tuple[str, dict[str, Any]] | None:
    """``(message key, params)`` for the first option that is not as declared, or ``None``."""
    declared = {p.display_name: p for p in parameters}
    seen = set()
    for option in given:
        name = str(option.get("name", ""))[:32]
        parameter = declared.get(name)
        if parameter is None or name in seen:
            return "game.option.unknown", {"option": name}
        seen.add(name)
        if focused and option.get("focused"):
            continue  # what is being typed: suggestions only, checked when the command is sent
        problem = _value_problem(parameter, option.get("value"))
        if problem is not None:
            return problem
    for parameter in parameters:
        if parameter.required and parameter.display_name not in seen and not focused:
            return "game.option.missing", {"option": parameter.display_name}
    return None


def _value_problem(parameter: app_commands.Parameter, value: Any) -> tuple[str, dict[str, Any]] | None:
    name = parameter.display_name
    kind = parameter.type
    low, high = parameter.min_value, parameter.max_value
    if kind in (Kind.integer, Kind.number):
        whole = kind is Kind.integer
        fits = not isinstance(value, bool) and isinstance(value, int if whole else int | float)
        fits = fits and value == value  # NaN is not a number here
        if not fits or (low is not None and value < low) or (high is not None and value > high):
            base = "game.option.integer" if whole else "game.option.number"
            return _range_key(base, low, high), {"option": name, "low": low, "high": high}
    elif kind is Kind.boolean and not isinstance(value, bool):
        return "game.option.boolean", {"option": name}
    elif kind is Kind.string:
        if not isinstance(value, str):
            return "game.option.string", {"option": name}
        if high is not None and len(value) > high:
            return "game.option.too_long", {"option": name, "n": int(high)}
        if low is not None and len(value) < low:
            return "game.option.too_short", {"option": name, "n": int(low)}
    elif kind in SNOWFLAKES and not (
        isinstance(value, str | int) and not isinstance(value, bool) and str(value).isdigit()
    ):
        return f"game.option.{kind.name}", {"option": name}
    if parameter.choices and value not in [c.value for c in parameter.choices]:
        return "game.option.choice", {"option": name, "choices": ", ".join(f"`{c.name}`" for c in parameter.choices)}
    return None


def _range_key(base: str, low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"{base}_between"
    if low is not None:
        return f"{base}_from"
    if high is not None:
        return f"{base}_to"
    return base


def _leaf_options(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The options of the command itself, below its group and sub-command."""
    options = data.get("options") or []
    while options and isinstance(options[0], Mapping) and options[0].get("type") in (1, 2):
        options = options[0].get("options") or []
    return [o for o in options if isinstance(o, Mapping)]
