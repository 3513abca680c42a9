"""Service fixtures: a real SQLite file in a temp folder, the tiny game registered, a clock tests move."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service import GameService
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
async def service(db_path: Path, clock: ManualClock) -> AsyncIterator[GameService]:
    async with await GameService.open(db_path, clock=clock) as svc:
        yield svc
