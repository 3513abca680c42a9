"""``/rules``: look up a card, action or step by name, with its picture and its rules in words."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui import rulebook
from cogs.ui.context import lang_for
from cogs.ui.errors import UserFacingError
from cogs.ui.layouts import COLOUR
from cogs.ui.text import EMBED_DESCRIPTION, OPTION_TEXT, clip
from renders.api import render_card

CARD_FILE = "card.png"


class Rules(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="Rules of a machine, assistant, project, action or step")
    @app_commands.describe(name="Start typing a name, e.g. Charcoalette or Recruit", public="Show it to the channel")
    async def rules(self, interaction: discord.Interaction, name: str, public: bool = False) -> None:
        lang = await lang_for(interaction)
        entry = rulebook.lookup(name, lang)
        if entry is None:
            raise UserFacingError("no_rule", f"Nothing in the rules matches “{clip(name, 80)}”. Try another name.")
        await interaction.response.defer(ephemeral=not public, thinking=True)
        embed = discord.Embed(title=entry.label, description=clip(entry.text, EMBED_DESCRIPTION), colour=COLOUR)
        card = rulebook.card_of(entry)
        if card is None:
            await interaction.edit_original_response(embed=embed)
            return
        render = await asyncio.to_thread(render_card, card, lang=lang)
        embed.description = clip(render.text, EMBED_DESCRIPTION)
        embed.set_image(url=f"attachment://{CARD_FILE}")
        file = discord.File(io.BytesIO(render.png), filename=CARD_FILE)
        await interaction.edit_original_response(embed=embed, attachments=[file])

    @rules.autocomplete("name")
    async def _names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = await lang_for(interaction)
        return [
            app_commands.Choice(name=clip(e.label, OPTION_TEXT), value=e.value) for e in rulebook.search(current, lang)
        ]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rules(bot))
