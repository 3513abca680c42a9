"""Typed access from an interaction to the bot's parts, the reader's language, and the checks every
handler shares.

Language, in one place (``docs/discord.md``, *Languages*): a private answer speaks the user's own
choice (``/game profile language``), else the language the server's managers chose (``/bricabot
config language``), else the Discord client's locale, else English; a public message speaks the
server's chosen language, else the server's Discord locale, else English. Only languages the bot has a
catalogue for are ever returned.
"""

from __future__ import annotations

from typing import cast

import discord

from bot.service import GameInfo, GameService
from bot.words import CATALOG
from cogs.kit.bot import BaseBot
from cogs.kit.errors import UserFacingError


def bot_of(interaction: discord.Interaction) -> BaseBot:
    return cast(BaseBot, interaction.client)


def service_of(interaction: discord.Interaction) -> GameService:
    service = bot_of(interaction).service
    if service is None:
        raise UserFacingError("shutting_down")
    return service


def acting_host(interaction: discord.Interaction, game: GameInfo) -> int:
    """Whom a host-only action is done as: the user, or the host when the user has Manage Server there.

    The service knows hosts, not Discord permissions; a server's managers may run its games, so for
    them the action is made on the host's behalf.
    """
    user = interaction.user.id
    here = game.guild_id is not None and interaction.guild_id == game.guild_id
    if user != game.host_id and here and interaction.permissions.manage_guild:
        return game.host_id
    return user


def spoken(locale: discord.Locale | str | None) -> str | None:
    """The bot's language for a Discord locale (``fr`` → ``fr``, ``en-GB`` → ``en``), ``None`` if it has none."""
    if locale is None:
        return None
    code = str(locale.value if isinstance(locale, discord.Locale) else locale).split("-")[0].lower()
    return code if code in CATALOG.languages() else None


async def lang_for(interaction: discord.Interaction) -> str:
    """The language of a private (ephemeral) answer: the user's own choice, else the server's chosen
    language, else the user's Discord client locale, else English."""
    return await user_lang(service_of(interaction), interaction.user.id, interaction.guild_id, interaction.locale)


async def user_lang(
    service: GameService, user_id: int, guild_id: int | None, locale: discord.Locale | str | None = None
) -> str:
    """What one user reads privately, with or without an interaction (a DM about a game of ``guild_id``):
    their own choice, else that server's chosen language, else ``locale``, else English."""
    user, server = await service.chosen_langs(user_id, guild_id)
    return spoken(user) or spoken(server) or spoken(locale) or "en"


async def public_lang_for(interaction: discord.Interaction) -> str:
    """The language of a message everyone in the channel reads: the server's, whoever clicked."""
    return await server_lang(service_of(interaction), interaction.guild_id, interaction.guild_locale)


async def server_lang(service: GameService, guild_id: int | None, locale: discord.Locale | str | None) -> str:
    """A server's language for public messages: the one its managers chose, else ``locale`` (the
    server's Discord locale: ``interaction.guild_locale`` or ``guild.preferred_locale``), else English.
    Without a server (a DM), English unless ``locale`` says otherwise."""
    chosen = None if guild_id is None else (await service.chosen_langs(0, guild_id))[1]
    return spoken(chosen) or spoken(locale) or "en"


def require_private_message(interaction: discord.Interaction) -> None:
    """Refuse a panel or log control clicked on a message others can see.

    Such controls redraw the message they sit on with the clicker's screen or log, so they only ever
    act on an ephemeral message. The bot never puts them anywhere else; this keeps a bug or a forged
    payload from turning the public board into someone's screen.
    """
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        raise UserFacingError("not_private")
