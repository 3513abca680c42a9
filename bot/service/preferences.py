"""Per-user and per-server settings, and the Discord messages a game keeps up to date."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from bot.clock import pause, resume
from bot.service.base import ServiceBase
from bot.service.deadlines import TimeoutPolicy, turn_timer
from bot.service.errors import BadInput
from bot.service.inputs import check_ints, check_text, storable
from bot.service.models import DmSettings, GuildSettings
from bot.store import GuildRow

GUILD_COLUMNS = {
    "lang": "lang",
    "turn_timer": "turn_timer",
    "channel_id": "channel_id",
    "timeout_policy": "replace_after",
}
"""Each :class:`GuildSettings` field and the stored column that holds it."""


class Preferences(ServiceBase):
    """Vacation, language and turn DMs per user; defaults per server; a game's Discord message ids."""

    async def set_vacation(self, user_id: int, on: bool) -> None:
        """Vacation pauses the user's turn clocks in every game (time left is kept) until turned off.

        The flag and the clocks change in one transaction, so they never disagree. The transaction
        first claims every running game the user sits in, whatever its revision: a move in another
        process planned with the old flag then fails its claim and is decided again with the new one.
        The games' locks (taken in id order; no other call holds two game locks) keep this process's
        own calls out meanwhile.
        """
        check_ints(user_id=user_id)
        async with self._user_games_locked(user_id) as locked:
            now = self._now()
            async with self.store.transaction() as tx:
                await tx.claim_user_games(user_id)
                await tx.set_vacation(user_id, on)
                for seat, timer, counts in await tx.user_clocks(user_id):
                    if seat.game_id not in locked:
                        continue  # joined meanwhile: its clock follows the flag from its next move on
                    hours = seat.hours if counts else None
                    if on:
                        clock = pause(seat.clock, now, hours)
                    else:
                        clock = seat.clock if timer is None else resume(seat.clock, timer, now, hours)
                    if clock != seat.clock:
                        await tx.save_seats(replace(seat, clock=clock))

    async def vacation(self, user_id: int) -> bool:
        check_ints(user_id=user_id)
        return await self.store.vacation(user_id)

    async def user_lang(self, user_id: int) -> str:
        check_ints(user_id=user_id)
        return await self.store.user_lang(user_id)

    async def chosen_langs(self, user_id: int, guild_id: int | None) -> tuple[str | None, str | None]:
        """The language ``user_id`` chose and the one the managers of ``guild_id`` chose, ``None`` where
        nobody chose: then the Discord client's or server's locale decides (``cogs.kit.context``)."""
        check_ints(user_id=user_id, guild_id=guild_id)
        return await self.store.chosen_langs(user_id, guild_id)

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        """Set the user's language; from then on it wins over their Discord client's locale."""
        check_ints(user_id=user_id)
        check_text("language", lang)
        async with self.store.transaction() as tx:
            await tx.set_user_lang(user_id, lang)

    async def dm_settings(self, user_id: int) -> DmSettings:
        check_ints(user_id=user_id)
        turns, closed = await self.store.dm_flags(user_id)
        return DmSettings(turns, closed)

    async def set_dm_turns(self, user_id: int, on: bool) -> None:
        """Whether ``user_id`` is told "your turn" by DM; turning it on also retries DMs found closed."""
        check_ints(user_id=user_id)
        async with self.store.transaction() as tx:
            await tx.set_dm_turns(user_id, on)

    async def mark_dms_closed(self, user_id: int) -> None:
        """Remember that DMs to ``user_id`` are refused, so they are not retried (each refusal counts
        against the bot's invalid-request budget) until the user turns turn DMs on again."""
        check_ints(user_id=user_id)
        async with self.store.transaction() as tx:
            await tx.set_dms_closed(user_id)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's defaults (the built-in ones until a manager sets them)."""
        check_ints(guild_id=guild_id)
        row = await self.store.guild_settings(guild_id)
        return GuildSettings(row.lang, row.turn_timer, row.channel_id, TimeoutPolicy(row.replace_after))

    async def set_guild_settings(
        self, guild_id: int, settings: GuildSettings, changed: Collection[str] | None = None
    ) -> GuildSettings:
        """Set a server's defaults and return them as stored.

        ``changed`` names the settings to write (:class:`GuildSettings` field names; all when ``None``);
        the others keep their stored value, written in one statement with no read before it, so two
        managers (in any process) changing different settings at once both get their change.
        """
        check_ints(guild_id=guild_id, channel_id=settings.channel_id)
        check_text("language", settings.lang)
        check_text("turn timer", settings.turn_timer)
        turn_timer(settings.turn_timer)
        names = GUILD_COLUMNS if changed is None else changed
        unknown = set(names) - set(GUILD_COLUMNS)
        if unknown:
            raise BadInput(f"no server setting named {sorted(unknown)[0]!r}.")
        row = GuildRow(settings.lang, settings.turn_timer, settings.channel_id, settings.timeout_policy.replace_after)
        async with self.store.transaction() as tx:
            stored = await tx.set_guild_settings(guild_id, row, {GUILD_COLUMNS[name] for name in names})
            if "lang" in names:
                await tx.mark_guild_lang_chosen(guild_id)
        return GuildSettings(stored.lang, stored.turn_timer, stored.channel_id, TimeoutPolicy(stored.replace_after))

    async def set_message(self, game_id: int, purpose: str, channel_id: int, message_id: int) -> None:
        """Remember a Discord message the bot keeps up to date for a game (e.g. ``"board"``, ``"lobby"``)."""
        check_ints(channel_id=channel_id, message_id=message_id)
        check_text("purpose", purpose)
        await self._row(game_id)
        async with self.store.transaction() as tx:
            await tx.set_message(game_id, purpose, channel_id, message_id)

    async def messages(self, game_id: int) -> dict[str, tuple[int, int]]:
        """``purpose -> (channel_id, message_id)`` for a game (none for a number that names no game)."""
        return await self.store.messages(game_id) if storable(game_id) else {}
