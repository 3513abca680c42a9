"""Typed access to the database: games, seats, the action log, snapshots, settings.

The same SQL runs on SQLite and PostgreSQL (:mod:`bot.store.database`). Several processes may write
one database, so every write to an existing game is conditional: a transaction first *claims* the
game at the revision its caller read (``UPDATE games SET revision = revision + 1 WHERE id = ? AND
revision = ?``), and a claim that finds another revision raises :class:`Conflict` and the whole
transaction rolls back; the service then reads again and decides again. :class:`Tx` refuses a write
to a game it has not claimed, so no write path can forget the check.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Collection, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.clock import SeatClock
from bot.hours import Hours
from bot.store.connection import Connection, Database, Limits
from bot.store.database import open_database
from bot.store.rows import (
    GUILD_FIELDS,
    ActionRow,
    DeliveryRow,
    GameRow,
    GuildRow,
    Loaded,
    NoteRow,
    ResultRow,
    SeatRow,
    TutorialRow,
)
from engine.core.contract import Event

_GAME_COLUMNS = (
    "id, kind, options, seed, status, host_id, guild_id, channel_id, thread_id, version, turn_timer, "
    "replace_after, overrides, outcome, ai_turn, created_at, updated_at, started_at, finished_at, seat_count, "
    "reminders, revision, missed_level, hints, active_hours, think"
)
_SEAT_COLUMNS = (
    "s.game_id, s.seat, s.user_id, s.ai_policy, s.timeouts, s.autoplay, s.to_act, s.deadline_at, s.remind_at, "
    "s.reminded, s.paused_left, COALESCE(u.vacation, 0), s.display_name, u.tz, u.active_from, u.active_to, "
    "COALESCE(u.digest, 0), s.asleep"
)
_SEAT_FROM = "seats s LEFT JOIN user_settings u ON u.user_id = s.user_id"
_UPDATABLE_GAME = frozenset(
    {
        "options",
        "status",
        "guild_id",
        "channel_id",
        "thread_id",
        "outcome",
        "ai_turn",
        "updated_at",
        "started_at",
        "finished_at",
        "turn_timer",
        "replace_after",
        "reminders",
        "missed_level",
        "hints",
        "active_hours",
        "think",
    }
)


class Conflict(Exception):
    """Another writer changed the game since it was read: nothing was written; read again and retry."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} changed since it was read")
        self.game_id = game_id


