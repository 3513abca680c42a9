"""End of the game: majorities, final scores and the winner.

Rulebook: Victory. For wood, copper, crystal and charcoalium the player with the most gains 2 VP (all
tied leaders do; 3 with AS13); the most VP wins; ties go to the highest sum of the levels of the
repaired machines; a further tie is a shared win.
"""

from __future__ import annotations

from engine.core.contract import Outcome
from engine.imaginarium.cards import CH, RESOURCES, VP
from engine.imaginarium.machines import has, repaired_levels
from engine.imaginarium.state import MAJORITIES, State


def add_majorities(state: State) -> None:
    data = state.data
    for good in (*RESOURCES, CH):
        best = max(p.goods[good] for p in state.players)
        if best == 0:
            continue  # no majority in a category nobody holds
        for p in state.players:
            if p.goods[good] == best:
                bonus = data.big_majority_bonus if has(data, p, "big_majorities") else data.majority_bonus
                p.goods[VP] += bonus
                p.vp_from[MAJORITIES] += bonus


def ranking(state: State) -> list[tuple[int, int, int]]:
    """(seat, VP, tie-break) best first."""
    rows = [(p.seat, p.goods[VP], repaired_levels(state.data, p)) for p in state.players]
    return sorted(rows, key=lambda r: (-r[1], -r[2], r[0]))


def outcome(state: State) -> Outcome | None:
    if state.phase != "ended":
        return None
    rows = ranking(state)
    best = rows[0][1:]
    winners = tuple(sorted(seat for seat, vp, tie in rows if (vp, tie) == best))
    scores = tuple(p.goods[VP] for p in state.players)
    tiebreak = {str(p.seat): repaired_levels(state.data, p) for p in state.players}
    return Outcome(winners, scores, f"imaginarium.end.{state.end_reason}", {"tiebreak": tiebreak})
