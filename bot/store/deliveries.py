"""The outbox: what each game owes Discord (a board, a turn notice), who is delivering it, and the
messages kept once delivered.

A change owes its deliveries in its own transaction, so what the players must be told is never lost
between a commit and a send; processes then lease rows, deliver them and report back, each step
conditional in its statement, so two processes never deliver the same row.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from typing import Any

from bot.store.base import StoreBase, TxBase, dumps
from bot.store.rows import DeliveryRow


class DeliveryTx(TxBase):
    """A transaction's deliveries owed and messages kept."""

    async def owe(
        self,
        game_id: int,
        key: str,
        lane: str,
        version: int,
        now: int,
        payload: dict[str, Any] | None = None,
        *,
        done: bool = False,
    ) -> None:
        """Record that game ``game_id`` owes delivery ``key`` at ``version`` (the outbox), superseding an
        older row with the same key whether or not it was delivered; ``done`` records it as already
        delivered (the change itself told whoever it concerns). A lease held on the row stays with its
        holder, who then finds a newer version when it reports its delivery and delivers again."""
        self._check(game_id)
        self._owed[(game_id, key)] = _owed_row(game_id, key, lane, version, now, payload or {}, done)

    async def owe_again(
        self, game_id: int, key: str, lane: str, version: int, now: int, payload: dict[str, Any] | None = None
    ) -> None:
        """A repair: owe ``key`` again at ``version`` because Discord lost what was delivered (a deleted
        board). What the players' screens show is not game data, so the game needs no claim."""
        self._owed[(game_id, key)] = _owed_row(game_id, key, lane, version, now, payload or {}, False)

    async def flush(self) -> None:
        """Write the deliveries owed in this transaction (called by :meth:`Store.transaction` before it
        commits): one statement however many, since a move owes its board and maybe turn notices."""
        if self._owed:
            rows = list(self._owed.values())
            values = ", ".join("(?, ?, ?, ?, ?, ?, ?, ?)" for _ in rows)
            await self._db.execute(_OWE.format(values=values), [v for row in rows for v in row])
            self._owed.clear()

    async def owe_redraws(self, game_ids: Collection[int], now: int) -> None:
        """Owe the board of each running game in ``game_ids`` and the message of each lobby (names on
        them changed); names are not game data, so these games need no claim."""
        if not game_ids:
            return
        marks = ", ".join("?" for _ in game_ids)
        await self._db.execute(
            "INSERT INTO deliveries (game_id, key, lane, version, payload, created_at, due_at) "
            "SELECT id, CASE status WHEN 'active' THEN 'board' ELSE 'lobby' END, "
            "CASE status WHEN 'active' THEN 'board' ELSE 'notice' END, version, '{}', ?, ? FROM games "
            f"WHERE id IN ({marks}) AND status IN ('active', 'lobby') "
            "ON CONFLICT (game_id, key) DO UPDATE SET version = excluded.version, due_at = excluded.due_at, "
            "done_at = NULL, attempts = 0",
            (now, now, *game_ids),
        )

    async def release_held(self, user_id: int, now: int) -> None:
        """Everything held for ``user_id`` is due now, to be held again (or sent) by their new hours."""
        await self._db.execute(
            "UPDATE deliveries SET due_at = ? WHERE held_for = ? AND done_at IS NULL", (now, user_id)
        )

    async def set_message(self, game_id: int, purpose: str, channel_id: int, message_id: int) -> None:
        await self._db.execute(
            "INSERT INTO messages (game_id, purpose, channel_id, message_id) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, purpose) DO UPDATE SET channel_id = excluded.channel_id, "
            "message_id = excluded.message_id",
            (game_id, purpose, channel_id, message_id),
        )

    async def forget_message(self, game_id: int, purpose: str, message_id: int | None = None) -> bool:
        """The message kept for ``purpose`` is gone (e.g. a deleted ping): nothing is kept for it now.
        With ``message_id``, only if that is still the message kept (a newer one stays); true when one
        was forgotten."""
        sql = "DELETE FROM messages WHERE game_id = ? AND purpose = ?"
        if message_id is None:
            return await self._db.execute(sql, (game_id, purpose)) > 0
        return await self._db.execute(f"{sql} AND message_id = ?", (game_id, purpose, message_id)) > 0


