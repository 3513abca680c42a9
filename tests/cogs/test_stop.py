"""``bricabot run`` stopped as an operator stops it: the real program as an OS process, connected to the fake
Discord through a websocket gateway, sent SIGTERM in each state it meets in production — idle; deliveries
hanging or failing with 5xx; the gateway reconnecting because Discord cannot be reached; AI seats thinking;
another program holding the database's write lock; right after a burst of moves; the web pages running
beside it with a live page open. Each time it must exit
0 within 10 s, with every move it acknowledged stored and no lease left held in the database, on SQLite
and PostgreSQL. Each test prints how long the stop took.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sqlite3
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import asyncpg

from bot.links import Signer
from bot.service import GameService
from bot.store import Store
from tests.cogs.conftest import ALICE
from tests.cogs.running import (
    Bench,
    acting,
    address,
    bench,
    choose,
    panel,
    play,
    started,
    stored,
    until,
)
from tests.support.discord.remote import Exit

__all__ = ["address", "bench"]  # the fixtures every state here runs with

LIMIT = 10.0
"""Seconds from SIGTERM to the end of the process: ``docker stop`` and systemd kill after 10."""


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


async def test_with_the_web_pages_beside_it_and_a_page_open(bench: Bench) -> None:
    secret = "a-secret-for-this-test"
    with socket.socket() as probe:  # a free port for the pages
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    bench.process.env.update({"WEB_PORT": str(port), "WEB_SECRET": secret})
    await started(bench)
    async with await GameService.open(bench.address) as service:
        link = await service.link(ALICE.id, "watch", bench.game_id)
    url = f"http://127.0.0.1:{port}{Signer(secret).path(link)}/events"
    async with aiohttp.ClientSession() as session, session.get(url) as stream:
        assert stream.status == 200 and stream.content_type == "text/event-stream"
        await stream.content.readline()  # the page is live
        ended = await bench.process.stop()
    stopped_well(ended, "web pages beside it, a live page open")
    await checked(bench, 0)
