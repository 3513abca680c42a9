"""Delivering the outbox: what each owed row does on Discord, and what to do when Discord says no.

The service records, with every change, what players must see of it (:mod:`bot.service.outbox`); the
delivery worker (:mod:`cogs.delivery.worker`) leases one game's owed rows of a lane and hands them here.
Each row is brought about from the game *as stored now*, so delivering it twice is harmless: the board
message shows the stored game (one message in the game's thread, edited in place), a seat's turn
notice matches whether it must act, a reminder goes out only while its deadline holds. A row is
reported delivered only once Discord accepted it.

When Discord loses what was posted, the table heals itself: a deleted board message is posted anew
(10008), a deleted thread is replaced by a new one from the lobby's channel, or the channel itself
(10003), an archived thread is unarchived (50083). What cannot pass by itself — a missing permission
(50013), lost access (50001), a locked thread (160005) — keeps the row owed and *blocked* with its
reason; the host is told once, privately, what is missing and where, and the row goes out as soon as
Discord accepts it again. Passing failures (5xx, rate limits, timeouts) are tried again with backoff.
Routine refusals are logged on one line; only the unexpected carries a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, TypeVar

import aiohttp
import discord

from bot import redact
from bot.service import Delivery, GameInfo, GameService
from bot.service import outbox as owed
from bot.service.convert import HINT_ASKED
from bot.service.deliveries import backoff
from bot.words import t
from cogs.board import embeds
from cogs.board import messages as layouts
from cogs.delivery import digest
from cogs.kit import images
from cogs.kit.context import server_lang, user_lang
from cogs.kit.ids import Components
from cogs.kit.text import CONTENT, clip, deadline, jump, mentions, names, seat_name, title
from cogs.lobby import message as lobby_message
from cogs.results import reports as results

log = logging.getLogger("bricabot.publisher")

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
THREAD_ARCHIVED = 50083
THREAD_LOCKED = 160005
THREAD_EXISTS = 160004
BLOCKING = (MISSING_ACCESS, MISSING_PERMISSIONS, THREAD_LOCKED)
"""Refusals that last until someone changes the server: the row waits, blocked, and the host is told."""
PASSING = (aiohttp.ClientError, asyncio.TimeoutError, OSError, discord.RateLimited)
"""Failures that pass by themselves (besides Discord's 5xx): tried again after a short wait."""

GIVE_UP_ATTEMPTS = 12
"""Tries of a delivery refused for a reason no wait cures before it is dropped (not for 5xx, rate limits,
timeouts or missing permissions, which are tried until Discord accepts)."""

ARCHIVE_MINUTES: Literal[10080] = 10080
"""A week: the longest auto-archive Discord allows, for games that move every few days."""

T = TypeVar("T")

PING = "ping:"
"""Purpose prefix of a seat's live "your turn" message in ``service.messages`` (``ping:<seat>``)."""

NEEDED = (
    "view_channel",
    "send_messages",
    "send_messages_in_threads",
    "embed_links",
    "attach_files",
    "read_message_history",
    "create_public_threads",
)
"""The permissions the bot asks for at invite, by discord.py's names."""


class Held(Exception):
    """Discord refuses a delivery until someone changes the server; ``reason`` says what and where."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ThreadLost(Exception):
    """The game's thread is gone and a new one is owed: the delivery is tried again at once, there."""


@dataclass(frozen=True)
class _Ping:
    """A seat's live ping, as stored: which seat, and the message."""

    seat: int
    channel_id: int
    message_id: int


class Publisher:
    """Performs owed deliveries for one game at a time (see the module's docstring).

    It is given the Discord client and a way to reach the service rather than the bot itself, so the
    bot, which builds it, and this module do not import each other.
    """

    def __init__(self, bot: discord.Client, service: Callable[[], GameService | None]) -> None:
        self.bot = bot
        self._service = service
        self._opening: dict[int, asyncio.Lock] = {}
        self.wakes = {owed.BOARD_LANE: asyncio.Event(), owed.NOTICE_LANE: asyncio.Event()}
        """Set to have the lane's worker look for owed rows at once (after a change, a reconnect)."""

    @property
    def service(self) -> GameService:
        service = self._service()
        assert service is not None
        return service

    def wake(self) -> None:
        """A change was committed: its deliveries are owed now."""
        for event in self.wakes.values():
            event.set()

    async def lang(self, game: GameInfo) -> str:
        """The language of the game's public messages: its server's (``cogs.kit.context.server_lang``)."""
        guild = None if game.guild_id is None else self.bot.get_guild(game.guild_id)
        return await server_lang(self.service, game.guild_id, None if guild is None else guild.preferred_locale)

    # -- one game's owed rows ------------------------------------------------------------------
    async def perform(self, rows: Sequence[Delivery]) -> None:
        """Deliver one game's leased rows of one lane, or what was held for one player until their hours
        began (:meth:`_digest`); each is reported delivered or postponed."""
        if not rows:
            return
        if rows[0].held_for is not None:
            await self._digest(rows[0].held_for, rows)
            return
        await self._perform_game(rows)

    async def _digest(self, user_id: int, rows: Sequence[Delivery]) -> None:
        """What waited for a player outside their hours: one DM when it spans several games
        (:mod:`cogs.delivery.digest`), else (or when the DM is refused) each game's own notices, a
        reminder left out where its turn's notice already says the deadline."""
        games = {game_id: await self.service.game(game_id) for game_id in sorted({r.game_id for r in rows})}
        said = digest.items(games, rows, user_id)
        if digest.spans_games(said):
            lang = await user_lang(self.service, user_id, said[0].game.guild_id)
            lines = []
            for item in said:
                if item.kind == "host":
                    lines.append(explain_block(self.bot, str(item.row.payload.get("reason")), lang, title(item.game)))
                else:
                    lines.append(digest.line(item, await self._jump_link(item.game), lang))
            if await self._dm(user_id, digest.message(lines, said, lang)):
                for row in rows:
                    await self.service.delivered(row)
                return
        told = {(item.row.game_id, item.row.key) for item in said}
        for game_id in games:
            mine = [r for r in rows if r.game_id == game_id]
            for row in mine:
                if row.key.startswith(owed.REMIND) and (game_id, row.key) not in told:
                    await self.service.delivered(row)  # its turn's notice says the deadline, or it no longer holds
            kept = [r for r in mine if not r.key.startswith(owed.REMIND) or (game_id, r.key) in told]
            if kept:
                await self._perform_game(kept)

    async def _perform_game(self, rows: Sequence[Delivery]) -> None:
        game = await self.service.game(rows[0].game_id)
        moved = [r for r in rows if r.payload.get(owed.TYPE) == "moved"]  # said before the pings that follow
        turns = [r for r in rows if r.key.startswith((owed.TURN, owed.REMIND))]
        others = [r for r in rows if r not in turns and r not in moved]
        for row in moved:
            await self._attempt(game, [row], self._one(game, row))
            game = await self.service.game(row.game_id)  # the note may have opened a thread
        if turns:
            await self._attempt(game, turns, self._turns(game, turns))
        for row in sorted(others, key=_order):
            game = await self.service.game(row.game_id)  # the board lane may have opened a thread
            await self._attempt(game, [row], self._one(game, row))

    async def _attempt(self, game: GameInfo, rows: list[Delivery], work: Awaitable[None]) -> None:
        """Run ``work`` (a coroutine delivering ``rows``); report each row delivered or owed again."""
        try:
            await work
        except Held as blocked:
            log.warning("game %s: %s blocked: %s", game.id, ", ".join(r.key for r in rows), blocked.reason)
            for row in rows:
                await self.service.postpone(row, backoff(row.attempts), blocked.reason)
            if await self.service.owe_host_notice(game.id, blocked.reason):
                self.wakes[owed.NOTICE_LANE].set()
            return
        except ThreadLost:
            for row in rows:
                await self.service.postpone(row, 0)
            return
        except discord.DiscordServerError as exc:
            log.info("game %s: Discord answered %s; trying again later", game.id, exc.status)
            await self._again(rows)
            return
        except PASSING as exc:
            log.info("game %s: %s; trying again later", game.id, type(exc).__name__)
            await self._again(rows)
            return
        except discord.HTTPException as exc:
            log.warning("game %s: Discord refused %s (%s %s)", game.id, rows[0].key, exc.status, exc.code)
            await self._again(rows, give_up=True)
            return
        except Exception as exc:
            log.error("could not deliver %s of game %s", rows[0].key, game.id, exc_info=redact.exc_info(exc))
            await self._again(rows, give_up=True)
            return
        for row in rows:
            if not await self.service.delivered(row):
                self.wakes[row.lane].set()  # a newer version was owed meanwhile

    async def _again(self, rows: list[Delivery], *, give_up: bool = False) -> None:
        """Owe ``rows`` again after a wait; with ``give_up``, a row refused for a reason no wait cures (a
        request Discord finds malformed, a bug) is dropped after :data:`GIVE_UP_ATTEMPTS` tries, so it
        does not come back for ever (a board is owed again by the game's next change)."""
        for row in rows:
            if give_up and row.attempts >= GIVE_UP_ATTEMPTS:
                log.error("game %s: gave up delivering %s after %d tries", row.game_id, row.key, row.attempts)
                await self.service.delivered(row)
            else:
                await self.service.postpone(row, backoff(row.attempts))

    async def _one(self, game: GameInfo, row: Delivery) -> None:
        if row.key == owed.BOARD:
            await self.board(game, row)
        elif row.key == owed.FINAL:
            await self._final(game)
        elif row.key == owed.LOBBY:
            await self.redraw_lobby(game, repost="lost" in row.payload)
        elif row.key == owed.HOST_BLOCKED:
            await self._tell_host(game, str(row.payload.get("reason", "")))
        elif row.key.startswith(owed.NOTE):
            await self._note(game, row)
        elif row.key.startswith(owed.DROP):
            await self._drop(row)

    # -- the board -----------------------------------------------------------------------------
    async def board(self, game: GameInfo, row: Delivery) -> None:
        """The board message shows the game as stored: opened with its thread if need be, posted anew if
        a moderator deleted it, the thread unarchived if it was archived."""
        if game.guild_id is None or game.channel_id is None:
            return  # a game played outside Discord (the terminal table, the demo)
        if game.status not in ("active", "finished"):
            return
        where = (await self.service.messages(game.id)).get("board")
        home = game.thread_id or await self._home(game)
        if where is not None and where[0] != home:
            where = None  # a board in a thread the game has left
        embed, files, view = await self._board_parts(game.id)
        if where is not None:
            message = self.bot.get_partial_messageable(where[0]).get_partial_message(where[1])
            try:
                await self._guarded(home, message.edit(embed=embed, attachments=files, view=view))
                return
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_CHANNEL:
                    await self._thread_lost(game, home)
                if exc.code != UNKNOWN_MESSAGE:
                    raise
                log.info("game %s: its board message was deleted; posting a new one", game.id)
            except discord.HTTPException as exc:
                if exc.code != THREAD_ARCHIVED:
                    raise
                try:
                    await self._unarchive(home)
                except Held as held:  # reopening a locked thread takes Manage Threads: it stays locked
                    raise Held(f"{THREAD_LOCKED}:{home}") from held
                embed, files, view = await self._board_parts(game.id)
                await self._guarded(home, message.edit(embed=embed, attachments=files, view=view))
                return
            embed, files, view = await self._board_parts(game.id)
        channel = self.bot.get_partial_messageable(home)
        try:
            posted = await self._guarded(home, channel.send(embed=embed, files=files, view=view))
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_CHANNEL and home == game.thread_id:
                await self._thread_lost(game, home)
            raise
        await self.service.set_message(game.id, "board", home, posted.id)

    async def _home(self, game: GameInfo) -> int:
        """The game's thread, opened now if it has none yet (by whichever lane needs it first): on its
        lobby message, else (a thread was made there before and deleted, or the lobby message is gone) a
        new thread in the lobby's channel; where no thread can be made there, the channel itself."""
        channel_id = game.channel_id
        assert channel_id is not None
        lock = self._opening.setdefault(game.id, asyncio.Lock())
        async with lock:
            game = await self.service.game(game.id)  # another lane may have opened it meanwhile
            if game.thread_id is not None:
                return game.thread_id
            thread_id = await self._open_thread(game, channel_id)
            await self.service.set_thread(game.id, thread_id)
            log.info("game %s: its table is in %s", game.id, thread_id)
        self._opening.pop(game.id, None)
        return thread_id

    async def _open_thread(self, game: GameInfo, channel_id: int) -> int:
        lobby = (await self.service.messages(game.id)).get("lobby")
        name = title(game)
        if lobby is not None:  # a thread deleted from it cannot be made again there (160004): see below
            try:
                made = await self._guarded(
                    lobby[0],
                    self.bot.http.start_thread_with_message(
                        lobby[0], lobby[1], name=name, auto_archive_duration=ARCHIVE_MINUTES
                    ),
                )
                return int(made["id"])
            except discord.HTTPException as exc:
                if exc.code not in (THREAD_EXISTS, UNKNOWN_MESSAGE, UNKNOWN_CHANNEL):
                    raise
        try:
            made = await self._guarded(
                channel_id,
                self.bot.http.start_thread_without_message(
                    channel_id,
                    name=name,
                    auto_archive_duration=ARCHIVE_MINUTES,
                    type=discord.ChannelType.public_thread.value,
                ),
            )
            return int(made["id"])
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_CHANNEL:
                raise Held(f"channel_gone:{channel_id}") from exc
            raise
        except discord.HTTPException as exc:
            if exc.status != 400:
                raise
            log.info(
                "game %s: no thread can be made in %s (%s); the game is played there", game.id, channel_id, exc.code
            )
            return channel_id

    async def _thread_lost(self, game: GameInfo, thread_id: int) -> None:
        """The game's thread is gone (deleted by a moderator): the game is given a new one."""
        log.info("game %s: its thread %s was deleted; opening a new one", game.id, thread_id)
        await self.service.lose_thread(game.id, thread_id)
        self.wakes[owed.BOARD_LANE].set()
        raise ThreadLost

    async def _board_parts(self, game_id: int) -> tuple[discord.Embed, list[discord.File], Components]:
        """The board message: phone-sized parts as attachments (each with its text alternative), the
        status, and the controls with the Zoom menu of the table's areas."""
        table = await self.service.view(game_id, None)
        game = table.game
        lang = await self.lang(game)
        parts = await images.board_parts(table, lang)
        render = parts[0]
        waiting = sum(1 for s in game.seats if s.to_act)
        status = t(f"thread.status.{game.status}", lang, n=waiting)
        embed = embeds.board_embed(table, render, status, lang, now=self.service.clock.now())
        files = [images.as_file(part, images.part_file(i, part)) for i, part in enumerate(parts)]
        return embed, files, layouts.board_controls(game, images.zoom_areas(table, lang), lang=lang)

    async def _unarchive(self, thread_id: int) -> None:
        thread = await self._guarded(thread_id, self.bot.fetch_channel(thread_id))
        if isinstance(thread, discord.Thread):
            await self._guarded(thread_id, thread.edit(archived=False))

    async def redraw_lobby(self, game: GameInfo, *, repost: bool = False) -> None:
        """Bring the lobby message up to date (seats, the game started, or its end); with ``repost``, a
        lobby still gathering players whose message a moderator deleted is posted again in its channel."""
        where = (await self.service.messages(game.id)).get("lobby")
        lang = await self.lang(game)
        embed = lobby_message.embed(game, lang, now=self.service.clock.now())
        view = lobby_message.controls(game, lang)
        if where is not None:
            message = self.bot.get_partial_messageable(where[0]).get_partial_message(where[1])
            try:
                await self._guarded(where[0], message.edit(embed=embed, view=view))
                return
            except discord.NotFound:
                log.info("game %s: its lobby message is gone", game.id)
                await self.service.forget_message(game.id, "lobby")
        if not repost or game.status != "lobby" or game.channel_id is None:
            return
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            posted = await self._guarded(game.channel_id, channel.send(embed=embed, view=view))
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_CHANNEL:
                raise Held(f"channel_gone:{game.channel_id}") from exc
            raise
        await self.service.set_message(game.id, "lobby", game.channel_id, posted.id)

    # -- notices -------------------------------------------------------------------------------
    async def _where(self, game: GameInfo) -> discord.PartialMessageable | None:
        """Where the game's notices go: its thread (``None``: the game is not on Discord)."""
        if game.guild_id is None or game.channel_id is None:
            return None
        if game.thread_id is None and game.status in ("active", "finished"):
            return self.bot.get_partial_messageable(await self._home(game))
        return self.bot.get_partial_messageable(game.thread_id or game.channel_id)

    async def _turns(self, game: GameInfo, rows: list[Delivery]) -> None:
        """Turn notices and reminders: whose turn it is (a DM to those who asked for one, else one thread
        ping naming them all), reminders while their deadline holds; then the pings whose turn is over are
        deleted, so each seat that must act has one live ping."""
        channel = await self._where(game)
        if channel is None:
            return
        lang = await self.lang(game)
        acting = {s.seat: s for s in game.seats if s.to_act and not s.is_ai and s.user_id is not None}
        if game.status != "active":
            acting = {}
        stored = await self._stored_pings(game.id)
        link = await self._jump_link(game)
        renewed: set[int] = set()
        pinged: list[tuple[int, int, datetime | None]] = []
        for row in rows:
            seat = owed.seat_of(row.key)
            if not row.key.startswith(owed.TURN) or seat not in acting:
                continue
            info = acting[seat]
            assert info.user_id is not None
            renewed.add(seat)
            if (await self.service.dm_settings(info.user_id)).turns:
                mine = await user_lang(self.service, info.user_id, game.guild_id)  # a DM: the player's language
                text = t("thread.turn_dm", mine, game=title(game), when=_when(info.deadline, mine), link=link)
                if await self._dm(info.user_id, text):
                    continue
            pinged.append((seat, info.user_id, info.deadline))
        fresh: dict[int, discord.Message] = {}
        if pinged:
            message = await self._ping(channel, game, pinged, lang)
            fresh.update((seat, message) for seat, _, _ in pinged)
        for row in rows:
            seat = owed.seat_of(row.key)
            if not row.key.startswith(owed.REMIND) or seat not in acting:
                continue
            info = acting[seat]
            if info.deadline is None or int(info.deadline.timestamp()) != row.payload.get("deadline"):
                continue  # the turn ended, or its deadline moved: this reminder no longer holds
            reminder = await self._remind(channel, game, seat, info.user_id or 0, info.deadline, lang, link)
            if reminder is not None:
                renewed.add(seat)
                fresh[seat] = reminder
        for seat, message in fresh.items():
            await self.service.set_message(game.id, f"{PING}{seat}", message.channel.id, message.id)
        over = {seat for seat in stored if seat not in acting or seat in renewed}
        await self._retire(game.id, stored, over, set(fresh))

    async def _stored_pings(self, game_id: int) -> dict[int, _Ping]:
        pings = {}
        for purpose, (channel_id, message_id) in (await self.service.messages(game_id)).items():
            seat = purpose.removeprefix(PING)
            if purpose.startswith(PING) and seat.isdigit():
                pings[int(seat)] = _Ping(int(seat), channel_id, message_id)
        return pings

    async def _retire(self, game_id: int, stored: dict[int, _Ping], over: set[int], replaced: set[int]) -> None:
        """Forget the pings of the seats in ``over``, except those ``replaced`` by a ping just stored, and
        owe the deletion of each message nobody waits on any more (a message another seat still waits on
        stays). Forgotten first, the message's deletion is never taken for a moderator's."""
        live = {p.message_id for seat, p in stored.items() if seat not in over}
        dropped: set[int] = set()
        for seat in sorted(over):
            ping = stored[seat]
            if seat not in replaced:
                await self.service.forget_message(game_id, f"{PING}{seat}")
            if ping.message_id not in live and ping.message_id not in dropped:
                dropped.add(ping.message_id)
                await self.service.retire_ping(game_id, ping.channel_id, ping.message_id)
        if dropped:
            self.wakes[owed.NOTICE_LANE].set()

    async def _drop(self, row: Delivery) -> None:
        """Delete a ping nobody waits on; one already gone (or its thread) is fine. A lasting refusal (a
        locked thread) keeps the row owed, so the ping goes once the thread is reopened."""
        channel_id, message_id = int(row.payload.get("channel") or 0), int(row.key.removeprefix(owed.DROP))
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        with contextlib.suppress(discord.NotFound):
            await self._guarded(channel_id, message.delete())

    async def _jump_link(self, game: GameInfo) -> str:
        """A link to the board message (else the game's thread or channel)."""
        board = (await self.service.messages(game.id)).get("board")
        if board is not None:
            return jump(game.guild_id, board[0], board[1])
        where = game.thread_id or game.channel_id
        return jump(game.guild_id, where) if where else ""

    async def _dm(self, user_id: int, text: str) -> bool:
        """DM ``user_id`` unless their DMs are known to be closed; false when it did not arrive."""
        if (await self.service.dm_settings(user_id)).closed:
            return False
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            await dm.send(clip(text, CONTENT))
            return True
        except discord.Forbidden:
            await self.service.mark_dms_closed(user_id)
        except discord.HTTPException as exc:
            log.info("could not DM user %s (%s %s)", user_id, exc.status, exc.code)
        return False

    async def _ping(
        self,
        channel: discord.PartialMessageable,
        game: GameInfo,
        pinged: list[tuple[int, int, datetime | None]],
        lang: str,
    ) -> discord.Message:
        users = sorted({user for _, user, _ in pinged})
        due = min((when for _, _, when in pinged if when is not None), default=None)
        view = Components()
        view.add_item(layouts.play_button(game.id, lang))
        return await self._guarded(
            channel.id,
            channel.send(
                clip(t("thread.turn", lang, users=mentions(users), game=title(game), when=_when(due, lang)), CONTENT),
                view=view,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in users]),
            ),
        )

    async def _remind(
        self,
        channel: discord.PartialMessageable,
        game: GameInfo,
        seat: int,
        user_id: int,
        due: datetime,
        lang: str,
        link: str,
    ) -> discord.Message | None:
        """Like turn notices: a DM to those who asked for DMs, a thread ping for everyone else (closed DMs
        included). Returns the thread message, which becomes the seat's live ping."""
        ends = discord.utils.format_dt(due, "R")
        wants_dm = (await self.service.dm_settings(user_id)).turns
        mine = await user_lang(self.service, user_id, game.guild_id) if wants_dm else lang
        if wants_dm and await self._dm(user_id, t("thread.reminder_dm", mine, game=title(game), ends=ends, link=link)):
            return None
        view = Components()
        view.add_item(layouts.play_button(game.id, lang))
        return await self._guarded(
            channel.id,
            channel.send(
                clip(t("thread.reminder", lang, user=f"<@{user_id}>", game=title(game), ends=ends), CONTENT),
                view=view,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
            ),
        )

    async def _note(self, game: GameInfo, row: Delivery) -> None:
        """A line in the thread about the table: a missed turn, a seat handed over or given, settings."""
        channel = await self._where(game)
        if channel is None:
            return
        lang = await self.lang(game)
        said = row.payload
        kind = said.get(owed.TYPE)
        seat, user = int(said.get("seat") or 0), int(said.get("user") or 0)
        if kind == "timed_out":
            key = "thread.timed_out_replaced" if said.get("replaced") else "thread.timed_out"
            text = t(key, lang, user=_player(game, seat, user))
        elif kind == "replaced":
            ai = next(seat_name(s, lang) for s in game.seats if s.seat == seat)  # now played by an AI
            text = t(f"thread.{said.get('reason')}", lang, user=_player(game, seat, user), ai=ai)
        elif kind == "taken":
            previous = said.get("previous")
            if previous is None:
                text = t("thread.seat_taken_ai", lang, user=_player(game, seat, user))
            else:
                text = t("thread.seat_taken", lang, user=_player(game, seat, user), previous=f"<@{previous}>")
        elif kind == "moved":
            text = t("thread.moved", lang, game=title(game))
        elif kind == "log":
            text = await self._log_line(game, row, lang)
        else:
            return
        await self._say(channel, text)

    async def _log_line(self, game: GameInfo, row: Delivery, lang: str) -> str:
        """A host's public note (settings changed, a hint asked) as the log tells it."""
        seat_names = names(game, lang)
        if row.payload.get("key") == HINT_ASKED:
            seat = int(row.payload.get("seat") or 0)
            count = int(row.payload.get("params", {}).get("count") or 1)
            return f"💡 {t('hints.asked', lang, name=seat_names[seat], count=count)}"
        notes = await self.service.log(game.id, since=row.version, lang=lang, names=seat_names)
        key = row.payload.get("key")
        lines = [e for e in notes if e.actor == "host" and e.version == row.version and e.events[0].key == key]
        return f"⚙️ {' '.join(lines[-1].lines)}" if lines else ""

    async def _say(self, channel: discord.PartialMessageable, text: str) -> None:
        if text:
            await self._guarded(
                channel.id, channel.send(clip(text, CONTENT), allowed_mentions=discord.AllowedMentions.none())
            )

    async def _final(self, game: GameInfo) -> None:
        """The final scores and the post-game report, in the thread."""
        channel = await self._where(game)
        if channel is None:
            return
        table = await self.service.view(game.id, None)
        lang = await self.lang(table.game)
        render = await images.final(table, lang)
        embeds, files = [layouts.final_embed(table.game, render, lang)], [images.as_file(render, images.FINAL_FILE)]
        try:  # the report with the final scores; the scores go out even if it cannot be drawn
            report, picture = await results.final_report(self.service, game, lang)
            embeds.append(report)
            files.append(picture)
        except Exception as exc:
            log.error("could not draw the report of game %s", game.id, exc_info=redact.exc_info(exc))
        await self._guarded(
            channel.id, channel.send(embeds=embeds, files=files, allowed_mentions=discord.AllowedMentions.none())
        )

    async def _tell_host(self, game: GameInfo, reason: str) -> None:
        """Tell the host, by DM, what keeps the game's messages from being posted and where."""
        lang = await user_lang(self.service, game.host_id, game.guild_id)
        await self._dm(game.host_id, explain_block(self.bot, reason, lang, title(game)))

    # -- Discord's refusals --------------------------------------------------------------------
    async def _guarded(self, channel_id: int, call: Awaitable[T]) -> T:
        """Await a Discord call about ``channel_id``; a lasting refusal becomes :class:`Held`."""
        try:
            return await call
        except discord.HTTPException as exc:
            if exc.code in BLOCKING:
                raise Held(f"{exc.code}:{channel_id}") from exc
            raise


