"""The ``/game`` sub-commands that show the public side on demand: a game's board, the games of a
channel or server, and a user's own games everywhere."""

from __future__ import annotations

import discord

from cogs.board import overview
from cogs.kit import access, params
from cogs.kit.game_group import subcommand


@subcommand("board", "The current board (only you see this copy)")
@params.game_option()
async def board(interaction: discord.Interaction, game: int | None = None) -> None:
    await overview.board(interaction, await params.resolve_game(interaction, game))


@subcommand("list", "Lobbies and running games here, and whose turn it is")
@access.server_only
async def list_(interaction: discord.Interaction) -> None:
    await overview.listing(interaction)


@subcommand("mine", "Your games in every server: what to do and by when")
async def mine(interaction: discord.Interaction) -> None:
    await overview.mine(interaction)


COMMANDS = (board, list_, mine)
"""In the order Discord lists them."""
