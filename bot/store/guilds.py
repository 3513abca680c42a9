"""A server's settings: its language, default turn timer, games channel and seat-replacement delay.

Kept apart from people's settings: a server's are changed by its managers, field by field, and two of
them may change different fields at once.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.store.base import StoreBase, TxBase
from bot.store.rows import GUILD_FIELDS, GuildRow


class GuildTx(TxBase):
    """A transaction's writes to servers' settings."""

    async def mark_guild_lang_chosen(self, guild_id: int) -> None:
        """Remember that a manager chose the server's language (else Discord's server locale is used)."""
        await self._db.execute("UPDATE guild_settings SET lang_chosen = 1 WHERE guild_id = ?", (guild_id,))

    async def set_guild_settings(
        self, guild_id: int, settings: GuildRow, fields: Collection[str] = GUILD_FIELDS
    ) -> GuildRow:
        """Write ``fields`` of ``settings`` and return the row as stored.

        One statement, with no read before it: the fields not named keep their stored value (or the
        default, for a server's first row), so two managers changing different settings at the same
        time never undo each other, on either database.
        """
        unknown = set(fields) - set(GUILD_FIELDS)
        if unknown:
            raise ValueError(f"no guild setting named {sorted(unknown)}")
        kept = ", ".join(
            f"{name} = CASE WHEN ? THEN excluded.{name} ELSE guild_settings.{name} END" for name in GUILD_FIELDS
        )
        rows = await self._db.fetch(
            f"INSERT INTO guild_settings (guild_id, {', '.join(GUILD_FIELDS)}) VALUES (?, ?, ?, ?, ?) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {kept} RETURNING {', '.join(GUILD_FIELDS)}",
            (
                guild_id,
                *(getattr(settings if name in fields else GuildRow(), name) for name in GUILD_FIELDS),
                *(name in fields for name in GUILD_FIELDS),
            ),
        )
        return GuildRow(str(rows[0][0]), str(rows[0][1]), rows[0][2], rows[0][3])


class GuildStore(StoreBase):
    """Reads of servers' settings."""

    async def guild_settings(self, guild_id: int) -> GuildRow:
        """A guild's settings; the schema's defaults when it has none stored."""
        rows = await self.fetch(
            "SELECT lang, turn_timer, channel_id, replace_after FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return GuildRow(str(rows[0][0]), str(rows[0][1]), rows[0][2], rows[0][3]) if rows else GuildRow()
