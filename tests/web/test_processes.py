"""Several web processes on one database: each serves the same links (a web process keeps no state but
caches), and a move committed by another process (a bot's) reaches the open pages of every one of them;
revoking links in one place closes them everywhere. Real ``bricabot web`` processes, on SQLite and on
PostgreSQL when ``TEST_DATABASE_URL`` names a server."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import aiohttp
import pytest

from bot.links import Signer
from bot.service import GameService
from tests.web.conftest import ANA, BOB, SECRET, ManualClock, play, started
from tests.web.sse import next_event, next_update

ROOT = Path(__file__).resolve().parents[2]


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
async def servers(database: str) -> AsyncIterator[list[str]]:
    """Two ``bricabot web`` processes on ``database``, each on a port of its own; their root addresses."""
    url = database if "://" in database else f"sqlite:///{database}"
    env = {**os.environ, "DATABASE_URL": url, "WEB_SECRET": SECRET, "PYTHONUNBUFFERED": "1"}
    processes, roots = [], []
    try:
        for _ in range(2):
            port = _port()
            process = subprocess.Popen(
                [sys.executable, "-m", "web.command", "--port", str(port)], cwd=ROOT, env=env, stdout=subprocess.PIPE
            )
            processes.append(process)
            assert process.stdout is not None
            line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), 30)
            assert b"Serving" in line, line
            roots.append(f"http://127.0.0.1:{port}")
        yield roots
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            assert process.wait(10) == 0, "a web process stops cleanly on SIGTERM"


async def test_two_web_processes_serve_the_same_links_and_every_move(
    service: GameService, servers: list[str], clock: ManualClock
) -> None:
    clock.moment = datetime.now(UTC)  # the web processes judge the links' expiry by the wall clock
    game_id = await started(service, moves=4)
    signer = Signer(SECRET)
    personal = signer.path(await service.link(ANA, "game", game_id))
    spectator = signer.path(await service.link(BOB, "watch", game_id))
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(timeout=timeout) as client:
        for root in servers:
            for path in (personal, spectator):
                async with client.get(root + path) as response:
                    assert response.status == 200
        streams = [await client.get(root + path + "/events") for root in servers for path in (personal, spectator)]
        for stream in streams:
            await next_event(stream, 5)
        await play(service, game_id, 1)  # this test's process commits, as a bot process would
        moved = time.monotonic()
        updates = await asyncio.gather(*(next_update(stream, 5, ("table",)) for stream in streams))
        assert time.monotonic() - moved < 2.0, "every open page of every process, pictures too, within 2 s"
        version = (await service.game(game_id)).version
        assert all(f"/v{version}/" in update.html for update in updates)

        await service.revoke_links(ANA)
        refused = await asyncio.gather(*(next_update(stream, 5, ("refused",)) for stream in streams[::2]))
        assert all(r.name == "refused" and r.text == "revoked" for r in refused)
        for root in servers:
            async with client.get(root + personal) as response:
                assert response.status == 410
        for stream in streams:
            stream.close()
