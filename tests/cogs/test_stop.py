"""``bricabot run`` stopped as an operator stops it: the real program as an OS process, connected to the fake
Discord through a websocket gateway, sent SIGTERM in each state it meets in production — idle; deliveries
hanging or failing with 5xx; the gateway reconnecting because Discord cannot be reached; AI seats thinking;
another program holding the database's write lock; right after a burst of moves. Each time it must exit
0 within 10 s, with every move it acknowledged stored and no lease left held in the database, on SQLite
and PostgreSQL. Each test prints how long the stop took.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sqlite3
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot import ai
from bot.service import GameService
from bot.store import Store
from bot.store.postgres import scratch_schema
from tests.bot.databases import STORES, TEST_DATABASE_URL
from tests.cogs.conftest import ALICE, BOB, GUILD
from tests.cogs.flows import custom_ids
from tests.support.discord.gateway import User
from tests.support.discord.remote import BotProcess, Exit, Remote, fake_discord
from tests.support.discord.server import FakeDiscord
from tests.support.discord.websocket import Gateway

LIMIT = 10.0
"""Seconds from SIGTERM to the end of the process: ``docker stop`` and systemd kill after 10."""
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


def stopped_well(ended: Exit, state: str) -> None:
    print(f"{state}: exit {ended.status} {ended.seconds:.2f} s after SIGTERM")
    print("\n".join(line for line in ended.log.splitlines() if "stop" in line))
    assert ended.status == 0, ended.log
    assert ended.seconds < LIMIT, ended.log
    assert "stopping (SIGTERM)" in ended.log and "stopped in" in ended.log, ended.log
    errors = [line for line in ended.log.splitlines() if "ERROR" in line and "bricabot" in line]
    assert not errors, ended.log


async def checked(bench: Bench, acknowledged: int) -> None:
    moves, rows, games = await stored(bench)
    assert moves >= acknowledged, f"{acknowledged} moves acknowledged, {moves} stored"
    assert (rows, games) == (0, 0), f"leases left held: {rows} deliveries, {games} games"


# -- the states ------------------------------------------------------------------------------------
async def test_idle(bench: Bench) -> None:
    await started(bench)
    stopped_well(await bench.process.stop(), "idle")
    await checked(bench, 0)


async def test_right_after_a_burst_of_moves(bench: Bench) -> None:
    await started(bench)
    acknowledged = 0
    for _ in range(12):
        player = await acting(bench)
        assert player is not None
        acknowledged += await play(bench, player)
    assert acknowledged >= 10
    stopped_well(await bench.process.stop(), f"right after {acknowledged} moves")
    await checked(bench, acknowledged)


async def test_while_deliveries_hang_or_fail(bench: Bench) -> None:
    await started(bench)
    bench.fake.faults.slow("PATCH", r"/channels/\d+/messages/\d+", 30.0)  # the board's edit hangs
    bench.fake.faults.fail("POST", r"/channels/\d+/messages", status=503, times=1000)  # pings fail
    player = await acting(bench)
    assert player is not None
    acknowledged = int(await play(bench, player))
    await until(lambda: bench.fake.attempts("PATCH", r"/channels/\d+/messages/\d+"), "no board edit was tried")
    stopped_well(await bench.process.stop(), "deliveries hanging (board) and failing with 503 (pings)")
    await checked(bench, acknowledged)
    async with await GameService.open(bench.address) as service:
        owed = [d for d in await service.outbox(bench.game_id) if d.key == "board"]
    assert owed and owed[0].done_at is None  # given back undelivered: whoever runs next delivers it


async def test_while_the_gateway_reconnects_to_an_unreachable_discord(bench: Bench) -> None:
    await started(bench)
    await bench.gateway.drop(reachable=False)
    await asyncio.sleep(1.0)  # discord.py retries with backoff, each attempt refused
    assert bench.gateway.identifies == 1 and not bench.gateway.live
    stopped_well(await bench.process.stop(), "gateway reconnecting, Discord unreachable")
    await checked(bench, 0)


async def test_while_ai_seats_think(bench: Bench) -> None:
    await started(bench, "botfactory", ais=3, level="hard")
    watch = await Store.open(bench.address)
    sql = "SELECT COUNT(*) FROM actions WHERE game_id = ? AND actor = ?"

    async def moves(actor: str) -> int:
        return int((await watch.fetch(sql, (bench.game_id, actor)))[0][0])

    try:
        thought, acknowledged = await moves("ai"), 0
        for _ in range(30):  # Alice moves until the AI seats follow, then the stop comes mid-play
            clicked = asyncio.create_task(play(bench, ALICE))
            while not clicked.done() and await moves("ai") == thought:
                await asyncio.sleep(0.005)
            if not clicked.done():
                break
            acknowledged += await clicked
        else:
            raise AssertionError("no AI seat ever followed a player's move")
        workers = bench.process.children()  # the search processes, started by the first search
        ended = await bench.process.stop()
        acknowledged += await clicked
    finally:
        await watch.close()
    stopped_well(ended, "AI seats thinking")
    assert workers and "paused at version" in ended.log, ended.log  # stopped mid-play: the next process carries on
    await checked(bench, acknowledged)
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or _zombie(pid), f"process {pid} outlived the bot"


def _zombie(pid: int) -> bool:
    with contextlib.suppress(OSError):
        return " Z " in Path(f"/proc/{pid}/stat").read_text()
    return True


async def test_while_another_program_holds_the_write_lock(bench: Bench) -> None:
    await started(bench)
    player = await acting(bench)
    assert player is not None
    acknowledged = int(await play(bench, player))
    other = await acting(bench)
    assert other is not None
    shown = await panel(bench, other)
    assert shown is not None
    async with locked(bench.address):
        late = asyncio.create_task(choose(bench, other, shown))  # committed only once the lock is free
        await asyncio.sleep(0.5)
        ended = await bench.process.stop()
        acknowledged += await late
    stopped_well(ended, "database write-locked by another program")
    await checked(bench, acknowledged)


async def test_a_second_signal_ends_it_at_once(bench: Bench) -> None:
    await started(bench)
    player = await acting(bench)
    assert player is not None
    shown = await panel(bench, player)
    assert shown is not None
    async with locked(bench.address):
        late = asyncio.create_task(choose(bench, player, shown))
        await asyncio.sleep(0.3)
        began = time.monotonic()
        bench.process.signal(signal.SIGTERM)
        await asyncio.sleep(0.2)
        ended = await bench.process.stop(signal.SIGTERM)
        took = time.monotonic() - began
        await late
    print(f"second SIGTERM: exit {ended.status} {took:.2f} s after the first")
    assert ended.status == 128 + signal.SIGTERM and ended.seconds < 1.0, ended.log
    assert "again: stopping at once" in ended.log


@contextlib.asynccontextmanager
async def locked(address: str) -> AsyncIterator[None]:
    """Another program holds the database's write lock (SQLite's; PostgreSQL's locks on the bot's
    tables) until the block ends."""
    if address.startswith("sqlite:///"):
        other = sqlite3.connect(address.removeprefix("sqlite:///"), isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
        return
    url, _, query = address.partition("?")
    schema = query.removeprefix("search_path=")
    other = await asyncpg.connect(url, server_settings={"search_path": schema})
    transaction = other.transaction()
    await transaction.start()
    await other.execute("LOCK TABLE games, seats, deliveries IN EXCLUSIVE MODE")
    try:
        yield
    finally:
        await transaction.rollback()
        await other.close()
