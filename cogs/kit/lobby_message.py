"""The lobby message: who sits where, every option the game will be played with, and its buttons.

Everything a player agrees to by joining is shown before Start: each seat by name (AI seats by their
level), every game option with its value (those left at their default too, as the game will use
them), the turn timer, reminders and missed-turn policy, all in the reader's language; and, once a
seated player has set active hours, each player's local time and hours and the hours the table shares
(:mod:`cogs.kit.hours`). Drawn from the public game record only, so it may go to any channel.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import discord

from bot import ai
from bot.service.models import GameInfo
from bot.service.names import ai_name
from bot.words import CATALOG, t
from cogs.kit import hours, ids
from cogs.kit.ids import Components
from cogs.kit.messages import COLOUR
from cogs.kit.text import BUTTON_LABEL, FIELD_VALUE, clip, names, seat_list, title
from engine import registry
from engine.core.contract import OptionSpec


def option_lines(game: GameInfo, lang: str) -> list[str]:
    """Each game option in words with its value: those given, and those at their default that apply
    to this table (an option for other seat counts, left at its default, is not shown)."""
    rules = registry.get(game.kind)
    lines = []
    for spec in rules.option_specs:
        value = game.options.get(spec.name, spec.default)
        if spec.seats is not None and value == spec.default and game.capacity not in spec.seats:
            continue
        name = rules.text(spec.label, {}, lang)
        lines.append(t("lobby.option", lang, name=name, value=_value(spec, value, lang)))
    return lines


def _value(spec: OptionSpec, value: Any, lang: str) -> str:
    if spec.kind == "bool":
        return t("lobby.on" if value else "lobby.off", lang)
    key = f"lobby.value.{value}"
    return t(key, lang) if CATALOG.has(key) else str(value)


def settings_lines(game: GameInfo, lang: str) -> list[str]:
    """The turn timer, reminders, missed-turn policy and AI level, and whether hints are allowed."""
    if game.turn_timer is None:
        timer = t("lobby.timer_off", lang)
    else:
        hours = int(game.turn_timer.total_seconds() // 3600)
        days, rest = divmod(hours, 24)
        timer = t("lobby.days", lang, n=days) if days and not rest else t("lobby.hours", lang, n=hours)
    lines = [t("lobby.timer", lang, timer=timer)]
    after = game.timeout_policy.replace_after
    lines.append(t("lobby.missed_ai", lang) if after is None else t("lobby.missed_replace", lang, n=after))
    if game.turn_timer is not None:
        lines.append(t("lobby.reminders_on" if game.reminders else "lobby.reminders_off", lang))
        counted = game.active_hours and any(s.hours is not None for s in game.seats if not s.is_ai)
        lines.append(t("hours.lobby.counted" if counted else "hours.lobby.wall", lang))
    lines.append(t("hints.lobby_level", lang, level=t(f"people.level.{game.missed_level}", lang)))
    lines.append(t("hints.lobby_on" if game.hints else "hints.lobby_off", lang))
    if game.think > 1:
        lines.append(t("hints.lobby_think", lang, n=game.think))
    return lines


def embed(game: GameInfo, lang: str, *, now: datetime) -> discord.Embed:
    """The lobby: who sits where, the options, the players' hours (as of ``now``), what happens next."""
    taken, seats = len(game.seats), game.capacity
    if game.status == "lobby":
        status = t("lobby.waiting", lang, taken=taken, n=seats)
        if game.seat_count is not None:
            status += " " + t("lobby.fixed_seats", lang)
    elif game.status == "active" and game.thread_id is not None:
        status = t("lobby.started_in", lang, thread=f"<#{game.thread_id}>")
    elif game.status == "active":
        status = t("lobby.started", lang)
    else:
        status = t(f"lobby.{game.status}", lang)
    message = discord.Embed(title=t("lobby.title", lang, game=title(game)), description=status, colour=COLOUR)
    seat_names = names(game, lang)
    host = next((seat_names[s.seat] for s in game.seats if s.user_id == game.host_id and not s.is_ai), None)
    # A host without a seat has no stored name: a mention, which an embed never pings, shows theirs.
    message.add_field(name=t("lobby.host", lang), value=host or f"<@{game.host_id}>", inline=True)
    message.add_field(name=t("lobby.seats", lang, taken=taken, n=seats), value=clip(seat_list(game, lang), FIELD_VALUE))
    options = "\n".join([*option_lines(game, lang), *settings_lines(game, lang)])
    message.add_field(name=t("lobby.options", lang), value=clip(options, FIELD_VALUE), inline=False)
    times = hours.lobby_lines(game.seats, seat_names, now, lang)
    if times:
        message.add_field(name=t("hours.lobby.field", lang), value=clip("\n".join(times), FIELD_VALUE), inline=False)
    return message


def controls(game: GameInfo, lang: str) -> Components:
    """Join, Leave, an Add AI button per level, Start, Cancel and Remove AI (none once started)."""
    view = Components()
    if game.status != "lobby":
        return view
    full = len(game.seats) >= game.capacity

    def button(action: str, label: str, **extra: Any) -> None:
        view.add_item(discord.ui.Button(label=clip(label, BUTTON_LABEL), custom_id=ids.lobby(game.id, action), **extra))

    button("join", t("lobby.join", lang), style=discord.ButtonStyle.success, disabled=full)
    button("leave", t("lobby.leave", lang))
    # The host picks the level of each AI seat by its button; a game without levels has one button.
    for level in ai.levels(registry.get(game.kind)) or ("",):
        if level:
            button(f"ai-{level}", ai_name(level, lang), emoji="🤖", disabled=full)
        else:
            button("ai", t("lobby.add_ai", lang), emoji="🤖", disabled=full)
    button("start", t("lobby.start", lang), style=discord.ButtonStyle.primary)
    button("cancel", t("lobby.cancel", lang), style=discord.ButtonStyle.danger)
    button("noai", t("lobby.remove_ai", lang), disabled=not any(s.is_ai for s in game.seats))
    return view
