"""The game service: the one place where a move becomes durable.

Every call that changes a game runs under that game's asyncio lock (moves in one game are serial,
different games proceed concurrently), reads the game from the store, validates, and commits one
transaction per log entry: check the version, append the entry, store the new snapshot, bump the
version, reschedule the seats' clocks. Nothing is acknowledged before its commit returns, and a
refused call writes nothing. After a human's move the AI seats whose turn it is play, each move its
own committed entry, until a human must act or the game ends.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from bot import ai
from bot.clock import STOPPED, Clock, from_epoch, to_epoch
from bot.notifications import MustAct
from bot.overrides import validated_overrides
from bot.service import convert, outbox
from bot.service.active_hours import ActiveHours
from bot.service.base import retried
from bot.service.checks import (
    check_host,
    check_lobby_options,
    check_room,
    check_seat_count,
    check_version,
    state_of,
)
from bot.service.deadlines import TimeoutPolicy, turn_timer
from bot.service.deliveries import Deliveries
from bot.service.errors import (
    AlreadySeated,
    BadInput,
    CannotUndo,
    NotEnoughSeats,
    NotSeated,
    WrongStatus,
)
from bot.service.hints import Hints
from bot.service.inputs import CHOICE_TEXT, NAME_TEXT, check_ints, check_options, check_text, check_texts, storable
from bot.service.log import UNDO_REFUSALS, effective_moves, replay, state_at, undo_refusal
from bot.service.models import (
    Actor,
    GameInfo,
    GameKind,
    LogEntry,
    MoveRecord,
    MoveResult,
    PendingDecision,
    TableView,
    Work,
)
from bot.service.preferences import Preferences
from bot.service.seating import TableChanges
from bot.service.tutorials import Tutorials
from bot.service.writer import Call
from bot.settings import Settings
from bot.store import ActionRow, GameRow, Limits, Loaded, SeatRow, Store
from engine import registry
from engine.core.contract import Choice, Event, Game
from engine.core.rng import Rng

LEASE_SECONDS = 120
"""How long a process may hold a game's scheduled work before another may take it over (a process
that dies holding it delays that game's reminders and timeouts by at most this)."""

AI_PLAYS_MISSED_TURNS = TimeoutPolicy()
"""The default timeout policy: an AI plays each missed turn and the seat stays its human's."""


async def open_service(settings: Settings, *, clock: Clock | None = None) -> GameService:
    """The service on the database and data overrides named in ``settings`` (migrated at opening)."""
    return await GameService.open(
        settings.database, clock=clock, overrides_path=settings.data_overrides, limits=settings.store_limits
    )


