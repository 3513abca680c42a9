"""``/rules``: look up a card, action, step or rules topic by name (in any language the bot speaks), with
its picture and its rules in words, or open a game's "How to play" guide."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from cogs.kit.board_embed import task_fields
from cogs.kit.context import lang_for, public_lang_for, service_of
from cogs.kit.errors import UserFacingError
from cogs.kit.messages import COLOUR
from cogs.kit.text import EMBED_DESCRIPTION, FIELD_NAME, OPTION_TEXT, clip, title
from cogs.rules import guide
from cogs.rules import index as rulebook
from renders.api import render_card

CARD_FILE = "card.png"


class Rules(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="How to play, or the rules of a card, action, board or step")
    @app_commands.describe(
        name="Start typing a name, e.g. Charcoalette, Sandra or How to play", public="Show it to the channel"
    )
    async def rules(self, interaction: discord.Interaction, name: str, public: bool = False) -> None:
        lang = await (public_lang_for(interaction) if public else lang_for(interaction))
        entry = rulebook.lookup(name, lang)
        if entry is None:
            raise UserFacingError("no_rule", name=clip(name, 80))
        if entry.section == rulebook.GUIDE:
            embed, view = guide.page_message(entry.kind, 0, lang)
            await interaction.response.send_message(embed=embed, view=view, ephemeral=not public)
            return
        await interaction.response.defer(ephemeral=not public, thinking=True)
        embed = discord.Embed(title=entry.label, description=clip(entry.text, EMBED_DESCRIPTION), colour=COLOUR)
        if entry.section == rulebook.TASK and not public:
            for name, value in await _own_tasks(interaction, entry.kind, lang):
                embed.add_field(name=name, value=value, inline=False)
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


MAX_TASKS = 3
"""Solo games whose task a private ``/rules`` answer about a task lists."""


async def _own_tasks(interaction: discord.Interaction, kind: str, lang: str) -> list[tuple[str, str]]:
    """The task of each solo game of ``kind`` the user is playing, and how far along it is (the
    board's own field, from the public view), titled with its game."""
    service = service_of(interaction)
    games = await service.user_games(interaction.user.id, statuses=("active",))
    out: list[tuple[str, str]] = []
    for game in [g for g in games if g.kind == kind and len(g.seats) == 1][:MAX_TASKS]:
        table = await service.view(game.id, None)
        out += [(clip(f"{title(game)} — {name}", FIELD_NAME), value) for name, value in task_fields(table.view, lang)]
    return out


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rules(bot))
