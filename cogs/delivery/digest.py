"""The digest: what waited for a player while they were outside their hours, as one message.

The service holds a player's turn notices, reminders and host words while they sleep
(:mod:`bot.service.holding`) and hands them over together when their hours begin. What still holds
of them — a turn still theirs, a reminder whose deadline stands, the word about a blocked game — is
listed here, at most one line per seat: the turn notice already says the deadline, so a reminder of
the same turn is left out. The publisher sends the list by DM when it spans several games (one
notification, not a burst), and each game's notice its usual way otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from bot.service import Delivery, GameInfo
from bot.service import outbox as owed
from bot.words import t
from cogs.kit.text import deadline, title


@dataclass(frozen=True)
class Item:
    """One line of a digest: a game's turn notice, reminder or host word, and the deadline it names."""

    game: GameInfo
    row: Delivery
    kind: Literal["turn", "reminder", "host"]
    deadline: datetime | None = None


def items(games: Mapping[int, GameInfo], rows: Sequence[Delivery], user_id: int) -> list[Item]:
    """What of ``rows`` (held for ``user_id``) still has something to tell them, in the rows' order."""
    turns = {(r.game_id, owed.seat_of(r.key)) for r in rows if r.key.startswith(owed.TURN)}
    out = []
    for row in rows:
        game = games[row.game_id]
        if row.key == owed.HOST_BLOCKED:
            out.append(Item(game, row, "host"))
            continue
        number = owed.seat_of(row.key)
        seat = next((s for s in game.seats if s.seat == number), None)
        if game.status != "active" or seat is None or not seat.to_act or seat.is_ai or seat.user_id != user_id:
            continue
        if row.key.startswith(owed.TURN):
            out.append(Item(game, row, "turn", seat.deadline))
        elif (game.id, number) not in turns and _holds(seat.deadline, row):
            out.append(Item(game, row, "reminder", seat.deadline))
    return out


def _holds(moment: datetime | None, row: Delivery) -> bool:
    """Whether a reminder still names the seat's deadline (a deadline that moved makes it stale)."""
    return moment is not None and int(moment.timestamp()) == row.payload.get("deadline")


def spans_games(said: Sequence[Item]) -> bool:
    """Whether a digest is worth a message of its own: it speaks of more than one game."""
    return len({item.game.id for item in said}) > 1


def line(item: Item, link: str, lang: str) -> str:
    """A turn or reminder line, with the deadline each reader sees in their own time and a link."""
    if item.kind == "turn":
        when = "" if item.deadline is None else " " + t("thread.deadline", lang, when=deadline(item.deadline, lang))
        return t("hours.digest.turn", lang, game=title(item.game), when=when, link=link)
    return t("hours.digest.reminder", lang, game=title(item.game), ends=deadline(item.deadline, lang), link=link)


def message(lines: Sequence[str], said: Sequence[Item], lang: str) -> str:
    """The digest: how many games wait, then a line each."""
    count = len({item.game.id for item in said})
    return "\n".join([t("hours.digest.title", lang, n=count), *(f"• {text}" for text in lines)])
