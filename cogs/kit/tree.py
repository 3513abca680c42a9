"""The bot's command tree: every slash command's options checked first, one error handler for all."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.kit import options
from cogs.kit.answers import accepting, report


class BricabotTree(app_commands.CommandTree[discord.Client]):
    """The command tree whose ``on_error`` is the one error handler for slash commands, and which checks
    every option against its command's declaration first (:mod:`cogs.kit.options`), once the bot takes
    interactions at all (not while it stops)."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await accepting(interaction) and await options.checked(interaction)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report(interaction, error)
