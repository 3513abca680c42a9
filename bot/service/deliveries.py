"""The outbox from the deliverer's side: lease what is owed, report it delivered or held back.

The Discord layer runs a worker per lane (:data:`~bot.service.outbox.BOARD_LANE`,
:data:`~bot.service.outbox.NOTICE_LANE`) on every bot process: each claims one game's due rows at a
time, leased in the database for :data:`DELIVERY_LEASE_SECONDS`, so several processes deliver the
same outbox and each row is delivered by one of them. A delivery is marked done only after Discord
accepted it; one that failed is owed again later, with a growing wait (:func:`backoff`), and one
Discord refuses for a reason that will not pass by itself (a missing permission, a locked thread)
is kept *blocked* with that reason until :meth:`Deliveries.reconcile` tries it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.clock import from_epoch
from bot.service import convert, holding, outbox
from bot.service.base import ServiceBase, retried
from bot.service.inputs import check_ints, check_text
from bot.service.models import GameInfo
from bot.store import DeliveryRow

Delivery = DeliveryRow
"""One owed delivery, as the worker leases it."""

DELIVERY_LEASE_SECONDS = 60
"""How long a process may hold a game's owed rows before another takes them over (a process that dies
holding them delays them by at most this)."""

HOLD_PASSES = 8
"""How many leases one claim takes while every row it finds is held for a sleeping player (each held row
leaves the due rows, so the next lease finds others)."""

BACKOFF_CAP_SECONDS = 30
"""The longest wait before a failed delivery is tried again (also the default scheduler period, so a
fault that clears is repaired within two scheduler passes)."""


BLOCKS = {
    "50001": "missing access: the bot was removed from the server or cannot see the channel",
    "50013": "missing permissions (Send Messages in Threads, Embed Links, Attach Files or Create Public Threads)",
    "160005": "the thread is locked",
    "channel_gone": "the lobby channel was deleted",
}
"""What each kind of blocked delivery means, for operators (players read it from the Discord layer's
catalogue): a blocked row's reason is ``<kind>:<channel id>``."""


def describe_block(reason: str) -> str:
    """A blocked row's reason in an operator's words: what is wrong and in which channel."""
    kind, _, channel = reason.partition(":")
    return f"{BLOCKS.get(kind, f'Discord error {kind}')} (channel {channel or '?'})"


def backoff(attempts: int, cap: int = BACKOFF_CAP_SECONDS) -> int:
    """Seconds before trying again after ``attempts`` failed tries: 1, 2, 4, … up to ``cap``."""
    return min(cap, 1 << max(0, min(attempts - 1, 16)))


@dataclass(frozen=True, slots=True)
class Kept:
    """Where a running game lives on Discord, as stored: what a check after a restart looks for."""

    game_id: int
    channel_id: int | None
    thread_id: int | None
    board: int | None
    """The board message's id in the thread (``None``: none posted yet, or it was lost)."""


@dataclass(frozen=True, slots=True)
class Blocked:
    """A game whose owed messages Discord refuses for now, and why (for ``/bricabot status``)."""

    game: GameInfo
    key: str
    reason: str
    next_try: datetime


