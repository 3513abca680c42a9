"""Games and their seats: the lobby and status columns, who holds each seat and its turn state.

The columns a seat is read with and how a row becomes a :class:`SeatRow` (with its player's stored
hours) live here too, public to the other topics: the scheduler reads seats and people's settings
read hours, and both must decode them the same way.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from bot.clock import SeatClock
from bot.hours import Hours
from bot.store.base import StoreBase, TxBase, dumps
from bot.store.connection import Connection
from bot.store.rows import GameRow, Loaded, SeatRow

_GAME_COLUMNS = (
    "id, kind, options, seed, status, host_id, guild_id, channel_id, thread_id, version, turn_timer, "
    "replace_after, overrides, outcome, ai_turn, created_at, updated_at, started_at, finished_at, seat_count, "
    "reminders, revision, missed_level, hints, active_hours, think"
)
SEAT_COLUMNS = (
    "s.game_id, s.seat, s.user_id, s.ai_policy, s.timeouts, s.autoplay, s.to_act, s.deadline_at, s.remind_at, "
    "s.reminded, s.paused_left, COALESCE(u.vacation, 0), s.display_name, u.tz, u.active_from, u.active_to, "
    "COALESCE(u.digest, 0), s.asleep"
)
SEAT_FROM = "seats s LEFT JOIN user_settings u ON u.user_id = s.user_id"
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


class GameTx(TxBase):
    """A transaction's writes to games and seats."""

    async def seats(self, game_id: int) -> tuple[SeatRow, ...]:
        """A game's seats as this transaction sees them."""
        return await _read_seats(self._db, game_id)

    async def user_clocks(self, user_id: int) -> list[tuple[SeatRow, int | None, bool]]:
        """The seats ``user_id`` holds (not AI-played) in running games, each with its game's turn timer
        and whether it counts active hours."""
        sql = (
            f"SELECT {SEAT_COLUMNS}, g.turn_timer, g.active_hours FROM {SEAT_FROM} JOIN games g "
            "ON g.id = s.game_id WHERE s.user_id = ? AND s.ai_policy IS NULL AND g.status = 'active' ORDER BY s.game_id"
        )
        return [(seat_row(r), r[_SEAT_WIDTH], bool(r[_SEAT_WIDTH + 1])) for r in await self._db.fetch(sql, (user_id,))]

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

    async def mark_asleep(self, marks: Iterable[tuple[int, int, bool]]) -> None:
        """Remember, per ``(game, seat, asleep)``, whether the board shows that seat's player asleep; a
        label like a display name, so no claim."""
        await self._db.executemany(
            "UPDATE seats SET asleep = ? WHERE game_id = ? AND seat = ?",
            [(int(asleep), game_id, seat) for game_id, seat, asleep in marks],
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


class GameStore(StoreBase):
    """Reads of games and seats."""

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
            sql = f"SELECT {SEAT_COLUMNS} FROM {SEAT_FROM} WHERE s.game_id IN ({marks}) ORDER BY s.game_id, s.seat"
            for row in await self.fetch(sql, chunk):
                out[row[0]].append(seat_row(row))
        return {game_id: tuple(seats) for game_id, seats in out.items()}

    async def user_seats(self, user_id: int, *, statuses: Sequence[str], to_act_only: bool = False) -> list[SeatRow]:
        """Seats held by ``user_id`` (AI-played ones excluded) in games with one of ``statuses``."""
        marks = ", ".join("?" * len(statuses))
        sql = (
            f"SELECT {SEAT_COLUMNS} FROM {SEAT_FROM} JOIN games g ON g.id = s.game_id "
            f"WHERE s.user_id = ? AND s.ai_policy IS NULL AND g.status IN ({marks})"
            + (" AND s.to_act = 1" if to_act_only else "")
            + " ORDER BY s.game_id"
        )
        return [seat_row(r) for r in await self.fetch(sql, (user_id, *statuses))]

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


async def _read_seats(db: Connection, game_id: int) -> tuple[SeatRow, ...]:
    """A game's seats with their users' vacation flags."""
    sql = f"SELECT {SEAT_COLUMNS} FROM {SEAT_FROM} WHERE s.game_id = ? ORDER BY s.seat"
    return tuple(seat_row(r) for r in await db.fetch(sql, (game_id,)))


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
"""How many columns :data:`SEAT_COLUMNS` reads (a query may select more after them)."""


def seat_row(r: Sequence[Any]) -> SeatRow:
    clock = SeatClock(deadline=r[7], remind_at=r[8], reminded=bool(r[9]), paused_left=r[10])
    hours = stored_hours(r[13], r[14], r[15])
    return SeatRow(
        r[0], r[1], r[2], r[3], r[4], bool(r[5]), bool(r[6]), clock, bool(r[11]), r[12], hours, bool(r[16]), bool(r[17])
    )


def stored_hours(zone: str | None, start: int | None, end: int | None) -> Hours | None:
    """A user's stored window, or ``None`` (always active). A zone the installed time-zone database no
    longer knows (they are renamed, rarely) leaves the player always active rather than failing reads."""
    if zone is None or start is None or end is None:
        return None
    try:
        return Hours(zone, start, end)
    except (ValueError, KeyError):  # ZoneInfoNotFoundError is a KeyError
        return None
