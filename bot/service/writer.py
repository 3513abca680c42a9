"""The write path: each log entry one transaction, the seats' clocks after it, AI play, timeouts.

Every method runs under the game's lock held by its caller (:class:`~bot.service.GameService`), and
each transaction first claims the game at the revision the ``Loaded`` game was read at, so a write
decided from a read another process has overtaken changes nothing (:class:`~bot.store.Conflict`).
Each method returns the game as stored afterwards.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, partial
from typing import Any

from bot import ai, redact
from bot.clock import STOPPED, from_epoch, pause, plan
from bot.notifications import GameEnded, MustAct, Notification, Reminder, SeatReplaced, TimedOut
from bot.service import convert, outbox, results
from bot.service.checks import state_of
from bot.service.deadlines import counted
from bot.service.models import Actor, GameInfo, MoveRecord, MoveResult, TableView
from bot.store import ActionRow, Conflict, GameRow, Loaded, SeatRow, Store, StoreUnavailable, Tx
from bot.store.connection import note_commit
from engine import registry
from engine.core.contract import Choice, Event, Game

log = logging.getLogger("bricabot.service")


@dataclass
class Call:
    """What one service call committed so far, to build its :class:`MoveResult`."""

    moves: list[MoveRecord] = field(default_factory=list)
    notes: list[Notification] = field(default_factory=list)
    became_due: set[int] = field(default_factory=set)
    state: Any = None
    """The game state as last committed by the call (``None`` until it commits one)."""

    async def tell(self, tx: Tx, note: Notification, version: int, now: int) -> None:
        """Keep ``note`` for the call's result and owe, in ``tx``, what players must see of it."""
        self.notes.append(note)
        await outbox.owe_news(tx, note, version, now)