class Deliveries(ServiceBase):
    """Leasing, finishing and repairing the outbox (mixed into :class:`bot.service.GameService`)."""

    async def claim_deliveries(self, lane: str) -> list[Delivery]:
        """Lease every due row of one game in ``lane`` for this process, or every row held for one player
        whose hours have begun (empty: nothing due). Rows addressed to a player outside their hours are
        held for them instead (:mod:`bot.service.holding`), never returned."""
        check_text("lane", lane)
        now = self._now()
        for _ in range(HOLD_PASSES):
            rows = await self.store.claim_deliveries(lane, self.owner, now, now + DELIVERY_LEASE_SECONDS)
            kept = await holding.sort_out(self.store, rows, self.owner, now)
            if kept or not rows:
                return kept
        return []

    async def delivered(self, delivery: Delivery) -> bool:
        """Discord accepted ``delivery``: done, unless a newer version was owed meanwhile (false: the
        row is owed again at once)."""
        return await self.store.delivered(delivery, self.owner, self._now())

    async def postpone(self, delivery: Delivery, seconds: int, blocked: str | None = None) -> None:
        """``delivery`` failed: owe it again in ``seconds``; ``blocked`` keeps why Discord refuses it."""
        check_ints(seconds=seconds)
        await self.store.postpone(delivery, self.owner, self._now() + max(0, seconds), blocked)

    async def owe_host_notice(self, game_id: int, reason: str) -> bool:
        """Owe the host a private word about what blocks the game's messages, once per reason; true
        when it is newly owed."""
        check_text("reason", reason)
        row = await self._row(game_id)
        told = next((d for d in await self.store.deliveries(game_id) if d.key == outbox.HOST_BLOCKED), None)
        if told is not None and told.payload.get("reason") == reason:
            return False
        said = {"reason": reason}
        await self.store.owe(game_id, outbox.HOST_BLOCKED, outbox.NOTICE_LANE, row.version, self._now(), said)
        return True

    async def reconcile(self, guild_id: int | None = None) -> int:
        """Owe what running games lack (a board behind the game, a seat never told it must act) and try
        every held-back row again now, for every server or one; returns how many rows were owed."""
        check_ints(guild_id=guild_id)
        return await self.store.reconcile(self._now(), guild_id)

    async def release_leases(self) -> tuple[int, int]:
        """Give back every lease this process holds on owed deliveries and on games' scheduled work (it
        is stopping), so another process takes the work at once instead of when the leases expire;
        returns how many deliveries and games were released."""
        return await self.store.release_leases(self.owner)

    def stop_ai(self) -> None:
        """The process is stopping: AI seats make no new move here (a search already under way ends
        with its move); each game keeps its AI-turn flag for the scheduler of whichever process runs next."""
        self._writer.stopping = True

    # -- repairs from what Discord reports ------------------------------------------------------
    async def message_deleted(self, message_id: int) -> list[int]:
        """A message vanished from Discord (a moderator deleted it): a running game's board is owed again
        at once (posted anew in its thread), a lobby still gathering players has its message posted
        again, a ping is only forgotten. Returns the games that owe a repair.

        The bot forgets a message before deleting it itself (an old ping), so its own deletions match
        nothing here, and a board replaced meanwhile by a newer message is not touched."""
        check_ints(message_id=message_id)
        repaired: list[int] = []
        for game_id, purpose, _ in await self.store.keepers_of(message_id):
            row = await self._row(game_id)
            now = self._now()
            async with self.store.transaction() as tx:
                if not await tx.forget_message(game_id, purpose, message_id):
                    continue
                if purpose == "board" and row.status == "active":
                    await tx.owe_again(game_id, outbox.BOARD, outbox.BOARD_LANE, row.version, now)
                elif purpose == "lobby" and row.status == "lobby":
                    lost = {"lost": message_id}
                    await tx.owe_again(game_id, outbox.LOBBY, outbox.NOTICE_LANE, row.version, now, lost)
                else:
                    continue
            repaired.append(game_id)
        return repaired

    async def channel_deleted(self, channel_id: int) -> list[int]:
        """A channel or thread vanished from Discord. A running game whose thread it was, or whose lobby
        channel it was (its threads went with it), leaves that thread and owes its board in a new one, with
        a note that the game moved and the turn notices of those who must act (the host is told once if no
        thread can be opened any more); the host of a lobby in that channel is told it is gone.
        Returns the games that owe a repair."""
        check_ints(channel_id=channel_id)
        repaired: list[int] = []
        for row in await self.store.games_in(channel_id):
            if row.status == "active" and row.thread_id is not None:
                await self.lose_thread(row.id, row.thread_id)
            elif row.status == "active":  # played in the channel itself: owed again, the host is told it is gone
                await self.store.owe(row.id, outbox.BOARD, outbox.BOARD_LANE, row.version, self._now())
            elif row.channel_id == channel_id:
                await self.owe_host_notice(row.id, f"channel_gone:{channel_id}")
            else:
                continue
            repaired.append(row.id)
        return repaired

    async def thread_changed(self, thread_id: int, *, archived: bool, locked: bool) -> list[int]:
        """A game's thread was archived or locked (by a moderator, or by Discord after its inactivity
        delay): its board is owed again at once, which reopens the thread (or, locked, tells the host
        once what is missing). Reopened, everything held back in that server is tried again at once.
        Returns the games that owe a repair."""
        check_ints(thread_id=thread_id)
        repaired: list[int] = []
        for row in await self.store.games_in(thread_id):
            if row.status != "active" or row.thread_id != thread_id:
                continue
            if archived or locked:
                await self.store.owe(row.id, outbox.BOARD, outbox.BOARD_LANE, row.version, self._now())
            else:
                await self.store.reconcile(self._now(), row.guild_id)
            repaired.append(row.id)
        return repaired

    async def kept(self, guild_ids: list[int]) -> list[Kept]:
        """Where the running games of ``guild_ids`` live on Discord, the most recently changed first."""
        check_ints(**{f"guild {i + 1}": guild for i, guild in enumerate(guild_ids)})
        rows = await self.store.running_in(guild_ids)
        return [Kept(row.id, row.channel_id, row.thread_id, board) for row, board in rows]

    async def retire_ping(self, game_id: int, channel_id: int, message_id: int) -> None:
        """A ping nobody waits on any more is owed its deletion (tried again later like any delivery if
        Discord refuses it for now)."""
        check_ints(channel_id=channel_id, message_id=message_id)
        row = await self._row(game_id)
        key = f"{outbox.DROP}{message_id}"
        await self.store.owe(game_id, key, outbox.NOTICE_LANE, row.version, self._now(), {"channel": channel_id})

    async def next_delivery(self, lane: str) -> datetime | None:
        """When the next owed row of ``lane`` falls due (``None``: nothing is owed)."""
        at = await self.store.next_delivery(lane)
        return None if at is None else from_epoch(at)

    async def outbox(self, game_id: int) -> list[Delivery]:
        """A game's outbox, delivered rows included (for tests and operators)."""
        await self._row(game_id)
        return await self.store.deliveries(game_id)

    async def owed(self) -> tuple[int, datetime | None]:
        """How many deliveries are owed and not yet made, and when the oldest of them fell due."""
        count, oldest = await self.store.owed_deliveries()
        return count, (None if oldest is None else from_epoch(oldest))

    async def blocked(self, guild_id: int | None = None) -> list[Blocked]:
        """The games whose owed messages Discord refuses for now, of one server or of all, and why."""
        check_ints(guild_id=guild_id)
        rows = await self.store.blocked_deliveries(guild_id)
        games = {r.id: r for r in await self.store.games(sorted({d.game_id for d in rows}))}
        seats = await self.store.seats_of(list(games))
        out = []
        for d in rows:
            game = games[d.game_id]
            assert d.blocked is not None
            out.append(Blocked(convert.game_info(game, seats[game.id]), d.key, d.blocked, from_epoch(d.due_at)))
        return out

    @retried
    async def lose_thread(self, game_id: int, thread_id: int) -> None:
        """The game's thread ``thread_id`` is gone (a moderator deleted it): the game leaves it, forgets
        the messages it kept there and owes its board (which opens a new thread), a note saying the game
        continues there (posted once, in whichever thread the game has when it goes out) and the turn
        notices of those who must act. Nothing happens if the game already moved elsewhere."""
        check_ints(thread_id=thread_id)
        async with self._lock(game_id):
            loaded = await self._loaded(game_id)
            row = loaded.game
            if row.thread_id != thread_id:
                return
            kept = await self.store.messages(game_id)
            now = self._now()
            async with self.store.transaction() as tx:
                await tx.claim(row)
                await tx.update_game(game_id, thread_id=None, updated_at=now)
                for purpose, (channel_id, _) in kept.items():
                    if channel_id == thread_id:
                        await tx.forget_message(game_id, purpose)
                await tx.owe(game_id, outbox.BOARD, outbox.BOARD_LANE, row.version, now)
                moved = {outbox.TYPE: "moved", "thread": thread_id}
                await tx.owe(game_id, f"{outbox.NOTE}{row.version}:moved:", outbox.NOTICE_LANE, row.version, now, moved)
                for seat in loaded.seats:
                    if seat.to_act and seat.human and seat.user_id is not None:
                        await outbox.owe_turn(tx, game_id, seat.seat, row.version, now)
