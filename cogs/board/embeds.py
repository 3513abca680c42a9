"""The board message's embed: where the game stands, who must act by when, and the public standings.

Read from the spectator's view only (the one the board's images are drawn from), so it says nothing a
player's screen hides. What a game's standings and headline say is its drawings' business
(:class:`renders.api.Drawings`): this module lays them out in the embed. Players are named as everywhere
else (:func:`cogs.kit.text.names`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot.service import GameInfo, TableView
from bot.words import t
from cogs.board.messages import COLOUR
from cogs.kit.hours import asleep
from cogs.kit.text import EMBED_DESCRIPTION, FIELD_VALUE, clip, deadline, names, title
from engine.core.contract import View
from renders.api import Render, drawings


def headline(view: View, lang: str) -> str | None:
    """Round and phase ("Round 3 · planning"), then in solo the task and how far along it is; ``None``
    for a game whose drawings give no headline."""
    found = drawings(view.kind)
    return None if found is None else found.headline(view, lang)


def waiting(game: GameInfo, seat_names: Sequence[str], lang: str, now: datetime) -> list[str]:
    """Who must act now, by name, each with their deadline (a Discord timestamp) and, for a player
    outside their active hours at ``now``, when they are back."""
    lines = []
    for seat in game.seats:
        if seat.to_act and game.status == "active":
            who = seat_names[seat.seat]
            if seat.is_ai:
                lines.append(t("board.ai_thinking", lang, who=who))
            elif seat.deadline is None:
                lines.append(asleep(who, seat.hours, now, lang))
            else:
                line = t("board.until", lang, who=who, when=deadline(seat.deadline, lang))
                lines.append(asleep(line, seat.hours, now, lang))
    return lines


def task_fields(view: View, lang: str) -> list[tuple[str, str]]:
    """The solo game's task as embed fields (the board's, the player's panel, ``/rules``); none for
    other games."""
    found = drawings(view.kind)
    return [] if found is None else [(name, clip(value, FIELD_VALUE)) for name, value in found.task(view, lang)]


def fields(view: View, seat_names: Sequence[str], lang: str) -> list[tuple[str, str]]:
    """The public standings of ``view`` (a spectator's), as its game's drawings word them; none for a
    game without drawings."""
    if view.viewer is not None:
        raise ValueError("the standings are read from a spectator's view only")
    found = drawings(view.kind)
    return [] if found is None else found.standings(view, seat_names, lang)


def board_embed(table: TableView, render: Render, status: str, lang: str, *, now: datetime) -> discord.Embed:
    """The board message's embed (its images are attachments of their own): round and phase, the
    status, who must act by when (and when a sleeping player is back, as of ``now``), the standings."""
    game = table.game
    seat_names = names(game, lang)
    top = headline(table.view, lang)
    if top is None:  # a game without a headline here: the first line its render's summary gives
        top = render.text.strip().splitlines()[0] if render.text.strip() else ""
    embed = discord.Embed(title=title(game), description=clip(top, EMBED_DESCRIPTION), colour=COLOUR)
    embed.add_field(name=t("thread.board.status", lang), value=clip(status, FIELD_VALUE), inline=False)
    acting = waiting(game, seat_names, lang, now)
    if acting:
        embed.add_field(name=t("thread.board.waiting", lang), value=clip("\n".join(acting), FIELD_VALUE), inline=False)
    for name, value in fields(table.view, seat_names, lang):
        embed.add_field(name=name, value=clip(value, FIELD_VALUE), inline=False)
    embed.set_footer(text=t("thread.board.footer", lang, version=game.version))
    return embed
