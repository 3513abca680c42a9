"""What the table shows everyone after a change: the one board message, pings, and the final scores.

The board is a single message in the game's thread, edited in place after every change (never a new
image per move). Edits are coalesced per game: while one is being drawn, further changes only mark
the board dirty and the running edit draws once more at the end, which keeps a busy game within the
thread's rate limit. Notifications from the service become short thread messages that mention only
the players concerned. Players who turned turn DMs on (``/game notify``) get "your turn" by DM
instead, and reminders go by DM to everyone; a user whose DMs turn out closed gets the thread ping,
and the service remembers it so the DM is not tried again until they turn DMs on again.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

import discord

from bot import redact
from bot.notifications import GameEnded, MustAct, Notification, Reminder, SeatReplaced, SeatTaken, TimedOut
from bot.service import GameInfo, GameService, MoveResult
from cogs.ui import images, layouts, lobby_message, results, standings
from cogs.ui.context import server_lang, user_lang
from cogs.ui.ids import Components
from cogs.ui.text import CONTENT, clip, deadline, jump, mentions, seat_name, title
from cogs.ui.words import t

log = logging.getLogger("bricabot.publisher")

THREAD_ARCHIVED = 50083
ARCHIVE_MINUTES: Literal[10080] = 10080
"""A week: the longest auto-archive Discord allows, for games that move every few days."""


PING = "ping:"
"""Purpose prefix of a seat's live "your turn" message in ``service.messages`` (``ping:<seat>``)."""


@dataclass
class _Board:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    dirty: bool = False


@dataclass(frozen=True)
class _Ping:
    """A seat's live ping, as stored: which seat, and the message."""

    seat: int
    channel_id: int
    message_id: int


