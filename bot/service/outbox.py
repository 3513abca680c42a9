"""What a change owes the players' screens, written into the outbox in the change's own transaction.

A committed move is only half of what players need: the board must show it and whoever must act must
be told. So every change that alters what people see records, in the same transaction as the change,
the deliveries it owes (:meth:`bot.store.Tx.owe`); the Discord layer delivers them at least once and
marks them done only once Discord accepted them. One row per game and key: a newer change to the
board supersedes the older board row (a board is always drawn from the game as stored, so only the
newest matters), and a seat's turn row is owed again whenever its turn starts or ends.

The keys, and what delivering each means:

- ``board``: the board message shows the game as stored (opening the game's thread first if it has none);
- ``final``: the final scores and the post-game report are posted in the thread;
- ``lobby``: the lobby message shows the game's seats and status (posted anew when ``lost`` in the
  payload names the message a moderator deleted while the lobby was still open);
- ``turn:<seat>``: the seat's live turn notice matches the game: a ping or DM when its turn began, the
  old ping deleted when its turn is over;
- ``remind:<seat>``: the reminder of the seat's deadline (``deadline`` in the payload) while it still holds;
- ``note:<version>:<what>:<seat>``: a line in the thread about the table (a missed turn, a seat handed over
  or given, settings changed, a hint asked), its :data:`TYPE` in the payload;
- ``host:blocked``: the host is told privately what keeps the game's messages from being posted;
- ``drop:<message id>``: a ping nobody waits on any more is deleted (``channel`` in the payload).

Nothing here carries private information: each payload may be shown in a public channel.
"""

from __future__ import annotations

from typing import Any, Final

from bot.clock import to_epoch
from bot.notifications import GameEnded, Notification, Reminder, SeatReplaced, SeatTaken, TimedOut
from bot.store import NoteRow, Tx

BOARD_LANE: Final = "board"
"""Deliveries that draw and upload images: the board and the final scores."""
NOTICE_LANE: Final = "notice"
"""Deliveries that only say something: turn notices, reminders, notes, the lobby; never behind an image."""

BOARD: Final = "board"
FINAL: Final = "final"
LOBBY: Final = "lobby"
TURN: Final = "turn:"
REMIND: Final = "remind:"
NOTE: Final = "note:"
HOST_BLOCKED: Final = "host:blocked"
DROP: Final = "drop:"
TYPE: Final = "type"
"""The payload field naming what a ``note:`` row says: ``timed_out``, ``replaced``, ``taken``, ``moved`` or ``log``."""


def lane_of(key: str) -> str:
    """The lane a key is delivered in."""
    return BOARD_LANE if key in (BOARD, FINAL) else NOTICE_LANE


def seat_of(key: str) -> int | None:
    """The seat of a ``turn:`` or ``remind:`` key."""
    for prefix in (TURN, REMIND):
        if key.startswith(prefix):
            return int(key.removeprefix(prefix))
    return None


async def owe(tx: Tx, game_id: int, key: str, version: int, now: int, payload: dict[str, Any] | None = None) -> None:
    """Owe delivery ``key`` of game ``game_id`` at ``version``, in ``tx``."""
    await tx.owe(game_id, key, lane_of(key), version, now, payload)


async def owe_turn(tx: Tx, game_id: int, seat: int, version: int, now: int, *, told: bool = False) -> None:
    """The seat's turn began or ended at ``version``: its turn notice must follow. ``told``: the change
    itself was that seat's own (an undo), so it is not pinged for it."""
    await tx.owe(game_id, f"{TURN}{seat}", NOTICE_LANE, version, now, done=told)


async def owe_news(tx: Tx, note: Notification, version: int, now: int) -> None:
    """Owe what a notification from the service needs players to see."""
    game_id = note.game_id
    if isinstance(note, GameEnded):
        await owe(tx, game_id, FINAL, version, now)
        await owe(tx, game_id, LOBBY, version, now)
    elif isinstance(note, Reminder):
        await owe(tx, game_id, f"{REMIND}{note.seat}", version, now, {"deadline": to_epoch(note.deadline)})
    elif isinstance(note, TimedOut):
        said = {TYPE: "timed_out", "seat": note.seat, "user": note.user_id, "replaced": note.replaced}
        await owe(tx, game_id, f"{NOTE}{version}:timed_out:{note.seat}", version, now, said)
    elif isinstance(note, SeatReplaced) and note.reason in ("abandoned", "kicked"):
        said = {TYPE: "replaced", "seat": note.seat, "user": note.user_id, "reason": note.reason}
        await owe(tx, game_id, f"{NOTE}{version}:replaced:{note.seat}", version, now, said)
    elif isinstance(note, SeatTaken):
        said = {TYPE: "taken", "seat": note.seat, "user": note.user_id, "previous": note.previous}
        await owe(tx, game_id, f"{NOTE}{version}:taken:{note.seat}", version, now, said)


async def owe_log_note(tx: Tx, note: NoteRow) -> None:
    """Owe a thread line for a public note of the game's log (settings changed, a hint asked)."""
    said = {TYPE: "log", "key": note.key, "params": note.params, "seat": note.seat}
    key = f"{NOTE}{note.after}:{note.key}:{'' if note.seat is None else note.seat}"
    await owe(tx, note.game_id, key, note.after, note.created_at, said)
