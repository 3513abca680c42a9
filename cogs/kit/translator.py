"""Slash commands in the reader's language: names, descriptions, options and choices for Discord clients
set to a language the bot speaks (``discord.Locale.french`` → ``fr``).

discord.py wraps every command string in a ``locale_str`` and, when the tree syncs, asks the tree's
:class:`~discord.app_commands.Translator` for each Discord locale. Translations are keyed by *where*
the string sits, never by its English text, so rewording an English description keeps its French one:

- ``cmd.<qualified name>.name`` / ``.description`` for a group or command (``cmd.game.new.name``);
- ``cmd.<qualified name>.opt.<parameter>.name`` / ``.description`` for an option;
- ``cmd.choice.<value>`` for a fixed choice (a choice does not know its option; values are unique).

English is the source text in the code; ``bot/locale/en.toml`` holds the same strings under the same
keys so both catalogues have the same keys (a test checks they agree with the code). A locale the bot
has no catalogue for, or a string without an entry, gets ``None``: Discord then shows the English.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.words import CATALOG
from cogs.kit.context import spoken


def key_of(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalogue key of the string ``context`` describes (``None`` for strings the bot does not key)."""
    data: Any = context.data
    where = context.location
    if where in (Where.command_name, Where.group_name):
        return f"cmd.{_path(data)}.name"
    if where in (Where.command_description, Where.group_description):
        return f"cmd.{_path(data)}.description"
    if where is Where.parameter_name:
        return f"cmd.{_path(data.command)}.opt.{data.name}.name"
    if where is Where.parameter_description:
        return f"cmd.{_path(data.command)}.opt.{data.name}.description"
    if where is Where.choice_name:
        return f"cmd.choice.{data.value}"
    return None


def _path(command: app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu) -> str:
    return command.qualified_name.replace(" ", ".")


class Translator(app_commands.Translator):
    """Reads ``cmd.*`` keys of the Discord layer's catalogue for the locales the bot speaks, except English
    (the code's own text, which Discord shows by default)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        lang = spoken(locale)
        key = key_of(context)
        if lang is None or lang == CATALOG.default or key is None:
            return None
        message = CATALOG.messages(lang).get(key)
        return message if isinstance(message, str) else None
