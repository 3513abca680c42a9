"""The Discord client: start-up (store, cogs, persistent components, command sync) and clean shutdown.

``setup_hook`` runs once after login and before the gateway connects, so everything a click needs is
in place before the first event: the store is open and migrated, every cog extension is loaded (each
registers its dynamic items, whose custom_id templates keep old buttons working after a restart), the
command tree is synced with its French names and descriptions (:mod:`cogs.kit.translator`), and the
scheduler loop (a cog) is running. On shutdown the bot stops taking new moves, lets the ones in flight
finish, then closes the database.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

import discord
from discord.ext import commands

from bot import redact
from bot.clock import Clock
from bot.service import open_service
from bot.service.results import backfill
from bot.settings import Settings
from cogs.delivery.publisher import Publisher
from cogs.kit.bot import BaseBot, MoveGate
from cogs.kit.translator import Translator
from cogs.kit.tree import BricabotTree

log = logging.getLogger("bricabot")


EXTENSIONS = (
    "cogs.game",
    "cogs.rules.commands",
    "cogs.admin.config",
    "cogs.admin.people",
    "cogs.delivery.worker",
    "cogs.delivery.scheduler",
)
"""The extensions the client loads, in order: the ``/game`` and ``/rules`` commands, the server's
``/bricabot`` settings and its members' names, then the delivery worker and the scheduler of deadlines.
A feature package's other modules are helpers of these."""


class Bricabot(BaseBot):
    """The bot: no prefix commands and no privileged intents; everything is slash commands and components.
    It opens the service at start-up, loads the extensions, syncs the commands and closes cleanly; its
    :class:`Publisher` performs what the service owes Discord.

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
        self.publisher: Publisher = Publisher(self, lambda: self.service)

    async def setup_hook(self) -> None:
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
        await self.gate.close()
        for name in list(self.extensions):
            await self.unload_extension(name)
        await super().close()
        if self.service is not None:
            await self.service.close()
            self.service = None
