"""Service fixtures: a real SQLite file in a temp folder, the tiny game registered, a clock tests move."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import Store
from engine import registry
from tests.support.tinygame import GAME as TINY

registry.register(TINY)


class ManualClock:
    """A clock that only moves when told to (UTC)."""

    def __init__(self, start: datetime = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)) -> None:
        self.moment = start

    def now(self) -> datetime:
        return self.moment

    def advance(self, delta: timedelta) -> None:
        self.moment += delta


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "bricabot.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    """A migrated store, closed even when the test fails (an open connection's thread would keep pytest
    from exiting)."""
    opened = await Store.open(db_path)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def service(db_path: Path, clock: ManualClock) -> AsyncIterator[GameService]:
    async with await GameService.open(db_path, clock=clock) as svc:
        yield svc


def dump_game(db_path: Path, game_id: int) -> dict[str, list[tuple[object, ...]]]:
    """Every stored row about one game, read with a separate connection (what is committed)."""
    import sqlite3

    queries = {
        "games": "SELECT * FROM games WHERE id = ?",
        "seats": "SELECT * FROM seats WHERE game_id = ? ORDER BY seat",
        "actions": "SELECT * FROM actions WHERE game_id = ? ORDER BY seq",
        "snapshots": "SELECT * FROM snapshots WHERE game_id = ?",
        "messages": "SELECT * FROM messages WHERE game_id = ? ORDER BY purpose",
    }
    with sqlite3.connect(db_path) as db:
        return {name: db.execute(sql, (game_id,)).fetchall() for name, sql in queries.items()}


async def started_tiny(service: GameService, humans: int = 2, ais: int = 0, seed: int = 7, **kwargs: object) -> int:
    """A started tiny game with users 1..humans (user 1 hosts) and ``ais`` AI seats; returns its id."""
    info = await service.create_lobby("tiny", 1, seed=seed, **kwargs)  # type: ignore[arg-type]
    for user in range(2, humans + 1):
        await service.join(info.id, user)
    for _ in range(ais):
        await service.add_ai(info.id, 1)
    await service.start(info.id, 1)
    return info.id
