"""Repairs from Discord's own events: a table a moderator (or Discord) damaged is mended with nobody clicking.

The gateway reports what happens in the bot's servers: a message deleted (MESSAGE_DELETE, one by one or
in bulk), a thread or channel deleted (THREAD_DELETE, CHANNEL_DELETE), a thread archived or locked
(THREAD_UPDATE). When it concerns a game — its board message, its thread, its lobby's channel — the
service records the repair in the outbox (:meth:`bot.service.GameService.message_deleted` and its
siblings) and the delivery worker performs it at once: the board posted again, a new thread opened with
a note that the game continues there and the players who must act pinged in it, the thread reopened, or
the host told once what is missing. Deletions the bot makes itself (an old ping) match no kept message,
so they are not taken for faults.

Discord does not replay what happened while the bot was away, so after every new gateway session (a
shard's READY, not a resume) :meth:`Repairs.check` looks at each running game of that shard's servers:
its thread and its board message still exist, the thread is open. It paces its requests well inside
Discord's rate limits and looks at the most recently active games first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord
from discord.ext import commands

from bot import redact
from bot.service import Kept
from cogs.kit.bot import BaseBot

log = logging.getLogger("bricabot.repairs")

CHECK_PACE_SECONDS = 0.1
"""The pause after each request of a check: ten a second, a fifth of Discord's global limit."""

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008


class Repairs(commands.Cog):
    def __init__(self, bot: BaseBot) -> None:
        self.bot = bot
        self._checks: set[asyncio.Task[int]] = set()

    async def cog_unload(self) -> None:
        for task in self._checks:
            task.cancel()
        for task in list(self._checks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # -- as it happens -------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        await self._repair("message", payload.message_id)

    @commands.Cog.listener()
    async def on_raw_bulk_message_delete(self, payload: discord.RawBulkMessageDeleteEvent) -> None:
        for message_id in sorted(payload.message_ids):
            await self._repair("message", message_id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._repair("channel", payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._repair("channel", channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        metadata = payload.data.get("thread_metadata") or {}
        archived, locked = bool(metadata.get("archived")), bool(metadata.get("locked"))
        await self._repair("thread", payload.thread_id, archived=archived, locked=locked)

    async def _repair(self, what: str, ident: int, *, archived: bool = False, locked: bool = False) -> list[int]:
        """Have the service owe the repair of whatever game ``ident`` (a message, a channel or a thread)
        belonged to, and wake the worker; returns the games concerned."""
        service = self.bot.service
        if service is None or not self.bot.gate.open:
            return []  # stopping: the check after the next start finds it
        calls: dict[str, Callable[[], Awaitable[list[int]]]] = {
            "message": lambda: service.message_deleted(ident),
            "channel": lambda: service.channel_deleted(ident),
            "thread": lambda: service.thread_changed(ident, archived=archived, locked=locked),
        }
        try:
            games = await calls[what]()
        except Exception as exc:  # the database is unreachable: the check after the next start finds it
            log.warning(
                "could not record the repair of %s %s (%s)",
                what,
                ident,
                type(exc).__name__,
                exc_info=redact.exc_info(exc),
            )
            return []
        if games:
            change = {"message": "deleted", "channel": "deleted", "thread": _thread_state(archived, locked)}[what]
            log.info("game %s: its %s %s was %s; repairing", ", ".join(map(str, games)), what, ident, change)
            self.bot.publisher.wake()
        return games

    # -- what happened while the bot was away ---------------------------------------------------
    @commands.Cog.listener()
    async def on_shard_ready(self, shard_id: int) -> None:
        guilds = [g.id for g in self.bot.guilds if g.shard_id == shard_id]
        if guilds:
            task = asyncio.create_task(self.check(guilds), name=f"bricabot-check-{shard_id}")
            self._checks.add(task)
            task.add_done_callback(self._checks.discard)

    async def check(self, guild_ids: list[int]) -> int:
        """Look at each running game of ``guild_ids`` on Discord and repair what vanished or closed
        meanwhile; returns how many games needed a repair."""
        service = self.bot.service
        if service is None:
            return 0
        try:
            kept = await service.kept(guild_ids)
        except Exception as exc:
            log.warning("could not list the games to check (%s)", type(exc).__name__, exc_info=redact.exc_info(exc))
            return 0
        repaired = 0
        for game in kept:
            if not self.bot.gate.open:
                break
            try:
                repaired += bool(await self._check_one(game))
            except discord.HTTPException as exc:  # no access (the delivery reports it when it is owed)
                log.info("game %s: could not be checked (%s %s)", game.game_id, exc.status, exc.code)
        if kept:
            log.info("checked %d running games after connecting; %d needed a repair", len(kept), repaired)
        return repaired

    async def _check_one(self, game: Kept) -> list[int]:
        if game.thread_id is None:
            return []
        thread = self.bot.get_channel(game.thread_id)  # open threads come with their server
        if not isinstance(thread, discord.Thread):
            try:
                thread = await self.bot.fetch_channel(game.thread_id)
            except discord.NotFound:
                return await self._repair("channel", game.thread_id)
            finally:
                await asyncio.sleep(CHECK_PACE_SECONDS)
        if isinstance(thread, discord.Thread) and (thread.archived or thread.locked):
            return await self._repair("thread", game.thread_id, archived=thread.archived, locked=thread.locked)
        if game.board is None:
            return []
        try:
            await self.bot.http.get_message(game.thread_id, game.board)
        except discord.NotFound as exc:
            what, ident = ("channel", game.thread_id) if exc.code == UNKNOWN_CHANNEL else ("message", game.board)
            return await self._repair(what, ident)
        finally:
            await asyncio.sleep(CHECK_PACE_SECONDS)
        return []


def _thread_state(archived: bool, locked: bool) -> str:
    return "locked" if locked else "archived" if archived else "reopened"


async def setup(bot: BaseBot) -> None:
    await bot.add_cog(Repairs(bot))
