"""The ``/game`` sub-commands of settings: a game's own (its host changes them), and a player's own
across servers (vacation, turn DMs, language, time zone and hours)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.words import t
from cogs.admin import game_settings, profile
from cogs.kit import params
from cogs.kit.context import lang_for, service_of
from cogs.kit.game_group import subcommand


@subcommand("settings", "A game's turn timer, reminders, missed turns (host to change)")
@params.game_option()
@app_commands.describe(
    timer="Time per turn; whoever must act now gets the full new time from now",
    reminders="A reminder a quarter of the timer before the deadline",
    missed="What happens when someone misses their deadline (counts turns already missed)",
    level="AI level that plays a missed turn",
    hints="Let players ask what the hard AI would do",
    hours="Turn timers count only each player's active hours",
    think="How many times its level's thinking time the AI seats get (stronger, slower)",
)
@app_commands.choices(timer=params.TIMER_CHOICES, missed=params.MISSED_TURN_CHOICES, level=params.LEVEL_CHOICES)
@app_commands.choices(think=params.THINK_CHOICES)
async def settings(
    interaction: discord.Interaction,
    game: int | None = None,
    timer: str | None = None,
    reminders: bool | None = None,
    missed: str | None = None,
    level: str | None = None,
    hints: bool | None = None,
    hours: bool | None = None,
    think: int | None = None,
) -> None:
    info = await params.resolve_game(interaction, game)
    if (timer, reminders, missed, level, hints, hours, think) != (None,) * 7:
        await game_settings.change(
            interaction,
            info,
            timer=timer,
            reminders=reminders,
            policy=params.missed_policy(missed),
            missed_level=level,
            hints=hints,
            active_hours=hours,
            think=think,
        )
        return
    await interaction.response.send_message(game_settings.describe(info, await lang_for(interaction)), ephemeral=True)


@subcommand("vacation", "Pause your turn timers in every game (time left is kept)")
@app_commands.describe(on="True to go on vacation, false to come back")
async def vacation(interaction: discord.Interaction, on: bool) -> None:
    await service_of(interaction).set_vacation(interaction.user.id, on)
    text = t("game.vacation_on" if on else "game.vacation_off", await lang_for(interaction))
    await interaction.response.send_message(text, ephemeral=True)


@subcommand("notify", 'Get "your turn" by DM instead of a ping in the game thread')
@app_commands.describe(on="True for DMs, false for pings in the game thread")
async def notify(interaction: discord.Interaction, on: bool) -> None:
    await service_of(interaction).set_dm_turns(interaction.user.id, on)
    text = t("game.notify_on" if on else "game.notify_off", await lang_for(interaction))
    await interaction.response.send_message(text, ephemeral=True)


@subcommand("profile", "Your settings: language, time zone and hours, vacation, DMs")
@app_commands.describe(
    language="Language of your screens, menus and log",
    timezone="Your time zone (start typing your city, e.g. Paris or New York)",
    hours="When you play, your time, e.g. 08:00-23:00 (off: always); no pings outside them",
    digest="One message a day, when your hours begin, instead of a ping each turn",
)
@app_commands.choices(language=params.language_choices())
@app_commands.autocomplete(timezone=profile.zone_autocomplete)
async def profile_(
    interaction: discord.Interaction,
    language: str | None = None,
    timezone: str | None = None,
    hours: str | None = None,
    digest: bool | None = None,
) -> None:
    await profile.answer(interaction, language=language, timezone=timezone, hours=hours, digest=digest)


COMMANDS = (settings, vacation, notify, profile_)
"""In the order Discord lists them."""
