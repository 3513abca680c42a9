"""Changing a running game's table: a seat given to another member, the game's turn settings.

Both are the host's (the Discord layer acts on the host's behalf for server managers), run under the
game's lock, write in one transaction, and leave a public note in the game's log.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.ai import check_level, check_scale
from bot.clock import STOPPED, plan
from bot.notifications import SeatTaken
from bot.service import convert, names, outbox
from bot.service.base import ServiceBase, retried
from bot.service.checks import check_host
from bot.service.deadlines import TimeoutPolicy, reclock, turn_timer
from bot.service.errors import AlreadySeated, NotSeated, WrongStatus
from bot.service.inputs import NAME_TEXT, check_ints, check_text
from bot.service.models import GameInfo, MoveResult
from bot.service.writer import Call
from bot.store import NoteRow
from engine import registry


class TableChanges(ServiceBase):
    """The host's changes to a game in progress: who sits where, and its timer and timeout settings."""

    @retried
    async def replace(
        self, game_id: int, by_user: int, seat: int, new_user_id: int, *, name: str | None = None
    ) -> MoveResult:
        """The host gives seat ``seat`` of a running game (an AI's, or a human's who is gone) to
        ``new_user_id``, who must not already hold a seat in this game; ``name`` is the newcomer's
        display name (cleaned here).

        The newcomer plays from the game's current state with no missed turns counted; if the seat
        has a decision, its clock starts afresh with the full turn timer. A public note in the log
        says who took the seat, and keeps who held it before (they still may see the game).
        """
        check_ints(by_user=by_user, seat=seat, new_user_id=new_user_id)
        if name is not None:
            check_text("name", name, NAME_TEXT)
        shown = names.clean(name)
        async with self._lock(game_id):
            loaded = await self._loaded(game_id)
            check_host(loaded.game, by_user)
            self._active(loaded)
            old = next((s for s in loaded.seats if s.seat == seat), None)
            if old is None:
                raise NotSeated(f"Game #{game_id} has no seat {seat + 1}.", game=game_id, seat=seat)
            held = next((s for s in loaded.seats if s.user_id == new_user_id and s.ai_policy is None), None)
            if held is not None:
                name = held.display_name or "That player"
                raise AlreadySeated(
                    f"{name} already plays in this game: give the seat to someone without one.",
                    key="seat.held_by_name" if held.display_name else "seat.held",
                    name=name,
                    game=game_id,
                    user=new_user_id,
                )
            now = self._now()
            row = loaded.game
            _, hours, _ = (await self.store.user_hours([new_user_id])).get(new_user_id, (None, None, False))
            clock = plan(
                STOPPED,
                timed=old.to_act,
                on_vacation=await self.store.vacation(new_user_id),
                timer=row.turn_timer,
                now=now,
                remind=row.reminders,
                hours=hours if row.active_hours else None,
            )
            ai_turn = any(s.to_act and not s.human for s in loaded.seats if s.seat != seat)
            async with self.store.transaction() as tx:
                await tx.claim(row)
                await tx.set_seat_user(game_id, seat, new_user_id, shown)
                await tx.save_seats(replace(old, clock=clock, autoplay=False, ai_policy=None, timeouts=0))
                await tx.update_game(game_id, ai_turn=int(ai_turn), updated_at=now)
                given: dict[str, Any] = {"number": seat + 1, "user": new_user_id, "previous": old.user_id}
                # The note names both sides as they were, so the log still reads right after later changes.
                given.update(name=shown, before=old.display_name, level=old.ai_policy)
                await tx.add_note(NoteRow(game_id, row.version, seat, convert.SEAT_GIVEN, given, now))
                call = Call()
                previous = None if old.ai_policy is not None else old.user_id
                await call.tell(tx, SeatTaken(game_id, seat, new_user_id, previous), row.version, now)
                await outbox.owe(tx, game_id, outbox.BOARD, row.version, now)
                if old.to_act:
                    call.became_due.add(seat)
                    await outbox.owe_turn(tx, game_id, seat, row.version, now)
            return self._writer.result(await self._loaded(game_id), call)

    @retried
    async def configure(
        self,
        game_id: int,
        by_user: int,
        *,
        turn_timer_name: str | None = None,
        reminders: bool | None = None,
        timeout_policy: TimeoutPolicy | None = None,
        missed_level: str | None = None,
        hints: bool | None = None,
        active_hours: bool | None = None,
        think: int | None = None,
    ) -> GameInfo:
        """The host changes a lobby's or running game's turn timer, reminders, missed-turn policy, the
        AI level of missed turns, whether hints are allowed, whether turn timers count each player's
        active hours or how many times its level's think budget the AI seats get (``None``: unchanged);
        each change is a public note in the log.

        Rule for the turn in progress: a new timer gives every seat that must act now the full new
        time from this moment (a paused clock keeps it for the return from vacation); ``off`` stops
        those clocks. Turning reminders off cancels the pending reminders; turning them on restores
        those still ahead. A new missed-turn policy applies from the next missed deadline, counting
        the turns each seat has already missed. Counting active hours, or no longer, carries each running
        clock's time left over to the new count.
        """
        check_ints(by_user=by_user)
        if turn_timer_name is not None:
            check_text("turn timer", turn_timer_name)
        timer = None if turn_timer_name is None else turn_timer(turn_timer_name)
        async with self._lock(game_id):
            loaded = await self._loaded(game_id)
            row = loaded.game
            check_host(row, by_user)
            if row.status not in ("lobby", "active"):
                raise WrongStatus(
                    f"Game #{game_id} is {row.status}; its settings are final.",
                    key="status.settings_final",
                    game=game_id,
                    status=row.status,
                )
            fields: dict[str, Any] = {}
            changes: dict[str, Any] = {}
            """What changed, as the note's parameters (written in words in the reader's language)."""
            seconds = None if timer is None else int(timer.total_seconds())
            if turn_timer_name is not None and seconds != row.turn_timer:
                fields["turn_timer"] = seconds
                changes["timer"] = turn_timer_name
            if reminders is not None and reminders != row.reminders:
                fields["reminders"] = int(reminders)
                changes["reminders"] = reminders
            if timeout_policy is not None and timeout_policy.replace_after != row.replace_after:
                fields["replace_after"] = timeout_policy.replace_after
                changes["replace_after"] = timeout_policy.replace_after
            if missed_level is not None and missed_level != row.missed_level:
                fields["missed_level"] = changes["missed_level"] = check_level(registry.get(row.kind), missed_level)
            if hints is not None and hints != row.hints:
                fields["hints"] = int(hints)
                changes["hints"] = hints
            if active_hours is not None and active_hours != row.active_hours:
                fields["active_hours"] = int(active_hours)
                changes["active_hours"] = active_hours
            if think is not None and think != row.think:
                fields["think"] = changes["think"] = check_scale(think)
            if not changes:
                return convert.game_info(row, loaded.seats)
            now = self._now()
            new_row = replace(
                row,
                turn_timer=fields.get("turn_timer", row.turn_timer),
                reminders=bool(fields.get("reminders", row.reminders)),
                replace_after=fields.get("replace_after", row.replace_after),
                missed_level=fields.get("missed_level", row.missed_level),
                hints=bool(fields.get("hints", row.hints)),
                active_hours=bool(fields.get("active_hours", row.active_hours)),
                think=fields.get("think", row.think),
            )
            async with self.store.transaction() as tx:
                await tx.claim(row)
                await tx.update_game(game_id, updated_at=now, **fields)
                for seat in loaded.seats:
                    clock = reclock(
                        seat, new_row, now, timer_changed="turn_timer" in fields, counted_before=row.active_hours
                    )
                    if clock != seat.clock:
                        await tx.save_seats(replace(seat, clock=clock))
                note = NoteRow(game_id, row.version, None, convert.SETTINGS_CHANGED, changes, now)
                await tx.add_note(note)
                if row.status == "active":  # a lobby's message shows the settings itself
                    await outbox.owe_log_note(tx, note)
                    await outbox.owe(tx, game_id, outbox.BOARD, row.version, now)
                else:
                    await outbox.owe(tx, game_id, outbox.LOBBY, row.version, now)
            return await self.game(game_id)

    async def rename(self, user_id: int, name: str | None, *, guild_id: int | None) -> list[int]:
        """The user's display name as server ``guild_id`` now shows it (a nickname is the server's own),
        cleaned (:func:`bot.service.names.clean`) and stored on their seats in that server's lobbies and
        running games; returns the games whose seats changed, so their boards can be redrawn. A name with
        nothing readable left keeps the name stored before."""
        check_ints(user_id=user_id, guild_id=guild_id)
        if name is not None:
            check_text("name", name, NAME_TEXT)
        shown = names.clean(name)
        if shown is None:
            return []
        async with self.store.transaction() as tx:
            changed = await tx.set_display_name(user_id, shown, guild_id)
            await tx.owe_redraws(changed, self._now())
            return changed
