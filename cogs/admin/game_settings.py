"""``/game settings``: a game's turn timer, reminders, missed-turn policy, the AI level that plays missed
turns, whether hints are allowed, whether turn timers count each player's active hours and how many
times its level's thinking time the AI seats get, shown to anyone and changed by the host (or a member
with Manage Server, on the host's behalf).

The service applies the change to the turn in progress and records it as a public note in the log;
the note is also posted in the game's thread, and the board (which shows deadlines) or the lobby is
redrawn.
"""

from __future__ import annotations

import discord

from bot.service import GameInfo, TimeoutPolicy
from bot.words import t
from cogs.kit import params
from cogs.kit.context import acting_host, bot_of, lang_for, service_of
from cogs.kit.text import title


def describe(game: GameInfo, lang: str) -> str:
    if game.turn_timer is None:
        timer = t("settings.timer_off", lang)
    else:
        hours = game.turn_timer.total_seconds() / 3600
        timer = t("settings.hours", lang, n=int(hours) if hours.is_integer() else hours)
    reminders = t("settings.on" if game.reminders else "settings.off", lang)
    missed = params.missed_turn_text(game.timeout_policy, lang)
    ai = t(
        "hints.settings",
        lang,
        level=t(f"people.level.{game.missed_level}", lang),
        hints=t("hints.on" if game.hints else "hints.off_short", lang),
        think=game.think,
    )
    summary = t("settings.summary", lang, game=title(game), timer=timer, reminders=reminders, missed=missed, ai=ai)
    return f"{summary} {t('hours.settings_on' if game.active_hours else 'hours.settings_off', lang)}"


async def change(
    interaction: discord.Interaction,
    game: GameInfo,
    *,
    timer: str | None,
    reminders: bool | None,
    policy: TimeoutPolicy | None,
    missed_level: str | None = None,
    hints: bool | None = None,
    active_hours: bool | None = None,
    think: int | None = None,
) -> None:
    service = service_of(interaction)
    bot = bot_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    changed = await service.configure(
        game.id,
        acting_host(interaction, game),
        turn_timer_name=timer,
        reminders=reminders,
        timeout_policy=policy,
        missed_level=missed_level,
        hints=hints,
        active_hours=active_hours,
        think=think,
    )
    bot.publisher.wake()  # the thread's note and the board (or lobby) the change owes
    await interaction.edit_original_response(content=describe(changed, await lang_for(interaction)))
