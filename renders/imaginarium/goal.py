"""How the game ends and how close the table is, from public information only: the VP goal (VP
themselves stay behind the screens), the rounds played, and with Chimera the dream track."""

from __future__ import annotations

from engine.imaginarium.view import ImaginariumView
from renders.imaginarium import dream, labels


def lines(view: ImaginariumView, lang: str) -> list[str]:
    """The goal in a few short lines, the end condition first."""
    key = "goal.vp_team" if any(p.team is not None for p in view.players) else "goal.vp"
    played = max(0, view.round - (0 if view.phase == "ended" else 1))
    out = [
        labels.text(key, lang, n=view.target_vp),
        labels.text("goal.hidden", lang) + " · " + labels.text("goal.rounds", lang, n=played),
    ]
    if view.dream_spaces:
        where = dream.layout(view.dream_spaces)
        last = max(c for c, _ in where.values())
        positions = [
            where[p.dream_position][0]
            for p in view.players
            if p.dream_position is not None and p.dream_position in where
        ]
        out.append(labels.text("goal.dream", lang, n=last - max(positions, default=0)))
    return out