class Writer:
    """Commits log entries and what follows from them for :class:`~bot.service.GameService`."""

    def __init__(self, store: Store, now: Callable[[], int], on_commit: Callable[[MoveRecord], None] | None) -> None:
        self.store = store
        self.now = now
        self.on_commit = on_commit
        self.stopping = False
        """Set when the process stops: AI seats make no new move (the game keeps its AI-turn flag, so
        whichever process runs the scheduler next carries on)."""

    async def commit(
        self,
        loaded: Loaded,
        game: Game[Any],
        state: Any,
        call: Call,
        *,
        seat: int,
        actor: Actor,
        events: Sequence[Event],
        checkpoint: bool,
        choice: str | None = None,
        undo_to: int | None = None,
        told: int | None = None,
    ) -> Loaded:
        """One log entry as one transaction, with the board it owes; returns the game as now stored.
        ``told``: a seat whose new turn is its own doing (an undo), not to be pinged for it."""
        version = loaded.game.version + 1
        if state.flow.version != version:
            stored = loaded.game.version
            raise RuntimeError(f"state version {state.flow.version} does not follow stored version {stored}")
        now = self.now()
        record = ActionRow(
            loaded.game.id,
            version,
            seat,
            "move" if undo_to is None else "undo",
            choice,
            undo_to,
            actor,
            checkpoint,
            tuple(events),
            now,
        )
        snapshot = game.to_json(state)
        try:
            async with self.store.transaction() as tx:
                row = await tx.advance(loaded.game, now)
                await tx.append_action(record)
                await tx.put_snapshot(row.id, version, snapshot)
                loaded = replace(loaded, game=row, state=snapshot)
                loaded = await self._schedule(tx, loaded, game, state, call, now, told=told)
                await outbox.owe(tx, row.id, outbox.BOARD, version, now)
        except StoreUnavailable as error:
            if error.unchanged:
                raise
            loaded = await self._stored(record, error)
        move = MoveRecord(
            loaded.game.id, version, seat, actor, choice, undo_to, checkpoint, tuple(events), from_epoch(now)
        )
        call.moves.append(move)
        call.state = state
        if self.on_commit is not None:
            try:
                self.on_commit(move)
            except Exception as exc:
                # The entry is committed: a failing observer must not make the move look refused.
                log.error(
                    "on_commit failed after game %s version %s",
                    move.game_id,
                    move.version,
                    exc_info=redact.exc_info(exc),
                )
        return loaded

    async def _stored(self, record: ActionRow, error: StoreUnavailable) -> Loaded:
        """After a commit whose answer was lost (the connection dropped during ``COMMIT``): the game as
        stored when ``record`` is in its log, so the move is acknowledged like any other; else the
        failure, now known to have written nothing. Still unknown if the database cannot be read."""
        try:
            entries = await self.store.actions(record.game_id, record.seq - 1)
            stored = await self.store.load(record.game_id)
        except StoreUnavailable:
            raise error from error.cause
        found = entries[0] if entries else None
        if stored is None or found is None or replace(found, events=record.events) != record:
            raise StoreUnavailable(error.reason, unchanged=True, transient=True, cause=error.cause) from error.cause
        note_commit()
        return stored

    async def start(
        self,
        row: GameRow,
        order: Sequence[tuple[int | None, str | None]],
        options: dict[str, Any],
        game: Game[Any],
        state: Any,
        call: Call,
    ) -> Loaded:
        """Start a lobby in one transaction: seats in play order, status, options, version 0's snapshot,
        and who must act with their clocks (version 0 has no log entry)."""
        now = self.now()
        snapshot = game.to_json(state)
        async with self.store.transaction() as tx:
            row = await tx.claim(row)
            await tx.replace_seats(row.id, order)
            await tx.update_game(row.id, status="active", options=options, started_at=now, updated_at=now)
            await tx.put_snapshot(row.id, state.flow.version, snapshot)
            started = replace(row, status="active", options=options, started_at=now, updated_at=now)
            loaded = Loaded(started, await tx.seats(row.id), snapshot)
            # The thread and the board are deliveries like any other: the start stands even while
            # Discord refuses them, and they follow as soon as it accepts.
            await outbox.owe(tx, row.id, outbox.BOARD, state.flow.version, now)
            await outbox.owe(tx, row.id, outbox.LOBBY, state.flow.version, now)
            return await self._schedule(tx, loaded, game, state, call, now)

    async def _schedule(
        self, tx: Tx, loaded: Loaded, game: Game[Any], state: Any, call: Call, now: int, *, told: int | None = None
    ) -> Loaded:
        """Inside a transaction: who must act, their clocks, whether the game ended, and the turn notices
        owed to seats whose turn began or ended (``told``: a seat not to ping, see :meth:`commit`)."""
        outcome = game.outcome(state)
        due = set() if outcome is not None else {d.seat for d in game.pending(state)}
        row = loaded.game
        seats, changed = [], []
        for seat in loaded.seats:
            to_act = seat.seat in due
            autoplay = seat.autoplay and to_act
            human = seat.ai_policy is None and not autoplay
            clock = plan(
                seat.clock,
                timed=to_act and human,
                on_vacation=seat.vacation,
                timer=row.turn_timer,
                now=now,
                remind=row.reminders,
                hours=counted(row, seat),
            )
            new = replace(seat, to_act=to_act, autoplay=autoplay, clock=clock)
            if new != seat:
                changed.append(new)
            if to_act and not seat.to_act:
                call.became_due.add(seat.seat)
            if to_act != seat.to_act and seat.user_id is not None:
                await outbox.owe_turn(tx, row.id, seat.seat, row.version, now, told=seat.seat == told)
            seats.append(new)
        if changed:
            await tx.save_seats(*changed)
        ai_turn = any(s.to_act and not s.human for s in seats)
        changes: dict[str, Any] = {}
        if ai_turn != row.ai_turn:
            changes["ai_turn"] = int(ai_turn)
        if outcome is not None:
            changes.update(status="finished", outcome=convert.outcome_json(outcome), finished_at=now)
            await results.record(tx, row, seats, game, state, outcome, now)
            await call.tell(tx, GameEnded(row.id, outcome, game.text(outcome.reason)), row.version, now)
        if changes:
            await tx.update_game(row.id, **changes)
            row = replace(
                row,
                ai_turn=ai_turn,
                status=changes.get("status", row.status),
                outcome=changes.get("outcome", row.outcome),
                finished_at=changes.get("finished_at", row.finished_at),
            )
        return replace(loaded, game=row, seats=tuple(seats))

    async def play_ai(self, loaded: Loaded, game: Game[Any], state: Any, call: Call) -> Loaded:
        """AI seats (and seats stood in for after a timeout) play, one committed entry per move, until a
        human must act or the game ends. The policy thinks off the loop (:func:`bot.ai.think`).

        If a policy or the engine fails, the moves before stay committed and the game keeps its AI-turn
        flag, so the scheduler's ``resume`` work retries later: a failing AI never makes the human move
        that preceded it look refused. If another process changed the game meanwhile (it played the
        same AI move, or the host changed the table), play stops here: that writer, or the scheduler's
        ``resume`` on the game's AI-turn flag, carries on from the stored game.
        """
        try:
            while loaded.game.status == "active":
                seats = {s.seat: s for s in loaded.seats}
                decision = next((d for d in game.pending(state) if not seats[d.seat].human), None)
                if decision is None:
                    break
                if self.stopping:
                    log.info("AI play in game %s paused at version %s: stopping", loaded.game.id, loaded.game.version)
                    break
                seat = seats[decision.seat]
                policy = seat.ai_policy or ai.missed_policy(game, loaded.game.missed_level)
                choice = await ai.think(game, policy, state, decision, loaded.game.seed, loaded.game.think)
                result = game.apply(state, decision.seat, choice.id, state.flow.version)
                state = result.state
                loaded = await self.commit(
                    loaded,
                    game,
                    state,
                    call,
                    seat=decision.seat,
                    actor="timeout" if seat.autoplay else "ai",
                    choice=choice.id,
                    checkpoint=result.checkpoint,
                    events=result.events,
                )
        except Conflict:
            log.info("AI play in game %s left to another writer at version %s", loaded.game.id, loaded.game.version)
        except StoreUnavailable as exc:  # the scheduler's resume carries on once the database answers
            log.warning(
                "AI play paused in game %s at version %s: database %s", loaded.game.id, loaded.game.version, exc.reason
            )
        except Exception as exc:
            if self.stopping:  # the search processes were ended under it: the next process carries on
                log.info("AI play in game %s paused at version %s: stopping", loaded.game.id, loaded.game.version)
                return loaded
            log.error(
                "AI play stopped in game %s at version %s",
                loaded.game.id,
                loaded.game.version,
                exc_info=redact.exc_info(exc),
            )
        return loaded

    async def hand_to_ai(self, loaded: Loaded, game: Game[Any], seat_no: int, reason: str) -> MoveResult:
        seat = next(s for s in loaded.seats if s.seat == seat_no)
        policy = ai.default_policy(game)
        call = Call()
        async with self.store.transaction() as tx:
            loaded = replace(loaded, game=await tx.claim(loaded.game))
            replaced = replace(seat, ai_policy=policy, autoplay=False, clock=STOPPED)
            await tx.save_seats(replaced)
            loaded = replace(loaded, seats=tuple(replaced if s.seat == seat_no else s for s in loaded.seats))
            if seat.to_act and not loaded.game.ai_turn:
                await tx.update_game(loaded.game.id, ai_turn=1)
                loaded = replace(loaded, game=replace(loaded.game, ai_turn=True))
            assert seat.user_id is not None
            version, now = loaded.game.version, self.now()
            await call.tell(tx, SeatReplaced(loaded.game.id, seat_no, seat.user_id, reason), version, now)
            await outbox.owe(tx, loaded.game.id, outbox.BOARD, version, now)
            if seat.to_act:  # the AI acts for the seat now: the player's ping is retired
                await outbox.owe_turn(tx, loaded.game.id, seat_no, version, now)
        loaded = await self.play_ai(loaded, game, state_of(game, loaded), call)
        return self.result(loaded, call)

    async def remind(self, loaded: Loaded, seat: SeatRow, call: Call) -> None:
        """Remind the seat's user once per turn; a clock left running while they are on vacation is paused."""
        clock, now = seat.clock, self.now()
        if clock.deadline is None or clock.reminded or clock.remind_at is None or clock.remind_at > now:
            return
        if seat.vacation:
            await self._pause(loaded, seat, now)
            return
        assert seat.user_id is not None
        async with self.store.transaction() as tx:
            await tx.claim(loaded.game)
            await tx.save_seats(replace(seat, clock=replace(clock, reminded=True)))
            note = Reminder(loaded.game.id, seat.seat, seat.user_id, from_epoch(clock.deadline))
            await call.tell(tx, note, loaded.game.version, now)

    async def time_out(self, loaded: Loaded, game: Game[Any], seat: SeatRow, call: Call) -> Loaded:
        """The seat missed its deadline: an AI plays its turn, and per the game's timeout policy the seat
        may pass to the AI for good. Recorded before any AI move, so a crash never counts it twice."""
        deadline, now = seat.clock.deadline, self.now()
        if deadline is None or deadline > now or not seat.to_act:
            return loaded
        if seat.vacation:
            # A clock left running for a user on vacation (their turn began while the flag was being
            # set) is paused now rather than timed out.
            return await self._pause(loaded, seat, now)
        timeouts = seat.timeouts + 1
        limit = loaded.game.replace_after
        replaced = limit is not None and timeouts >= limit
        policy = ai.missed_policy(game, loaded.game.missed_level) if replaced else None
        new = replace(seat, clock=STOPPED, to_act=True, autoplay=not replaced, ai_policy=policy, timeouts=timeouts)
        assert seat.user_id is not None
        async with self.store.transaction() as tx:
            row = await tx.claim(loaded.game)
            await tx.save_seats(new)
            await tx.update_game(row.id, ai_turn=1)
            await call.tell(tx, TimedOut(row.id, seat.seat, seat.user_id, timeouts, replaced), row.version, now)
            if replaced:
                await call.tell(tx, SeatReplaced(row.id, seat.seat, seat.user_id, "timeouts"), row.version, now)
                await outbox.owe(tx, row.id, outbox.BOARD, row.version, now)
        loaded = replace(
            loaded,
            game=replace(row, ai_turn=True),
            seats=tuple(new if s.seat == seat.seat else s for s in loaded.seats),
        )
        return await self.play_ai(loaded, game, state_of(game, loaded), call)

    async def _pause(self, loaded: Loaded, seat: SeatRow, now: int) -> Loaded:
        clock = pause(seat.clock, now, counted(loaded.game, seat))
        paused = replace(seat, clock=clock)
        async with self.store.transaction() as tx:
            row = await tx.claim(loaded.game)
            await tx.save_seats(paused)
        return replace(loaded, game=row, seats=tuple(paused if s.seat == seat.seat else s for s in loaded.seats))

    def result(self, loaded: Loaded, call: Call, *, seat: int | None = None, undo: Choice | None = None) -> MoveResult:
        """The call's result; humans who came to have a decision during it are told to act. With ``seat``
        (the caller's), it carries what that seat sees of the game as committed, and ``undo``."""
        info = convert.game_info(loaded.game, loaded.seats)
        table = None
        if seat is not None and call.state is not None:
            table = cache(partial(_table, info, seat, call.state))
        notes = list(call.notes)
        if loaded.game.status == "active":
            for row in loaded.seats:
                if row.seat in call.became_due and row.to_act and row.human and row.user_id is not None:
                    deadline = None if row.clock.deadline is None else from_epoch(row.clock.deadline)
                    notes.append(MustAct(loaded.game.id, row.seat, row.user_id, loaded.game.version, deadline))
        return MoveResult(info, tuple(call.moves), tuple(notes), table, undo if table is not None else None)


def _table(info: GameInfo, seat: int, state: Any) -> TableView:
    """What ``seat`` sees of the committed ``state``; its decision while the game runs."""
    game = registry.get(info.kind)
    decision = game.decision_for(state, seat) if info.status == "active" else None
    return TableView(info, seat, game.view(state, seat), decision)
