"""Service fixtures: a real SQLite file in a temp folder, the tiny game registered, a clock tests move."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import Store
from bot.store.postgres import scratch_schema
from engine import registry
from tests.bot.databases import SKIPPED, STORES, TEST_DATABASE_URL
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
    """A SQLite file, for the tests about SQLite itself (pragmas, its migrations, crash recovery)."""
    return tmp_path / "bricabot.sqlite3"


@pytest.fixture(params=STORES)
async def database(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[str]:
    """The address of an empty database: the SQLite file, then a PostgreSQL schema of its own."""
    if request.param == "sqlite":
        yield str(db_path)
        return
    async with scratch_schema(TEST_DATABASE_URL) as url:
        yield url


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not TEST_DATABASE_URL:
        terminalreporter.write_line(SKIPPED)


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """A migrated store, closed even when the test fails (an open connection's thread would keep pytest
    from exiting)."""
    opened = await Store.open(database)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def service(database: str, clock: ManualClock) -> AsyncIterator[GameService]:
    async with await GameService.open(database, clock=clock) as svc:
        yield svc


GAME_ROWS = {
    "games": "SELECT * FROM games WHERE id = ?",
    "seats": "SELECT * FROM seats WHERE game_id = ? ORDER BY seat",
    "actions": "SELECT * FROM actions WHERE game_id = ? ORDER BY seq",
    "snapshots": "SELECT * FROM snapshots WHERE game_id = ?",
    "messages": "SELECT * FROM messages WHERE game_id = ? ORDER BY purpose",
    "notes": "SELECT * FROM notes WHERE game_id = ? ORDER BY id",
}


async def dump_game(store: Store, game_id: int) -> dict[str, list[tuple[object, ...]]]:
    """Every stored row about one game, as committed (on either database)."""
    return {name: [tuple(r) for r in await store.fetch(sql, (game_id,))] for name, sql in GAME_ROWS.items()}


async def started_tiny(service: GameService, humans: int = 2, ais: int = 0, seed: int = 7, **kwargs: object) -> int:
    """A started tiny game with users 1..humans (user 1 hosts) and ``ais`` AI seats; returns its id."""
    info = await service.create_lobby("tiny", 1, seed=seed, **kwargs)  # type: ignore[arg-type]
    for user in range(2, humans + 1):
        await service.join(info.id, user)
    for _ in range(ais):
        await service.add_ai(info.id, 1)
    await service.start(info.id, 1)
    return info.id
