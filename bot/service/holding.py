"""Nothing wakes anyone: what the outbox owes a player waits for their active hours.

A turn ping (or "your turn" DM), a reminder and the private word to a host are addressed to one
person. When such a row comes due while that person is outside their hours, it is not handed to the
worker: it is *held* for them (``held_for``) until their window next opens, and then everything held
for them, from every game, is leased together so the Discord layer sends one digest instead of a
burst. A player who asked for a daily digest has their turn notices held until their window next
opens even during their hours; reminders still come, inside their hours, so the digest never costs
them a turn. Public rows (the board, the lobby, the table's notes, which mention nobody) are never
held, and a player without hours is never held.

The decision is made when a row is leased (:meth:`bot.service.deliveries.Deliveries.claim_deliveries`),
from the player's hours as they are then: a row owed at any time, by any path (a move, a timeout, a
reconciliation, a thread lost and found), passes this one gate.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.hours import Hours
from bot.service import outbox
from bot.store import DeliveryRow, GameRow, SeatRow, Store


def addressee(row: DeliveryRow, game: GameRow, seats: Sequence[SeatRow]) -> int | None:
    """Who a row would reach on its own (``None``: a public row, or a turn notice that only takes an
    old ping away): the player of a seat whose turn notice or reminder it is, while that seat's human
    must act; the host for the word about what blocks the game."""
    if row.key == outbox.HOST_BLOCKED:
        return game.host_id
    seat_no = outbox.seat_of(row.key)
    if seat_no is None or game.status != "active":
        return None
    seat = next((s for s in seats if s.seat == seat_no), None)
    if seat is None or not seat.to_act or not seat.human:
        return None
    return seat.user_id


def held_until(row: DeliveryRow, hours: Hours | None, digest: bool, now: int) -> int | None:
    """When a row addressed to a player with ``hours`` may go out, if not now (``None``: now).

    Outside their hours: when the window next opens. A row already held whose time has come goes out
    while the window is open. A turn notice for a player who wants a daily digest waits for the next
    opening even inside their hours.
    """
    if hours is None:
        return None
    if digest and row.key.startswith(outbox.TURN) and row.held_for is None:
        start = hours.next_start(now)
        return None if start <= now else start
    opens = hours.opens_at(now)
    return None if opens <= now else opens


async def sort_out(store: Store, rows: Sequence[DeliveryRow], owner: str, now: int) -> list[DeliveryRow]:
    """Of leased ``rows``, hold each that its player may not receive now (given back to the outbox,
    held for them until their hours begin) and return the others, to deliver."""
    personal = (outbox.TURN, outbox.REMIND, outbox.HOST_BLOCKED)
    if not any(row.key.startswith(personal) for row in rows):
        return list(rows)
    games: dict[int, tuple[GameRow, Sequence[SeatRow]]] = {}
    for game_id in sorted({r.game_id for r in rows}):
        game = await store.game(game_id)  # not its snapshot: who sits where is enough
        if game is not None:
            games[game_id] = (game, await store.seats(game_id))
    people = [addressee(row, *games[row.game_id]) if row.game_id in games else None for row in rows]
    settings = await store.user_hours({user for user in people if user is not None})
    out = []
    for row, user in zip(rows, people, strict=True):
        _, hours, digest = settings.get(user, (None, None, False)) if user is not None else (None, None, False)
        until = held_until(row, hours, digest, now)
        if until is None or user is None:
            out.append(row)
        else:
            await store.hold(row, owner, until, user)
    return out
