"""What another choice changes, as Bot Factory's guided tutorial tells it (the game's ``COMPARE``, see
:meth:`engine.core.tutorial.Tutorial.contrast`).

Two positions reached from the same step are weighed by what the learner holds or has built: speech
tokens, parts in hand and on the assembly board, robots, projects, robot values, the contracts they
reserved, their points as the game stands, what their worker's space lets them do (a finance space
lets them spend at most the tokens they hold, so two spaces that let them spend them all are alike),
the credits and bonuses still open in their turn, the wheel's entries and exits, and whether their
turn is over. Each difference is an event in the game's catalogue (``botfactory.lesson.*``), with the
ids the localiser writes as words (parts, colours, boards, spaces, contracts).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.botfactory import procedures, scoring
from engine.botfactory.state import EMPTY, State
from engine.botfactory.view import BOARDS
from engine.core.contract import Event

LEARNER = 0
BONUSES = {
    "place": "botfactory.lesson.no_place",
    "icon": "botfactory.lesson.no_icon",
    "project": "botfactory.lesson.no_project",
}
"""Sub-decisions a choice opens that give the learner something (a placement, a part, a project),
with what an answer says when the other choice does not open it."""


def _event(key: str, **params: Any) -> Event:
    return Event(key, params)


def _parts(state: State, tiles: list[int]) -> Counter[str]:
    return Counter(procedures.part_name(state, t) for t in tiles)


def _placed(state: State) -> Counter[str]:
    """The parts standing on the assembly board, by name."""
    return _parts(state, [t for column in state.columns for t in column if t != EMPTY])


def _colours(state: State, tiles: list[int]) -> Counter[str]:
    return Counter(state.rules.colours[state.rules.projects[t]] for t in tiles)


def _reserved(state: State) -> set[str]:
    """The contracts the learner holds a token on, by the colours they need ("red+blue")."""
    rules = state.rules
    return {
        "+".join(rules.colours[c] for c in rules.contracts[state.grid[pos]].needs)
        for pos, seats in enumerate(state.reservations)
        if LEARNER in seats and state.grid[pos] != EMPTY
    }


def _worker(state: State) -> tuple[str, int, int, int] | None:
    """The learner's worker's board, what its space lets them do with what they hold now, what it
    costs and what it gives."""
    player = state.players[LEARNER]
    if player.pos == EMPTY:
        return None
    space = state.rules.spaces[procedures.key_space(player.pos)]
    board = BOARDS[space.board]
    amount = space.amount
    if board == "finance":
        amount = min(amount, player.tokens - space.cost)
    elif board == "assembly":
        amount = min(amount, len(player.parts))
    return board, amount, space.cost, space.gain


def _bonus(state: State) -> str:
    """The bonus the learner is offered now ("" for none)."""
    for item in reversed(state.flow.stack):
        if item and item[0] in BONUSES:
            return str(item[0])
    return ""


def _mine(state: State) -> bool:
    """Whether the learner's turn (or set-up choice) is the one in progress."""
    turn = state.flow.turn
    return turn is not None and turn.seat == LEARNER and not turn.ending


def _count(more: str, less: str, before: int, after: int, **params: Any) -> list[Event]:
    """``more`` or ``less`` by how far ``after`` is from ``before`` (nothing when they are equal)."""
    if before == after:
        return []
    return [_event(more if after > before else less, n=abs(after - before), **params)]


def _holdings(taught: State, chosen: State) -> list[Event]:
    a, b = taught.players[LEARNER], chosen.players[LEARNER]
    out = []
    on_a, on_b = _placed(taught), _placed(chosen)
    moved = (on_a - on_b) + (on_b - on_a)  # placed in one story, in hand in the other: said once, as placed
    hand_a, hand_b = _parts(taught, a.parts) - moved, _parts(chosen, b.parts) - moved
    for part, was in zip(sorted((hand_b - hand_a).elements()), sorted((hand_a - hand_b).elements()), strict=False):
        out.append(_event("botfactory.lesson.hand_instead", part=part, top=was))
    extra, missing = hand_b - hand_a, hand_a - hand_b
    n = min(sum(extra.values()), sum(missing.values()))
    for part in sorted(extra.elements())[n:]:
        out.append(_event("botfactory.lesson.hand_more", part=part))
    for part in sorted(missing.elements())[n:]:
        out.append(_event("botfactory.lesson.hand_less", part=part))
    for part in sorted((on_b - on_a).elements()):
        out.append(_event("botfactory.lesson.placed", part=part))
    for part in sorted((on_a - on_b).elements()):
        out.append(_event("botfactory.lesson.not_placed", part=part))
    robots_a, robots_b = _colours(taught, a.robots), _colours(chosen, b.robots)
    out += [_event("botfactory.lesson.robot_more", colour=c) for c in sorted((robots_b - robots_a).elements())]
    out += [_event("botfactory.lesson.robot_less", colour=c) for c in sorted((robots_a - robots_b).elements())]
    # A robot not built leaves its project in hand: the robot says it, not a project "more".
    projects_a = _colours(taught, a.projects) + (robots_a - robots_b)
    projects_b = _colours(chosen, b.projects) + (robots_b - robots_a)
    out += [_event("botfactory.lesson.project_more", colour=c) for c in sorted((projects_b - projects_a).elements())]
    out += [_event("botfactory.lesson.project_less", colour=c) for c in sorted((projects_a - projects_b).elements())]
    out += _count("botfactory.lesson.tokens_more", "botfactory.lesson.tokens_less", a.tokens, b.tokens)
    return out


