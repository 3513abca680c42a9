"""The mutable state of one Bot Factory game, its JSON form and a fast copy.

Tiles are plain integers (part uids 0-53, project uids 0-23, contract uids 0-13) indexing the
:class:`~engine.botfactory.rules.Rules` tables, and ``-1`` marks an empty space, so the state is
JSON as it stands and copies quickly. Piles and decks keep their top tile last.

Flow data (``phase``, ``order``, ``cursor``, ``turn``, ``stack``) is kept apart from the board.
``stack`` holds the sub-decisions a choice opened (a bonus placement, a pile to refill the wheel
from, tiles to discard), the last one deciding first.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine.botfactory.rules import Rules, load
from engine.core.rng import Rng

EMPTY = -1
SANDRA = -1
VILELA = -2
"""Actor ids in turn orders: seats are 0-3, the two neutral meeples negative."""


@dataclass
class Player:
    tokens: int
    parts: list[int] = field(default_factory=list)
    projects: list[int] = field(default_factory=list)
    """Incomplete project tiles."""
    robots: list[int] = field(default_factory=list)
    """Completed project tiles, each carrying a robot meeple of its colour."""
    universal_robot: int = EMPTY
    """Variant tile PT7: the project tile (also in ``robots``) carrying the universal robot."""
    pos: int = EMPTY
    """Position key of the worker (see :func:`engine.botfactory.board.key_space`); -1 before round 1."""
    production: str = ""
    """Variants: the production tile taken or used ("" for none)."""
    production_used: bool = False
    production_fresh: bool = False
    """Variant 1: taken this turn, usable only from a later turn."""


@dataclass
class Turn:
    """The worker turn in progress."""

    seat: int
    space: int
    board: int
    toll: bool
    """Sandra shares the board and the toll is not settled yet."""
    open: bool = False
    """The main action may be taken (AS3's token paid)."""
    left: int = 0
    """Remaining main action: parts to place, credits, projects to take, or tokens that may be spent."""
    executive_used: bool = False
    discount: int = 0
    """Variant tile PT2: tokens still to take off this finance action."""
    ending: bool = False
    icons: int = 0
    """Icon spaces covered by this main action whose bonus is still to be offered."""


@dataclass
class Solo:
    task: str
    action_deck: list[int]
    robot_deck: list[int]
    inspection_deck: list[int]
    action_discard: list[int] = field(default_factory=list)
    robot_discard: list[int] = field(default_factory=list)
    inspection_discard: list[int] = field(default_factory=list)
    action: int = EMPTY
    """Board on Vilela's face-up action tile."""
    robot: int = EMPTY
    """Colour on Vilela's face-up robot tile."""
    inspection: int = EMPTY
    """The last revealed inspection tile."""


@dataclass
class State:
    seats: int
    options: dict[str, Any]
    overrides: dict[str, Any]
    rng: Rng
    players: list[Player]
    first: int
    """Seat of the first player; the seating order runs from there."""
    piles: list[list[int]]
    discards: list[list[int]]
    marker: int
    wheel: list[int]
    """Tiles by wheel position (0 = top-left entry, clockwise)."""
    turns: int
    """Quarter turns since set-up, modulo 4 (which slots bear the bonus icons)."""
    spares: list[int]
    columns: list[list[int]]
    """Assembly: columns[colour][kind]."""
    universal: list[int]
    """Universal parts waiting on the projects board."""
    display: list[int]
    """Project display: index column * rows + row, row 0 at the bottom."""
    deck: list[int]
    project_discard: list[int]
    values: list[int]
    grid: list[int]
    """Contract uid per grid position (-1 once removed)."""
    reservations: list[list[int]]
    """Seats holding a token on each grid position, in slot order (highest value first)."""
    contract_box: list[int]
    robots_board: list[int]
    robots_box: list[int]
    universal_robot_free: bool
    offer: list[str]
    sandra: int
    vilela: int = EMPTY
    solo: Solo | None = None
    round: int = 1
    phase: str = "start"
    order: list[int] = field(default_factory=list)
    cursor: int = 0
    turn: Turn | None = None
    stack: list[list[Any]] = field(default_factory=list)
    version: int = 0
    rules: Rules = field(default=None, compare=False, repr=False)  # type: ignore[assignment]


def to_json(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(State):
        if f.name == "rules":
            continue
        value = getattr(state, f.name)
        if f.name == "rng":
            out["rng"] = value.state
        elif f.name == "players":
            out["players"] = [_plain(p) for p in value]
        elif f.name in ("turn", "solo"):
            out[f.name] = None if value is None else _plain(value)
        else:
            out[f.name] = _deep(value)
    return out


def from_json(data: dict[str, Any]) -> State:
    raw = dict(data)
    raw["rng"] = Rng(state=int(raw["rng"]))
    raw["players"] = [Player(**_deep(p)) for p in raw["players"]]
    raw["turn"] = None if raw["turn"] is None else Turn(**raw["turn"])
    raw["solo"] = None if raw["solo"] is None else Solo(**_deep(raw["solo"]))
    state = State(**{k: (v if k in ("rng", "players", "turn", "solo") else _deep(v)) for k, v in raw.items()})
    state.rules = load(state.overrides)
    return state


def copy_state(s: State) -> State:
    """A fast independent copy (lists of ints copied by slicing; rules shared)."""
    return State(
        seats=s.seats,
        options=dict(s.options),
        overrides=s.overrides,
        rng=Rng(state=s.rng.state),
        players=[_copy_player(p) for p in s.players],
        first=s.first,
        piles=[p[:] for p in s.piles],
        discards=[p[:] for p in s.discards],
        marker=s.marker,
        wheel=s.wheel[:],
        turns=s.turns,
        spares=s.spares[:],
        columns=[c[:] for c in s.columns],
        universal=s.universal[:],
        display=s.display[:],
        deck=s.deck[:],
        project_discard=s.project_discard[:],
        values=s.values[:],
        grid=s.grid[:],
        reservations=[r[:] for r in s.reservations],
        contract_box=s.contract_box[:],
        robots_board=s.robots_board[:],
        robots_box=s.robots_box[:],
        universal_robot_free=s.universal_robot_free,
        offer=s.offer[:],
        sandra=s.sandra,
        vilela=s.vilela,
        solo=None if s.solo is None else _copy_solo(s.solo),
        round=s.round,
        phase=s.phase,
        order=s.order[:],
        cursor=s.cursor,
        turn=None if s.turn is None else Turn(**vars(s.turn)),
        stack=[e[:] for e in s.stack],
        version=s.version,
        rules=s.rules,
    )


def _copy_player(p: Player) -> Player:
    return Player(
        p.tokens,
        p.parts[:],
        p.projects[:],
        p.robots[:],
        p.universal_robot,
        p.pos,
        p.production,
        p.production_used,
        p.production_fresh,
    )


def _copy_solo(s: Solo) -> Solo:
    return Solo(
        s.task,
        s.action_deck[:],
        s.robot_deck[:],
        s.inspection_deck[:],
        s.action_discard[:],
        s.robot_discard[:],
        s.inspection_discard[:],
        s.action,
        s.robot,
        s.inspection,
    )


def _plain(obj: Any) -> dict[str, Any]:
    return {f.name: _deep(getattr(obj, f.name)) for f in fields(obj)}


def _deep(value: Any) -> Any:
    if isinstance(value, list):
        return [_deep(v) for v in value]
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    return value
