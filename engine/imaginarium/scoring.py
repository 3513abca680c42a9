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


def add_majorities(state: State) -> list[tuple[int, int, int]]:
    """Chimera team play compares teams (one shared screen each); AS13 counts for its owner's team.
    Returns (seat, good, VP) for every majority scored, for the log."""
    data = state.data
    scored: list[tuple[int, int, int]] = []
    screens = [p for p in state.players if not state.teams or p.seat % 2 == 0]
    for good in (*RESOURCES, CH):
        best = max(p.goods[good] for p in screens)
        if best == 0:
            continue  # no majority in a category nobody holds
        for p in screens:
            if p.goods[good] == best:
                big = any(has(data, state.players[m], "big_majorities") for m in state.mates(p.seat))
                bonus = data.big_majority_bonus if big else data.majority_bonus
                p.goods[VP] += bonus
                p.vp_from[MAJORITIES] += bonus
                scored.append((p.seat, good, bonus))
    return scored


def tiebreak(state: State, seat: int) -> int:
    """The sum of the levels of the repaired machines (of both teammates in team play)."""
    return sum(repaired_levels(state.data, state.players[m]) for m in state.mates(seat))


def ranking(state: State) -> list[tuple[int, int, int]]:
    """(seat, VP, tie-break) best first."""
    rows = [(p.seat, p.goods[VP], tiebreak(state, p.seat)) for p in state.players]
    return sorted(rows, key=lambda r: (-r[1], -r[2], r[0]))


def outcome(state: State) -> Outcome | None:
    if state.flow.phase != "ended":
        return None
    rows = ranking(state)
    best = rows[0][1:]
    winners = tuple(sorted(seat for seat, vp, tie in rows if (vp, tie) == best))
    scores = tuple(p.goods[VP] for p in state.players)
    levels = {str(p.seat): tiebreak(state, p.seat) for p in state.players}
    return Outcome(winners, scores, f"imaginarium.end.{state.flow.end_reason}", {"tiebreak": levels})
