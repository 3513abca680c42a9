"""Small text helpers shared by the messages: names, mentions, deadlines, Discord's length limits."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

import discord

from bot.service.models import GameInfo, SeatInfo
from engine.core.contract import Choice, Game

BUTTON_LABEL = 80
OPTION_TEXT = 100
EMBED_DESCRIPTION = 4096
FIELD_VALUE = 1024
CONTENT = 2000


def clip(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters, marking the cut, so Discord never rejects a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def title(game: GameInfo) -> str:
    return f"{game.title} #{game.id}"


def seat_name(seat: SeatInfo) -> str:
    """A mention for a human seat, "AI · hard" (its level or policy) for an AI (mentions in embeds never ping)."""
    if seat.is_ai:
        return f"AI · {seat.ai_policy}"
    return f"<@{seat.user_id}>"


def seat_list(game: GameInfo) -> str:
    lines = [f"{s.seat + 1}. {seat_name(s)}" for s in game.seats]
    return "\n".join(lines) or "nobody yet"


def deadline(moment: datetime | None) -> str:
    """A Discord timestamp each reader sees in their own time zone, with a live countdown."""
    if moment is None:
        return "no deadline"
    return f"{discord.utils.format_dt(moment, 'f')} ({discord.utils.format_dt(moment, 'R')})"


def jump(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link that opens the channel (or message) in Discord."""
    where = "@me" if guild_id is None else str(guild_id)
    return f"https://discord.com/channels/{where}/{channel_id}" + ("" if message_id is None else f"/{message_id}")


def mentions(user_ids: Iterable[int]) -> str:
    return " ".join(f"<@{uid}>" for uid in user_ids)


def choice_label(game: Game[Any], choice: Choice, lang: str, limit: int) -> str:
    return clip(game.text(choice.label, choice.params, lang), limit)