class GameService(TableChanges, Preferences, ActiveHours, Hints, Deliveries, Tutorials):
    """Lobbies, moves, views, logs, undo, seats, vacation and deadlines over one :class:`Store`.

    No discord imports: the cogs and the CLI both drive this class. Errors are typed
    (:mod:`bot.service.errors` and the engine's own), each with a stable ``code``.
    """

    @classmethod
    async def open(
        cls,
        path: Path | str,
        *,
        clock: Clock | None = None,
        overrides_path: Path | None = None,
        on_commit: Callable[[MoveRecord], None] | None = None,
        limits: Limits | None = None,
    ) -> GameService:
        """Open (creating and migrating) the database at ``path`` (a SQLite file, ``sqlite:///path`` or
        ``postgresql://…``; every wait on it held to ``limits``) and return a service on it."""
        return cls(await Store.open(path, limits), clock=clock, overrides_path=overrides_path, on_commit=on_commit)

    async def close(self) -> None:
        await self.store.close()

    async def __aenter__(self) -> GameService:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- catalogue -----------------------------------------------------------------------------
    def kinds(self) -> tuple[GameKind, ...]:
        """Every registered game with its lobby options, for building ``/game new`` generically."""
        return tuple(
            GameKind(g.kind, g.title, g.min_seats, g.max_seats, g.option_specs, ai.policy_names(g))
            for g in sorted(registry.games().values(), key=lambda g: g.title)
        )

    # -- lobbies -------------------------------------------------------------------------------
    async def create_lobby(
        self,
        kind: str,
        host_id: int,
        *,
        options: Mapping[str, Any] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        turn_timer_name: str = "off",
        timeout_policy: TimeoutPolicy = AI_PLAYS_MISSED_TURNS,
        seed: int | None = None,
        host_seated: bool = True,
        seats: int | None = None,
        missed_level: str | None = None,
        hints: bool = True,
        active_hours: bool = True,
    ) -> GameInfo:
        """Open a lobby hosted by ``host_id`` (seated unless ``host_seated`` is false); ``missed_level``
        is the AI level of missed turns (``None``: the default), ``hints`` whether players may ask for one,
        ``active_hours`` whether turn timers count only each player's active hours (it changes nothing
        for players who set none).

        ``seats`` fixes how many seats the lobby has: joins stop when they are taken and :meth:`start`
        waits until they are (AI seats count). Without it the lobby fills up to the game's maximum and
        starts from its minimum. Options are checked now against the game's ``OptionSpec``s (each must
        be valid for some seat count) and again with the real seat count at :meth:`start`. The server's
        data overrides for this game kind are read and validated now and kept with the game.
        """
        check_text("game kind", kind)
        check_text("turn timer", turn_timer_name)
        check_options(options)
        check_ints(host_id=host_id, guild_id=guild_id, channel_id=channel_id, thread_id=thread_id, seed=seed)
        game = registry.get(kind)
        given = dict(options or {})
        check_seat_count(game, seats)
        check_lobby_options(game, given)
        timer = turn_timer(turn_timer_name)
        overrides = validated_overrides(game, self.overrides_path)
        now = self._now()
        async with self.store.transaction() as tx:
            game_id = await tx.insert_game(
                kind=kind,
                options=given,
                seed=secrets.randbits(62) if seed is None else seed,
                host_id=host_id,
                guild_id=guild_id,
                channel_id=channel_id,
                thread_id=thread_id,
                turn_timer=None if timer is None else int(timer.total_seconds()),
                replace_after=timeout_policy.replace_after,
                overrides=overrides,
                seat_count=seats,
                now=now,
                missed_level=ai.DEFAULT_POLICY if missed_level is None else ai.check_level(game, missed_level),
                hints=hints,
                active_hours=active_hours,
            )
            await tx.replace_seats(game_id, [(host_id, None)] if host_seated else [])
        return await self.game(game_id)

    @retried
    async def join(self, game_id: int, user_id: int) -> GameInfo:
        """Take the next free seat in a lobby."""
        check_ints(user_id=user_id)
        async with self._lock(game_id):
            row, seats = await self._lobby(game_id)
            game = registry.get(row.kind)
            if any(s.user_id == user_id for s in seats):
                raise AlreadySeated("You already have a seat in this game.", game=game_id, user=user_id)
            check_room(row, game, len(seats))
            await self._set_lobby_seats(row, [*((s.user_id, s.ai_policy) for s in seats), (user_id, None)])
            return await self.game(game_id)

    @retried
    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Give up one's seat in a lobby (once the game runs, see :meth:`abandon`)."""
        check_ints(user_id=user_id)
        async with self._lock(game_id):
            row, seats = await self._lobby(game_id)
            if not any(s.user_id == user_id for s in seats):
                raise NotSeated("You have no seat in this lobby.", game=game_id, user=user_id)
            await self._set_lobby_seats(row, [(s.user_id, s.ai_policy) for s in seats if s.user_id != user_id])
            return await self.game(game_id)

    @retried
    async def add_ai(self, game_id: int, by_user: int, policy: str | None = None) -> GameInfo:
        """The host adds an AI seat (``policy`` by name; the game's default opponent when ``None``)."""
        check_ints(by_user=by_user)
        if policy is not None:
            check_text("AI policy", policy)
        async with self._lock(game_id):
            row, seats = await self._lobby(game_id, host=by_user)
            game = registry.get(row.kind)
            name = ai.check_policy(game, policy)
            check_room(row, game, len(seats))
            await self._set_lobby_seats(row, [*((s.user_id, s.ai_policy) for s in seats), (None, name)])
            return await self.game(game_id)

    @retried
    async def remove_ai(self, game_id: int, by_user: int, seat: int) -> GameInfo:
        """The host removes the AI in lobby seat ``seat``."""
        check_ints(by_user=by_user, seat=seat)
        async with self._lock(game_id):
            row, seats = await self._lobby(game_id, host=by_user)
            if not any(s.seat == seat and s.ai_policy is not None for s in seats):
                raise NotSeated(f"Seat {seat} is not an AI seat of this lobby.", game=game_id, seat=seat)
            await self._set_lobby_seats(row, [(s.user_id, s.ai_policy) for s in seats if s.seat != seat])
            return await self.game(game_id)

    @retried
    async def cancel(self, game_id: int, by_user: int) -> GameInfo:
        """The host cancels a lobby or a running game; the record and its log are kept."""
        check_ints(by_user=by_user)
        async with self._lock(game_id):
            loaded = await self._loaded(game_id)
            row = loaded.game
            check_host(row, by_user)
            if row.status not in ("lobby", "active"):
                raise WrongStatus(
                    f"This game is already {row.status}.", key="status.already", game=game_id, status=row.status
                )
            now = self._now()
            async with self.store.transaction() as tx:
                await tx.claim(row)
                await tx.update_game(game_id, status="cancelled", ai_turn=0, updated_at=now)
                await tx.save_seats(*(replace(s, clock=STOPPED, to_act=False, autoplay=False) for s in loaded.seats))
                await outbox.owe(tx, game_id, outbox.LOBBY, row.version, now)
                for seat in loaded.seats:
                    if seat.to_act and seat.user_id is not None:
                        await outbox.owe_turn(tx, game_id, seat.seat, row.version, now)
            return await self.game(game_id)

    @retried
    async def set_thread(self, game_id: int, thread_id: int) -> GameInfo:
        """Record the Discord thread the game lives in (opened by the Discord layer when it delivers the
        game's first board); the lobby message, which links to it, owes a redraw."""
        check_ints(thread_id=thread_id)
        async with self._lock(game_id):
            row = await self._row(game_id)
            now = self._now()
            async with self.store.transaction() as tx:
                await tx.claim(row)
                await tx.update_game(game_id, thread_id=thread_id, updated_at=now)
                await outbox.owe(tx, game_id, outbox.LOBBY, row.version, now)
            return await self.game(game_id)

    @retried
    async def start(self, game_id: int, by_user: int) -> MoveResult:
        """The host starts the game: seats are shuffled into a random order (from the game seed), the
        options are validated for the real seat count, and AI seats play until a human must act."""
        check_ints(by_user=by_user)
        async with self._lock(game_id):
            row, seats = await self._lobby(game_id, host=by_user)
            game = registry.get(row.kind)
            if len(seats) < game.min_seats:
                raise NotEnoughSeats(
                    f"{game.title} needs at least {game.min_seats} seats; this lobby has {len(seats)}.",
                    key="lobby.below_minimum",
                    game=game_id,
                    title=game.title,
                    n=game.min_seats,
                    taken=len(seats),
                )
            if row.seat_count is not None and len(seats) < row.seat_count:
                raise NotEnoughSeats(
                    f"This lobby was opened for {row.seat_count} seats and {len(seats)} are taken: "
                    "wait for more players or add AI seats.",
                    key="lobby.below_chosen",
                    game=game_id,
                    n=row.seat_count,
                    taken=len(seats),
                )
            options = game.validate_options(len(seats), row.options)
            state = game.new(len(seats), row.seed, options, row.overrides)
            order = list(seats)
            Rng(row.seed ^ 0x5EA7_0DE5).shuffle(order)
            call = Call()
            seating = [(s.user_id, s.ai_policy) for s in order]
            loaded = await self._writer.start(row, seating, options, game, state, call)
            loaded = await self._writer.play_ai(loaded, game, state, call)
            return self._writer.result(loaded, call)

    # -- reading -------------------------------------------------------------------------------
    async def games(
        self, *, status: str | None = None, guild_id: int | None = None, channel_id: int | None = None
    ) -> list[GameInfo]:
        """Games filtered by status (lobby/active/finished/cancelled) and place, newest first."""
        if status is not None:
            check_text("status", status)
        check_ints(guild_id=guild_id, channel_id=channel_id)
        rows = await self.store.games_where(status=status, guild_id=guild_id, channel_id=channel_id)
        return await self._infos(rows)

    async def user_games(self, user_id: int, *, statuses: Sequence[str] = ("lobby", "active")) -> list[GameInfo]:
        """Games where ``user_id`` holds a seat."""
        check_ints(user_id=user_id)
        check_texts("status", statuses)
        seats = await self.store.user_seats(user_id, statuses=statuses)
        return await self._infos(await self.store.games(sorted({s.game_id for s in seats})))

    async def seat_holders(self, game_id: int) -> frozenset[int]:
        """Every user who holds or held a seat in the game: its seats' users (a seat an AI took over
        keeps the user it was taken from) and both sides of each seat the host gave away."""
        await self._row(game_id)
        users = {s.user_id for s in await self.store.seats(game_id) if s.user_id is not None}
        for note in await self.store.notes(game_id):
            if note.key == convert.SEAT_GIVEN:
                users.update(int(u) for u in (note.params.get("user"), note.params.get("previous")) if u is not None)
        return frozenset(users)

    async def view(self, game_id: int, user_id: int | None) -> TableView:
        """What ``user_id`` sees (their seat's view and decision), or a spectator's view for ``None``
        or anyone without a seat they control."""
        check_ints(user_id=user_id)
        loaded = await self._loaded(game_id)
        game = registry.get(loaded.game.kind)
        state = state_of(game, loaded)
        info = convert.game_info(loaded.game, loaded.seats)
        seat = info.seat_of(user_id) if user_id is not None else None
        number = None if seat is None else seat.seat
        running = loaded.game.status == "active"  # a cancelled game keeps its last state, not its decisions
        decision = None if number is None or not running else game.decision_for(state, number)
        return TableView(info, number, game.view(state, number), decision)

    async def pending_for(self, user_id: int) -> list[PendingDecision]:
        """Every decision waiting for ``user_id`` across their running games."""
        check_ints(user_id=user_id)
        out: list[PendingDecision] = []
        for seat in await self.store.user_seats(user_id, statuses=("active",), to_act_only=True):
            loaded = await self._loaded(seat.game_id)
            game = registry.get(loaded.game.kind)
            decision = game.decision_for(state_of(game, loaded), seat.seat)
            if decision is not None:
                deadline = None if seat.clock.deadline is None else from_epoch(seat.clock.deadline)
                out.append(PendingDecision(convert.game_info(loaded.game, loaded.seats), seat.seat, decision, deadline))
        return out

    async def log(
        self,
        game_id: int,
        user_id: int | None = None,
        *,
        since: int = 0,
        lang: str = "en",
        names: Sequence[str] | None = None,
    ) -> list[LogEntry]:
        """Log entries after version ``since`` as ``user_id`` may see them: public events, plus the
        private events of the seat they control; spectators (``None``) get public events only.
        ``names`` (by seat) name the players in the lines; without them seats read "Seat 1".."""
        check_ints(user_id=user_id, since=since)
        check_text("language", lang)
        check_texts("names", names, NAME_TEXT)
        row = await self._row(game_id)
        info = convert.game_info(row, await self.store.seats(game_id))
        held = info.seat_of(user_id) if user_id is not None else None
        seat = None if held is None else held.seat
        game = registry.get(row.kind)
        entries = []
        for note in await self.store.notes(game_id, since):
            event = Event(note.key, note.params)
            line = convert.log_line(game, event, lang, names)
            entries.append(LogEntry(note.after, None, "host", None, (line,), (event,), from_epoch(note.created_at)))
        for action in await self.store.actions(game_id, since):
            events = tuple(e for e in action.events if e.to is None or (seat is not None and seat in e.to))
            entries.append(
                LogEntry(
                    version=action.seq,
                    seat=action.seat,
                    actor=cast(Actor, action.actor),
                    choice=action.choice if seat == action.seat else None,
                    lines=tuple(convert.log_line(game, e, lang, names) for e in events),
                    events=events,
                    at=from_epoch(action.created_at),
                )
            )
        # A note made at version v follows log entry v (and comes before v + 1).
        return sorted(entries, key=lambda e: (e.version, e.actor == "host", e.at))

    async def replay_matches(self, game_id: int) -> bool:
        """Replay the whole log from the seed; true when the result equals the stored snapshot."""
        async with self._lock(game_id):
            loaded = await self._loaded(game_id)
            snap = await self.store.snapshot(game_id)
            if snap is None:
                return loaded.game.status in ("lobby", "cancelled")
            game = registry.get(loaded.game.kind)
            actions = await self.store.actions(game_id)
            last = None
            for _, state in replay(game, loaded.game, len(loaded.seats), actions):
                last = state
            return last is not None and snap[0] == loaded.game.version and game.to_json(last) == loaded.state

    async def history(self, game_id: int) -> list[tuple[int, Any]]:
        """Every ``(version, state)`` of a finished game rebuilt from its log (e.g. the demo's images).

        Full states hold every seat's hidden information, so a running game's history is refused.
        """
        loaded = await self._loaded(game_id)
        if loaded.game.status != "finished":
            raise WrongStatus(
                f"Game #{game_id} is {loaded.game.status}; its history opens when it has ended.",
                key="status.history_unfinished",
                game=game_id,
                status=loaded.game.status,
            )
        game = registry.get(loaded.game.kind)
        actions = await self.store.actions(game_id)
        return list(replay(game, loaded.game, len(loaded.seats), actions))

    # -- play ----------------------------------------------------------------------------------
    @retried
    async def act(self, game_id: int, user_id: int, choice_id: str, expected_version: int) -> MoveResult:
        """Make ``choice_id`` for ``user_id``'s seat, on the version the user saw.

        A stale ``expected_version`` (a double click, an old button, another device) is refused with
        :class:`~engine.core.errors.StaleVersion`; so a move is applied at most once. Returns after the
        move and the AI moves that follow are committed.
        """
        check_ints(user_id=user_id)  # any expected_version is only compared: one not stored is stale
        check_text("choice", choice_id, CHOICE_TEXT)
        async with self._lock(game_id):
            loaded, game, seat = await self._running(game_id, user_id)
            check_version(loaded.game, expected_version)
            state = state_of(game, loaded)
            result = game.apply(state, seat, choice_id, expected_version)
            self._remember(game_id, loaded.game.version + 1, game, state, seat, choice_id)
            call = Call()
            loaded = await self._writer.commit(
                loaded,
                game,
                result.state,
                call,
                seat=seat,
                actor="player",
                choice=choice_id,
                checkpoint=result.checkpoint,
                events=result.events,
            )
            loaded = await self._writer.play_ai(loaded, game, result.state, call)
            last = call.moves[-1]  # the player's own move, unless AIs played after it
            mine = undo_refusal(last, seat) is None
            undo = self._taken.get((game_id, last.version)) if mine else None
            return self._writer.result(loaded, call, seat=seat, undo=undo)

    @retried
    async def undo(self, game_id: int, user_id: int, expected_version: int) -> MoveResult:
        """Take back the user's last own choice still in effect, one step at a time.

        Refused (:class:`CannotUndo`, its ``reason`` saying why) when that choice drew, shuffled or
        revealed something, when another seat has moved since, or when there is no choice of theirs to
        take back. The undo is a log entry of its own; nothing is deleted. The user is not told to act
        again: they are the one who just asked.
        """
        check_ints(user_id=user_id)  # any expected_version is only compared: one not stored is stale
        async with self._lock(game_id):
            loaded, game, seat = await self._running(game_id, user_id)
            check_version(loaded.game, expected_version)
            actions = await self.store.actions(game_id)
            moves = effective_moves(actions)
            refusal = undo_refusal(moves[-1] if moves else None, seat)
            if refusal is not None:
                raise CannotUndo(UNDO_REFUSALS[refusal], game=game_id, seat=seat, reason=refusal)
            target = moves[-2].seq if len(moves) > 1 else 0
            state = state_at(game, loaded.game, len(loaded.seats), actions, target)
            state.flow.version = loaded.game.version + 1
            call = Call()
            event = Event(convert.UNDO_EVENT, {"seat": seat, "count": 1})
            loaded = await self._writer.commit(
                loaded,
                game,
                state,
                call,
                seat=seat,
                actor="player",
                undo_to=target,
                checkpoint=False,
                events=(event,),
                told=seat,
            )
            loaded = await self._writer.play_ai(loaded, game, state, call)
            result = self._writer.result(loaded, call)
            kept = tuple(n for n in result.notifications if not (isinstance(n, MustAct) and n.seat == seat))
            return replace(result, notifications=kept)

    async def undoable(self, game_id: int, user_id: int) -> Choice | None:
        """The choice :meth:`undo` would take back for ``user_id`` now, or ``None`` when it would be refused.

        Read from the last entries of the log only; the choice itself comes from the moves this
        process made (kept in memory), else from the state before it rebuilt from the log.
        """
        check_ints(user_id=user_id)
        loaded = await self._loaded(game_id)
        if loaded.game.status != "active":
            return None
        seat = next((s.seat for s in loaded.seats if s.user_id == user_id and s.ai_policy is None), None)
        if seat is None:
            return None
        last = await self._last_move(game_id, loaded.game.version)
        if last is None or undo_refusal(last, seat) is not None or last.choice is None:
            return None
        known = self._taken.get((game_id, last.seq))
        if known is not None:
            return known
        game = registry.get(loaded.game.kind)
        actions = await self.store.actions(game_id)
        before = state_at(game, loaded.game, len(loaded.seats), actions, last.seq - 1)
        decision = game.decision_for(before, seat)
        return None if decision is None else decision.get(last.choice)

    async def alone_since(self, game_id: int, seat: int, since: int) -> bool:
        """Whether every log entry after version ``since`` is ``seat``'s player's own (a choice or an
        undo): the seat is still answering the same question it faced then, nobody else moved."""
        check_ints(seat=seat, since=since)
        entries = await self.store.actions(game_id, since) if storable(game_id) else []
        return all(e.seat == seat and e.actor == "player" for e in entries)

    async def _last_move(self, game_id: int, version: int) -> ActionRow | None:
        """The last move still in effect: the newest entry, or the move an undo went back to."""
        seq = version
        while seq > 0:
            entry = (await self.store.actions(game_id, seq - 1))[0]
            if entry.undo_to is None:
                return entry
            seq = entry.undo_to
        return None

    @retried
    async def abandon(self, game_id: int, user_id: int) -> MoveResult:
        """The user leaves a running game for good; an AI takes over their seat."""
        check_ints(user_id=user_id)
        async with self._lock(game_id):
            loaded, game, seat = await self._running(game_id, user_id)
            return await self._writer.hand_to_ai(loaded, game, seat, "abandoned")

    @retried
    async def kick(self, game_id: int, by_user: int, seat: int) -> MoveResult:
        """The host hands a human seat of a running game to an AI."""
        check_ints(by_user=by_user, seat=seat)
        async with self._lock(game_id):
            loaded = await self._loaded(game_id)
            check_host(loaded.game, by_user)
            game = self._active(loaded)
            if not any(s.seat == seat and s.ai_policy is None for s in loaded.seats):
                raise NotSeated(f"Seat {seat} is not played by a human.", game=game_id, seat=seat)
            return await self._writer.hand_to_ai(loaded, game, seat, "kicked")

    async def forget_message(self, game_id: int, purpose: str) -> None:
        """Forget the message :meth:`set_message` kept for ``purpose`` (the Discord layer deleted it)."""
        check_text("purpose", purpose)
        if storable(game_id):
            async with self.store.transaction() as tx:
                await tx.forget_message(game_id, purpose)

    # -- scheduler -----------------------------------------------------------------------------
    async def due_work(self, now: datetime | None = None) -> list[Work]:
        """What the scheduler must do at ``now``: reminders, timeouts, and AI play a restart cut short."""
        at = self._now() if now is None else to_epoch(now)
        work = [Work("resume", g, None, from_epoch(at)) for g in await self.store.ai_turn_games()]
        for seat in await self.store.due_seats(at):
            deadline = seat.clock.deadline
            if deadline is not None and deadline <= at:
                work.append(Work("timeout", seat.game_id, seat.seat, from_epoch(deadline)))
            elif seat.clock.remind_at is not None:
                work.append(Work("reminder", seat.game_id, seat.seat, from_epoch(seat.clock.remind_at)))
        return work

    async def next_due(self) -> datetime | None:
        """When the next reminder or deadline falls, for a scheduler to sleep until."""
        at = await self.store.next_due()
        return None if at is None else from_epoch(at)

    async def perform(self, work: Work) -> MoveResult:
        """Do one piece of work, exactly once however many processes share the database.

        The game's scheduled work is first leased in the database (for :data:`LEASE_SECONDS`, or until
        done): a process that finds another's lease does nothing this time. Then the work is
        idempotent: work that is no longer due (already done, the seat has moved, vacation began)
        does nothing and returns no moves and no notifications, and its write is conditional on the
        game as read, so even an expired lease never performs the same timeout or reminder twice.
        """
        check_ints(game_id=work.game_id, seat=work.seat)
        if work.kind not in ("resume", "reminder", "timeout"):
            raise BadInput(f"unknown scheduled work {work.kind[:40]!r}.")
        row = await self._row(work.game_id)
        now = self._now()
        async with self.store.transaction() as tx:
            leased = await tx.lease(work.game_id, self.owner, now, now + LEASE_SECONDS)
        if not leased:
            return self._writer.result(await self._loaded(work.game_id), Call())
        try:
            return await self._perform(work)
        finally:
            async with self.store.transaction() as tx:
                await tx.release(row.id, self.owner)

    @retried
    async def _perform(self, work: Work) -> MoveResult:
        async with self._lock(work.game_id):
            loaded = await self._loaded(work.game_id)
            call = Call()
            if loaded.game.status != "active" or loaded.state is None:
                return self._writer.result(loaded, call)
            game = registry.get(loaded.game.kind)
            if work.kind == "resume":
                loaded = await self._writer.play_ai(loaded, game, state_of(game, loaded), call)
            elif work.seat is not None:
                seat = next((s for s in loaded.seats if s.seat == work.seat), None)
                if seat is not None and work.kind == "reminder":
                    await self._writer.remind(loaded, seat, call)
                elif seat is not None and work.kind == "timeout":
                    loaded = await self._writer.time_out(loaded, game, seat, call)
            return self._writer.result(loaded, call)

    # -- internals -----------------------------------------------------------------------------
    async def _infos(self, rows: list[GameRow]) -> list[GameInfo]:
        seats = await self.store.seats_of([r.id for r in rows])
        return [convert.game_info(r, seats[r.id]) for r in rows]

    async def _lobby(self, game_id: int, *, host: int | None = None) -> tuple[GameRow, tuple[SeatRow, ...]]:
        loaded = await self._loaded(game_id)
        if host is not None:
            check_host(loaded.game, host)
        if loaded.game.status != "lobby":
            raise WrongStatus(
                f"Game #{game_id} is {loaded.game.status}, no longer an open lobby.",
                key="status.not_lobby",
                game=game_id,
                status=loaded.game.status,
            )
        return loaded.game, loaded.seats

    async def _set_lobby_seats(self, row: GameRow, seats: list[tuple[int | None, str | None]]) -> None:
        """The lobby's new seat list, written only if nobody changed the lobby since ``row`` was read."""
        now = self._now()
        async with self.store.transaction() as tx:
            await tx.claim(row)
            await tx.replace_seats(row.id, seats)
            await tx.update_game(row.id, updated_at=now)
            await outbox.owe(tx, row.id, outbox.LOBBY, row.version, now)

    async def _running(self, game_id: int, user_id: int) -> tuple[Loaded, Game[Any], int]:
        """The running game and the seat ``user_id`` controls in it, or a typed refusal."""
        loaded = await self._loaded(game_id)
        game = self._active(loaded)
        seat = next((s.seat for s in loaded.seats if s.user_id == user_id and s.ai_policy is None), None)
        if seat is None:
            raise NotSeated("You do not control a seat in this game.", game=game_id, user=user_id)
        return loaded, game, seat