def _board(taught: State, chosen: State) -> list[Event]:
    out = []
    rules = taught.rules
    for colour, (x, y) in enumerate(zip(taught.values, chosen.values, strict=True)):
        if x != y:
            out.append(_event("botfactory.lesson.value", colour=rules.colours[colour], n=y, was=x))
    out += [
        _event("botfactory.lesson.contract_more", contract="", needs=n)
        for n in sorted(_reserved(chosen) - _reserved(taught))
    ]
    out += [
        _event("botfactory.lesson.contract_less", contract="", needs=n)
        for n in sorted(_reserved(taught) - _reserved(chosen))
    ]
    removed_a = {p for p, tile in enumerate(taught.grid) if tile == EMPTY}
    removed_b = {p for p, tile in enumerate(chosen.grid) if tile == EMPTY}
    for key, gone, kept in (
        ("botfactory.lesson.removed", removed_b - removed_a, chosen),
        ("botfactory.lesson.kept", removed_a - removed_b, taught),
    ):
        for pos in sorted(gone):
            tile = (taught if kept is chosen else chosen).grid[pos]
            needs = "+".join(rules.colours[c] for c in rules.contracts[tile].needs)
            out.append(_event(key, contract="", needs=needs))
    others = [s for s in range(rules.wheel_slots) if s not in rules.entries]
    if taught.turns != chosen.turns:
        out.append(
            _event("botfactory.lesson.wheel_turned" if _turned(taught, chosen) else "botfactory.lesson.wheel_still")
        )
    elif all(taught.wheel[s] == chosen.wheel[s] for s in others):  # only the refilled entries differ
        for part, was in zip(_entries(chosen), _entries(taught), strict=True):
            if part != was and part and was:
                out.append(_event("botfactory.lesson.entry", part=part, top=was))
    return out


def _turned(taught: State, chosen: State) -> bool:
    """Whether the wheel turned further in ``chosen`` than in ``taught`` (quarter turns count modulo 4)."""
    return (chosen.turns - taught.turns) % 4 in (1, 2)


def _entries(state: State) -> list[str]:
    """The parts at the wheel's entries, by name ("" for an empty slot)."""
    return [procedures.part_name(state, state.wheel[s]) if state.wheel[s] != EMPTY else "" for s in state.rules.entries]


def _turn(taught: State, chosen: State) -> list[Event]:
    out = []
    moved = taught.players[LEARNER].pos != chosen.players[LEARNER].pos
    worker_a, worker_b = _worker(taught), _worker(chosen)
    if moved and worker_a != worker_b and worker_a is not None and worker_b is not None:
        space = chosen.rules.space_words(procedures.key_space(chosen.players[LEARNER].pos))
        if worker_a[0] != worker_b[0]:
            out.append(_event("botfactory.lesson.worker_board", board=worker_b[0], **space))
        elif worker_a[1] != worker_b[1]:
            key = "botfactory.lesson.worker_less" if worker_b[1] < worker_a[1] else "botfactory.lesson.worker_more"
            out.append(_event(key, board=worker_b[0], **space))
        else:
            out += _count(
                "botfactory.lesson.worker_cost_more",
                "botfactory.lesson.worker_cost_less",
                worker_a[2] - worker_a[3],
                worker_b[2] - worker_b[3],
                **space,
            )
    bonus_a, bonus_b = _bonus(taught), _bonus(chosen)
    if bonus_a and not bonus_b:
        out.append(_event(BONUSES[bonus_a]))
    mine_a, mine_b = _mine(taught), _mine(chosen)
    if mine_a and not mine_b:
        out.append(_event("botfactory.lesson.turn_over"))
    points_a, points_b = scoring.score(taught, LEARNER).total, scoring.score(chosen, LEARNER).total
    out += _count("botfactory.lesson.points_more", "botfactory.lesson.points_less", points_a, points_b)
    return out


def _tempo(taught: State, chosen: State) -> list[Event]:
    """What is left of the learner's main action, when nothing else tells the two apart."""
    turn_a, turn_b = taught.flow.turn, chosen.flow.turn
    if _mine(taught) and _mine(chosen) and turn_a is not None and turn_b is not None and turn_a.space == turn_b.space:
        return _count("botfactory.lesson.left_more", "botfactory.lesson.left_less", turn_a.left, turn_b.left)
    return []


def compare(before: State, taught: State, chosen: State) -> tuple[Event, ...]:
    """What ``chosen`` changes against ``taught`` for the learner, both reached from ``before``
    (nothing: as good)."""
    del before  # both positions carry all the lesson weighs
    said = [*_holdings(taught, chosen), *_board(taught, chosen), *_turn(taught, chosen)]
    return tuple(said or _tempo(taught, chosen))