class DeliveryStore(StoreBase):
    """The outbox's own transactions (leases, reports, repairs) and its reads."""

    async def claim_deliveries(self, lane: str, owner: str, now: int, until: int) -> list[DeliveryRow]:
        """Lease every due row of one game in ``lane`` (the game whose oldest due row waited longest) to
        ``owner`` until ``until``, or, when that row was held for a player, every due row held for them;
        empty when nothing is due or others hold the leases.

        The lease is conditional in the statement itself, so two processes never hold the same row;
        each claim counts an attempt."""
        free = "lane = ? AND done_at IS NULL AND due_at <= ? AND (lease_until IS NULL OR lease_until <= ?)"
        async with self._db.transaction() as conn:
            first = await conn.fetch(
                f"SELECT game_id, held_for FROM deliveries WHERE {free} ORDER BY due_at, game_id LIMIT 1",
                (lane, now, now),
            )
            if not first:
                return []
            game_id, held_for = first[0]
            # Rows held for a player go out together, from every game, when their hours begin.
            which = "game_id = ? AND held_for IS NULL" if held_for is None else "held_for = ?"
            rows = await conn.fetch(
                f"UPDATE deliveries SET lease_owner = ?, lease_until = ?, attempts = attempts + 1 WHERE {free} "
                f"AND {which} RETURNING {_DELIVERY_COLUMNS}",
                (owner, until, lane, now, now, game_id if held_for is None else held_for),
            )
        return sorted((_delivery(r) for r in rows), key=lambda d: (d.game_id, d.key))

    async def delivered(self, row: DeliveryRow, owner: str, now: int) -> bool:
        """Mark ``row`` delivered, unless a newer version was owed meanwhile (then it stays owed, due
        now, and this returns false) or ``owner`` lost the lease."""
        async with self._db.transaction() as conn:
            done = await conn.execute(
                "UPDATE deliveries SET done_at = ?, lease_owner = NULL, lease_until = NULL, blocked = NULL, "
                "attempts = 0 WHERE game_id = ? AND key = ? AND version = ? AND lease_owner = ?",
                (now, row.game_id, row.key, row.version, owner),
            )
            if done != 1:
                await conn.execute(
                    "UPDATE deliveries SET lease_owner = NULL, lease_until = NULL "
                    "WHERE game_id = ? AND key = ? AND lease_owner = ?",
                    (row.game_id, row.key, owner),
                )
        return done == 1

    async def postpone(self, row: DeliveryRow, owner: str, due_at: int, blocked: str | None) -> None:
        """Give ``row`` back, owed again at ``due_at`` (or at once if a newer version was owed meanwhile);
        ``blocked`` says why Discord refuses it, ``None`` for a passing failure."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE deliveries SET lease_owner = NULL, lease_until = NULL, blocked = ?, "
                "due_at = CASE WHEN version = ? THEN ? ELSE due_at END "
                "WHERE game_id = ? AND key = ? AND lease_owner = ?",
                (blocked, row.version, due_at, row.game_id, row.key, owner),
            )

    async def hold(self, row: DeliveryRow, owner: str, due_at: int, user_id: int) -> None:
        """Give ``row`` back held for ``user_id`` until ``due_at`` (their hours begin), unless a newer
        version was owed meanwhile (then it stays owed now, not held). Holding is no failed attempt."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE deliveries SET lease_owner = NULL, lease_until = NULL, attempts = 0, "
                "held_for = CASE WHEN version = ? THEN ? ELSE held_for END, "
                "due_at = CASE WHEN version = ? THEN ? ELSE due_at END "
                "WHERE game_id = ? AND key = ? AND lease_owner = ?",
                (row.version, user_id, row.version, due_at, row.game_id, row.key, owner),
            )

    async def owe(
        self, game_id: int, key: str, lane: str, version: int, now: int, payload: dict[str, Any] | None = None
    ) -> None:
        """Owe a delivery outside a game change (e.g. telling a host what blocks the game's messages)."""
        async with self._db.transaction() as conn:
            row = _owed_row(game_id, key, lane, version, now, payload or {}, False)
            await conn.execute(_OWE.format(values="(?, ?, ?, ?, ?, ?, ?, ?)"), row)

    async def reconcile(self, now: int, guild_id: int | None = None) -> int:
        """Owe what running games lack and make every owed row due now; returns how many rows were owed.

        A running game whose board row is missing or older than the game (a game started before the
        outbox existed) owes its board; a seat that must act and was never told owes its turn notice.
        Rows held back (a missing permission, Discord failing) are tried again at once (not those held
        for a player's hours, which wait for them): called at
        start-up, when the gateway (re)connects or a server comes back (only that server's games),
        and on every scheduler pass."""
        where = "g.status = 'active'" + ("" if guild_id is None else " AND g.guild_id = ?")
        place: tuple[Any, ...] = () if guild_id is None else (guild_id,)
        async with self._db.transaction() as conn:
            boards = await conn.execute(
                "INSERT INTO deliveries (game_id, key, lane, version, payload, created_at, due_at) "
                f"SELECT g.id, 'board', 'board', g.version, '{{}}', ?, ? FROM games g WHERE {where} AND NOT EXISTS "
                "(SELECT 1 FROM deliveries d WHERE d.game_id = g.id AND d.key = 'board' AND d.version >= g.version) "
                "ON CONFLICT (game_id, key) DO UPDATE SET version = excluded.version, due_at = excluded.due_at, "
                "done_at = NULL, attempts = 0",
                (now, now, *place),
            )
            turns = await conn.execute(
                "INSERT INTO deliveries (game_id, key, lane, version, payload, created_at, due_at) "
                "SELECT g.id, 'turn:' || s.seat, 'notice', g.version, '{}', ?, ? FROM seats s "
                f"JOIN games g ON g.id = s.game_id WHERE {where} AND s.to_act = 1 AND s.ai_policy IS NULL "
                "AND s.autoplay = 0 AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.game_id = g.id "
                "AND d.key = 'turn:' || s.seat) ON CONFLICT (game_id, key) DO NOTHING",
                (now, now, *place),
            )
            await conn.execute(  # rows held for a player's hours keep waiting for them
                "UPDATE deliveries SET due_at = ? WHERE done_at IS NULL AND due_at > ? AND held_for IS NULL"
                + ("" if guild_id is None else " AND game_id IN (SELECT id FROM games WHERE guild_id = ?)"),
                (now, now, *place),
            )
        return boards + turns

    async def release_leases(self, owner: str) -> tuple[int, int]:
        """Give back every lease ``owner`` holds (it is stopping): its owed deliveries, due again at once
        for whichever process delivers next (the attempt cut short is not counted), and its games'
        scheduled work. Returns how many deliveries and games were released."""
        async with self._db.transaction() as conn:
            rows = await conn.execute(
                "UPDATE deliveries SET lease_owner = NULL, lease_until = NULL, "
                "attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END WHERE lease_owner = ?",
                (owner,),
            )
            games = await conn.execute(
                "UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ?", (owner,)
            )
        return rows, games

    async def next_delivery(self, lane: str) -> int | None:
        """When the next owed row of ``lane`` falls due (``None``: nothing is owed)."""
        rows = await self.fetch("SELECT MIN(due_at) FROM deliveries WHERE lane = ? AND done_at IS NULL", (lane,))
        return None if not rows or rows[0][0] is None else int(rows[0][0])

    async def deliveries(self, game_id: int) -> list[DeliveryRow]:
        """A game's outbox, delivered rows included."""
        rows = await self.fetch(
            f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE game_id = ? ORDER BY key", (game_id,)
        )
        return [_delivery(r) for r in rows]

    async def owed_deliveries(self) -> tuple[int, int | None]:
        """How many rows of games on Discord are owed and not yet delivered, and when the oldest fell due
        (games played on the command line owe rows nobody delivers; a row held for a player's hours is
        owed but not late)."""
        rows = await self.fetch(
            "SELECT COUNT(*), MIN(CASE WHEN held_for IS NULL THEN due_at END) FROM deliveries WHERE done_at IS NULL "
            "AND game_id IN (SELECT id FROM games WHERE channel_id IS NOT NULL)"
        )
        return int(rows[0][0]), (None if rows[0][1] is None else int(rows[0][1]))

    async def blocked_deliveries(self, guild_id: int | None = None) -> list[DeliveryRow]:
        """Owed rows Discord refuses for now (a permission, a locked thread), of one server or all."""
        sql = f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE done_at IS NULL AND blocked IS NOT NULL"
        if guild_id is not None:
            sql += " AND game_id IN (SELECT id FROM games WHERE guild_id = ?)"
        rows = await self.fetch(sql + " ORDER BY game_id, key", () if guild_id is None else (guild_id,))
        return [_delivery(r) for r in rows]

    async def messages(self, game_id: int) -> dict[str, tuple[int, int]]:
        rows = await self.fetch("SELECT purpose, channel_id, message_id FROM messages WHERE game_id = ?", (game_id,))
        return {str(r[0]): (int(r[1]), int(r[2])) for r in rows}

    async def keepers_of(self, message_id: int) -> list[tuple[int, str, int]]:
        """The games that keep message ``message_id`` (a board, a lobby, a ping): ``(game id, purpose,
        channel id)`` each. Empty for any other message, e.g. one the bot forgot before deleting it."""
        rows = await self.fetch("SELECT game_id, purpose, channel_id FROM messages WHERE message_id = ?", (message_id,))
        return [(int(r[0]), str(r[1]), int(r[2])) for r in rows]


_DELIVERY_COLUMNS = "game_id, key, lane, version, payload, attempts, due_at, done_at, blocked, held_for"

_OWE = (
    "INSERT INTO deliveries (game_id, key, lane, version, payload, created_at, due_at, done_at) "
    "VALUES {values} ON CONFLICT (game_id, key) DO UPDATE SET lane = excluded.lane, "
    "version = excluded.version, payload = excluded.payload, due_at = excluded.due_at, "
    "done_at = excluded.done_at, attempts = 0, held_for = NULL"
)
"""Owe deliveries (``{values}``: a row of eight placeholders for each), each superseding the row of the same
game and key (see :meth:`DeliveryTx.owe`)."""


def _owed_row(
    game_id: int, key: str, lane: str, version: int, now: int, payload: dict[str, Any], done: bool
) -> tuple[Any, ...]:
    return (game_id, key, lane, version, dumps(payload), now, now, now if done else None)


def _delivery(r: Sequence[Any]) -> DeliveryRow:
    return DeliveryRow(
        int(r[0]), str(r[1]), str(r[2]), int(r[3]), json.loads(r[4]), int(r[5]), int(r[6]), r[7], r[8], r[9]
    )
