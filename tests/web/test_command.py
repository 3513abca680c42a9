"""The ``bricabot`` commands of the web pages: ``bricabot web`` and its demo as a newcomer runs them.
``bricabot run`` serving the pages beside the bot when ``WEB_PORT`` is set, and stopping them with it, is
tested on the real program (``tests/cogs/test_stop.py``)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from program.cli import main
from tests.web.sse import next_update

ROOT = Path(__file__).resolve().parents[2]


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **values: str) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "WEB_PORT", "WEB_SECRET", "DATABASE_URL", "WEB_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bricabot.sqlite3"))
    for name, value in values.items():
        monkeypatch.setenv(name, value)


def test_the_pages_need_a_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _env(monkeypatch, tmp_path)
    assert main(["web", "--port", str(_port())]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "WEB_SECRET is not set" in err
    _env(monkeypatch, tmp_path, DISCORD_TOKEN="a-token", WEB_PORT=str(_port()))
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "WEB_SECRET is not set" in err


async def test_the_demo_prints_a_link_that_shows_a_game_moving_by_itself(tmp_path: Path) -> None:
    port = _port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WEB_", "DATABASE_"))}
    process = subprocess.Popen(
        [sys.executable, "-m", "program.cli", "web", "--demo", "--port", str(port), "--every", "0.3"],
        cwd=tmp_path,
        env={**env, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), 60)
        assert line.startswith("Watch the game live: http://127.0.0.1:"), line
        link = line.split(": ", 1)[1].strip()
        timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
        async with aiohttp.ClientSession(timeout=timeout) as client:
            async with client.get(link) as page:
                assert page.status == 200 and " #1</h1>" in await page.text()
            async with client.get(link + "/events") as stream:
                update = await next_update(stream, 30)
                assert update.name == "update"
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(30) == 0
    assert not any(tmp_path.iterdir()), "the demo leaves nothing behind"
