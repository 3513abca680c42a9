"""The game log, paged newest first, as the reader may see it (public events plus their own).

It is always sent ephemerally: a player's log includes their private events, and an ephemeral page
keeps the thread free of clutter for everyone else.

Each line is told about the player it concerns, not about whoever made the move: one move can make
several seats act (an attack makes every opponent give something up, the end of a turn starts the next
player's), so a line is attributed to the seat named in its event (the game's seat parameters), and
gets that player's name in front only when its sentence does not already name them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

import discord

from bot.service import LogEntry
from cogs.ui import ids
from cogs.ui.context import lang_for, require_private_message, service_of
from cogs.ui.ids import Components
from cogs.ui.layouts import COLOUR
from cogs.ui.text import EMBED_DESCRIPTION, clip, names, title
from cogs.ui.words import t
from engine import registry
from engine.core.contract import Event, Game

PER_PAGE = 12


def _page(entries: list[LogEntry], number: int) -> tuple[list[LogEntry], int]:
    shown = [e for e in entries if e.lines]
    count = max(1, -(-len(shown) // PER_PAGE))
    number = max(0, min(number, count - 1))
    end = len(shown) - number * PER_PAGE
    return shown[max(0, end - PER_PAGE) : end], count


def concerns(game: Game[Any], event: Event) -> int | None:
    """The seat an event is about: its ``seat`` parameter, else its first other seat parameter; ``None``
    for an event about the table (a new round, the belt moving) or about no seat."""
    keys = sorted(game.seat_params.intersection(event.params), key=lambda key: (key != "seat", key))
    for key in keys:
        seat = event.params[key]
        if isinstance(seat, int) and not isinstance(seat, bool):
            return seat
    return None


def lines(game: Game[Any], entry: LogEntry, seat_names: Sequence[str], lang: str) -> Iterator[str]:
    """An entry's lines, each attributed once to the player it concerns.

    A line whose sentence already names its player is shown as it is ("Ana used the Carpenteur");
    one that does not gets the name in front ("Ana: Recruit"). A turn an AI played after a missed
    deadline says so first, about the player who missed it.
    """

    def name(seat: int) -> str | None:
        return seat_names[seat] if 0 <= seat < len(seat_names) else None

    if entry.actor == "timeout" and entry.seat is not None:
        who = name(entry.seat)
        if who is not None:
            yield t("history.timeout", lang, who=who)
    for event, line in zip(entry.events, entry.lines, strict=True):
        seat = concerns(game, event)
        who = None if seat is None else name(seat)
        yield line if who is None or _names(line, who) else t("history.line", lang, who=who, line=line)


def _names(line: str, who: str) -> bool:
    """Whether ``line`` names ``who`` as a whole (a player called "Al" is not named by "Alice")."""
    return re.search(rf"(?<!\w){re.escape(who)}(?!\w)", line) is not None


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
