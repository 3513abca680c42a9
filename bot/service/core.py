"""What every part of the game service shares: the store, the clock, per-game locks, the write path,
and the typed reads every call starts with (a missing game, a game not running)."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.clock import Clock, SystemClock, to_epoch
from bot.service import convert
from bot.service.errors import GameNotFound, WrongStatus
from bot.service.models import GameInfo, MoveRecord
from bot.service.writer import Writer
from bot.store import GameRow, Loaded, Store
from engine import registry
from engine.core.contract import Game
from engine.core.errors import GameFinished


class ServiceCore:
    """The state and checks :class:`~bot.service.GameService` and its parts build on."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock | None = None,
        overrides_path: Path | None = None,
        on_commit: Callable[[MoveRecord], None] | None = None,
    ) -> None:
        """``on_commit`` is called after each committed log entry (e.g. a progress bar); keep it quick."""
        self.store = store
        self.clock: Clock = clock or SystemClock()
        self.overrides_path = overrides_path
        self._writer = Writer(store, self._now, on_commit)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def _now(self) -> int:
        return to_epoch(self.clock.now())

    async def game(self, game_id: int) -> GameInfo:
        """A game's public record."""
        row = await self._row(game_id)
        return convert.game_info(row, await self.store.seats(game_id))

    async def _row(self, game_id: int) -> GameRow:
        row = await self.store.game(game_id) if _storable(game_id) else None
        if row is None:
            raise GameNotFound(f"There is no game #{game_id}.", game=game_id)
        return row

    async def _loaded(self, game_id: int) -> Loaded:
        loaded = await self.store.load(game_id) if _storable(game_id) else None
        if loaded is None:
            raise GameNotFound(f"There is no game #{game_id}.", game=game_id)
        return loaded

    def _active(self, loaded: Loaded) -> Game[Any]:
        row = loaded.game
        if row.status == "finished":
            raise GameFinished(f"Game #{row.id} has already ended.", game=row.id)
        if row.status != "active":
            why = {"lobby": "has not started yet", "cancelled": "was cancelled"}.get(row.status, f"is {row.status}")
            raise WrongStatus(f"Game #{row.id} {why}: nothing can be played.", game=row.id, status=row.status)
        return registry.get(row.kind)


def _storable(game_id: int) -> bool:
    """Whether ``game_id`` fits SQLite's 64-bit integers (a larger one names no game, rather than
    failing in the driver)."""
    return isinstance(game_id, int) and -(2**63) <= game_id < 2**63
