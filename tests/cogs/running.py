"""The real program as an OS process for the tests that stop it and watch it repair: a fake Discord with
its websocket gateway, ``bricabot run`` on SQLite and then PostgreSQL, a game seeded from outside it, and
its players' moves sent over the gateway."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot import ai
from bot.service import GameService
from bot.store import Store
from bot.store.postgres import scratch_schema
from tests.bot.databases import STORES, TEST_DATABASE_URL
from tests.cogs.conftest import ALICE, BOB, GUILD
from tests.cogs.flows import custom_ids
from tests.support.discord.gateway import User
from tests.support.discord.remote import BotProcess, Remote, fake_discord
from tests.support.discord.server import FakeDiscord
from tests.support.discord.websocket import Gateway

USERS = {u.id: u for u in (ALICE, BOB)}
REFUSED = ("nothing was changed", "restarting", "try again", "could not be saved")
"""What the bot's refusals say: a move answered with one of these was not acknowledged."""


@dataclass
class Bench:
    """A running bot process, its fake Discord, its players and its database."""

    fake: FakeDiscord
    gateway: Gateway
    process: BotProcess
    remote: Remote
    address: str
    game_id: int = 0


@pytest.fixture(params=STORES)
async def address(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'bricabot.sqlite3'}"
        return
    async with scratch_schema(TEST_DATABASE_URL) as url:
        yield url


@pytest.fixture
async def bench(address: str, tmp_path: Path) -> AsyncIterator[Bench]:
    fake, gateway = await fake_discord([(GUILD, [ALICE, BOB])])
    env = {
        "DISCORD_TOKEN": "test-token",
        "DATABASE_URL": address,
        "DEV_GUILD_ID": str(GUILD.id),
        "SCHEDULER_SECONDS": "2",
        "LOG_LEVEL": "INFO",
    }
    process = BotProcess(fake, gateway, env, tmp_path / "bricabot.log")
    yield Bench(fake, gateway, process, Remote(fake, gateway, GUILD, [ALICE, BOB]), address)
    if process.process is not None and process.process.returncode is None:
        process.process.kill()
        await process.process.wait()
    await fake.close()


async def seeded(bench: Bench, kind: str, ais: int = 0, level: str = "normal") -> int:
    """A running game in the server's channel with Alice, Bob unless there are three AI seats, and ``ais``
    AI seats, started through the service from outside the bot (as another process would); the bot owes
    it its thread and board."""
    async with await GameService.open(bench.address) as service:
        game = await service.create_lobby(kind, ALICE.id, guild_id=GUILD.id, channel_id=GUILD.channel_id, seed=11)
        if ais < 3:
            await service.join(game.id, BOB.id)
        for _ in range(ais):
            await service.add_ai(game.id, ALICE.id, level)
        try:
            await service.start(game.id, ALICE.id)  # AI seats first to act play here
        finally:
            ai.shutdown()
        bench.game_id = game.id
        return game.id


async def started(bench: Bench, kind: str = "imaginarium", ais: int = 0, level: str = "normal") -> None:
    await seeded(bench, kind, ais, level)
    await bench.process.start()
    await until(lambda: board_posted(bench), "the board was not posted")


async def until(check: Any, what: str, seconds: float = 30.0) -> None:
    began = time.monotonic()
    while not (await check() if asyncio.iscoroutinefunction(check) else check()):
        assert time.monotonic() - began < seconds, what
        await asyncio.sleep(0.05)


def board_posted(bench: Bench) -> bool:
    return any(f"board:{bench.game_id}:log" in custom_ids(m) for m in bench.fake.messages.values())


async def acting(bench: Bench) -> User | None:
    async with await GameService.open(bench.address) as service:
        game = await service.game(bench.game_id)
    return next((USERS[s.user_id] for s in game.seats if s.to_act and s.user_id in USERS), None)


def refused(answer: str) -> bool:
    return any(r in answer.lower() for r in REFUSED)


async def panel(bench: Bench, user: User) -> dict[str, Any] | None:
    """``user``'s private panel, opened with ``/game play`` in a DM."""
    opened = await bench.remote.slash(user, "game play", channel=bench.remote.dm(user), game=bench.game_id)
    return None if opened.message is None or refused(opened.text()) else opened.message


async def choose(bench: Bench, user: User, shown: dict[str, Any]) -> bool:
    """``user`` makes the first choice on their panel; true when the bot acknowledged the move (answered
    it without a refusal)."""
    for row in shown.get("components", []):
        for item in row.get("components", []):
            custom_id = item.get("custom_id", "")
            try:
                if item["type"] == 2 and custom_id.startswith("mv:") and ":?" not in custom_id:
                    done = await bench.remote.click(user, shown["id"], custom_id)
                elif item["type"] == 3 and custom_id.startswith("ms:"):
                    value = next(o["value"] for o in item["options"] if not o["value"].startswith("?"))
                    done = await bench.remote.select(user, shown["id"], custom_id, [value])
                else:
                    continue
            except AssertionError:  # never answered: the process ended first
                return False
            return not refused(done.text())
    return False


async def play(bench: Bench, user: User) -> bool:
    shown = await panel(bench, user)
    return shown is not None and await choose(bench, user, shown)


async def count(address: str, sql: str, *params: Any) -> int:
    store = await Store.open(address)
    try:
        return int((await store.fetch(sql, params))[0][0])
    finally:
        await store.close()


async def stored(bench: Bench) -> tuple[int, int, int]:
    """The players' moves stored for the game, and the delivery and game leases still held."""
    moves = await count(
        bench.address, "SELECT COUNT(*) FROM actions WHERE game_id = ? AND actor = 'player'", bench.game_id
    )
    rows = await count(bench.address, "SELECT COUNT(*) FROM deliveries WHERE lease_owner IS NOT NULL")
    games = await count(bench.address, "SELECT COUNT(*) FROM games WHERE lease_owner IS NOT NULL")
    return moves, rows, games
