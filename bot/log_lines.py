"""A game log's lines as a player reads them, each attributed once to the player it concerns; the
Discord log (:mod:`cogs.table.log`), ``bricabot play`` and ``bricabot demo`` show them alike.

A line is told about the player it concerns, not about whoever made the move: one move can make
several seats act (an attack makes every opponent give something up, the end of a turn starts the next
player's), so a line is attributed to the seat named in its event (the game's seat parameters), and
gets that player's name in front only when its sentence does not already name them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from bot.service import LogEntry
from bot.words import t
from engine.core.contract import Event, Game


def concerns(game: Game[Any], event: Event) -> int | None:
    """The seat an event is about: its ``seat`` parameter, else its first other seat parameter; ``None``
    for an event about the table (a new round, the belt moving) or about no seat."""
    keys = sorted(game.seat_params.intersection(event.params), key=lambda key: (key != "seat", key))
    for key in keys:
        seat = event.params[key]
        if isinstance(seat, int) and not isinstance(seat, bool):
            return seat
    return None


def lines(game: Game[Any], entry: LogEntry, seat_names: Sequence[str], lang: str) -> Iterator[str]:
    """An entry's lines, each attributed once to the player it concerns.

    A line whose sentence already names its player is shown as it is ("Ana used the Carpenteur");
    one that does not gets the name in front ("Ana: Recruit"). A turn an AI played after a missed
    deadline says so first, about the player who missed it.
    """

    def name(seat: int) -> str | None:
        return seat_names[seat] if 0 <= seat < len(seat_names) else None

    if entry.actor == "timeout" and entry.seat is not None:
        who = name(entry.seat)
        if who is not None:
            yield t("history.timeout", lang, who=who)
    yield from attributed(game, entry.events, entry.lines, seat_names, lang)


def attributed(
    game: Game[Any], events: Sequence[Event], texts: Sequence[str], seat_names: Sequence[str], lang: str
) -> Iterator[str]:
    """Each event's text (``texts``, in the same order) with the name of the player it concerns in
    front when the sentence does not already name them ("Ana: took the blue head")."""
    for event, line in zip(events, texts, strict=True):
        seat = concerns(game, event)
        who = seat_names[seat] if seat is not None and 0 <= seat < len(seat_names) else None
        yield line if who is None or _names(line, who) else t("history.line", lang, who=who, line=line)


def _names(line: str, who: str) -> bool:
    """Whether ``line`` names ``who`` as a whole (a player called "Al" is not named by "Alice")."""
    return re.search(rf"(?<!\w){re.escape(who)}(?!\w)", line) is not None
