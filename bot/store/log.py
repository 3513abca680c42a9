"""A game's history: the action log, its latest snapshot, and the public service notes made along it.

Both the log and the snapshot are written in the transaction that claimed the game for the change they
record (a move advances it, :meth:`bot.store.base.TxBase.advance`; a start claims it at version 0), so
they never disagree with the game's version.
"""

from __future__ import annotations

import json
from typing import Any

from bot.store.base import StoreBase, TxBase, dumps
from bot.store.rows import ActionRow, NoteRow
from engine.core.contract import Event


class LogTx(TxBase):
    """A transaction's writes to a claimed game's history."""

    async def append_action(self, action: ActionRow) -> None:
        self._check(action.game_id)
        await self._db.execute(
            "INSERT INTO actions (game_id, seq, seat, kind, choice, undo_to, actor, checkpoint, events, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                action.game_id,
                action.seq,
                action.seat,
                action.kind,
                action.choice,
                action.undo_to,
                action.actor,
                int(action.checkpoint),
                dumps([e.to_json() for e in action.events]),
                action.created_at,
            ),
        )

    async def put_snapshot(self, game_id: int, version: int, state: dict[str, Any]) -> None:
        self._check(game_id)
        await self._db.execute(
            "INSERT INTO snapshots (game_id, version, state) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state",
            (game_id, version, dumps(state)),
        )

    async def add_note(self, note: NoteRow) -> None:
        self._check(note.game_id)
        await self._db.execute(
            "INSERT INTO notes (game_id, after, seat, key, params, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (note.game_id, note.after, note.seat, note.key, dumps(note.params), note.created_at),
        )


class LogStore(StoreBase):
    """Reads of games' histories."""

    async def snapshot(self, game_id: int) -> tuple[int, str] | None:
        """``(version, state JSON text)`` of the latest snapshot."""
        rows = await self.fetch("SELECT version, state FROM snapshots WHERE game_id = ?", (game_id,))
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    async def actions(self, game_id: int, since: int = 0) -> list[ActionRow]:
        """Log entries with ``seq > since``, in order."""
        rows = await self.fetch(
            "SELECT game_id, seq, seat, kind, choice, undo_to, actor, checkpoint, events, created_at "
            "FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, since),
        )
        return [
            ActionRow(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                r[5],
                r[6],
                bool(r[7]),
                tuple(Event.from_json(e) for e in json.loads(r[8])),
                r[9],
            )
            for r in rows
        ]

    async def notes(self, game_id: int, since: int = 0) -> list[NoteRow]:
        """Public service notes made at version ``since`` or later, oldest first."""
        rows = await self.fetch(
            "SELECT game_id, after, seat, key, params, created_at FROM notes WHERE game_id = ? AND after >= ? "
            "ORDER BY id",
            (game_id, since),
        )
        return [NoteRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]