def dumps(value: Any) -> str:
    """Compact, key-sorted JSON: stored snapshots compare as strings."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class Tx:
    """Writes inside one open transaction; obtained from :meth:`Store.transaction`."""

    def __init__(self, db: Connection, dialect: str) -> None:
        self._db = db
        self._dialect = dialect
        self._claimed: set[int] = set()
        self._owed: dict[tuple[int, str], tuple[Any, ...]] = {}
        """Deliveries owed so far, written together just before the commit (one statement for all)."""

    async def claim(self, row: GameRow) -> GameRow:
        """Make this transaction's writes to ``row``'s game conditional on its revision being ``row.revision``;
        returns the row at its new revision.

        Raises :class:`Conflict` (and the transaction rolls back) when another writer got there first.
        """
        changed = await self._db.execute(
            "UPDATE games SET revision = revision + 1 WHERE id = ? AND revision = ?", (row.id, row.revision)
        )
        if changed != 1:
            raise Conflict(row.id)
        self._claimed.add(row.id)
        return replace(row, revision=row.revision + 1)

    async def claim_user_games(self, user_id: int) -> None:
        """Claim every running game where ``user_id`` holds a seat, whatever its revision: their seats'
        clocks follow the user's vacation flag, so a write planned before the flag changed must fail."""
        rows = await self._db.fetch(
            "UPDATE games SET revision = revision + 1 WHERE status = 'active' AND id IN "
            "(SELECT game_id FROM seats WHERE user_id = ?) RETURNING id",
            (user_id,),
        )
        self._claimed.update(int(r[0]) for r in rows)

    def _check(self, game_id: int) -> None:
        if game_id not in self._claimed:
            raise RuntimeError(f"write to game {game_id} without claiming its revision first")

    async def seats(self, game_id: int) -> tuple[SeatRow, ...]:
        """A game's seats as this transaction sees them."""
        return await _read_seats(self._db, game_id)

    async def user_clocks(self, user_id: int) -> list[tuple[SeatRow, int | None, bool]]:
        """The seats ``user_id`` holds (not AI-played) in running games, each with its game's turn timer
        and whether it counts active hours."""
        sql = (
            f"SELECT {_SEAT_COLUMNS}, g.turn_timer, g.active_hours FROM {_SEAT_FROM} JOIN games g "
            "ON g.id = s.game_id WHERE s.user_id = ? AND s.ai_policy IS NULL AND g.status = 'active' ORDER BY s.game_id"
        )
        return [(_seat(r), r[_SEAT_WIDTH], bool(r[_SEAT_WIDTH + 1])) for r in await self._db.fetch(sql, (user_id,))]

    async def insert_game(
        self,
        *,
        kind: str,
        options: dict[str, Any],
        seed: int,
        host_id: int,
        guild_id: int | None,
        channel_id: int | None,
        thread_id: int | None,
        turn_timer: int | None,
        replace_after: int | None,
        overrides: dict[str, Any],
        now: int,
        seat_count: int | None = None,
        missed_level: str = "normal",
        hints: bool = True,
        active_hours: bool = True,
    ) -> int:
        """A new lobby's row; the transaction may write the new game without claiming it."""
        rows = await self._db.fetch(
            "INSERT INTO games (kind, options, seed, status, host_id, guild_id, channel_id, thread_id, turn_timer, "
            "replace_after, overrides, seat_count, created_at, updated_at, missed_level, hints, active_hours) "
            "VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                kind,
                dumps(options),
                seed,
                host_id,
                guild_id,
                channel_id,
                thread_id,
                turn_timer,
                replace_after,
                dumps(overrides),
                seat_count,
                now,
                now,
                missed_level,
                int(hints),
                int(active_hours),
            ),
        )
        game_id = int(rows[0][0])
        self._claimed.add(game_id)
        return game_id

    async def update_game(self, game_id: int, **fields: Any) -> None:
        """Set lobby and status columns; ``options`` and ``outcome`` are encoded as JSON."""
        unknown = set(fields) - _UPDATABLE_GAME
        if unknown:
            raise ValueError(f"not updatable game columns: {sorted(unknown)}")
        values = [dumps(v) if k in ("options", "outcome") and v is not None else v for k, v in fields.items()]
        sets = ", ".join(f"{name} = ?" for name in fields)
        self._check(game_id)
        await self._db.execute(f"UPDATE games SET {sets} WHERE id = ?", (*values, game_id))

    async def advance(self, row: GameRow, now: int) -> GameRow:
        """Move the game from ``row.version`` to the next version, on the revision ``row`` was read at.

        This is the claim of a log entry's transaction: another writer's change since the read (a move
        from another process, a seat handed over, a timeout) raises :class:`Conflict` and nothing is written.
        """
        changed = await self._db.execute(
            "UPDATE games SET version = version + 1, revision = revision + 1, updated_at = ? "
            "WHERE id = ? AND version = ? AND revision = ?",
            (now, row.id, row.version, row.revision),
        )
        if changed != 1:
            raise Conflict(row.id)
        self._claimed.add(row.id)
        return replace(row, version=row.version + 1, revision=row.revision + 1, updated_at=now)

    async def replace_seats(self, game_id: int, seats: Iterable[tuple[int | None, str | None]]) -> None:
        """The lobby's seats in order, as ``(user_id, ai_policy)`` pairs (seat numbers are positions);
        players who keep a seat keep their display name."""
        self._check(game_id)
        rows = await self._db.fetch(
            "SELECT user_id, display_name FROM seats WHERE game_id = ? AND display_name IS NOT NULL", (game_id,)
        )
        names = {r[0]: r[1] for r in rows}
        await self._db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await self._db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, ai_policy, display_name) VALUES (?, ?, ?, ?, ?)",
            [(game_id, i, user, policy, names.get(user)) for i, (user, policy) in enumerate(seats)],
        )

    async def save_seats(self, *seats: SeatRow) -> None:
        """Write seats' turn state (clock, to_act, autoplay, ai_policy, timeouts) as each ``seat`` holds it,
        in one batch (one round trip on PostgreSQL).

        Who holds a seat changes only through :meth:`set_seat_user`.
        """
        for seat in seats:
            self._check(seat.game_id)
        if not seats:
            return
        await self._db.executemany(
            "UPDATE seats SET deadline_at = ?, remind_at = ?, reminded = ?, paused_left = ?, to_act = ?, "
            "autoplay = ?, ai_policy = ?, timeouts = ? WHERE game_id = ? AND seat = ?",
            [
                (
                    seat.clock.deadline,
                    seat.clock.remind_at,
                    int(seat.clock.reminded),
                    seat.clock.paused_left,
                    int(seat.to_act),
                    int(seat.autoplay),
                    seat.ai_policy,
                    seat.timeouts,
                    seat.game_id,
                    seat.seat,
                )
                for seat in seats
            ],
        )

    async def count_hint(self, game_id: int, seat: int) -> int:
        """One more hint used by ``seat`` (on the claimed game, so two hints asked at once both count);
        returns the seat's new count."""
        self._check(game_id)
        rows = await self._db.fetch(
            "UPDATE seats SET hints_used = hints_used + 1 WHERE game_id = ? AND seat = ? RETURNING hints_used",
            (game_id, seat),
        )
        return int(rows[0][0])

    async def append_action(self, action: ActionRow) -> None:
        self._check(action.game_id)
        await self._db.execute(
            "INSERT INTO actions (game_id, seq, seat, kind, choice, undo_to, actor, checkpoint, events, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                action.game_id,
                action.seq,
                action.seat,
                action.kind,
                action.choice,
                action.undo_to,
                action.actor,
                int(action.checkpoint),
                dumps([e.to_json() for e in action.events]),
                action.created_at,
            ),
        )

    async def put_snapshot(self, game_id: int, version: int, state: dict[str, Any]) -> None:
        self._check(game_id)
        await self._db.execute(
            "INSERT INTO snapshots (game_id, version, state) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state",
            (game_id, version, dumps(state)),
        )

    async def set_vacation(self, user_id: int, on: bool) -> None:
        await self._db.execute(
            "INSERT INTO user_settings (user_id, vacation) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET vacation = excluded.vacation",
            (user_id, int(on)),
        )

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        await self._db.execute(
            "INSERT INTO user_settings (user_id, lang, lang_chosen) VALUES (?, ?, 1) "
            "ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang, lang_chosen = 1",
            (user_id, lang),
        )

    async def mark_guild_lang_chosen(self, guild_id: int) -> None:
        """Remember that a manager chose the server's language (else Discord's server locale is used)."""
        await self._db.execute("UPDATE guild_settings SET lang_chosen = 1 WHERE guild_id = ?", (guild_id,))

    async def set_guild_settings(
        self, guild_id: int, settings: GuildRow, fields: Collection[str] = GUILD_FIELDS
    ) -> GuildRow:
        """Write ``fields`` of ``settings`` and return the row as stored.

        One statement, with no read before it: the fields not named keep their stored value (or the
        default, for a server's first row), so two managers changing different settings at the same
        time never undo each other, on either database.
        """
        unknown = set(fields) - set(GUILD_FIELDS)
        if unknown:
            raise ValueError(f"no guild setting named {sorted(unknown)}")
        kept = ", ".join(
            f"{name} = CASE WHEN ? THEN excluded.{name} ELSE guild_settings.{name} END" for name in GUILD_FIELDS
        )
        rows = await self._db.fetch(
            f"INSERT INTO guild_settings (guild_id, {', '.join(GUILD_FIELDS)}) VALUES (?, ?, ?, ?, ?) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {kept} RETURNING {', '.join(GUILD_FIELDS)}",
            (
                guild_id,
                *(getattr(settings if name in fields else GuildRow(), name) for name in GUILD_FIELDS),
                *(name in fields for name in GUILD_FIELDS),
            ),
        )
        return GuildRow(str(rows[0][0]), str(rows[0][1]), rows[0][2], rows[0][3])

    async def set_dm_turns(self, user_id: int, on: bool) -> None:
        """Turn DMs on or off; turning them on forgets that the user's DMs were closed (they may have opened them)."""
        await self._db.execute(
            "INSERT INTO user_settings (user_id, dm_turns) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns, "
            "dms_closed = CASE WHEN excluded.dm_turns = 1 THEN 0 ELSE user_settings.dms_closed END",
            (user_id, int(on)),
        )

    async def set_active_hours(self, user_id: int, hours: Hours | None, zone: str | None, digest: bool) -> None:
        """A user's time zone and daily window (``hours``; ``None`` with ``zone``: the zone alone, always
        active) and whether they want a daily digest instead of turn pings."""
        start, end = (None, None) if hours is None else (hours.start, hours.end)
        await self._db.execute(
            "INSERT INTO user_settings (user_id, tz, active_from, active_to, digest) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET tz = excluded.tz, active_from = excluded.active_from, "
            "active_to = excluded.active_to, digest = excluded.digest",
            (user_id, zone, start, end, int(digest)),
        )

    async def release_held(self, user_id: int, now: int) -> None:
        """Everything held for ``user_id`` is due now, to be held again (or sent) by their new hours."""
        await self._db.execute(
            "UPDATE deliveries SET due_at = ? WHERE held_for = ? AND done_at IS NULL", (now, user_id)
        )

    async def mark_asleep(self, marks: Iterable[tuple[int, int, bool]]) -> None:
        """Remember, per ``(game, seat, asleep)``, whether the board shows that seat's player asleep; a
        label like a display name, so no claim."""
        await self._db.executemany(
            "UPDATE seats SET asleep = ? WHERE game_id = ? AND seat = ?",
            [(int(asleep), game_id, seat) for game_id, seat, asleep in marks],
        )

    async def set_dms_closed(self, user_id: int) -> None:
        await self._db.execute(
            "INSERT INTO user_settings (user_id, dms_closed) VALUES (?, 1) "
            "ON CONFLICT (user_id) DO UPDATE SET dms_closed = 1",
            (user_id,),
        )

    async def set_tutorial(self, user_id: int, row: TutorialRow, now: int) -> None:
        """Record where ``user_id`` stands in ``row.kind``'s tutorial (one row per user and game kind)."""
        await self._db.execute(
            "INSERT INTO tutorials (user_id, kind, chapter, step, lang, updated_at) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (user_id, kind) DO UPDATE SET chapter = excluded.chapter, step = excluded.step, "
            "lang = excluded.lang, updated_at = excluded.updated_at",
            (user_id, row.kind, row.chapter, row.step, row.lang, now),
        )

    async def set_seat_user(self, game_id: int, seat: int, user_id: int, name: str | None = None) -> None:
        """A seat changes hands: the new user plays it themselves, with no missed turns counted yet, under
        their own display name (``None`` until known: never the previous player's)."""
        self._check(game_id)
        await self._db.execute(
            "UPDATE seats SET user_id = ?, ai_policy = NULL, autoplay = 0, timeouts = 0, display_name = ? "
            "WHERE game_id = ? AND seat = ?",
            (user_id, name, game_id, seat),
        )

    async def set_display_name(self, user_id: int, name: str, guild_id: int | None) -> list[int]:
        """The user's display name on their seats in the lobbies and running games of server ``guild_id``
        (``None``: games outside any server); returns the games whose seats changed (none when the name
        was already stored).

        A display name is a label, not game state: no move, seat or setting is decided from it, so this
        write claims no game (a rename never makes a concurrent move retry)."""
        rows = await self._db.fetch(
            "UPDATE seats SET display_name = ? WHERE user_id = ? AND ai_policy IS NULL "
            "AND (display_name IS NULL OR display_name <> ?) "
            "AND game_id IN (SELECT id FROM games WHERE status IN ('lobby', 'active') AND "
            + ("guild_id IS NULL)" if guild_id is None else "guild_id = ?)")
            + " RETURNING game_id",
            (name, user_id, name) if guild_id is None else (name, user_id, name, guild_id),
        )
        return sorted({int(r[0]) for r in rows})

    async def add_note(self, note: NoteRow) -> None:
        self._check(note.game_id)
        await self._db.execute(
            "INSERT INTO notes (game_id, after, seat, key, params, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (note.game_id, note.after, note.seat, note.key, dumps(note.params), note.created_at),
        )

    async def set_message(self, game_id: int, purpose: str, channel_id: int, message_id: int) -> None:
        await self._db.execute(
            "INSERT INTO messages (game_id, purpose, channel_id, message_id) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, purpose) DO UPDATE SET channel_id = excluded.channel_id, "
            "message_id = excluded.message_id",
            (game_id, purpose, channel_id, message_id),
        )

    async def forget_message(self, game_id: int, purpose: str, message_id: int | None = None) -> bool:
        """The message kept for ``purpose`` is gone (e.g. a deleted ping): nothing is kept for it now.
        With ``message_id``, only if that is still the message kept (a newer one stays); true when one
        was forgotten."""
        sql = "DELETE FROM messages WHERE game_id = ? AND purpose = ?"
        if message_id is None:
            return await self._db.execute(sql, (game_id, purpose)) > 0
        return await self._db.execute(f"{sql} AND message_id = ?", (game_id, purpose, message_id)) > 0

    async def owe(
        self,
        game_id: int,
        key: str,
        lane: str,
        version: int,
        now: int,
        payload: dict[str, Any] | None = None,
        *,
        done: bool = False,
    ) -> None:
        """Record that game ``game_id`` owes delivery ``key`` at ``version`` (the outbox), superseding an
        older row with the same key whether or not it was delivered; ``done`` records it as already
        delivered (the change itself told whoever it concerns). A lease held on the row stays with its
        holder, who then finds a newer version when it reports its delivery and delivers again."""
        self._check(game_id)
        self._owed[(game_id, key)] = _owed_row(game_id, key, lane, version, now, payload or {}, done)

    async def owe_again(
        self, game_id: int, key: str, lane: str, version: int, now: int, payload: dict[str, Any] | None = None
    ) -> None:
        """A repair: owe ``key`` again at ``version`` because Discord lost what was delivered (a deleted
        board). What the players' screens show is not game data, so the game needs no claim."""
        self._owed[(game_id, key)] = _owed_row(game_id, key, lane, version, now, payload or {}, False)

    async def flush(self) -> None:
        """Write the deliveries owed in this transaction (called by :meth:`Store.transaction` before it
        commits): one statement however many, since a move owes its board and maybe turn notices."""
        if self._owed:
            rows = list(self._owed.values())
            values = ", ".join("(?, ?, ?, ?, ?, ?, ?, ?)" for _ in rows)
            await self._db.execute(_OWE.format(values=values), [v for row in rows for v in row])
            self._owed.clear()

    async def owe_redraws(self, game_ids: Collection[int], now: int) -> None:
        """Owe the board of each running game in ``game_ids`` and the message of each lobby (names on
        them changed); names are not game data, so these games need no claim."""
        if not game_ids:
            return
        marks = ", ".join("?" for _ in game_ids)
        await self._db.execute(
            "INSERT INTO deliveries (game_id, key, lane, version, payload, created_at, due_at) "
            "SELECT id, CASE status WHEN 'active' THEN 'board' ELSE 'lobby' END, "
            "CASE status WHEN 'active' THEN 'board' ELSE 'notice' END, version, '{}', ?, ? FROM games "
            f"WHERE id IN ({marks}) AND status IN ('active', 'lobby') "
            "ON CONFLICT (game_id, key) DO UPDATE SET version = excluded.version, due_at = excluded.due_at, "
            "done_at = NULL, attempts = 0",
            (now, now, *game_ids),
        )

    async def lease(self, game_id: int, owner: str, now: int, until: int) -> bool:
        """Take (or extend) the lease on a game's scheduled work until ``until``; false when another
        owner holds an unexpired one. The lease is not game data: it needs no claim."""
        changed = await self._db.execute(
            "UPDATE games SET lease_owner = ?, lease_until = ? WHERE id = ? "
            "AND (lease_owner IS NULL OR lease_owner = ? OR lease_until <= ?)",
            (owner, until, game_id, owner, now),
        )
        return changed == 1

    async def release(self, game_id: int, owner: str) -> None:
        """Give back the lease ``owner`` holds on a game (nothing if another owner has it now)."""
        await self._db.execute(
            "UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?",
            (game_id, owner),
        )

    async def clone_game(self, game_id: int, copies: int) -> range:
        """Insert ``copies`` copies of a just-started game (version 0, so no log) in bulk; returns their ids.

        For load tests and benchmarks that need many stored games quickly.
        """
        rows = await self._db.fetch("SELECT COALESCE(MAX(id), 0) FROM games")
        first = int(rows[0][0]) + 1
        counter = "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?) "
        columns = _GAME_COLUMNS.removeprefix("id, ")
        inserted = await self._db.execute(
            f"{counter}INSERT INTO games (id, {columns}) SELECT CAST(? AS BIGINT) + n.i, {columns} FROM games, n "
            "WHERE id = ? AND version = 0 AND status = 'active'",
            (copies, first, game_id),
        )
        if inserted != copies:
            raise ValueError(f"game {game_id} is not a running game at version 0")
        await self._db.execute(
            "INSERT INTO seats (game_id, seat, user_id, ai_policy, timeouts, autoplay, to_act, deadline_at, remind_at, "
            "reminded, paused_left) SELECT g.id, s.seat, s.user_id, s.ai_policy, s.timeouts, s.autoplay, s.to_act, "
            "s.deadline_at, s.remind_at, s.reminded, s.paused_left FROM seats s, games g "
            "WHERE s.game_id = ? AND g.id >= ?",
            (game_id, first),
        )
        await self._db.execute(
            "INSERT INTO snapshots (game_id, version, state) SELECT g.id, 0, s.state FROM snapshots s, games g "
            "WHERE s.game_id = ? AND g.id >= ?",
            (game_id, first),
        )
        if self._dialect == "postgresql":
            # Explicit ids leave the identity sequence behind: move it past them for the next lobby.
            await self._db.fetch("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT MAX(id) FROM games))")
        return range(first, first + copies)

    # -- results ---------------------------------------------------------------------------------
    async def display_names(self, game_id: int) -> dict[int, str | None]:
        """Each seat's display name as captured at the table (``None`` where none was)."""
        rows = await self._db.fetch("SELECT seat, display_name FROM seats WHERE game_id = ?", (game_id,))
        return {int(r[0]): r[1] for r in rows}

    async def noted_seats(self, game_id: int, key: str) -> frozenset[int]:
        """Seats named by the game's notes of kind ``key`` (e.g. the seats the host gave away)."""
        rows = await self._db.fetch("SELECT DISTINCT seat FROM notes WHERE game_id = ? AND key = ?", (game_id, key))
        return frozenset(int(r[0]) for r in rows if r[0] is not None)

    async def add_results(self, rows: Sequence[ResultRow]) -> None:
        """A finished game's results, one row per seat; rows already stored are left as they are, so
        recording a game twice (a retried finish, a backfill) never doubles them."""
        await self._db.executemany(
            "INSERT INTO results (game_id, seat, kind, guild_id, user_id, ai_level, name, team, score, rank, "
            "winner, reason, changed_hands, timeouts, details, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING",
            [
                (
                    r.game_id,
                    r.seat,
                    r.kind,
                    r.guild_id,
                    r.user_id,
                    r.ai_level,
                    r.name,
                    r.team,
                    r.score,
                    r.rank,
                    int(r.winner),
                    r.reason,
                    int(r.changed_hands),
                    r.timeouts,
                    dumps(r.details),
                    r.finished_at,
                )
                for r in rows
            ],
        )

    # -- web links -----------------------------------------------------------------------------
    async def revoke_links(self, user_id: int, now: int) -> int:
        """Bump ``user_id``'s link generation (every link issued before stops opening); the new one."""
        rows = await self._db.fetch(
            "INSERT INTO link_generations (user_id, generation, revoked_at) VALUES (?, 1, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET generation = link_generations.generation + 1, "
            "revoked_at = excluded.revoked_at RETURNING generation",
            (user_id, now),
        )
        return int(rows[0][0])

    async def set_spectator_links(self, guild_id: int, on: bool) -> None:
        await self._db.execute(
            "INSERT INTO guild_web (guild_id, spectators) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET spectators = excluded.spectators",
            (guild_id, int(on)),
        )


