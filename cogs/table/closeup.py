"""The board on demand, privately: the full board for large screens, or one area up close.

The board message shows phone-sized parts; its "Full board" button and "Zoom" menu answer the
clicker alone (ephemeral) with the desktop-sized picture or one area of it (the belt, a room, a
seat's workshop...) at full size. Both draw a spectator's view, so they show public information only,
and reach here only for a user who may see the game (:mod:`cogs.routes` checks it through
:mod:`cogs.kit.access` before calling).
"""

from __future__ import annotations

import discord

from bot.service import GameInfo
from bot.words import t
from cogs.kit import images
from cogs.kit.context import lang_for, service_of
from cogs.kit.errors import UserFacingError
from cogs.kit.text import EMBED_DESCRIPTION, clip, title

FULL_FILE = "board-full.png"


async def full_board(interaction: discord.Interaction, game: GameInfo) -> None:
    """The whole public table at desktop size, for the clicker only."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    lang = await lang_for(interaction)
    table = await service_of(interaction).view(game.id, None)
    render = await images.board(table, lang)
    embed = discord.Embed(
        title=t("closeup.full_title", lang, game=title(table.game)), description=clip(render.text, EMBED_DESCRIPTION)
    )
    embed.set_image(url=f"attachment://{FULL_FILE}")
    embed.set_footer(text=t("closeup.footer", lang, move=table.game.version))
    await interaction.edit_original_response(embed=embed, attachments=[images.as_file(render, FULL_FILE)])


async def zoom(interaction: discord.Interaction, game: GameInfo, area: str) -> None:
    """One area of the public table at full size, for the clicker only; an area the table does not
    have (a forged value, or a seat of another table size) gets a private refusal."""
    lang = await lang_for(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await service_of(interaction).view(game.id, None)
    labels = dict(images.zoom_areas(table, lang))
    if area not in labels:
        raise UserFacingError("zoom_area")
    render = await images.zoom(table, area, lang)
    embed = discord.Embed(
        title=t("closeup.zoom_title", lang, area=labels[area], game=title(table.game)),
        description=clip(render.text, EMBED_DESCRIPTION),
    )
    embed.set_image(url=f"attachment://{images.ZOOM_FILE}")
    embed.set_footer(text=t("closeup.footer", lang, move=table.game.version))
    await interaction.edit_original_response(embed=embed, attachments=[images.as_file(render, images.ZOOM_FILE)])
