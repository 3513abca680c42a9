"""Finished games' results, one row per seat: what ratings and leaderboards are computed from.

Results are recorded once per game and seat, so a retried finish or a backfill never doubles them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.store.base import StoreBase, TxBase, dumps
from bot.store.rows import ResultRow


class ResultTx(TxBase):
    """A transaction's reads and writes in recording a game's results."""

    async def display_names(self, game_id: int) -> dict[int, str | None]:
        """Each seat's display name as captured at the table (``None`` where none was)."""
        rows = await self._db.fetch("SELECT seat, display_name FROM seats WHERE game_id = ?", (game_id,))
        return {int(r[0]): r[1] for r in rows}

    async def noted_seats(self, game_id: int, key: str) -> frozenset[int]:
        """Seats named by the game's notes of kind ``key`` (e.g. the seats the host gave away)."""
        rows = await self._db.fetch("SELECT DISTINCT seat FROM notes WHERE game_id = ? AND key = ?", (game_id, key))
        return frozenset(int(r[0]) for r in rows if r[0] is not None)

    async def add_results(self, rows: Sequence[ResultRow]) -> None:
        """A finished game's results, one row per seat; rows already stored are left as they are, so
        recording a game twice (a retried finish, a backfill) never doubles them."""
        await self._db.executemany(
            "INSERT INTO results (game_id, seat, kind, guild_id, user_id, ai_level, name, team, score, rank, "
            "winner, reason, changed_hands, timeouts, details, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING",
            [
                (
                    r.game_id,
                    r.seat,
                    r.kind,
                    r.guild_id,
                    r.user_id,
                    r.ai_level,
                    r.name,
                    r.team,
                    r.score,
                    r.rank,
                    int(r.winner),
                    r.reason,
                    int(r.changed_hands),
                    r.timeouts,
                    dumps(r.details),
                    r.finished_at,
                )
                for r in rows
            ],
        )


class ResultStore(StoreBase):
    """Reads of recorded results."""

    async def results(
        self,
        *,
        guild_id: int | None = None,
        kind: str | None = None,
        user_id: int | None = None,
        game_id: int | None = None,
    ) -> list[ResultRow]:
        """Recorded results filtered by server, game kind, player and game, in finishing order."""
        clauses, params = [], []
        for column, value in (("guild_id", guild_id), ("kind", kind), ("user_id", user_id), ("game_id", game_id)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = await self.fetch(
            "SELECT game_id, seat, kind, guild_id, user_id, ai_level, name, team, score, rank, winner, reason, "
            f"changed_hands, timeouts, details, finished_at FROM results {where} ORDER BY finished_at, game_id, seat",
            params,
        )
        return [
            ResultRow(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                r[5],
                r[6],
                r[7],
                r[8],
                r[9],
                bool(r[10]),
                r[11],
                bool(r[12]),
                r[13],
                json.loads(r[14]),
                r[15],
            )
            for r in rows
        ]

    async def unrecorded_games(self) -> list[int]:
        """Finished games with no recorded results (finished before results were kept), oldest first."""
        rows = await self.fetch(
            "SELECT id FROM games g WHERE status = 'finished' "
            "AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) ORDER BY finished_at, id"
        )
        return [int(r[0]) for r in rows]
