"""Small text helpers shared by the messages: seats by name, mentions, deadlines, Discord's length limits."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import discord

from bot.board import title as title
from bot.service import names as people
from bot.service.models import GameInfo, SeatInfo
from bot.words import t
from engine.core.contract import Choice, Game

BUTTON_LABEL = 80
OPTION_TEXT = 100
EMBED_DESCRIPTION = 4096
FIELD_VALUE = 1024
CONTENT = 2000
FIELD_NAME = 256
"""Discord's limit on an embed field's name."""


def clip(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters, marking the cut, so Discord never rejects a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def names(game: GameInfo, lang: str) -> list[str]:
    """Every seat's name, indexed by seat: players by display name, AI seats by level
    (:func:`bot.service.names.seat_names`); what images, embeds and log lines call them."""
    return people.seat_names(game.seats, lang)


def seat_name(seat: SeatInfo, lang: str) -> str:
    """One seat's name: the player's display name, "Player N" until it is known, "AI · hard" for an AI."""
    return people.seat_name(seat, lang)


def person(user: discord.User | discord.Member) -> str | None:
    """The name a server shows for ``user`` (nickname, else global name, else username), cleaned for
    storing (:func:`bot.service.names.member_name`); ``None`` when none is readable."""
    return people.member_name(getattr(user, "nick", None), user.global_name, user.name)


def seat_list(game: GameInfo, lang: str) -> str:
    """The seats in order, each by name ("1. Alice", "2. AI · hard")."""
    lines = [f"{number + 1}. {name}" for number, name in enumerate(names(game, lang))]
    return "\n".join(lines) or t("common.nobody", lang)


def deadline(moment: datetime | None, lang: str) -> str:
    """A Discord timestamp each reader sees in their own time zone, with a live countdown."""
    if moment is None:
        return t("board.no_deadline", lang)
    return f"{discord.utils.format_dt(moment, 'f')} ({discord.utils.format_dt(moment, 'R')})"


def jump(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link that opens the channel (or message) in Discord."""
    where = "@me" if guild_id is None else str(guild_id)
    return f"https://discord.com/channels/{where}/{channel_id}" + ("" if message_id is None else f"/{message_id}")


def mentions(user_ids: Iterable[int]) -> str:
    return " ".join(f"<@{uid}>" for uid in user_ids)


def choice_label(game: Game[Any], choice: Choice, lang: str, limit: int, seat_names: Sequence[str]) -> str:
    """A choice's label, players in it by name ("Borrow Ana's Charcoalette"), cut to ``limit``."""
    return clip(game.text(choice.label, choice.params, lang, seat_names), limit)
