"""``/game profile``: a player's own settings across servers — language, time zone and active hours, the
daily digest — and, read back, their vacation and turn DMs.

The answer confirms a time zone with the player's own local time now, so a wrong pick shows at once
(``Europe/Paris``, "it is 14:05 there"), and says whether they are inside their hours now or when
they are back. A zone or window the service cannot use is refused privately in the player's words
(``refusal.setting.*``), and nothing is changed.
"""

from __future__ import annotations

from datetime import datetime

import discord
from discord import app_commands

from bot.hours import find_zones, local_time
from bot.service import UserHours
from bot.words import t
from cogs.kit import params
from cogs.kit.context import bot_of, lang_for, service_of
from cogs.kit.hours import back_at


async def zone_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Time zones matching what was typed (``paris``, ``new y``, ``kolkata``), at most 25."""
    return [app_commands.Choice(name=name, value=name) for name in find_zones(current, params.MAX_SUGGESTIONS)]


async def answer(
    interaction: discord.Interaction,
    *,
    language: str | None,
    timezone: str | None,
    hours: str | None,
    digest: bool | None,
) -> None:
    """Store what was given, then show every personal setting."""
    service = service_of(interaction)
    user = interaction.user.id
    if language is not None:
        params.offered("language", language, (c.value for c in params.language_choices()))
        await service.set_user_lang(user, language)
    if (timezone, hours, digest) != (None, None, None):
        await service.set_active_hours(user, zone=timezone, hours=hours, digest=digest)
        bot_of(interaction).publisher.wake()  # the lobbies and boards that show the player's hours
    lang = await lang_for(interaction)
    away = t("game.profile.away" if await service.vacation(user) else "game.profile.playing", lang)
    dms = await service.dm_settings(user)
    state = ("closed" if dms.closed else "on") if dms.turns else "off"
    chosen = await service.user_lang(user)
    first = t("game.profile.line", lang, language=chosen, status=away, dms=t(f"game.profile.dms_{state}", lang))
    lines = [first, *hours_lines(await service.active_hours(user), service.clock.now(), lang)]
    await interaction.response.send_message("\n".join(lines), ephemeral=True)


def hours_lines(settings: UserHours, now: datetime, lang: str) -> list[str]:
    """The time zone with the local time now, the hours and whether the player is in them, the digest."""
    if settings.zone is None:
        zone = t("hours.profile.no_zone", lang)
    else:
        zone = t("hours.profile.zone", lang, **local_time(settings.zone, now))
    if settings.hours is None:
        return [zone, t("hours.profile.always", lang)]
    back = back_at(settings.hours, now)
    if back is None:
        window = t("hours.profile.open", lang, hours=settings.hours.label)
    else:
        window = t("hours.profile.closed", lang, hours=settings.hours.label, when=discord.utils.format_dt(back, "R"))
    daily = t("hours.profile.digest_on" if settings.digest else "hours.profile.digest_off", lang)
    return [zone, window, daily, t("hours.profile.explain", lang)]
