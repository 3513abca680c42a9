"""How the game ends and how close the table is, from public information only: the robots each seat
has built and the robots of each colour left on the assembly board."""

from __future__ import annotations

from collections.abc import Sequence

from engine.botfactory.view import BotFactoryView
from renders.botfactory import labels
from renders.kit.names import seat_name


def lines(view: BotFactoryView, names: Sequence[str] | None, lang: str) -> list[str]:
    """The end condition and how close the table is: robots built per seat, robots left per colour."""
    most = max((len(p.robots) for p in view.players), default=0)
    leaders = [seat_name(p.seat, names, lang) for p in view.players if len(p.robots) == most and most]
    left = ", ".join(f"{labels.colour(c.colour, lang)} {c.robots_left}" for c in view.assembly)
    return [labels.text("goal.robots", lang, n=view.robots_to_end),
            labels.text("goal.most", lang, n=most, names=", ".join(leaders) or labels.text("nobody", lang)),
            labels.text("goal.left", lang, left=left)]