class Publisher:
    """Keeps each game's public messages in step with the service.

    It is given the Discord client and a way to reach the service rather than the bot itself, so the
    bot, which builds it, and this module do not import each other.
    """

    def __init__(self, bot: discord.Client, service: Callable[[], GameService | None]) -> None:
        self.bot = bot
        self._service = service
        self._boards: dict[int, _Board] = {}
        self._pings: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @property
    def service(self) -> GameService:
        service = self._service()
        assert service is not None
        return service

    async def lang(self, game: GameInfo) -> str:
        """The language of the game's public messages: its server's (``cogs.ui.context.server_lang``)."""
        guild = None if game.guild_id is None else self.bot.get_guild(game.guild_id)
        return await server_lang(self.service, game.guild_id, None if guild is None else guild.preferred_locale)

    # -- the board -----------------------------------------------------------------------------
    async def open_table(self, game: GameInfo, lobby: discord.Message) -> GameInfo:
        """Open the game's public thread on its lobby message and post the board there."""
        thread = await lobby.create_thread(name=title(game), auto_archive_duration=ARCHIVE_MINUTES)
        game = await self.service.set_thread(game.id, thread.id)
        embed, files, view = await self._board_parts(game.id)
        board = await thread.send(embed=embed, files=files, view=view)
        await self.service.set_message(game.id, "board", thread.id, board.id)
        return game

    async def refresh_board(self, game_id: int) -> None:
        """Redraw the board message; concurrent requests collapse into one extra redraw."""
        board = self._boards.setdefault(game_id, _Board())
        board.dirty = True
        if board.lock.locked():
            return
        async with board.lock:
            while board.dirty:
                board.dirty = False
                await self._redraw(game_id)
        self._boards.pop(game_id, None)

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
        embed = standings.board_embed(table, render, status, lang)
        files = [images.as_file(part, images.part_file(i, part)) for i, part in enumerate(parts)]
        return embed, files, layouts.board_controls(game, images.zoom_areas(table, lang), lang=lang)

    async def _redraw(self, game_id: int) -> None:
        where = (await self.service.messages(game_id)).get("board")
        if where is None:
            return
        channel_id, message_id = where
        embed, files, view = await self._board_parts(game_id)
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(embed=embed, attachments=files, view=view)
        except discord.HTTPException as exc:
            if exc.code != THREAD_ARCHIVED:
                raise
            await self._unarchive(channel_id)
            embed, files, view = await self._board_parts(game_id)
            await message.edit(embed=embed, attachments=files, view=view)

    async def _unarchive(self, thread_id: int) -> None:
        thread = await self.bot.fetch_channel(thread_id)
        if isinstance(thread, discord.Thread):
            await thread.edit(archived=False)

    async def redraw_lobby(self, game: GameInfo) -> None:
        """Bring the lobby message up to date (seats, or the game's end)."""
        where = (await self.service.messages(game.id)).get("lobby")
        if where is None:
            return
        message = self.bot.get_partial_messageable(where[0]).get_partial_message(where[1])
        lang = await self.lang(game)
        await message.edit(embed=lobby_message.embed(game, lang), view=lobby_message.controls(game, lang))

    # -- after a change ------------------------------------------------------------------------
    async def after(self, result: MoveResult) -> None:
        """Everything public that follows a committed change: the board, then the news.

        The change is already stored, so a failure here (a deleted thread, a missing permission) is
        logged and never reported to the player as a refused move; the next change redraws the board.
        """
        news = [n for n in result.notifications if not isinstance(n, MustAct | Reminder)]
        if result.moves or news:  # a reminder alone changes nothing on the table
            try:
                await self.refresh_board(result.game.id)
            except Exception as exc:
                log.error("could not redraw the board of game %s", result.game.id, exc_info=redact.exc_info(exc))
        await self.deliver(result.game, result.notifications)

    async def deliver(self, game: GameInfo, notes: Iterable[Notification]) -> None:
        """Post each notification; one that fails is logged and the others still go out."""
        notes = list(notes)
        where = game.thread_id or game.channel_id
        if where is None:
            return
        channel = self.bot.get_partial_messageable(where)
        lang = await self.lang(game)
        await self._safely(self._turns(channel, game, notes, lang), game)
        for note in notes:
            if isinstance(note, TimedOut):
                key = "thread.timed_out_replaced" if note.replaced else "thread.timed_out"
                text = t(key, lang, user=_player(game, note.seat, note.user_id))
                await self._safely(self._say(channel, text), game)
            elif isinstance(note, SeatReplaced) and note.reason in ("abandoned", "kicked"):
                ai = next(seat_name(s, lang) for s in game.seats if s.seat == note.seat)  # now played by an AI
                text = t(f"thread.{note.reason}", lang, user=_player(game, note.seat, note.user_id), ai=ai)
                await self._safely(self._say(channel, text), game)
            elif isinstance(note, SeatTaken):
                user = _player(game, note.seat, note.user_id)
                if note.previous is None:
                    text = t("thread.seat_taken_ai", lang, user=user)
                else:
                    text = t("thread.seat_taken", lang, user=user, previous=f"<@{note.previous}>")
                await self._safely(self._say(channel, text), game)
            elif isinstance(note, GameEnded):
                await self._safely(self._final(channel, game), game)
                await self._safely(self.redraw_lobby(game), game)

    async def settings_changed(self, game: GameInfo, text: str) -> None:
        """After a stored settings change: ``text`` in the game's thread (a lobby's message shows the
        settings itself, so its channel stays quiet), the board or lobby redrawn."""
        if game.thread_id is not None:
            await self._safely(self._say(self.bot.get_partial_messageable(game.thread_id), text), game)
        await self._safely(self.refresh_board(game.id) if game.status == "active" else self.redraw_lobby(game), game)

    async def _safely(self, work: Awaitable[None], game: GameInfo) -> None:
        try:
            await work
        except Exception as exc:
            log.error("could not post an update for game %s", game.id, exc_info=redact.exc_info(exc))

    # -- turn notices --------------------------------------------------------------------------
    async def _turns(
        self, channel: discord.PartialMessageable, game: GameInfo, notes: list[Notification], lang: str
    ) -> None:
        """Whose turn it is, and the reminders: a DM to those who asked for one, else a thread ping; then
        the pings whose turn is over are deleted, so each seat that must act has one live ping.

        Done under the game's ping lock and from the game as stored now, so two changes delivered at
        once neither ping a seat whose turn already ended nor lose track of a ping.
        """
        lock = self._pings.get(game.id)
        if lock is None:
            lock = self._pings[game.id] = asyncio.Lock()
        async with lock:
            current = await self.service.game(game.id)
            acting = {s.seat for s in current.seats if s.to_act} if current.status == "active" else set()
            stored = await self._stored_pings(game.id)
            renewed: set[int] = set()
            link = await self._jump_link(game)
            pinged = []
            for note in notes:
                if not isinstance(note, MustAct) or note.seat not in acting:
                    continue
                renewed.add(note.seat)
                if (await self.service.dm_settings(note.user_id)).turns:
                    mine = await user_lang(self.service, note.user_id, game.guild_id)  # a DM: the player's language
                    when = _when(note.deadline, mine)
                    if await self._dm(note.user_id, t("thread.turn_dm", mine, game=title(game), when=when, link=link)):
                        continue
                pinged.append(note)
            fresh: dict[int, discord.Message] = {}
            if pinged:
                message = await self._ping(channel, game, pinged, lang)
                fresh.update((n.seat, message) for n in pinged)
            for note in notes:
                if isinstance(note, Reminder) and note.seat in acting:
                    reminder = await self._remind(channel, game, note, lang, link)
                    if reminder is not None:
                        renewed.add(note.seat)
                        fresh[note.seat] = reminder
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
        """Delete the pings of the seats in ``over`` (a message another seat still waits on stays) and
        forget them, except those ``replaced`` by a ping just stored."""
        live = {p.message_id for seat, p in stored.items() if seat not in over}
        deleted: set[int] = set()
        for seat in sorted(over):
            ping = stored[seat]
            if ping.message_id not in live and ping.message_id not in deleted:
                deleted.add(ping.message_id)
                await self._delete(game_id, ping)
            if seat not in replaced:
                await self.service.forget_message(game_id, f"{PING}{seat}")

    async def _delete(self, game_id: int, ping: _Ping) -> None:
        """Delete a ping; one already gone is fine, any other failure is logged and left alone."""
        message = self.bot.get_partial_messageable(ping.channel_id).get_partial_message(ping.message_id)
        try:
            await message.delete()
        except discord.NotFound:
            pass
        except discord.HTTPException as exc:
            log.warning("could not delete a turn ping of game %s", game_id, exc_info=redact.exc_info(exc))

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
        except discord.HTTPException:
            log.warning("could not DM user %s", user_id, exc_info=True)
        return False

    async def _ping(
        self, channel: discord.PartialMessageable, game: GameInfo, notes: list[MustAct], lang: str
    ) -> discord.Message:
        users = sorted({n.user_id for n in notes})
        due = min((n.deadline for n in notes if n.deadline is not None), default=None)
        when = _when(due, lang)
        view = Components()
        view.add_item(layouts.play_button(game.id, lang))
        return await channel.send(
            clip(t("thread.turn", lang, users=mentions(users), game=title(game), when=when), CONTENT),
            view=view,
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in users]),
        )

    async def _remind(
        self, channel: discord.PartialMessageable, game: GameInfo, note: Reminder, lang: str, link: str
    ) -> discord.Message | None:
        """Like turn notices: a DM to those who asked for DMs, a thread ping for everyone else (closed DMs
        included). Returns the thread message, which becomes the seat's live ping."""
        ends = discord.utils.format_dt(note.deadline, "R")
        wants_dm = (await self.service.dm_settings(note.user_id)).turns
        mine = await user_lang(self.service, note.user_id, game.guild_id) if wants_dm else lang
        if wants_dm and await self._dm(
            note.user_id, t("thread.reminder_dm", mine, game=title(game), ends=ends, link=link)
        ):
            return None
        view = Components()
        view.add_item(layouts.play_button(game.id, lang))
        return await channel.send(
            clip(t("thread.reminder", lang, user=f"<@{note.user_id}>", game=title(game), ends=ends), CONTENT),
            view=view,
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(note.user_id)]),
        )

    async def _say(self, channel: discord.PartialMessageable, text: str) -> None:
        await channel.send(clip(text, CONTENT), allowed_mentions=discord.AllowedMentions.none())

    async def _final(self, channel: discord.PartialMessageable, game: GameInfo) -> None:
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
        await channel.send(
            embeds=embeds,
            files=files,
            allowed_mentions=discord.AllowedMentions.none(),
        )


def _when(moment: datetime | None, lang: str) -> str:
    """ " Deadline: …" after a turn notice, or nothing without a deadline."""
    return "" if moment is None else " " + t("thread.deadline", lang, when=deadline(moment, lang))


def _player(game: GameInfo, seat: int, user_id: int) -> str:
    """A player in a thread note: the name stored with their seat (a mention, which never pings here,
    only while no name is known)."""
    name = next((s.name for s in game.seats if s.seat == seat and s.user_id == user_id), None)
    return name or f"<@{user_id}>"
