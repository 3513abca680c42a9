"""``/game web``: a link to a game's web page, a spectator link, or every link of the user revoked."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.kit import params
from cogs.kit.game_group import subcommand
from cogs.links import web as links


@subcommand("web", "A private link to a game's page on the web, or a spectator link")
@params.game_option()
@app_commands.describe(
    spectator="A link to share: the public table only, for anyone who may see the game's channel",
    revoke="Make every link you were given stop working (then ask again for a new one)",
)
async def web(
    interaction: discord.Interaction, game: int | None = None, spectator: bool = False, revoke: bool = False
) -> None:
    if revoke:
        await links.revoke(interaction)
        return
    await links.give(interaction, await params.resolve_game(interaction, game), spectator)


COMMANDS = (web,)
