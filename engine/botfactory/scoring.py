"""Final scoring, the tie-breaks and the solo performance report (rulebook: final scoring; tasks).

Players assign their robots to the contracts they reserved, each robot to at most one contract;
the engine picks the assignment that scores best for the player (in solo, one meeting the task
first). Requirements are counts of colours, so a set of contracts can be fulfilled exactly when the
robots of each colour cover the sum of their needs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.botfactory import procedures
from engine.botfactory.loader import ContractDef
from engine.botfactory.state import State


@dataclass(frozen=True)
class Score:
    robots: int
    contracts_won: int
    contracts_lost: int
    token_pairs: int
    parts_penalty: int
    projects_penalty: int
    fulfilled: tuple[int, ...]
    robot_count: int
    tokens: int
    task_met: bool

    @property
    def total(self) -> int:
        return (
            self.robots
            + self.contracts_won
            - self.contracts_lost
            + self.token_pairs
            - self.parts_penalty
            - self.projects_penalty
        )


def robot_colours(state: State, seat: int) -> list[int]:
    """Colour of each robot (the universal robot counts as its project's colour)."""
    return [state.rules.projects[p] for p in state.players[seat].robots]


def fulfils(robots: Counter[int], contracts: Iterable[ContractDef]) -> bool:
    """Whether robots of these colours (a count by colour) fulfil ``contracts`` together, each robot
    serving one contract: they cover the sum of the contracts' needs."""
    need = Counter(c for contract in contracts for c in contract.needs)
    return all(need[c] <= robots[c] for c in need)


def score(state: State, seat: int) -> Score:
    rules = state.rules
    player = state.players[seat]
    colours = robot_colours(state, seat)
    have = Counter(colours)
    mine = [
        (pos, rules.contracts[state.grid[pos]], state.reservations[pos].index(seat))
        for pos in procedures.reserved(state, seat)
    ]
    task = state.solo.task if state.solo is not None else None
    best: tuple[bool, int, int, int, tuple[int, ...]] | None = None
    for mask in range(1 << len(mine)):
        chosen = [m for i, m in enumerate(mine) if mask >> i & 1]
        if not fulfils(have, (contract for _, contract, _ in chosen)):
            continue
        won = sum(contract.slots[slot] + rules.row_vp[rules.contract_row(pos)] for pos, contract, slot in chosen)
        lost = sum(contract.slots[slot] for i, (_, contract, slot) in enumerate(mine) if not mask >> i & 1)
        met = task_met(state, have, task, len(chosen)) if task is not None else True
        key = (met, won - lost, won, lost, tuple(pos for pos, _, _ in chosen))
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    met, _, won, lost, fulfilled = best
    return Score(
        robots=sum(state.values[c] for c in colours),
        contracts_won=won,
        contracts_lost=lost,
        token_pairs=player.tokens // 2,
        parts_penalty=len(player.parts),
        projects_penalty=2 * len(player.projects),
        fulfilled=fulfilled,
        robot_count=len(player.robots),
        tokens=player.tokens,
        task_met=met,
    )


def task_met(state: State, counts: Counter[int], task: str, contracts: int) -> bool:
    """Rulebook task tiles: A 3 robots of one colour; B 3 robots of 3 colours each worth 12+;
    C 2 robots of one colour and 2 of another; D 3 contracts fulfilled. ``counts``: robots by
    colour."""
    if task == "A":
        return any(n >= 3 for n in counts.values())
    if task == "B":
        worthy = [c for c in counts if state.values[c] >= state.rules.task_b_value]
        return len(worthy) >= 3
    if task == "C":
        return sum(1 for n in counts.values() if n >= 2) >= 2
    return contracts >= 3


def winners(scores: list[Score]) -> tuple[int, ...]:
    """Most VP; ties go to most robots, then to the tied player(s) holding an odd number of tokens;
    otherwise the victory is shared."""
    top = max(s.total for s in scores)
    tied = [i for i, s in enumerate(scores) if s.total == top]
    most = max(scores[i].robot_count for i in tied)
    tied = [i for i in tied if scores[i].robot_count == most]
    odd = [i for i in tied if scores[i].tokens % 2 == 1]
    return tuple(odd or tied)


def report(state: State, total: int) -> str:
    """Solo performance report band for a total (task met)."""
    band = state.rules.report_below
    for name, start in state.rules.report_bands:
        if total >= start:
            band = name
    return band


Line = tuple[str, dict[str, Any]]


def task_progress(state: State, seat: int = 0) -> Line:
    """How far the solo player is toward the task tile, as a message key and its parameters
    (the same counts :func:`task_met` checks, read now)."""
    assert state.solo is not None
    task = state.solo.task
    counts = Counter(robot_colours(state, seat))
    if task == "A":
        n, need = max(counts.values(), default=0), 3
    elif task == "B":
        n, need = sum(1 for c in counts if state.values[c] >= state.rules.task_b_value), 3
    elif task == "C":
        n, need = sum(1 for k in counts.values() if k >= 2), 2
    else:
        n, need = len(score(state, seat).fulfilled), 3
    return f"botfactory.progress.{task}", {"n": n, "need": need, "value": state.rules.task_b_value}


def solo_end(state: State, total: int, met: bool) -> Line:
    """How the solo game ended, in one sentence: the task, what it came to (its count against what it
    asks) and what that means: fired, with a score that does not count, or the performance report's
    band for ``total`` (rulebook: Inspection, end of the game). The message is
    ``botfactory.solo.<fired or band>``; its parameters also name the progress words
    (``botfactory.reached.<task>``, written by :func:`engine.botfactory.words.localise`)."""
    assert state.solo is not None
    _, progress = task_progress(state)
    params: dict[str, Any] = {"task": state.solo.task, "total": total, **progress}
    if not met:
        return "botfactory.solo.fired", params
    band = report(state, total)
    low, high = next((low, high) for name, low, high in bands(state) if name == band)
    return f"botfactory.solo.{band}", {**params, "low": low, "high": low if high is None else high}


def bands(state: State) -> list[tuple[str, int, int | None]]:
    """The performance report's bands as (name, lowest total, highest total or ``None`` for no
    limit), lowest first; the first starts at 0 (a negative total is poor too)."""
    names = [state.rules.report_below, *(name for name, _ in state.rules.report_bands)]
    starts = [0, *(start for _, start in state.rules.report_bands)]
    return [
        (name, low, starts[i + 1] - 1 if i + 1 < len(starts) else None)
        for i, (name, low) in enumerate(zip(names, starts, strict=True))
    ]


def winner_reasons(scores: list[Score]) -> list[Line]:
    """Who won and, when totals tie, which tie-break decided (rulebook: most robots, then an odd
    number of tokens, else a shared victory)."""
    won = winners(scores)
    top = max(s.total for s in scores)
    tied = [i for i, s in enumerate(scores) if s.total == top]
    out: list[Line] = [("botfactory.report.winner", {"seat": s, "total": scores[s].total}) for s in won]
    if len(tied) > 1:
        most = max(scores[i].robot_count for i in tied)
        by_robots = [i for i in tied if scores[i].robot_count == most]
        if len(by_robots) < len(tied):
            out.append(("botfactory.report.tie_robots", {"n": most}))
        if len(by_robots) > 1 and len(won) < len(by_robots):
            out.append(("botfactory.report.tie_tokens", {}))
        if len(won) > 1:
            out.append(("botfactory.report.shared", {"n": len(won)}))
    return out
