"""Typed access from an interaction to the bot's parts, and the checks every handler shares."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord

from bot.service import GameInfo, GameService
from cogs.ui.errors import UserFacingError

if TYPE_CHECKING:
    from bot.bootstrap import Bricabot


def bot_of(interaction: discord.Interaction) -> Bricabot:
    return cast("Bricabot", interaction.client)


def service_of(interaction: discord.Interaction) -> GameService:
    service = bot_of(interaction).service
    if service is None:
        raise UserFacingError("shutting_down", "Bricabot is restarting; try again in a minute.")
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


async def lang_for(interaction: discord.Interaction) -> str:
    """The reader's language: their own setting (English unless they chose another)."""
    return await service_of(interaction).user_lang(interaction.user.id)


def require_private_message(interaction: discord.Interaction) -> None:
    """Refuse a panel or log control clicked on a message others can see.

    Such controls redraw the message they sit on with the clicker's screen or log, so they only ever
    act on an ephemeral message. The bot never puts them anywhere else; this keeps a bug or a forged
    payload from turning the public board into someone's screen.
    """
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        raise UserFacingError(
            "not_private",
            "That control belongs on your private panel: press **Play / My screen** on the board for yours.",
        )
