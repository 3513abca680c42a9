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

import discord
from discord.ext import commands

from bot import redact
from bot.service import outbox
from bot.store import StoreUnavailable
from cogs.delivery.publisher import Publisher
from cogs.kit.bot import BaseBot

log = logging.getLogger("bricabot.delivery")

POLL_SECONDS = 2.0
"""The longest a lane sleeps before looking for rows again (another process may have owed some)."""
QUIET_SECONDS = 0.25
"""The shortest sleep when rows are owed but held by another process's lease."""
STOP_SECONDS = 1.5
"""How long shutdown waits for a delivery in progress before cutting it short (its lease is then given
back, so whichever process delivers next does it again at once; a repeat is harmless)."""
LANES = (outbox.BOARD_LANE, outbox.NOTICE_LANE)


class Delivery(commands.Cog):
    def __init__(self, bot: BaseBot, publisher: Publisher) -> None:
        self.bot = bot
        self.publisher = publisher
        self._tasks: list[asyncio.Task[None]] = []
        self._idle = {lane: asyncio.Event() for lane in LANES}
        self._stopping = False
        self._busy: set[str] = set()
        self._performed = 0
        self.cut_short = 0
        """Deliveries the stop did not wait for (see :data:`STOP_SECONDS`)."""

    async def cog_load(self) -> None:
        for lane in LANES:
            self._tasks.append(asyncio.create_task(self._run(lane), name=f"bricabot-delivery-{lane}"))

    @property
    def busy(self) -> int:
        """Deliveries under way now (one lane each at most)."""
        return len(self._busy)

    async def cog_unload(self) -> None:
        """Let a delivery in progress finish (:data:`STOP_SECONDS` at most), then stop; the bot gives the
        leases of a delivery cut short back when it stops (see :mod:`cogs.client`)."""
        self._stopping = True
        self.publisher.wake()
        if not self._tasks:
            return
        delivering = [t for lane, t in zip(LANES, self._tasks, strict=True) if lane in self._busy]
        for task in self._tasks:  # a lane waiting (for rows, or for the database) stops at once
            if task not in delivering:
                task.cancel()
        if delivering:
            await asyncio.wait(delivering, timeout=STOP_SECONDS)
        running = [t for t in self._tasks if not t.done()]
        self.cut_short = len(self._busy)
        for task in running:
            task.cancel()
        for task in running:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()

    async def drain(self) -> None:
        """Wake both lanes and wait until nothing is due in either, including rows one lane owed the other
        meanwhile (a board held back owes the host a notice) and rows committed while a lane was already
        looking; used by tests."""
        while True:
            before = self._performed
            for lane in LANES:
                self._idle[lane].clear()
            self.publisher.wake()
            await asyncio.gather(*(self._idle[lane].wait() for lane in LANES))
            if self._performed == before and not await self._due_now():
                return

    async def _due_now(self) -> bool:
        service = self.bot.service
        if service is None:
            return False
        now = service.clock.now()
        for lane in LANES:
            due = await service.next_delivery(lane)
            if due is not None and due <= now:
                return True
        return False

    async def reconcile(self, guild_id: int | None = None) -> None:
        """Owe what running games lack and retry held-back rows now (one server's, or every server's)."""
        service = self.bot.service
        if service is None:
            return
        try:
            owed = await service.reconcile(guild_id)
        except StoreUnavailable:  # logged by the service; the next scheduler pass reconciles
            return
        except Exception as exc:
            log.error("could not reconcile the outbox", exc_info=redact.exc_info(exc))
            return
        if owed:
            log.info("reconciliation owed %d deliveries", owed)
        self.publisher.wake()

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
        wake = self.publisher.wakes[lane]
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
            self._busy.add(lane)
            try:
                await self.publisher.perform(rows)
            finally:
                self._busy.discard(lane)
                self._performed += 1
            return 0
        due = await service.next_delivery(lane)
        if due is None:
            return POLL_SECONDS
        ahead = (due - service.clock.now()).total_seconds()
        return min(POLL_SECONDS, max(QUIET_SECONDS, ahead))


async def setup(bot: BaseBot) -> None:
    """The worker and its publisher, which every feature wakes after a change (``bot.publisher``)."""
    publisher = Publisher(bot, lambda: bot.service)
    bot.publisher = publisher
    await bot.add_cog(Delivery(bot, publisher))
