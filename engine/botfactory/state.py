"""The mutable state of one Bot Factory game, copied and written as JSON by :mod:`engine.core.state`.

Tiles are plain integers (part uids 0-53, project uids 0-23, contract uids 0-13) indexing the
:class:`~engine.botfactory.loader.Rules` tables, and ``-1`` marks an empty space, so the state is
JSON as it stands and copies quickly. Piles and decks keep their top tile last.

Flow data (``phase``, ``order``, ``cursor``, ``turn``, ``stack``) is kept apart from the board, in
``state.flow``. ``stack`` holds the sub-decisions a choice opened (a bonus placement, a pile to refill
the wheel from, tiles to discard), the last one deciding first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.botfactory.loader import Rules, load
from engine.core import state as core

EMPTY = -1
SANDRA = -1
VILELA = -2
"""Actor ids in turn orders: seats are 0-3, the two neutral meeples negative."""


@dataclass(slots=True)
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
    """Position key of the worker (see :func:`engine.botfactory.procedures.key_space`); -1 before round 1."""
    production: str = ""
    """Variants: the production tile taken or used ("" for none)."""
    production_used: bool = False
    production_fresh: bool = False
    """Variant 1: taken this turn, usable only from a later turn."""


@dataclass(slots=True)
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


@dataclass(slots=True)
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


@dataclass(slots=True)
class Flow(core.Flow):
    """Where play stands: the phase, the turn order and the decisions still open."""

    phase: str = "start"
    order: list[int] = field(default_factory=list)
    """Actors in turn order this phase (seats, ``SANDRA``, ``VILELA``)."""
    cursor: int = 0
    """Index in ``order`` of the actor deciding."""
    turn: Turn | None = None
    stack: list[list[Any]] = field(default_factory=list)
    """Sub-decisions a choice opened, the last one deciding first."""


@dataclass(slots=True)
class State:
    seats: int
    options: Mapping[str, Any]
    overrides: Mapping[str, Any]
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
    flow: Flow = field(metadata=core.FLAT)
    rules: Rules = field(repr=False, compare=False, metadata=core.SHARED)
    vilela: int = EMPTY
    solo: Solo | None = None


def from_json(data: Mapping[str, Any]) -> State:
    """A state from its JSON object; the rule tables are loaded again from the overrides it stores."""
    return core.from_json(State, data, rules=load(data["overrides"]))
