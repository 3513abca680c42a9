"""The game log, paged newest first, as the reader may see it (public events plus their own).

It is always sent ephemerally: a player's log includes their private events, and an ephemeral page
keeps the thread free of clutter for everyone else.

Each line is told about the player it concerns (:func:`bot.log_lines.lines`, which the command line
shares).
"""

from __future__ import annotations

import discord

from bot.log_lines import lines
from bot.service import LogEntry
from bot.words import t
from cogs.kit import ids
from cogs.kit.context import lang_for, require_private_message, service_of
from cogs.kit.ids import Components
from cogs.kit.messages import COLOUR
from cogs.kit.text import EMBED_DESCRIPTION, clip, names, title
from engine import registry

PER_PAGE = 12


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
    lang = await lang_for(interaction)
    game = await service.game(game_id)
    seat_names = names(game, lang)
    entries = await service.log(game_id, interaction.user.id, lang=lang, names=seat_names)
    page, count = _page(entries, number)
    number = max(0, min(number, count - 1))
    rules = registry.get(game.kind)
    shown: list[str] = []
    for entry in page:
        stamp = discord.utils.format_dt(entry.at, "R")
        shown.extend(f"`{entry.version:>3}` {stamp} {line}" for line in lines(rules, entry, seat_names, lang))
    embed = discord.Embed(
        title=t("history.title", lang, game=title(game)),
        colour=COLOUR,
        description=clip("\n".join(shown) or t("history.empty", lang), EMBED_DESCRIPTION),
    )
    embed.set_footer(text=t("history.footer", lang, page=number + 1, count=count))
    view = Components()
    view.add_item(
        discord.ui.Button(
            label=t("history.older", lang),
            custom_id=ids.log_page(game_id, number + 1),
            disabled=number >= count - 1,
        )
    )
    view.add_item(
        discord.ui.Button(
            label=t("history.newer", lang), custom_id=ids.log_page(game_id, max(0, number - 1)), disabled=number == 0
        )
    )
    if edit:
        await interaction.response.edit_message(embed=embed, view=view)
    else:
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
