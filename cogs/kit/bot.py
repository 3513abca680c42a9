"""The running client as every feature sees it: the service, the move gate, the settings, and the outbox's
wake-up; the full client (start-up, extensions, shutdown) is :class:`cogs.client.Bricabot`, built on this.

Kept apart so a feature reaching the client from an interaction (:func:`cogs.kit.context.bot_of`) depends
on the kit only, not on the client that loads every feature.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Protocol

from discord.ext import commands

from bot.clock import Clock
from bot.service import GameInfo, GameService
from bot.settings import Settings
from cogs.kit.errors import UserFacingError


class Outbox(Protocol):
    """The delivery side a feature talks to after a change: wake the worker, ask a game's public language."""

    def wake(self) -> None: ...

    async def lang(self, game: GameInfo) -> str: ...


class MoveGate:
    """Counts moves in flight so shutdown can stop new ones and wait for the rest."""

    def __init__(self) -> None:
        self._open = True
        self._inflight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def open(self) -> bool:
        return self._open

    @property
    def in_flight(self) -> int:
        """Moves started and not yet finished."""
        return self._inflight

    @contextlib.asynccontextmanager
    async def move(self) -> AsyncIterator[None]:
        if not self._open:
            raise UserFacingError("shutting_down")
        self._inflight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._inflight -= 1
            if self._inflight == 0:
                self._idle.set()

    async def close(self, timeout: float = 30.0) -> int:
        """Refuse new moves and wait (up to ``timeout``) for the ones in flight; returns how many are
        still running when the wait ends."""
        self._open = False
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)
        return self._inflight


class BaseBot(commands.AutoShardedBot):
    """What a feature may use of the client (set up by :class:`cogs.client.Bricabot`)."""

    settings: Settings
    gate: MoveGate
    clock: Clock | None
    """The service's clock (the wall clock unless a test moves time)."""
    service: GameService | None
    """Open between start-up and shutdown."""
    publisher: Outbox
