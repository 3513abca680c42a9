"""What the scheduler reads and holds: seats whose reminder or deadline came, games waiting on an AI,
and the lease on a game's scheduled work (so two processes never run it twice)."""

from __future__ import annotations

from bot.store.base import StoreBase, TxBase
from bot.store.games import SEAT_COLUMNS, SEAT_FROM, seat_row
from bot.store.rows import SeatRow


class ScheduleTx(TxBase):
    """A transaction's hold on games' scheduled work."""

    async def lease(self, game_id: int, owner: str, now: int, until: int) -> bool:
        """Take (or extend) the lease on a game's scheduled work until ``until``; false when another
        owner holds an unexpired one. The lease is not game data: it needs no claim."""
        changed = await self._db.execute(
            "UPDATE games SET lease_owner = ?, lease_until = ? WHERE id = ? "
            "AND (lease_owner IS NULL OR lease_owner = ? OR lease_until <= ?)",
            (owner, until, game_id, owner, now),
        )
        return changed == 1

    async def release(self, game_id: int, owner: str) -> None:
        """Give back the lease ``owner`` holds on a game (nothing if another owner has it now)."""
        await self._db.execute(
            "UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?",
            (game_id, owner),
        )


class ScheduleStore(StoreBase):
    """The scheduler's reads."""

    async def due_seats(self, now: int) -> list[SeatRow]:
        """Seats of active games whose reminder or deadline has come."""
        return [
            seat_row(r)
            for r in await self.fetch(
                f"SELECT {SEAT_COLUMNS} FROM {SEAT_FROM} JOIN games g ON g.id = s.game_id "
                "WHERE s.remind_at <= ? AND (s.reminded = 0 OR s.deadline_at <= ?) AND g.status = 'active' "
                "ORDER BY s.deadline_at, s.game_id, s.seat",
                (now, now),
            )
        ]

    async def next_due(self) -> int | None:
        """The earliest pending reminder or deadline, for a scheduler to sleep until."""
        rows = await self.fetch(
            "SELECT MIN(CASE WHEN s.reminded = 0 THEN s.remind_at ELSE s.deadline_at END) FROM seats s "
            "JOIN games g ON g.id = s.game_id WHERE s.remind_at IS NOT NULL AND g.status = 'active'"
        )
        return rows[0][0] if rows and rows[0][0] is not None else None

    async def ai_turn_games(self) -> list[int]:
        """Active games left waiting on an AI seat (AI play interrupted by a restart)."""
        return [r[0] for r in await self.fetch("SELECT id FROM games WHERE status = 'active' AND ai_turn = 1")]

    async def waiting_seats(self) -> list[SeatRow]:
        """Seats of running games whose human must act and has active hours (the board says when they
        are asleep)."""
        rows = await self.fetch(
            f"SELECT {SEAT_COLUMNS} FROM {SEAT_FROM} JOIN games g ON g.id = s.game_id WHERE g.status = 'active' "
            "AND s.to_act = 1 AND s.ai_policy IS NULL AND s.autoplay = 0 AND u.tz IS NOT NULL "
            "AND u.active_from IS NOT NULL ORDER BY s.game_id, s.seat"
        )
        return [seat_row(r) for r in rows]
