"""The delivery worker: two loops per bot process that deliver the outbox, and its reconciliation.

One loop per lane (:data:`~bot.service.outbox.BOARD_LANE`, :data:`~bot.service.outbox.NOTICE_LANE`),
so a turn notice never waits behind a board being drawn and uploaded. Each loop leases one game's due
rows at a time in the database (every process may run these loops on a shared database; each row is
delivered by one of them), hands them to :class:`~cogs.delivery.publisher.Publisher`, and sleeps until it
is woken by a change, the next row falls due, or :data:`POLL_SECONDS` pass (rows owed by another
process). Reconciliation — owe what running games lack and try every held-back row again — runs when
the gateway is ready or resumed, when a server becomes available (only that server's games), and on
every scheduler pass (:mod:`cogs.delivery.scheduler`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot import redact
from bot.service import outbox

if TYPE_CHECKING:
    from cogs.client import Bricabot

log = logging.getLogger("bricabot.delivery")

POLL_SECONDS = 2.0
"""The longest a lane sleeps before looking for rows again (another process may have owed some)."""
QUIET_SECONDS = 0.25
"""The shortest sleep when rows are owed but held by another process's lease."""
STOP_SECONDS = 10.0
"""How long shutdown waits for a delivery in progress."""
LANES = (outbox.BOARD_LANE, outbox.NOTICE_LANE)


class Delivery(commands.Cog):
    def __init__(self, bot: Bricabot) -> None:
        self.bot = bot
        self._tasks: list[asyncio.Task[None]] = []
        self._idle = {lane: asyncio.Event() for lane in LANES}
        self._stopping = False

    async def cog_load(self) -> None:
        for lane in LANES:
            self._tasks.append(asyncio.create_task(self._run(lane), name=f"bricabot-delivery-{lane}"))

    async def cog_unload(self) -> None:
        """Let a delivery in progress finish (a few seconds at most), then stop: a row cut short stays
        leased for at most ``DELIVERY_LEASE_SECONDS`` and is delivered after that by whoever runs then."""
        self._stopping = True
        self.bot.publisher.wake()
        _, running = await asyncio.wait(self._tasks, timeout=STOP_SECONDS)
        for task in running:
            task.cancel()
        for task in running:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()

    async def drain(self) -> None:
        """Wake both lanes and wait until neither finds a due row (used by tests and at shutdown)."""
        for lane in LANES:
            self._idle[lane].clear()
        self.bot.publisher.wake()
        await asyncio.gather(*(self._idle[lane].wait() for lane in LANES))

    async def reconcile(self, guild_id: int | None = None) -> None:
        """Owe what running games lack and retry held-back rows now (one server's, or every server's)."""
        service = self.bot.service
        if service is None:
            return
        try:
            owed = await service.reconcile(guild_id)
        except Exception as exc:
            log.error("could not reconcile the outbox", exc_info=redact.exc_info(exc))
            return
        if owed:
            log.info("reconciliation owed %d deliveries", owed)
        self.bot.publisher.wake()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.reconcile()

    @commands.Cog.listener()
    async def on_resumed(self) -> None:
        await self.reconcile()

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self.reconcile(guild.id)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.reconcile(guild.id)

    async def _run(self, lane: str) -> None:
        wake = self.bot.publisher.wakes[lane]
        while not self._stopping:
            wait = POLL_SECONDS
            try:
                wait = await self._pass(lane)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the store is unreachable for now: try again on the next pass
                log.warning("delivery pass failed (%s)", type(exc).__name__, exc_info=redact.exc_info(exc))
            if wait > 0:
                self._idle[lane].set()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), wait)
            wake.clear()
        self._idle[lane].set()

    async def _pass(self, lane: str) -> float:
        """Deliver what is due in ``lane``; returns how long to sleep (0: look again at once)."""
        service = self.bot.service
        if service is None:
            return POLL_SECONDS
        rows = await service.claim_deliveries(lane)
        if rows:
            await self.bot.publisher.perform(rows)
            return 0
        due = await service.next_delivery(lane)
        if due is None:
            return POLL_SECONDS
        ahead = (due - service.clock.now()).total_seconds()
        return min(POLL_SECONDS, max(QUIET_SECONDS, ahead))


async def setup(bot: Bricabot) -> None:
    await bot.add_cog(Delivery(bot))
