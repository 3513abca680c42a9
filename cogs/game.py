"""``/game``, gathered from the features that declare its sub-commands, and the routing of components.

Each feature package declares its own ``/game`` sub-commands (``cogs/<feature>/commands.py``, through
:mod:`cogs.kit.game_group`); this extension puts them in one group, in the order Discord lists them.
Errors reach the user through the tree's one error handler. It also registers the dynamic items that
route every button and menu the bot sends (:data:`cogs.routes.EVERY_ITEM`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord.ext import commands

from bot.words import t
from cogs.admin import commands as admin
from cogs.board import commands as board
from cogs.kit.context import lang_for, spoken
from cogs.kit.errors import UserFacingError
from cogs.kit.game_group import NAME, game_group
from cogs.links import commands as links
from cogs.lobby import commands as lobby
from cogs.results import commands as results
from cogs.routes import EVERY_ITEM
from cogs.table import commands as table
from cogs.tutorial import commands as tutorial

SUBCOMMANDS = (
    *lobby.COMMANDS,
    *table.COMMANDS,
    *board.COMMANDS,
    *tutorial.COMMANDS,
    *results.COMMANDS,
    *links.COMMANDS,
    *admin.COMMANDS,
)


class UnknownComponents(commands.Cog):
    """Answers clicks on components no dynamic item recognises (e.g. sent by an older version), and
    custom_ids that are not on the message they came from (discord.py drops those unanswered)."""

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        data: Mapping[str, Any] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        routed = any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in EVERY_ITEM)
        if routed and _on_message(interaction.message, custom_id):
            return
        await interaction.response.send_message(t("game.unknown_button", await _lang(interaction)), ephemeral=True)


async def _lang(interaction: discord.Interaction) -> str:
    """The reader's language, or their client's while the bot restarts (no service to ask)."""
    try:
        return await lang_for(interaction)
    except UserFacingError:
        return spoken(interaction.locale) or "en"


def _on_message(message: discord.Message | None, custom_id: str) -> bool:
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", (row,)):
            if getattr(child, "custom_id", None) == custom_id:
                return True
    return False


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*EVERY_ITEM)
    bot.tree.add_command(game_group(SUBCOMMANDS))
    await bot.add_cog(UnknownComponents())


async def teardown(bot: commands.Bot) -> None:
    bot.tree.remove_command(NAME)
    bot.remove_dynamic_items(*EVERY_ITEM)
