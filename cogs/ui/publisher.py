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
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal

import discord

from bot import redact
from bot.notifications import GameEnded, MustAct, Notification, Reminder, SeatReplaced, SeatTaken, TimedOut
from bot.service import GameInfo, GameService, MoveResult
from cogs.ui import images, layouts, results
from cogs.ui.ids import Components
from cogs.ui.text import CONTENT, clip, deadline, jump, mentions, title
from renders.api import zoom_areas

log = logging.getLogger("bricabot.publisher")

THREAD_ARCHIVED = 50083
ARCHIVE_MINUTES: Literal[10080] = 10080
"""A week: the longest auto-archive Discord allows, for games that move every few days."""


@dataclass
class _Board:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    dirty: bool = False


class Publisher:
    """Keeps each game's public messages in step with the service.

    It is given the Discord client and a way to reach the service rather than the bot itself, so the
    bot, which builds it, and this module do not import each other.
    """

    def __init__(self, bot: discord.Client, service: Callable[[], GameService | None]) -> None:
        self.bot = bot
        self._service = service
        self._boards: dict[int, _Board] = {}

    @property
    def service(self) -> GameService:
        service = self._service()
        assert service is not None
        return service

    async def lang(self, game: GameInfo) -> str:
        return "en" if game.guild_id is None else (await self.service.guild_settings(game.guild_id)).lang

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
        parts = await images.board_parts(table.view, lang)
        render = parts[0]
        waiting = sum(1 for s in game.seats if s.to_act)
        status = {
            "active": f"In play: waiting for {waiting} player(s). Press **Play / My screen** to see your moves.",
            "finished": "Game over: the final scores are below.",
            "cancelled": "This game was cancelled.",
        }.get(game.status, game.status)
        embed = layouts.board_embed(game, render, status, image=None)
        files = [images.as_file(part, images.part_file(i, part)) for i, part in enumerate(parts)]
        return embed, files, layouts.board_controls(game, zoom_areas(table.view, lang=lang))

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
        await message.edit(embed=layouts.lobby_embed(game), view=layouts.lobby_controls(game))

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
        to_act = [n for n in notes if isinstance(n, MustAct)]
        if to_act:
            await self._safely(self._turns(channel, game, to_act), game)
        for note in notes:
            if isinstance(note, Reminder):
                await self._safely(self._remind(channel, game, note), game)
            elif isinstance(note, TimedOut):
                extra = " The seat is now played by an AI." if note.replaced else ""
                text = f"⌛ <@{note.user_id}> missed the deadline; an AI played that turn.{extra}"
                await self._safely(self._say(channel, text), game)
            elif isinstance(note, SeatReplaced) and note.reason != "timeouts":
                why = {"abandoned": "left the game", "kicked": "was removed by the host"}.get(note.reason, note.reason)
                text = f"🤖 <@{note.user_id}> {why}; an AI now plays seat {note.seat + 1}."
                await self._safely(self._say(channel, text), game)
            elif isinstance(note, SeatTaken):
                was = "an AI" if note.previous is None else f"<@{note.previous}>"
                text = f"🪑 <@{note.user_id}> now plays seat {note.seat + 1}, in place of {was}."
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

    async def _turns(self, channel: discord.PartialMessageable, game: GameInfo, notes: list[MustAct]) -> None:
        """Whose turn it is: a DM to those who asked for one, one thread ping for everyone else (closed DMs
        included)."""
        link = await self._jump_link(game)
        pinged = []
        for note in notes:
            if (await self.service.dm_settings(note.user_id)).turns:
                when = "" if note.deadline is None else f" Deadline: {deadline(note.deadline)}."
                if await self._dm(note.user_id, f"🎲 Your turn in **{title(game)}**.{when} {link}".strip()):
                    continue
            pinged.append(note)
        if pinged:
            await self._ping(channel, game, pinged)

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

    async def _ping(self, channel: discord.PartialMessageable, game: GameInfo, notes: list[MustAct]) -> None:
        users = sorted({n.user_id for n in notes})
        due = min((n.deadline for n in notes if n.deadline is not None), default=None)
        when = "" if due is None else f" Deadline: {deadline(due)}."
        view = Components()
        view.add_item(layouts.play_button(game.id))
        await channel.send(
            clip(f"🎲 {mentions(users)}: your turn in **{title(game)}**.{when}", CONTENT),
            view=view,
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in users]),
        )

    async def _remind(self, channel: discord.PartialMessageable, game: GameInfo, note: Reminder) -> None:
        """Like turn notices: a DM to those who asked for DMs, a thread ping for everyone else (closed DMs
        included)."""
        text = f"⏰ Your turn in **{title(game)}** ends {discord.utils.format_dt(note.deadline, 'R')}."
        wants_dm = (await self.service.dm_settings(note.user_id)).turns
        if wants_dm and await self._dm(note.user_id, f"{text} {await self._jump_link(game)}".strip()):
            return
        await channel.send(
            f"<@{note.user_id}> {text}", allowed_mentions=discord.AllowedMentions(users=[discord.Object(note.user_id)])
        )

    async def _say(self, channel: discord.PartialMessageable, text: str) -> None:
        await channel.send(clip(text, CONTENT), allowed_mentions=discord.AllowedMentions.none())

    async def _final(self, channel: discord.PartialMessageable, game: GameInfo) -> None:
        table = await self.service.view(game.id, None)
        lang = await self.lang(table.game)
        render = await images.final(table.view, lang)
        embeds, files = [layouts.final_embed(table.game, render)], [images.as_file(render, images.FINAL_FILE)]
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
