"""Web fixtures: the service on a real database (a SQLite file, and PostgreSQL when ``TEST_DATABASE_URL``
names a server), games played to a position by two named players, and the web application on a test
server with links signed by a test secret."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from aiohttp.web import BaseRunner

from bot.clock import to_epoch
from bot.links import Link, Opens, Signer
from bot.service import GameService
from bot.store.postgres import scratch_schema
from tests.bot.databases import SKIPPED, STORES, TEST_DATABASE_URL
from tests.web import browser
from web.app import build
from web.connections import Runner
from web.site import Site

SECRET = "a test secret nobody else knows"
GUILD = 900
CHANNEL = 901
ANA, BOB, CAT = 11, 12, 13
NAMES = {ANA: "Ana", BOB: "Bob", CAT: "Cat"}


class ManualClock:
    """A clock that only moves when told to (UTC)."""

    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture(params=STORES)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "bricabot.sqlite3")
        return
    async with scratch_schema(TEST_DATABASE_URL) as url:
        yield url


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The one line saying the PostgreSQL half was skipped (unless the service suites' own says it), and
    the one saying the browser tests were."""
    plugins = terminalreporter.config.pluginmanager.get_plugins()
    said = any(getattr(p, "__name__", "") == "tests.bot.conftest" for p in plugins)
    if not TEST_DATABASE_URL and not said:
        terminalreporter.write_line(SKIPPED)
    if not browser.available():
        terminalreporter.write_line(browser.SKIPPED)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Without Chromium the browser tests are not collected (one line says so at the end)."""
    return True if collection_path.name == "test_browser.py" and not browser.available() else None


@pytest.fixture(scope="session")
def chromium() -> Iterator[browser.Browser]:
    """One headless Chromium for every browser test of the session."""
    opened = browser.Browser()
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
async def service(database: str, clock: ManualClock) -> AsyncIterator[GameService]:
    async with await GameService.open(database, clock=clock) as opened:
        yield opened


async def play(service: GameService, game_id: int, moves: int) -> None:
    """Make ``moves`` moves, each the first open choice of whoever must act."""
    for _ in range(moves):
        game = await service.game(game_id)
        acting = next((s for s in game.seats if s.to_act and not s.is_ai), None)
        if acting is None or game.status != "active":
            return
        assert acting.user_id is not None
        table = await service.view(game_id, acting.user_id)
        assert table.decision is not None
        await service.act(game_id, acting.user_id, table.decision.choices[0].id, game.version)


async def started(
    service: GameService,
    kind: str = "imaginarium",
    moves: int = 12,
    players: tuple[int, ...] = (ANA, BOB),
    **options: object,
) -> int:
    """A game of ``kind`` in the test server, between ``players`` (named), ``moves`` moves in."""
    lobby = await service.create_lobby(kind, players[0], guild_id=GUILD, channel_id=CHANNEL, seed=5, options=options)
    for user in players[1:]:
        await service.join(lobby.id, user)
    for user in players:
        await service.rename(user, NAMES[user], guild_id=GUILD)
    await service.start(lobby.id, players[0])
    await play(service, lobby.id, moves)
    return lobby.id


@dataclass
class Web:
    """The web application on a test server, with a way to make links as the bot gives them."""

    site: Site
    client: TestClient  # type: ignore[type-arg]
    signer: Signer

    def url(self, path: str) -> str:
        """The full address of ``path`` on the test server (for the browser)."""
        return str(self.client.make_url(path))

    async def link(self, user: int, opens: Opens, target: int, days: int = 30) -> str:
        """The address of a link as ``/game web`` gives it (the user's current generation)."""
        generation = await self.site.service.link_generation(user)
        expires = to_epoch(self.site.service.clock.now() + timedelta(days=days))
        return self.site.path(Link(user, generation, opens, target, expires))


class Served(TestServer):
    """The test server, serving its connections as ``bricabot web`` does (:class:`web.connections.Runner`)."""

    async def _make_runner(self, **kwargs: Any) -> BaseRunner:
        return Runner(self.app, **kwargs)


@pytest.fixture
async def web(service: GameService) -> AsyncIterator[Web]:
    signer = Signer(SECRET)
    site = Site(service, signer)
    client = TestClient(Served(build(site)))
    await client.start_server()
    try:
        yield Web(site, client, signer)
    finally:
        await client.close()
