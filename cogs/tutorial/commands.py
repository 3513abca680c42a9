"""``/game tutorial``: start or resume a game's tutorial, privately."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.kit.game_group import subcommand
from cogs.tutorial import flow


@subcommand("tutorial", "Learn a game by playing it, step by step (only you see it)")
@app_commands.describe(
    kind="Which game (default: the first with a tutorial)", chapter="Only this chapter (default: all, in order)"
)
@app_commands.autocomplete(kind=flow.kind_autocomplete, chapter=flow.chapter_autocomplete)
async def tutorial(interaction: discord.Interaction, kind: str | None = None, chapter: str | None = None) -> None:
    await flow.start(interaction, kind, chapter)


COMMANDS = (tutorial,)
