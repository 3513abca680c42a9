"""The Discord client: start-up (store, cogs, persistent components, command sync) and clean shutdown.

``setup_hook`` runs once after login and before the gateway connects, so everything a click needs is
in place before the first event: the store is open and migrated, every cog extension is loaded (each
registers its dynamic items, whose custom_id templates keep old buttons working after a restart), the
command tree is synced with its French names and descriptions (:mod:`cogs.kit.translator`), and the
scheduler loop (a cog) is running.

:meth:`Bricabot.shutdown` stops it in an order that loses nothing and always ends: new interactions are
answered that the bot is restarting, moves in flight commit (AI seats make no new move), the scheduler
and the delivery worker stop (a delivery cut short is given back), every lease this process holds in the
database is given back so another process takes the work at once, then Discord's connection and HTTP
session close, and the database last. Each step has a bound, so a database another program locks or a
Discord that does not answer delays the stop by seconds, never for ever.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import discord
from discord.ext import commands

from bot import redact
from bot.clock import Clock
from bot.service import GameService, open_service
from bot.service.results import backfill
from bot.settings import Settings
from cogs.kit.bot import BaseBot, MoveGate
from cogs.kit.translator import Translator

if TYPE_CHECKING:
    from cogs.delivery.worker import Delivery
from cogs.kit.tree import BricabotTree

log = logging.getLogger("bricabot")


EXTENSIONS = (
    "cogs.game",
    "cogs.rules.commands",
    "cogs.admin.config",
    "cogs.admin.people",
    "cogs.delivery.worker",
    "cogs.delivery.scheduler",
    "cogs.delivery.repairs",
)
"""The extensions the client loads, in order: the ``/game`` and ``/rules`` commands, the server's
``/bricabot`` settings and its members' names, then the delivery worker, the scheduler of deadlines and
the repairs from Discord's events.
A feature package's other modules are helpers of these."""


MOVES_SECONDS = 4.0
"""How long a stop waits for moves in flight to commit and be answered."""
STOP_SECONDS = 8.0
"""The most a whole stop may take: within ``docker stop``'s and systemd's usual 10 s before a kill."""


@dataclass(frozen=True)
class Stopped:
    """What a stop waited for and gave back, for its log line."""

    moves: int
    """Moves in flight when the stop began."""
    unfinished: int
    """Moves still running when the wait for them ended (their transactions roll back)."""
    deliveries: int
    """Deliveries under way when the stop began."""
    cut_short: int
    """Deliveries the stop did not wait for (owed again, to whichever process runs next)."""
    leases: tuple[int, int] | None
    """Delivery and game leases given back (``None``: the database did not answer in time; they
    expire by themselves)."""

    def describe(self) -> str:
        given = "leases not given back (they expire by themselves)"
        if self.leases is not None:
            given = f"gave back {self.leases[0]} delivery and {self.leases[1]} scheduling leases"
        return (
            f"{self.moves - self.unfinished} of {self.moves} moves in flight finished, "
            f"{self.deliveries - self.cut_short} of {self.deliveries} deliveries finished, {given}"
        )


class Bricabot(BaseBot):
    """The bot: no prefix commands and no privileged intents; everything is slash commands and components.
    It opens the service at start-up, loads the extensions, syncs the commands and closes cleanly; the
    delivery worker's publisher (:mod:`cogs.delivery.worker`) performs what the service owes Discord.

    It runs the gateway shards ``SHARD_IDS`` of ``SHARD_COUNT`` (every shard, as Discord recommends,
    when unset): several processes split the shards and share the games through the database.
    """

    def __init__(self, settings: Settings, *, clock: Clock | None = None) -> None:
        """``clock`` is the service's clock (the wall clock unless a test moves time)."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=BricabotTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
            # every shard when unset: discord.py takes None here, though it annotates a list
            shard_ids=settings.shard_id_list,  # type: ignore[arg-type]
        )
        self.settings = settings
        self.gate = MoveGate()
        self.clock = clock
        self.service = None
        self._setting_up = asyncio.Event()
        self._set_up = asyncio.Event()
        self._stop: asyncio.Task[Stopped] | None = None

    async def setup_hook(self) -> None:
        if self._stop is not None:  # stopped before it was set up: nothing to open
            raise asyncio.CancelledError
        self._setting_up.set()
        try:
            await self._setup()
        finally:
            self._set_up.set()

    async def _setup(self) -> None:
        self.service = await open_service(self.settings, clock=self.clock)
        recorded = await backfill(self.service.store)  # games finished before results were kept
        if recorded:
            log.info("recorded the results of %d finished games", len(recorded))
        await self.tree.set_translator(Translator())
        for name in EXTENSIONS:
            await self.load_extension(name)
        if self.settings.syncs_commands:
            await self.sync_commands()
        else:
            log.info("commands are synced by the process running shard 0")

    async def sync_commands(self) -> None:
        """Guild sync (instant) when a development guild is set, global sync otherwise."""
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        """An event listener failed: logged like every failure, without the exception's message."""
        error = sys.exc_info()[1]
        log.error("ignoring an error in %s", event_method, exc_info=None if error is None else redact.exc_info(error))

    async def close(self) -> None:
        """Stop (see :meth:`shutdown`): discord.py calls this too when its connection ends for good."""
        await self.shutdown()

    async def shutdown(self) -> Stopped:
        """Stop the bot cleanly within :data:`STOP_SECONDS` (see the module's docstring); every caller
        waits for the same stop, which goes on to its end even if a caller is cancelled."""
        if self._stop is None:
            self._stop = asyncio.create_task(self._shutdown(), name="bricabot-stop")
        return await asyncio.shield(self._stop)

    async def _shutdown(self) -> Stopped:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STOP_SECONDS

        def left(cap: float) -> float:
            return max(0.1, min(cap, deadline - loop.time()))

        if self._setting_up.is_set():  # a stop during start-up waits for what it opens
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._set_up.wait(), left(3.0))
        service = self.service
        delivery = cast("Delivery | None", self.get_cog("Delivery"))  # an extension: its class is loaded anew
        deliveries = 0 if delivery is None else delivery.busy
        moves = self.gate.in_flight
        if service is not None:
            service.stop_ai()
        unfinished = await self.gate.close(left(MOVES_SECONDS))
        for name in reversed(list(self.extensions)):  # the delivery worker and the scheduler stop here
            try:
                await asyncio.wait_for(self.unload_extension(name), left(3.0))
            except Exception as exc:
                log.warning("stopping %s failed (%s)", name, type(exc).__name__)
        leases = None if service is None else await _give_back(service, left(2.5))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(super().close(), left(2.0))  # the gateway and the HTTP session
        if service is not None:
            try:
                await asyncio.wait_for(service.close(), left(3.0))
            except Exception as exc:
                log.warning("the database did not close in time (%s)", type(exc).__name__)
            self.service = None
        cut = 0 if delivery is None else delivery.cut_short
        return Stopped(moves, unfinished, deliveries, cut, leases)


async def _give_back(service: GameService, budget: float) -> tuple[int, int] | None:
    """Give back the leases ``service``'s process holds, trying again while the database is busy (another
    program holding its write lock) for up to ``budget`` seconds; ``None`` if it never answered."""
    loop = asyncio.get_running_loop()
    end = loop.time() + budget
    while True:
        try:
            return await asyncio.wait_for(service.release_leases(), max(0.1, end - loop.time()))
        except Exception as exc:
            if loop.time() + 0.25 >= end:
                log.warning("could not give back this process's leases (%s)", type(exc).__name__)
                return None
            await asyncio.sleep(0.2)
