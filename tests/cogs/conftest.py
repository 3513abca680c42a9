"""Fixtures: a fake Discord on 127.0.0.1 with discord.py pointed at it, a guild, users, a movable clock."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord
import pytest

from bot.settings import Settings
from engine import registry
from tests.support.discord import tinyrender, widegame
from tests.support.discord.gateway import Guild, User
from tests.support.discord.harness import Harness
from tests.support.discord.server import FakeDiscord
from tests.support.tinygame import GAME as TINY

ALICE = User(100_000_000_000_000_001, "alice")
BOB = User(100_000_000_000_000_002, "bob")
CAROL = User(100_000_000_000_000_003, "carol")
MOD = User(100_000_000_000_000_009, "mod", manager=True)
OWNER_ID = 100_000_000_000_000_000
"""The servers' owner, who takes no part: Discord gives an owner every permission everywhere."""
GUILD = Guild(200_000_000_000_000_001, "Workshop", 300_000_000_000_000_001, OWNER_ID)


class MovableClock:
    """The service's clock in tests: starts now, moves only when told."""

    def __init__(self) -> None:
        self.at = datetime.now(UTC).replace(microsecond=0)

    def now(self) -> datetime:
        return self.at

    def advance(self, delta: timedelta) -> None:
        self.at += delta


@pytest.fixture(autouse=True)
def _tiny_game() -> None:
    registry.register(TINY)
    registry.register(widegame.GAME)
    tinyrender.install()
    widegame.install()


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    monkeypatch.setattr(discord.http.Route, "BASE", server.base)
    yield server
    await server.close()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        discord_token="test-token", database_path=tmp_path / "bricabot.sqlite3", dev_guild_id=GUILD.id, _env_file=None
    )  # type: ignore[call-arg]


@pytest.fixture
def clock() -> MovableClock:
    return MovableClock()


StartBot = Callable[[], Awaitable[Harness]]


@pytest.fixture
async def start_bot(fake: FakeDiscord, settings: Settings, clock: MovableClock) -> AsyncIterator[StartBot]:
    """Start a bot on the fake (call again after ``stop()`` for a restart on the same database)."""
    running: list[Harness] = []

    async def start() -> Harness:
        harness = await Harness.start(fake, settings, GUILD, [ALICE, BOB, CAROL, MOD], clock=clock)
        running.append(harness)
        return harness

    yield start
    for harness in running:
        if not harness.bot.is_closed():
            await harness.stop()
