"""What the web pages check: people's link generations (revoking every link they were given), servers'
spectator-link switches, and games' revisions (what a page polls to learn that a game changed).

The reads come singly and in batches, so a page listing many games asks once, not once per game.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.base import StoreBase, TxBase


class LinkTx(TxBase):
    """A transaction's writes to web-link settings."""

    async def revoke_links(self, user_id: int, now: int) -> int:
        """Bump ``user_id``'s link generation (every link issued before stops opening); the new one."""
        rows = await self._db.fetch(
            "INSERT INTO link_generations (user_id, generation, revoked_at) VALUES (?, 1, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET generation = link_generations.generation + 1, "
            "revoked_at = excluded.revoked_at RETURNING generation",
            (user_id, now),
        )
        return int(rows[0][0])

    async def set_spectator_links(self, guild_id: int, on: bool) -> None:
        await self._db.execute(
            "INSERT INTO guild_web (guild_id, spectators) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET spectators = excluded.spectators",
            (guild_id, int(on)),
        )


class LinkStore(StoreBase):
    """The web pages' reads."""

    async def link_generation(self, user_id: int) -> int:
        """The generation ``user_id``'s links must carry to open (0 until they first revoke them)."""
        rows = await self.fetch("SELECT generation FROM link_generations WHERE user_id = ?", (user_id,))
        return int(rows[0][0]) if rows else 0

    async def spectator_links(self, guild_id: int) -> bool:
        """Whether the server lets those who may see a game's channel have a spectator link (by default yes)."""
        rows = await self.fetch("SELECT spectators FROM guild_web WHERE guild_id = ?", (guild_id,))
        return bool(rows[0][0]) if rows else True

    async def page_facts(
        self, user_id: int, reader_id: int, guild_id: int | None, game_id: int | None
    ) -> tuple[int, bool, int | None, str | None, str | None]:
        """What a web page checks before it reads a game, in one statement: ``user_id``'s link generation,
        whether ``guild_id`` lets spectator links be had, ``game_id``'s revision (``None``: no such game),
        and the languages ``reader_id`` and the server's managers chose (``None`` where nobody chose)."""
        rows = await self.fetch(
            "SELECT (SELECT generation FROM link_generations WHERE user_id = ?), "
            "(SELECT spectators FROM guild_web WHERE guild_id = ?), (SELECT revision FROM games WHERE id = ?), "
            "(SELECT lang FROM user_settings WHERE user_id = ? AND lang_chosen = 1), "
            "(SELECT lang FROM guild_settings WHERE guild_id = ? AND lang_chosen = 1)",
            (user_id, guild_id or 0, game_id or 0, reader_id, guild_id or 0),
        )
        generation, spectators, revision, mine, server = rows[0]
        return (
            int(generation or 0),
            spectators is None or bool(spectators),
            None if revision is None else int(revision),
            None if mine is None else str(mine),
            None if server is None else str(server),
        )

    async def link_generations(self, user_ids: Sequence[int]) -> dict[int, int]:
        """Each of ``user_ids``' link generation in one query (0 for a user who never revoked)."""
        out = dict.fromkeys(user_ids, 0)
        for start in range(0, len(user_ids), 500):
            chunk = user_ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            sql = f"SELECT user_id, generation FROM link_generations WHERE user_id IN ({marks})"
            out |= {int(row[0]): int(row[1]) for row in await self.fetch(sql, chunk)}
        return out

    async def spectator_switches(self, guild_ids: Sequence[int]) -> dict[int, bool]:
        """Whether each of ``guild_ids`` lets spectator links be had, in one query."""
        out = dict.fromkeys(guild_ids, True)
        for start in range(0, len(guild_ids), 500):
            chunk = guild_ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            sql = f"SELECT guild_id, spectators FROM guild_web WHERE guild_id IN ({marks})"
            out |= {int(row[0]): bool(row[1]) for row in await self.fetch(sql, chunk)}
        return out

    async def revisions(self, game_ids: Sequence[int]) -> dict[int, int]:
        """Each game's revision (bumped by every write to it: a move, a seat, a setting), in one query:
        what a page watching games polls to learn that one changed."""
        out: dict[int, int] = {}
        for start in range(0, len(game_ids), 500):
            chunk = game_ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            for row in await self.fetch(f"SELECT id, revision FROM games WHERE id IN ({marks})", chunk):
                out[int(row[0])] = int(row[1])
        return out
