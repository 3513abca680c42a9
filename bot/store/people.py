"""What the bot keeps about a person: vacation, language, DM preferences, time zone and active hours.

Each setting is written by one upsert of the user's row and a person with no row reads as the defaults,
so nobody has to be registered before playing.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.hours import Hours
from bot.store.base import StoreBase, TxBase
from bot.store.games import stored_hours


class PeopleTx(TxBase):
    """A transaction's writes to users' settings."""

    async def set_vacation(self, user_id: int, on: bool) -> None:
        await self._db.execute(
            "INSERT INTO user_settings (user_id, vacation) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET vacation = excluded.vacation",
            (user_id, int(on)),
        )

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        await self._db.execute(
            "INSERT INTO user_settings (user_id, lang, lang_chosen) VALUES (?, ?, 1) "
            "ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang, lang_chosen = 1",
            (user_id, lang),
        )

    async def set_dm_turns(self, user_id: int, on: bool) -> None:
        """Turn DMs on or off; turning them on forgets that the user's DMs were closed (they may have opened them)."""
        await self._db.execute(
            "INSERT INTO user_settings (user_id, dm_turns) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns, "
            "dms_closed = CASE WHEN excluded.dm_turns = 1 THEN 0 ELSE user_settings.dms_closed END",
            (user_id, int(on)),
        )

    async def set_active_hours(self, user_id: int, hours: Hours | None, zone: str | None, digest: bool) -> None:
        """A user's time zone and daily window (``hours``; ``None`` with ``zone``: the zone alone, always
        active) and whether they want a daily digest instead of turn pings."""
        start, end = (None, None) if hours is None else (hours.start, hours.end)
        await self._db.execute(
            "INSERT INTO user_settings (user_id, tz, active_from, active_to, digest) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET tz = excluded.tz, active_from = excluded.active_from, "
            "active_to = excluded.active_to, digest = excluded.digest",
            (user_id, zone, start, end, int(digest)),
        )

    async def set_dms_closed(self, user_id: int) -> None:
        await self._db.execute(
            "INSERT INTO user_settings (user_id, dms_closed) VALUES (?, 1) "
            "ON CONFLICT (user_id) DO UPDATE SET dms_closed = 1",
            (user_id,),
        )


class PeopleStore(StoreBase):
    """Reads of users' settings."""

    async def vacation(self, user_id: int) -> bool:
        rows = await self.fetch("SELECT vacation FROM user_settings WHERE user_id = ?", (user_id,))
        return bool(rows and rows[0][0])

    async def user_hours(self, user_ids: Collection[int]) -> dict[int, tuple[str | None, Hours | None, bool]]:
        """Each user's time zone, active hours and daily-digest flag (users with no settings are left out)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.fetch(
            f"SELECT user_id, tz, active_from, active_to, digest FROM user_settings WHERE user_id IN ({marks})",
            list(user_ids),
        )
        return {int(r[0]): (r[1], stored_hours(r[1], r[2], r[3]), bool(r[4])) for r in rows}

    async def user_lang(self, user_id: int) -> str:
        rows = await self.fetch("SELECT lang FROM user_settings WHERE user_id = ?", (user_id,))
        return str(rows[0][0]) if rows else "en"

    async def chosen_langs(self, user_id: int, guild_id: int | None) -> tuple[str | None, str | None]:
        """The language the user chose and the one their server's managers chose (``None`` where not chosen)."""
        rows = await self.fetch(
            "SELECT (SELECT lang FROM user_settings WHERE user_id = ? AND lang_chosen = 1), "
            "(SELECT lang FROM guild_settings WHERE guild_id = ? AND lang_chosen = 1)",
            (user_id, guild_id or 0),
        )
        user, guild = rows[0] if rows else (None, None)
        return (None if user is None else str(user)), (None if guild is None else str(guild))

    async def dm_flags(self, user_id: int) -> tuple[bool, bool]:
        """``(turn DMs on, DMs known to be closed)`` of a user."""
        rows = await self.fetch("SELECT dm_turns, dms_closed FROM user_settings WHERE user_id = ?", (user_id,))
        return (bool(rows[0][0]), bool(rows[0][1])) if rows else (False, False)