class Store:
    """Typed access to the database; see the module docstring for the locking and durability rules."""

    def __init__(self, db: Database) -> None:
        self._db = db

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._db.dialect

    @classmethod
    async def open(cls, address: Path | str, limits: Limits | None = None) -> Store:
        """Open (creating if needed) and migrate the database at ``address``: a SQLite path,
        ``sqlite:///path`` or ``postgresql://…``; every wait on it is held to ``limits``."""
        return cls(await open_database(address, limits))

    async def close(self) -> None:
        await self._db.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """One write transaction: committed when the block ends; any exception (a cancellation too)
        rolls it back and propagates."""
        async with self._db.transaction() as conn:
            tx = Tx(conn, self._db.dialect)
            yield tx
            await tx.flush()

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        """Rows of any read (the store's own, and checks that compare what is stored)."""
        async with self._db.reading() as conn:
            return await conn.fetch(sql, params)

    # -- games -----------------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None:
        rows = await self.fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    async def games(self, game_ids: Sequence[int]) -> list[GameRow]:
        if not game_ids:
            return []
        marks = ", ".join("?" * len(game_ids))
        rows = await self.fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE id IN ({marks}) ORDER BY id", game_ids)
        return [_game(r) for r in rows]

    async def games_where(
        self, *, status: str | None = None, guild_id: int | None = None, channel_id: int | None = None
    ) -> list[GameRow]:
        """Games filtered by status and place, newest first."""
        clauses, params = [], []
        for column, value in (("status", status), ("guild_id", guild_id), ("channel_id", channel_id)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = await self.fetch(f"SELECT {_GAME_COLUMNS} FROM games {where} ORDER BY id DESC", params)
        return [_game(r) for r in rows]

    async def load(self, game_id: int) -> Loaded | None:
        """The game row with its latest snapshot (one statement), then its seats, on one connection.

        The game row is read first: seats written after it come with a newer revision, so a write
        planned from this read cannot claim the game.
        """
        columns = ", ".join(f"g.{c}" for c in _GAME_COLUMNS.split(", "))
        async with self._db.reading() as conn:
            rows = await conn.fetch(
                f"SELECT {columns}, p.state FROM games g LEFT JOIN snapshots p ON p.game_id = g.id WHERE g.id = ?",
                (game_id,),
            )
            if not rows:
                return None
            seats = await _read_seats(conn, game_id)
        state = rows[0][-1]
        return Loaded(_game(rows[0]), seats, None if state is None else json.loads(state))

    async def seats(self, game_id: int) -> tuple[SeatRow, ...]:
        async with self._db.reading() as conn:
            return await _read_seats(conn, game_id)

    async def seats_of(self, game_ids: Sequence[int]) -> dict[int, tuple[SeatRow, ...]]:
        """Seats of several games in one query (listing games without one query per game)."""
        out: dict[int, list[SeatRow]] = {game_id: [] for game_id in game_ids}
        for start in range(0, len(game_ids), 500):
            chunk = game_ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            sql = f"SELECT {_SEAT_COLUMNS} FROM {_SEAT_FROM} WHERE s.game_id IN ({marks}) ORDER BY s.game_id, s.seat"
            for row in await self.fetch(sql, chunk):
                out[row[0]].append(_seat(row))
        return {game_id: tuple(seats) for game_id, seats in out.items()}

    async def user_seats(self, user_id: int, *, statuses: Sequence[str], to_act_only: bool = False) -> list[SeatRow]:
        """Seats held by ``user_id`` (AI-played ones excluded) in games with one of ``statuses``."""
        marks = ", ".join("?" * len(statuses))
        sql = (
            f"SELECT {_SEAT_COLUMNS} FROM {_SEAT_FROM} JOIN games g ON g.id = s.game_id "
            f"WHERE s.user_id = ? AND s.ai_policy IS NULL AND g.status IN ({marks})"
            + (" AND s.to_act = 1" if to_act_only else "")
            + " ORDER BY s.game_id"
        )
        return [_seat(r) for r in await self.fetch(sql, (user_id, *statuses))]

    async def snapshot(self, game_id: int) -> tuple[int, str] | None:
        """``(version, state JSON text)`` of the latest snapshot."""
        rows = await self.fetch("SELECT version, state FROM snapshots WHERE game_id = ?", (game_id,))
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    async def actions(self, game_id: int, since: int = 0) -> list[ActionRow]:
        """Log entries with ``seq > since``, in order."""
        rows = await self.fetch(
            "SELECT game_id, seq, seat, kind, choice, undo_to, actor, checkpoint, events, created_at "
            "FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, since),
        )
        return [
            ActionRow(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                r[5],
                r[6],
                bool(r[7]),
                tuple(Event.from_json(e) for e in json.loads(r[8])),
                r[9],
            )
            for r in rows
        ]

    # -- scheduler -------------------------------------------------------------------------------
    async def due_seats(self, now: int) -> list[SeatRow]:
        """Seats of active games whose reminder or deadline has come."""
        return [
            _seat(r)
            for r in await self.fetch(
                f"SELECT {_SEAT_COLUMNS} FROM {_SEAT_FROM} JOIN games g ON g.id = s.game_id "
                "WHERE s.remind_at <= ? AND (s.reminded = 0 OR s.deadline_at <= ?) AND g.status = 'active' "
                "ORDER BY s.deadline_at, s.game_id, s.seat",
                (now, now),
            )
        ]

    async def next_due(self) -> int | None:
        """The earliest pending reminder or deadline, for a scheduler to sleep until."""
        rows = await self.fetch(
            "SELECT MIN(CASE WHEN s.reminded = 0 THEN s.remind_at ELSE s.deadline_at END) FROM seats s "
            "JOIN games g ON g.id = s.game_id WHERE s.remind_at IS NOT NULL AND g.status = 'active'"
        )
        return rows[0][0] if rows and rows[0][0] is not None else None

    async def ai_turn_games(self) -> list[int]:
        """Active games left waiting on an AI seat (AI play interrupted by a restart)."""
        return [r[0] for r in await self.fetch("SELECT id FROM games WHERE status = 'active' AND ai_turn = 1")]

    # -- settings and messages ------------------------------------------------------------------
    async def vacation(self, user_id: int) -> bool:
        rows = await self.fetch("SELECT vacation FROM user_settings WHERE user_id = ?", (user_id,))
        return bool(rows and rows[0][0])

    async def user_hours(self, user_ids: Collection[int]) -> dict[int, tuple[str | None, Hours | None, bool]]:
        """Each user's time zone, active hours and daily-digest flag (users with no settings are left out)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.fetch(
            f"SELECT user_id, tz, active_from, active_to, digest FROM user_settings WHERE user_id IN ({marks})",
            list(user_ids),
        )
        return {int(r[0]): (r[1], _hours(r[1], r[2], r[3]), bool(r[4])) for r in rows}

    async def waiting_seats(self) -> list[SeatRow]:
        """Seats of running games whose human must act and has active hours (the board says when they
        are asleep)."""
        rows = await self.fetch(
            f"SELECT {_SEAT_COLUMNS} FROM {_SEAT_FROM} JOIN games g ON g.id = s.game_id WHERE g.status = 'active' "
            "AND s.to_act = 1 AND s.ai_policy IS NULL AND s.autoplay = 0 AND u.tz IS NOT NULL "
            "AND u.active_from IS NOT NULL ORDER BY s.game_id, s.seat"
        )
        return [_seat(r) for r in rows]

    async def user_lang(self, user_id: int) -> str:
        rows = await self.fetch("SELECT lang FROM user_settings WHERE user_id = ?", (user_id,))
        return str(rows[0][0]) if rows else "en"

    async def chosen_langs(self, user_id: int, guild_id: int | None) -> tuple[str | None, str | None]:
        """The language the user chose and the one their server's managers chose (``None`` where not chosen)."""
        rows = await self.fetch(
            "SELECT (SELECT lang FROM user_settings WHERE user_id = ? AND lang_chosen = 1), "
            "(SELECT lang FROM guild_settings WHERE guild_id = ? AND lang_chosen = 1)",
            (user_id, guild_id or 0),
        )
        user, guild = rows[0] if rows else (None, None)
        return (None if user is None else str(user)), (None if guild is None else str(guild))

    async def tutorial(self, user_id: int, kind: str) -> TutorialRow | None:
        rows = await self.fetch(
            "SELECT chapter, step, lang FROM tutorials WHERE user_id = ? AND kind = ?", (user_id, kind)
        )
        if not rows:
            return None
        chapter, step, lang = rows[0]
        return TutorialRow(kind, str(chapter), None if step is None else str(step), str(lang))

    async def dm_flags(self, user_id: int) -> tuple[bool, bool]:
        """``(turn DMs on, DMs known to be closed)`` of a user."""
        rows = await self.fetch("SELECT dm_turns, dms_closed FROM user_settings WHERE user_id = ?", (user_id,))
        return (bool(rows[0][0]), bool(rows[0][1])) if rows else (False, False)

    async def guild_settings(self, guild_id: int) -> GuildRow:
        """A guild's settings; the schema's defaults when it has none stored."""
        rows = await self.fetch(
            "SELECT lang, turn_timer, channel_id, replace_after FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return GuildRow(str(rows[0][0]), str(rows[0][1]), rows[0][2], rows[0][3]) if rows else GuildRow()

    async def notes(self, game_id: int, since: int = 0) -> list[NoteRow]:
        """Public service notes made at version ``since`` or later, oldest first."""
        rows = await self.fetch(
            "SELECT game_id, after, seat, key, params, created_at FROM notes WHERE game_id = ? AND after >= ? "
            "ORDER BY id",
            (game_id, since),
        )
        return [NoteRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]

    async def messages(self, game_id: int) -> dict[str, tuple[int, int]]:
        rows = await self.fetch("SELECT purpose, channel_id, message_id FROM messages WHERE game_id = ?", (game_id,))
        return {str(r[0]): (int(r[1]), int(r[2])) for r in rows}

    async def keepers_of(self, message_id: int) -> list[tuple[int, str, int]]:
        """The games that keep message ``message_id`` (a board, a lobby, a ping): ``(game id, purpose,
        channel id)`` each. Empty for any other message, e.g. one the bot forgot before deleting it."""
        rows = await self.fetch("SELECT game_id, purpose, channel_id FROM messages WHERE message_id = ?", (message_id,))
        return [(int(r[0]), str(r[1]), int(r[2])) for r in rows]

    async def games_in(self, channel_id: int) -> list[GameRow]:
        """Games in a lobby or running whose thread, or whose lobby's channel, is ``channel_id``."""
        rows = await self.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'active') "
            "AND (thread_id = ? OR channel_id = ?) ORDER BY id",
            (channel_id, channel_id),
        )
        return [_game(r) for r in rows]

    async def running_in(self, guild_ids: Collection[int]) -> list[tuple[GameRow, int | None]]:
        """The running games of ``guild_ids`` with their board message's id (``None``: none kept), the most
        recently changed first: what a start-up check looks at to find what vanished meanwhile."""
        if not guild_ids:
            return []
        marks = ", ".join("?" for _ in guild_ids)
        rows = await self.fetch(
            f"SELECT {', '.join(f'g.{c}' for c in _GAME_COLUMNS.split(', '))}, m.message_id FROM games g "
            "LEFT JOIN messages m ON m.game_id = g.id AND m.purpose = 'board' "
            f"WHERE g.status = 'active' AND g.guild_id IN ({marks}) ORDER BY g.updated_at DESC, g.id DESC",
            tuple(guild_ids),
        )
        return [(_game(r[:-1]), None if r[-1] is None else int(r[-1])) for r in rows]

    # -- the outbox ----------------------------------------------------------------------------
    async def claim_deliveries(self, lane: str, owner: str, now: int, until: int) -> list[DeliveryRow]:
        """Lease every due row of one game in ``lane`` (the game whose oldest due row waited longest) to
        ``owner`` until ``until``, or, when that row was held for a player, every due row held for them;
        empty when nothing is due or others hold the leases.

        The lease is conditional in the statement itself, so two processes never hold the same row;
        each claim counts an attempt."""
        free = "lane = ? AND done_at IS NULL AND due_at <= ? AND (lease_until IS NULL OR lease_until <= ?)"
        async with self.transaction() as tx:
            first = await tx._db.fetch(
                f"SELECT game_id, held_for FROM deliveries WHERE {free} ORDER BY due_at, game_id LIMIT 1",
                (lane, now, now),
            )
            if not first:
                return []
            game_id, held_for = first[0]
            # Rows held for a player go out together, from every game, when their hours begin.
            which = "game_id = ? AND held_for IS NULL" if held_for is None else "held_for = ?"
            rows = await tx._db.fetch(
                f"UPDATE deliveries SET lease_owner = ?, lease_until = ?, attempts = attempts + 1 WHERE {free} "
                f"AND {which} RETURNING {_DELIVERY_COLUMNS}",
                (owner, until, lane, now, now, game_id if held_for is None else held_for),
            )
        return sorted((_delivery(r) for r in rows), key=lambda d: (d.game_id, d.key))

    async def delivered(self, row: DeliveryRow, owner: str, now: int) -> bool:
        """Mark ``row`` delivered, unless a newer version was owed meanwhile (then it stays owed, due
        now, and this returns false) or ``owner`` lost the lease."""
        async with self.transaction() as tx:
            done = await tx._db.execute(
                "UPDATE deliveries SET done_at = ?, lease_owner = NULL, lease_until = NULL, blocked = NULL, "
                "attempts = 0 WHERE game_id = ? AND key = ? AND version = ? AND lease_owner = ?",
                (now, row.game_id, row.key, row.version, owner),
            )
            if done != 1:
                await tx._db.execute(
                    "UPDATE deliveries SET lease_owner = NULL, lease_until = NULL "
                    "WHERE game_id = ? AND key = ? AND lease_owner = ?",
                    (row.game_id, row.key, owner),
                )
        return done == 1

    async def postpone(self, row: DeliveryRow, owner: str, due_at: int, blocked: str | None) -> None:
        """Give ``row`` back, owed again at ``due_at`` (or at once if a newer version was owed meanwhile);
        ``blocked`` says why Discord refuses it, ``None`` for a passing failure."""
        async with self.transaction() as tx:
            await tx._db.execute(
                "UPDATE deliveries SET lease_owner = NULL, lease_until = NULL, blocked = ?, "
                "due_at = CASE WHEN version = ? THEN ? ELSE due_at END "
                "WHERE game_id = ? AND key = ? AND lease_owner = ?",
                (blocked, row.version, due_at, row.game_id, row.key, owner),
            )

    async def hold(self, row: DeliveryRow, owner: str, due_at: int, user_id: int) -> None:
        """Give ``row`` back held for ``user_id`` until ``due_at`` (their hours begin), unless a newer
        version was owed meanwhile (then it stays owed now, not held). Holding is no failed attempt."""
        async with self.transaction() as tx:
            await tx._db.execute(
                "UPDATE deliveries SET lease_owner = NULL, lease_until = NULL, attempts = 0, "
                "held_for = CASE WHEN version = ? THEN ? ELSE held_for END, "
                "due_at = CASE WHEN version = ? THEN ? ELSE due_at END "
                "WHERE game_id = ? AND key = ? AND lease_owner = ?",
                (row.version, user_id, row.version, due_at, row.game_id, row.key, owner),
            )

    async def owe(
        self, game_id: int, key: str, lane: str, version: int, now: int, payload: dict[str, Any] | None = None
    ) -> None:
        """Owe a delivery outside a game change (e.g. telling a host what blocks the game's messages)."""
        async with self.transaction() as tx:
            row = _owed_row(game_id, key, lane, version, now, payload or {}, False)
            await tx._db.execute(_OWE.format(values="(?, ?, ?, ?, ?, ?, ?, ?)"), row)

    async def reconcile(self, now: int, guild_id: int | None = None) -> int:
        """Owe what running games lack and make every owed row due now; returns how many rows were owed.

        A running game whose board row is missing or older than the game (a game started before the
        outbox existed) owes its board; a seat that must act and was never told owes its turn notice.
        Rows held back (a missing permission, Discord failing) are tried again at once (not those held
        for a player's hours, which wait for them): called at
        start-up, when the gateway (re)connects or a server comes back (only that server's games),
        and on every scheduler pass."""
        where = "g.status = 'active'" + ("" if guild_id is None else " AND g.guild_id = ?")
        place: tuple[Any, ...] = () if guild_id is None else (guild_id,)
        async with self.transaction() as tx:
            boards = await tx._db.execute(
                "INSERT INTO deliveries (game_id, key, lane, version, payload, created_at, due_at) "
                f"SELECT g.id, 'board', 'board', g.version, '{{}}', ?, ? FROM games g WHERE {where} AND NOT EXISTS "
                "(SELECT 1 FROM deliveries d WHERE d.game_id = g.id AND d.key = 'board' AND d.version >= g.version) "
                "ON CONFLICT (game_id, key) DO UPDATE SET version = excluded.version, due_at = excluded.due_at, "
                "done_at = NULL, attempts = 0",
                (now, now, *place),
            )
            turns = await tx._db.execute(
                "INSERT INTO deliveries (game_id, key, lane, version, payload, created_at, due_at) "
                "SELECT g.id, 'turn:' || s.seat, 'notice', g.version, '{}', ?, ? FROM seats s "
                f"JOIN games g ON g.id = s.game_id WHERE {where} AND s.to_act = 1 AND s.ai_policy IS NULL "
                "AND s.autoplay = 0 AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.game_id = g.id "
                "AND d.key = 'turn:' || s.seat) ON CONFLICT (game_id, key) DO NOTHING",
                (now, now, *place),
            )
            await tx._db.execute(  # rows held for a player's hours keep waiting for them
                "UPDATE deliveries SET due_at = ? WHERE done_at IS NULL AND due_at > ? AND held_for IS NULL"
                + ("" if guild_id is None else " AND game_id IN (SELECT id FROM games WHERE guild_id = ?)"),
                (now, now, *place),
            )
        return boards + turns

    async def release_leases(self, owner: str) -> tuple[int, int]:
        """Give back every lease ``owner`` holds (it is stopping): its owed deliveries, due again at once
        for whichever process delivers next (the attempt cut short is not counted), and its games'
        scheduled work. Returns how many deliveries and games were released."""
        async with self.transaction() as tx:
            rows = await tx._db.execute(
                "UPDATE deliveries SET lease_owner = NULL, lease_until = NULL, "
                "attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END WHERE lease_owner = ?",
                (owner,),
            )
            games = await tx._db.execute(
                "UPDATE games SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ?", (owner,)
            )
        return rows, games

    async def next_delivery(self, lane: str) -> int | None:
        """When the next owed row of ``lane`` falls due (``None``: nothing is owed)."""
        rows = await self.fetch("SELECT MIN(due_at) FROM deliveries WHERE lane = ? AND done_at IS NULL", (lane,))
        return None if not rows or rows[0][0] is None else int(rows[0][0])

    async def deliveries(self, game_id: int) -> list[DeliveryRow]:
        """A game's outbox, delivered rows included."""
        rows = await self.fetch(
            f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE game_id = ? ORDER BY key", (game_id,)
        )
        return [_delivery(r) for r in rows]

    async def owed_deliveries(self) -> tuple[int, int | None]:
        """How many rows of games on Discord are owed and not yet delivered, and when the oldest fell due
        (games played on the command line owe rows nobody delivers; a row held for a player's hours is
        owed but not late)."""
        rows = await self.fetch(
            "SELECT COUNT(*), MIN(CASE WHEN held_for IS NULL THEN due_at END) FROM deliveries WHERE done_at IS NULL "
            "AND game_id IN (SELECT id FROM games WHERE channel_id IS NOT NULL)"
        )
        return int(rows[0][0]), (None if rows[0][1] is None else int(rows[0][1]))

    async def blocked_deliveries(self, guild_id: int | None = None) -> list[DeliveryRow]:
        """Owed rows Discord refuses for now (a permission, a locked thread), of one server or all."""
        sql = f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE done_at IS NULL AND blocked IS NOT NULL"
        if guild_id is not None:
            sql += " AND game_id IN (SELECT id FROM games WHERE guild_id = ?)"
        rows = await self.fetch(sql + " ORDER BY game_id, key", () if guild_id is None else (guild_id,))
        return [_delivery(r) for r in rows]

    # -- results -------------------------------------------------------------------------------
    async def results(
        self,
        *,
        guild_id: int | None = None,
        kind: str | None = None,
        user_id: int | None = None,
        game_id: int | None = None,
    ) -> list[ResultRow]:
        """Recorded results filtered by server, game kind, player and game, in finishing order."""
        clauses, params = [], []
        for column, value in (("guild_id", guild_id), ("kind", kind), ("user_id", user_id), ("game_id", game_id)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = await self.fetch(
            "SELECT game_id, seat, kind, guild_id, user_id, ai_level, name, team, score, rank, winner, reason, "
            f"changed_hands, timeouts, details, finished_at FROM results {where} ORDER BY finished_at, game_id, seat",
            params,
        )
        return [
            ResultRow(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                r[5],
                r[6],
                r[7],
                r[8],
                r[9],
                bool(r[10]),
                r[11],
                bool(r[12]),
                r[13],
                json.loads(r[14]),
                r[15],
            )
            for r in rows
        ]

    async def unrecorded_games(self) -> list[int]:
        """Finished games with no recorded results (finished before results were kept), oldest first."""
        rows = await self.fetch(
            "SELECT id FROM games g WHERE status = 'finished' "
            "AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) ORDER BY finished_at, id"
        )
        return [int(r[0]) for r in rows]

    # -- web links -------------------------------------------------------------------------------
    async def link_generation(self, user_id: int) -> int:
        """The generation ``user_id``'s links must carry to open (0 until they first revoke them)."""
        rows = await self.fetch("SELECT generation FROM link_generations WHERE user_id = ?", (user_id,))
        return int(rows[0][0]) if rows else 0

    async def spectator_links(self, guild_id: int) -> bool:
        """Whether the server lets those who may see a game's channel have a spectator link (by default yes)."""
        rows = await self.fetch("SELECT spectators FROM guild_web WHERE guild_id = ?", (guild_id,))
        return bool(rows[0][0]) if rows else True

    async def page_facts(
        self, user_id: int, reader_id: int, guild_id: int | None, game_id: int | None
    ) -> tuple[int, bool, int | None, str | None, str | None]:
        """What a web page checks before it reads a game, in one statement: ``user_id``'s link generation,
        whether ``guild_id`` lets spectator links be had, ``game_id``'s revision (``None``: no such game),
        and the languages ``reader_id`` and the server's managers chose (``None`` where nobody chose)."""
        rows = await self.fetch(
            "SELECT (SELECT generation FROM link_generations WHERE user_id = ?), "
            "(SELECT spectators FROM guild_web WHERE guild_id = ?), (SELECT revision FROM games WHERE id = ?), "
            "(SELECT lang FROM user_settings WHERE user_id = ? AND lang_chosen = 1), "
            "(SELECT lang FROM guild_settings WHERE guild_id = ? AND lang_chosen = 1)",
            (user_id, guild_id or 0, game_id or 0, reader_id, guild_id or 0),
        )
        generation, spectators, revision, mine, server = rows[0]
        return (
            int(generation or 0),
            spectators is None or bool(spectators),
            None if revision is None else int(revision),
            None if mine is None else str(mine),
            None if server is None else str(server),
        )

    async def link_generations(self, user_ids: Sequence[int]) -> dict[int, int]:
        """Each of ``user_ids``' link generation in one query (0 for a user who never revoked)."""
        out = dict.fromkeys(user_ids, 0)
        for start in range(0, len(user_ids), 500):
            chunk = user_ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            sql = f"SELECT user_id, generation FROM link_generations WHERE user_id IN ({marks})"
            out |= {int(row[0]): int(row[1]) for row in await self.fetch(sql, chunk)}
        return out

    async def spectator_switches(self, guild_ids: Sequence[int]) -> dict[int, bool]:
        """Whether each of ``guild_ids`` lets spectator links be had, in one query."""
        out = dict.fromkeys(guild_ids, True)
        for start in range(0, len(guild_ids), 500):
            chunk = guild_ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            sql = f"SELECT guild_id, spectators FROM guild_web WHERE guild_id IN ({marks})"
            out |= {int(row[0]): bool(row[1]) for row in await self.fetch(sql, chunk)}
        return out

    async def revisions(self, game_ids: Sequence[int]) -> dict[int, int]:
        """Each game's revision (bumped by every write to it: a move, a seat, a setting), in one query:
        what a page watching games polls to learn that one changed."""
        out: dict[int, int] = {}
        for start in range(0, len(game_ids), 500):
            chunk = game_ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            for row in await self.fetch(f"SELECT id, revision FROM games WHERE id IN ({marks})", chunk):
                out[int(row[0])] = int(row[1])
        return out


_DELIVERY_COLUMNS = "game_id, key, lane, version, payload, attempts, due_at, done_at, blocked, held_for"


_OWE = (
    "INSERT INTO deliveries (game_id, key, lane, version, payload, created_at, due_at, done_at) "
    "VALUES {values} ON CONFLICT (game_id, key) DO UPDATE SET lane = excluded.lane, "
    "version = excluded.version, payload = excluded.payload, due_at = excluded.due_at, "
    "done_at = excluded.done_at, attempts = 0, held_for = NULL"
)
"""Owe deliveries (``{values}``: a row of eight placeholders for each), each superseding the row of the same
game and key (see :meth:`Tx.owe`)."""


def _owed_row(
    game_id: int, key: str, lane: str, version: int, now: int, payload: dict[str, Any], done: bool
) -> tuple[Any, ...]:
    return (game_id, key, lane, version, dumps(payload), now, now, now if done else None)


def _delivery(r: Sequence[Any]) -> DeliveryRow:
    return DeliveryRow(
        int(r[0]), str(r[1]), str(r[2]), int(r[3]), json.loads(r[4]), int(r[5]), int(r[6]), r[7], r[8], r[9]
    )


async def _read_seats(db: Connection, game_id: int) -> tuple[SeatRow, ...]:
    """A game's seats with their users' vacation flags."""
    sql = f"SELECT {_SEAT_COLUMNS} FROM {_SEAT_FROM} WHERE s.game_id = ? ORDER BY s.seat"
    return tuple(_seat(r) for r in await db.fetch(sql, (game_id,)))


def _game(r: Sequence[Any]) -> GameRow:
    return GameRow(
        id=r[0],
        kind=r[1],
        options=json.loads(r[2]),
        seed=r[3],
        status=r[4],
        host_id=r[5],
        guild_id=r[6],
        channel_id=r[7],
        thread_id=r[8],
        version=r[9],
        turn_timer=r[10],
        replace_after=r[11],
        overrides=json.loads(r[12]),
        outcome=None if r[13] is None else json.loads(r[13]),
        ai_turn=bool(r[14]),
        created_at=r[15],
        updated_at=r[16],
        started_at=r[17],
        finished_at=r[18],
        seat_count=r[19],
        reminders=bool(r[20]),
        revision=r[21],
        missed_level=r[22],
        hints=bool(r[23]),
        active_hours=bool(r[24]),
        think=r[25],
    )


_SEAT_WIDTH = 18
"""How many columns :data:`_SEAT_COLUMNS` reads (a query may select more after them)."""


def _seat(r: Sequence[Any]) -> SeatRow:
    clock = SeatClock(deadline=r[7], remind_at=r[8], reminded=bool(r[9]), paused_left=r[10])
    hours = _hours(r[13], r[14], r[15])
    return SeatRow(
        r[0], r[1], r[2], r[3], r[4], bool(r[5]), bool(r[6]), clock, bool(r[11]), r[12], hours, bool(r[16]), bool(r[17])
    )


def _hours(zone: str | None, start: int | None, end: int | None) -> Hours | None:
    """A user's stored window, or ``None`` (always active). A zone the installed time-zone database no
    longer knows (they are renamed, rarely) leaves the player always active rather than failing reads."""
    if zone is None or start is None or end is None:
        return None
    try:
        return Hours(zone, start, end)
    except (ValueError, KeyError):  # ZoneInfoNotFoundError is a KeyError
        return None
