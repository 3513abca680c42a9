"""Where each person stands in each game kind's tutorial, so they can leave it and come back."""

from __future__ import annotations

from bot.store.base import StoreBase, TxBase
from bot.store.rows import TutorialRow


class TutorialTx(TxBase):
    """A transaction's writes to tutorial progress."""

    async def set_tutorial(self, user_id: int, row: TutorialRow, now: int) -> None:
        """Record where ``user_id`` stands in ``row.kind``'s tutorial (one row per user and game kind)."""
        await self._db.execute(
            "INSERT INTO tutorials (user_id, kind, chapter, step, lang, updated_at) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (user_id, kind) DO UPDATE SET chapter = excluded.chapter, step = excluded.step, "
            "lang = excluded.lang, updated_at = excluded.updated_at",
            (user_id, row.kind, row.chapter, row.step, row.lang, now),
        )


class TutorialStore(StoreBase):
    """Reads of tutorial progress."""

    async def tutorial(self, user_id: int, kind: str) -> TutorialRow | None:
        rows = await self.fetch(
            "SELECT chapter, step, lang FROM tutorials WHERE user_id = ? AND kind = ?", (user_id, kind)
        )
        if not rows:
            return None
        chapter, step, lang = rows[0]
        return TutorialRow(kind, str(chapter), None if step is None else str(step), str(lang))
