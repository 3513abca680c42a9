"""The scheduler: a ``discord.ext.tasks`` loop that delivers reminders and timeouts when they fall due,
and has the outbox reconciled (:meth:`bot.service.GameService.reconcile`) and the boards of players
whose active hours began or ended redrawn (:meth:`bot.service.GameService.watch_hours`) on every pass.

Deadlines live in the database, so nothing is lost across restarts: the first pass after start-up
finds everything that fell due while the bot was down and does it at once. Each piece of work is
idempotent in the service and leased in the database, so every bot process may run this loop on a
shared database and each reminder or timeout is still done once; one failing game never stops the
loop for the others.
"""

from __future__ import annotations

import logging
from datetime import datetime

from discord.ext import commands, tasks

from bot import redact
from bot.store import StoreUnavailable
from cogs.kit.bot import BaseBot

log = logging.getLogger("bricabot.scheduler")


class Scheduler(commands.Cog):
    def __init__(self, bot: BaseBot) -> None:
        self.bot = bot
        self.loop = tasks.loop(seconds=bot.settings.scheduler_seconds)(self._tick)
        self.loop.before_loop(self._wait_until_ready)

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def _wait_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def _tick(self) -> None:
        await self.tick()

    async def tick(self, now: datetime | None = None) -> int:
        """Do everything due at ``now`` (the service's clock when omitted); returns how many were done."""
        service = self.bot.service
        if service is None or not self.bot.gate.open:
            return 0
        done = 0
        try:
            due = await service.due_work(now)
        except StoreUnavailable:  # logged by the service; the loop goes on, the next pass tries again
            return 0
        for work in due:
            if not self.bot.gate.open:
                break
            try:
                async with self.bot.gate.move():
                    result = await service.perform(work)
            except StoreUnavailable:  # logged by the service; the next pass tries again
                continue
            except Exception as exc:
                log.error(
                    "scheduled %s for game %s failed; the next pass tries again",
                    work.kind,
                    work.game_id,
                    exc_info=redact.exc_info(exc),
                )
                continue
            if result.moves or result.notifications:
                self.bot.publisher.wake()
            done += 1
        try:  # messages owed but held back (a permission, a burst of 5xx) are tried again on every pass
            await service.reconcile()
        except StoreUnavailable:  # logged by the service
            return done
        except Exception as exc:
            log.error("could not reconcile the outbox; the next pass tries again", exc_info=redact.exc_info(exc))
        try:  # a waiting player's hours began or ended: their board says whether they are back
            await service.watch_hours()
        except Exception as exc:
            log.error("could not look at waiting players' hours; the next pass does", exc_info=redact.exc_info(exc))
        self.bot.publisher.wake()
        return done


async def setup(bot: BaseBot) -> None:
    await bot.add_cog(Scheduler(bot))
