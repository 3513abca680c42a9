"""The post-game report as the final-scores message carries it, and the colour of every results embed
(stats, leaderboards, replays, the report)."""

from __future__ import annotations

import discord

from bot.service import GameInfo, GameService
from bot.service.report import drawn_report
from cogs.kit.images import as_file
from cogs.kit.text import EMBED_DESCRIPTION, clip

COLOUR = discord.Colour.from_rgb(255, 200, 61)
REPORT_FILE = "report.png"


async def final_report(service: GameService, game: GameInfo, lang: str) -> tuple[discord.Embed, discord.File]:
    """The post-game report for the final-scores message: its embed and its picture (the game has
    ended, so the round-by-round history, hidden quantities included, may be shown)."""
    shown, drawn = await drawn_report(service.store, game.id, lang)
    # Everything the picture says, in words: how it ended, the curves, every completion.
    told_text = shown.text.split("\n", 1)[1] if "\n" in shown.text else ""
    embed = discord.Embed(title=shown.title, description=clip(told_text, EMBED_DESCRIPTION), colour=COLOUR)
    embed.set_image(url=f"attachment://{REPORT_FILE}")
    return embed, as_file(drawn, REPORT_FILE)
