"""What every topic of the store stands on: the conditional-write rule and the shared connection.

:class:`TxBase` holds a transaction's claims: a write to an existing game is refused unless this
transaction first claimed the game at the revision its caller read (:meth:`TxBase.claim`,
:meth:`TxBase.advance`), so no topic's write path can forget the check. :class:`StoreBase` holds the
database every topic's reads go through. Both live here, apart from the topics, so each topic module
depends on them and on nothing of the others'.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.store.connection import Connection, Database
from bot.store.rows import GameRow


class Conflict(Exception):
    """Another writer changed the game since it was read: nothing was written; read again and retry."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} changed since it was read")
        self.game_id = game_id


def dumps(value: Any) -> str:
    """Compact, key-sorted JSON: stored snapshots compare as strings."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class TxBase:
    """One open transaction's connection and claims; the topics' write methods build on it."""

    def __init__(self, db: Connection, dialect: str) -> None:
        self._db = db
        self._dialect = dialect
        self._claimed: set[int] = set()
        self._owed: dict[tuple[int, str], tuple[Any, ...]] = {}
        """Deliveries owed so far, written together just before the commit (one statement for all)."""

    async def claim(self, row: GameRow) -> GameRow:
        """Make this transaction's writes to ``row``'s game conditional on its revision being ``row.revision``;
        returns the row at its new revision.

        Raises :class:`Conflict` (and the transaction rolls back) when another writer got there first.
        """
        changed = await self._db.execute(
            "UPDATE games SET revision = revision + 1 WHERE id = ? AND revision = ?", (row.id, row.revision)
        )
        if changed != 1:
            raise Conflict(row.id)
        self._claimed.add(row.id)
        return replace(row, revision=row.revision + 1)

    async def claim_user_games(self, user_id: int) -> None:
        """Claim every running game where ``user_id`` holds a seat, whatever its revision: their seats'
        clocks follow the user's vacation flag, so a write planned before the flag changed must fail."""
        rows = await self._db.fetch(
            "UPDATE games SET revision = revision + 1 WHERE status = 'active' AND id IN "
            "(SELECT game_id FROM seats WHERE user_id = ?) RETURNING id",
            (user_id,),
        )
        self._claimed.update(int(r[0]) for r in rows)

    def _check(self, game_id: int) -> None:
        """The conditional-write rule: every write to an existing game calls this first, and it refuses
        a game this transaction has not claimed, so no write can skip the revision check."""
        if game_id not in self._claimed:
            raise RuntimeError(f"write to game {game_id} without claiming its revision first")

    async def advance(self, row: GameRow, now: int) -> GameRow:
        """Move the game from ``row.version`` to the next version, on the revision ``row`` was read at.

        This is the claim of a log entry's transaction: another writer's change since the read (a move
        from another process, a seat handed over, a timeout) raises :class:`Conflict` and nothing is written.
        """
        changed = await self._db.execute(
            "UPDATE games SET version = version + 1, revision = revision + 1, updated_at = ? "
            "WHERE id = ? AND version = ? AND revision = ?",
            (now, row.id, row.version, row.revision),
        )
        if changed != 1:
            raise Conflict(row.id)
        self._claimed.add(row.id)
        return replace(row, version=row.version + 1, revision=row.revision + 1, updated_at=now)


class StoreBase:
    """The database the topics' reads run on; see :mod:`bot.store.store` for the rules they keep."""

    def __init__(self, db: Database) -> None:
        self._db = db

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._db.dialect

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        """Rows of any read (the store's own, and checks that compare what is stored)."""
        async with self._db.reading() as conn:
            return await conn.fetch(sql, params)