def explain_block(bot: discord.Client, reason: str, lang: str, game: str) -> str:
    """What a blocked delivery's ``reason`` (``"<code>:<channel id>"``) means, in words: what is missing
    and where (the permissions the bot lacks there, when the server is known)."""
    code, _, place = reason.partition(":")
    where = f"<#{place}>" if place.isdigit() else "?"
    if code == "channel_gone":
        return t("outbox.blocked.channel_gone", lang, game=game, where=where)
    if code == str(THREAD_LOCKED):
        return t("outbox.blocked.locked", lang, game=game, where=where)
    if code == str(MISSING_ACCESS):
        return t("outbox.blocked.access", lang, game=game, where=where)
    missing = missing_permissions(bot, int(place)) if place.isdigit() else None
    listed = ", ".join(t(f"outbox.permission.{name}", lang) for name in missing or NEEDED)
    return t("outbox.blocked.permissions", lang, game=game, where=where, permissions=listed)


def missing_permissions(bot: discord.Client, channel_id: int) -> list[str] | None:
    """The permissions the bot lacks in ``channel_id`` of those it needs (``None`` when the channel or
    the bot's member is not known here)."""
    channel = bot.get_channel(channel_id)
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return None
    me = channel.guild.me
    if me is None:
        return None
    have = channel.permissions_for(me)
    # In a thread, posting needs Send Messages in Threads; in a channel, Send Messages.
    elsewhere = ("send_messages", "create_public_threads") if isinstance(channel, discord.Thread) else ()
    return [name for name in NEEDED if name not in elsewhere and not getattr(have, name)]


def _order(row: Delivery) -> tuple[int, str]:
    """Within a game: the board before the final scores; the lobby, notes and host word after turns."""
    first = {owed.BOARD: 0, owed.FINAL: 1, owed.LOBBY: 3, owed.HOST_BLOCKED: 4}
    return (first.get(row.key, 2), row.key)


def _when(moment: datetime | None, lang: str) -> str:
    """ " Deadline: …" after a turn notice, or nothing without a deadline."""
    return "" if moment is None else " " + t("thread.deadline", lang, when=deadline(moment, lang))


def _player(game: GameInfo, seat: int, user_id: int) -> str:
    """A player in a thread note: the name stored with their seat (a mention, which never pings here,
    only while no name is known)."""
    name = next((s.name for s in game.seats if s.seat == seat and s.user_id == user_id), None)
    return name or f"<@{user_id}>"
