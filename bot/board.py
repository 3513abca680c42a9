"""What every face shows beside the public board, in words: the game's title, round and phase, who must
act and until when, the public standings, the solo task and what each close-up shows.

Read from the game record and a spectator's view only, so none of it says what a screen hides. The
Discord layer lays these out in embeds, the web pages in HTML; what a game's standings and headline
say is its drawings' business (:class:`renders.api.Drawings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.hours import Hours
from bot.service.models import GameInfo
from engine.core.contract import View
from renders.api import Fields, drawings


def title(game: GameInfo) -> str:
    """A game as every list and heading names it: "Imaginarium #12"."""
    return f"{game.title} #{game.id}"


def headline(view: View, lang: str) -> str | None:
    """Round and phase ("Round 3 · planning"), then in solo the task and how far along it is; ``None``
    for a game whose drawings give no headline."""
    found = drawings(view.kind)
    return None if found is None else found.headline(view, lang)


def task(view: View, lang: str) -> Fields:
    """The solo game's task and how far along it is, as named lines; none for other games."""
    found = drawings(view.kind)
    return [] if found is None else found.task(view, lang)


def goal(view: View, seat_names: Sequence[str], lang: str) -> list[str]:
    """How the game ends and how close the table is, in a few lines (none for a game whose drawings
    say nothing of it)."""
    found = drawings(view.kind)
    return [] if found is None else found.goal(view, seat_names, lang)


def standings(view: View, seat_names: Sequence[str], lang: str) -> Fields:
    """The public standings of ``view`` (a spectator's), as its game's drawings word them; none for a
    game without drawings."""
    if view.viewer is not None:
        raise ValueError("the standings are read from a spectator's view only")
    found = drawings(view.kind)
    return [] if found is None else found.standings(view, seat_names, lang)


def caption(kind: str, area: str, lang: str) -> str:
    """What a close-up area shows ("The wheel and the four part piles"); a seat's area ("seat:<n>") is
    described once for every seat; "" for an area the catalogue does not describe."""
    found = drawings(kind)
    return "" if found is None else found.caption(area, lang)


@dataclass(frozen=True, slots=True)
class Acting:
    """A seat whose move the game waits for: its player's name, whether an AI plays it, its deadline, and
    its player's active hours (``None``: always active)."""

    seat: int
    name: str
    ai: bool
    deadline: datetime | None
    hours: Hours | None = None


def acting(game: GameInfo, seat_names: Sequence[str]) -> list[Acting]:
    """Who must act now, by name, in seat order (nobody unless the game is running)."""
    if game.status != "active":
        return []
    return [
        Acting(seat.seat, seat_names[seat.seat], seat.is_ai, seat.deadline, seat.hours)
        for seat in sorted(game.seats, key=lambda s: s.seat)
        if seat.to_act
    ]
