"""The ``/game`` sub-commands of results: a player's stats, the server's leaderboard, a finished game's replay."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.kit import access, params
from cogs.kit.game_group import subcommand
from cogs.results import reports as results


@subcommand("stats", "Results on this server: yours (privately) or another player's")
@app_commands.describe(player="Whose results (default: yours)", kind="Only this game")
@app_commands.autocomplete(kind=params.kind_autocomplete)
@access.server_only
async def stats(interaction: discord.Interaction, player: discord.User | None = None, kind: str | None = None) -> None:
    await results.stats(interaction, player, kind)


@subcommand("leaderboard", "This server's players ranked by skill rating")
@app_commands.describe(kind="Only this game")
@app_commands.autocomplete(kind=params.kind_autocomplete)
@access.server_only
async def leaderboard(interaction: discord.Interaction, kind: str | None = None) -> None:
    await results.leaderboard_answer(interaction, kind)


@subcommand("replay", "A finished game round by round (only you see it)")
@params.game_option(results.finished_autocomplete)
async def replay(interaction: discord.Interaction, game: int | None = None) -> None:
    await results.replay(interaction, await params.resolve_game(interaction, game))


COMMANDS = (stats, leaderboard, replay)
"""In the order Discord lists them."""
