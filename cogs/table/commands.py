"""The ``/game`` sub-commands of a player's private table: their screen and moves, and the game's log."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.kit import params
from cogs.kit.game_group import subcommand
from cogs.table import log as history
from cogs.table import screen as table


@subcommand("play", "Your screen and your moves (only you see them)")
@params.game_option()
async def play(interaction: discord.Interaction, game: int | None = None) -> None:
    info = await params.resolve_game(interaction, game)
    await table.open_panel(interaction, info.id)


@subcommand("screen", "Your hidden screen and pending decision (only you see it)")
@params.game_option()
async def screen(interaction: discord.Interaction, game: int | None = None) -> None:
    info = await params.resolve_game(interaction, game)
    await table.open_panel(interaction, info.id)


@subcommand("log", "What happened so far, newest last")
@params.game_option()
@app_commands.describe(page="1 is the latest page")
async def log(interaction: discord.Interaction, game: int | None = None, page: app_commands.Range[int, 1] = 1) -> None:
    info = await params.resolve_game(interaction, game)
    await history.show(interaction, info.id, page - 1, edit=False)


COMMANDS = (play, screen, log)
"""In the order Discord lists them."""
