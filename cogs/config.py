"""``/bricabot config``: a server's defaults (language, turn timer), for members with Manage Server."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import TURN_TIMERS
from cogs.ui import params
from cogs.ui.context import service_of

TIMERS = [app_commands.Choice(name=name, value=name) for name in TURN_TIMERS]


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Config(commands.GroupCog, group_name="bricabot", group_description="Bricabot settings for this server"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="config", description="Server defaults: language and turn timer (Manage Server)")
    @app_commands.describe(language="Language of the boards and messages", timer="Default turn timer of new games")
    @app_commands.choices(language=params.language_choices(), timer=TIMERS)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def config(
        self, interaction: discord.Interaction, language: str | None = None, timer: str | None = None
    ) -> None:
        assert interaction.guild_id is not None
        service = service_of(interaction)
        current_lang, current_timer = await service.guild_settings(interaction.guild_id)
        lang, turn_timer = language or current_lang, timer or current_timer
        if (lang, turn_timer) != (current_lang, current_timer):
            await service.set_guild_settings(interaction.guild_id, lang=lang, turn_timer_name=turn_timer)
        await interaction.response.send_message(
            f"Server settings — language: **{lang}**, default turn timer: **{turn_timer}**.", ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Config(bot))
