"""Active hours in the words and timestamps of a message: a player's local time, when they are back.

A player's own local time is written out (``14:05``, with the zone and its offset), since that is what
the table wants to know about them; every instant a reader acts on (when a player is back, the hours a
table shares, a deadline) is a Discord timestamp, which each reader sees in their own zone. ``now``
is always the service's clock, never the machine's, so what a message says agrees with the clocks.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import discord

from bot.clock import from_epoch, to_epoch
from bot.hours import Hours, local_time, shared
from bot.service.models import SeatInfo
from bot.words import t

DAY = timedelta(days=1)
SPANS_SHOWN = 3
"""How many of the spans a table shares the lobby lists (the next day's)."""


def back_at(hours: Hours | None, now: datetime) -> datetime | None:
    """When a player outside their hours is back (``None``: they are in them, or always active)."""
    if hours is None:
        return None
    opens = hours.opens_at(to_epoch(now))
    return None if opens <= to_epoch(now) else from_epoch(opens)


def asleep(line: str, hours: Hours | None, now: datetime, lang: str) -> str:
    """A "waiting for" line, with when its player is back if they are outside their hours now."""
    back = back_at(hours, now)
    if back is None:
        return line
    return t("hours.board.asleep", lang, line=line, when=discord.utils.format_dt(back, "R"))


def lobby_lines(seats: Sequence[SeatInfo], game_names: Sequence[str], now: datetime, lang: str) -> list[str]:
    """Each seated player's local time and hours, and the hours the table shares over the next day
    (none when nobody set hours: then nothing here is news)."""
    humans = [s for s in seats if not s.is_ai and s.user_id is not None]
    windows = [s.hours for s in humans if s.hours is not None]
    if not windows:
        return []
    lines = []
    for seat in humans:
        name = game_names[seat.seat]
        if seat.hours is None:
            lines.append(t("hours.lobby.always", lang, name=name))
        else:
            here = local_time(seat.hours.zone, now)
            lines.append(t("hours.lobby.player", lang, name=name, hours=seat.hours.label, **here))
    start = to_epoch(now)
    spans = shared(windows, start, start + int(DAY.total_seconds()))
    if spans:
        shown = ", ".join(
            f"{discord.utils.format_dt(from_epoch(a), 't')}–{discord.utils.format_dt(from_epoch(b), 't')}"
            for a, b in spans[:SPANS_SHOWN]
        )
        total = round(sum(b - a for a, b in spans) / 3600, 1)
        lines.append(t("hours.lobby.shared", lang, spans=shown, n=int(total) if total.is_integer() else total))
    else:
        lines.append(t("hours.lobby.none_shared", lang))
    lines.append(t("hours.lobby.as_of", lang, when=discord.utils.format_dt(now.astimezone(UTC), "t")))
    return lines
