"""The real program, run as an OS process against :class:`FakeDiscord` and driven the way Discord drives
it: events and interactions arrive over the gateway's websocket (:mod:`tests.support.discord.websocket`),
the bot answers through the fake's REST side, and the process is stopped with a signal.

:class:`BotProcess` starts ``bricabot run`` (through :mod:`tests.support.discord.program`) with its
settings in the environment, waits until it is connected, and stops it, timing how long it takes to
exit. :class:`Remote` is the users: the same interaction payloads as the in-process harness builds, sent
over the websocket.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.discord.gateway import Guild, User
from tests.support.discord.harness import Exchange, Players, recorded
from tests.support.discord.server import FakeDiscord
from tests.support.discord.websocket import Gateway

ROOT = Path(__file__).resolve().parents[3]
"""The project's root, from which the program is started as a module."""
ANSWER_SECONDS = 5.0
"""How long an interaction may wait for its first answer here (Discord allows 3 s; a loaded test
machine gets some slack)."""
FOLLOW_UP_SECONDS = 20.0
"""How long a deferred interaction may wait for its real answer (a move waiting on a locked database)."""
DEFERRED = (5, 6)
"""Interaction responses that promise a later answer: "thinking", and a component's silent deferral."""
QUIET_SECONDS = 0.4
"""How long the bot sends nothing before an exchange is taken as finished."""


async def fake_discord(guilds: Sequence[tuple[Guild, list[User]]]) -> tuple[FakeDiscord, Gateway]:
    """A started fake with its gateway, knowing ``guilds`` (their channels, and the GUILD_CREATE each new
    session receives, with the channels and threads as they are then)."""
    fake = FakeDiscord()

    def creates() -> list[dict[str, Any]]:
        out = []
        for guild, members in guilds:
            payload = guild.create_payload(members)
            payload["channels"] = [c for c in payload["channels"] if int(c["id"]) in fake.channels]
            threads = [c for c in fake.channels.values() if "thread_metadata" in c]
            payload["threads"] = [
                c for c in threads if c.get("guild_id") == str(guild.id) and not c["thread_metadata"]["archived"]
            ]
            out.append(payload)
        return out

    gateway = Gateway(creates)
    for guild, _ in guilds:
        for channel in guild.channel_payloads():
            fake.add_channel(channel)
    await fake.start(gateway.attach)
    gateway.url = fake.gateway_url = f"ws://127.0.0.1:{fake.port}/gateway"
    fake.listeners.append(gateway.emit)
    return fake, gateway


@dataclass
class Exit:
    """How a stopped process ended."""

    status: int
    seconds: float
    """From the signal to the process's end."""
    log: str


class BotProcess:
    """``bricabot run`` in a process of its own; its output goes to ``log_path``."""

    def __init__(self, fake: FakeDiscord, gateway: Gateway, env: Mapping[str, str], log_path: Path) -> None:
        self.fake = fake
        self.gateway = gateway
        self.env = {**os.environ, **env, "PYTHONPATH": str(ROOT)}
        self.log_path = log_path
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, *, timeout: float = 60.0) -> None:
        """Start the program and wait until its gateway session is identified and its commands synced."""
        self.gateway.identified.clear()
        synced = len(self.fake.commands)
        with self.log_path.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.support.discord.program",
                self.fake.base,
                "run",
                cwd=self.log_path.parent,
                env=self.env,
                stdout=log,
                stderr=log,
            )
        began = time.monotonic()
        while not (self.gateway.identified.is_set() and self.fake.commands and len(self.fake.commands) >= synced):
            assert self.process.returncode is None, f"the program ended at start-up:\n{self.output()}"
            assert time.monotonic() - began < timeout, f"the program did not connect:\n{self.output()}"
            await asyncio.sleep(0.05)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def children(self) -> list[int]:
        """The processes this one started (the AI's search workers, multiprocessing's helpers)."""
        found: list[int] = []
        for task in Path(f"/proc/{self.pid}/task").glob("*"):
            with (task / "children").open() as listed:
                found += [int(p) for p in listed.read().split()]
        return found

    async def stop(self, sig: signal.Signals = signal.SIGTERM, *, then: Callable[[], Any] | None = None) -> Exit:
        """Send ``sig`` (``then`` runs right after it) and wait for the process to end (30 s at most)."""
        assert self.process is not None
        began = time.monotonic()
        self.process.send_signal(sig)
        if then is not None:
            result = then()
            if asyncio.iscoroutine(result):
                await result
        try:
            status = await asyncio.wait_for(self.process.wait(), 30.0)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
            raise AssertionError(f"still running 30 s after {sig.name}:\n{self.output()}") from None
        return Exit(status, time.monotonic() - began, self.output())

    def signal(self, sig: signal.Signals) -> None:
        assert self.process is not None
        self.process.send_signal(sig)

    def output(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


class Remote(Players):
    """Users whose interactions reach the program over the gateway's websocket."""

    def __init__(self, fake: FakeDiscord, gateway: Gateway, guild: Guild, members: list[User]) -> None:
        super().__init__(fake, guild, members={guild.id: members})
        self.gateway = gateway

    async def feed(self, *payloads: dict[str, Any]) -> Exchange:
        start = len(self.fake.requests)
        for payload in payloads:
            self.fake.interactions[payload["token"]] = recorded(payload, payload.get("message"))
            sent = await self.gateway.dispatch("INTERACTION_CREATE", payload)
            assert sent, "no gateway session to send the interaction to"
        began = time.monotonic()
        for payload in payloads:
            record = self.fake.interactions[payload["token"]]
            while record.answered_at is None:
                assert time.monotonic() - began < ANSWER_SECONDS, f"interaction {payload['data']} was never answered"
                await asyncio.sleep(0.02)
            while record.response_type in DEFERRED and not self._followed(record.token, start):
                assert time.monotonic() - began < FOLLOW_UP_SECONDS, f"interaction {payload['data']} was deferred only"
                await asyncio.sleep(0.02)
        await self.quiet()
        return Exchange(self.fake, payloads[0]["token"], self.fake.requests[start:])

    def _followed(self, token: str, start: int) -> bool:
        """Whether the bot followed a deferred answer up (edited it or sent a follow-up)."""
        return any(r.path.startswith("/webhooks/") and token in r.path for r in self.fake.requests[start:])

    async def quiet(self, seconds: float = QUIET_SECONDS) -> None:
        """Wait until the bot has sent nothing for ``seconds``."""
        seen = len(self.fake.requests)
        last = time.monotonic()
        while time.monotonic() - last < seconds:
            await asyncio.sleep(0.05)
            if len(self.fake.requests) != seen:
                seen, last = len(self.fake.requests), time.monotonic()
