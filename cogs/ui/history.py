"""The game log, paged newest first, as the reader may see it (public events plus their own).

It is always sent ephemerally: a player's log includes their private events, and an ephemeral page
keeps the thread free of clutter for everyone else.
"""

from __future__ import annotations

import discord

from bot.service import LogEntry
from cogs.ui import ids
from cogs.ui.context import lang_for, require_private_message, service_of
from cogs.ui.ids import Components
from cogs.ui.layouts import COLOUR
from cogs.ui.text import EMBED_DESCRIPTION, clip, seat_name, title

PER_PAGE = 12
ACTORS = {"player": "", "ai": " (AI)", "timeout": " (AI, missed deadline)"}


def _page(entries: list[LogEntry], number: int) -> tuple[list[LogEntry], int]:
    shown = [e for e in entries if e.lines]
    count = max(1, -(-len(shown) // PER_PAGE))
    number = max(0, min(number, count - 1))
    end = len(shown) - number * PER_PAGE
    return shown[max(0, end - PER_PAGE) : end], count


async def show(interaction: discord.Interaction, game_id: int, number: int, *, edit: bool) -> None:
    """Log page ``number`` (0 = latest): a new ephemeral reply, or an edit of the one clicked."""
    if edit:
        require_private_message(interaction)
    service = service_of(interaction)
    game = await service.game(game_id)
    names = [seat_name(s) for s in game.seats]
    entries = await service.log(game_id, interaction.user.id, lang=await lang_for(interaction), names=names)
    page, count = _page(entries, number)
    number = max(0, min(number, count - 1))
    lines: list[str] = []
    for entry in page:
        who = "Host" if entry.seat is None else f"Seat {entry.seat + 1}{ACTORS.get(entry.actor, '')}"
        stamp = discord.utils.format_dt(entry.at, "R")
        lines.extend(f"`{entry.version:>3}` {stamp} {who}: {line}" for line in entry.lines)
    embed = discord.Embed(
        title=f"Log — {title(game)}",
        colour=COLOUR,
        description=clip("\n".join(lines) or "Nothing has happened yet.", EMBED_DESCRIPTION),
    )
    embed.set_footer(text=f"Page {number + 1}/{count} · newest last")
    view = Components()
    view.add_item(
        discord.ui.Button(label="◀ Older", custom_id=ids.log_page(game_id, number + 1), disabled=number >= count - 1)
    )
    view.add_item(
        discord.ui.Button(label="Newer ▶", custom_id=ids.log_page(game_id, max(0, number - 1)), disabled=number == 0)
    )
    if edit:
        await interaction.response.edit_message(embed=embed, view=view)
    else:
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
