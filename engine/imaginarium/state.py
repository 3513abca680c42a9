"""The mutable game state: plain lists of ints (so copying and serialising are cheap), the game data
beside its :class:`Flow`, copied and written as JSON by :mod:`engine.core.state`.

Machine cards are uids (indices into ``Data.card``); assistants and projects are indices into
``Data.assistants`` / ``Data.projects``. Pieces on the board are ``seat * 2`` (handyman) and
``seat * 2 + 1`` (the two-player saboteur). Board spots are belt spaces ``0..6``, extractors
``EXTRACTOR + i``, and ``IDLE`` for a handyman that found no free space (see docs/imaginarium-rules.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import state as core
from engine.imaginarium.cards import Data
from engine.imaginarium.loader import load

EXTRACTOR = 7
IDLE = 10
OFF = -1
"""Spot of a piece that is not on the board (on the initiative track)."""
PROJECTS, MACHINES, PURCHASES, MAJORITIES, OTHER = range(5)
VP_SOURCES = ("projects", "machines", "purchases", "majorities", "other")


TEAM_SHARED = ("goods", "vp_from", "yard", "held", "dream", "visited", "secret")
"""Chimera team play: what teammates share (the screen and all behind it, broken machines, the dream)."""


def bind_teams(players: list[Player], teams: bool) -> None:
    """Team play: seats 2t and 2t+1 form team t and share the same ``TEAM_SHARED`` lists (one object each)."""
    if not teams:
        return
    for first in range(0, len(players), 2):
        a, b = players[first], players[first + 1]
        for name in TEAM_SHARED:
            setattr(b, name, getattr(a, name))
        b.position = a.position


def piece_seat(piece: int) -> int:
    return piece >> 1


def is_saboteur(piece: int) -> bool:
    return bool(piece & 1)


@dataclass(slots=True)
class Player:
    seat: int
    workshop: int
    """Index into ``Data.workshops``."""
    goods: list[int]
    """Behind the screen: charcoalium, wood, copper, crystal, VP (indexed by ``cards.CH`` ...)."""
    vp_from: list[int]
    """VP by source (``VP_SOURCES``); sums to ``goods[VP]``."""
    stacks: list[list[int]]
    """Repaired machines, one list per workshop space, bottom card first."""
    yard: list[int]
    assistants: list[int]
    free_from: int = 0
    """Round from which the free-actions assistant applies (0: not recruited)."""
    last_pair: int = -1
    locked: int = -1
    """Uid of the bottom card of the stack a Tanglette turned face down, or -1."""
    secret: list[int] = field(default_factory=list)
    held: list[int] = field(default_factory=lambda: [0] * 5)
    """Chimera, behind the screen: fragments of each colour, then nightmares."""
    dream: list[int] = field(default_factory=list)
    """Chimera: the fragments laid in this player's dream, in order."""
    position: int = 0
    """Chimera: index of the space of the player's token on the dream track."""
    visited: list[int] = field(default_factory=list)
    """Chimera: reward spaces this token has passed (each pays a player once)."""


@dataclass(slots=True)
class Turn:
    """Scratch of the turn being played; reset when the next piece resolves."""

    piece: int = -1
    used: list[int] = field(default_factory=list)
    """Workshop spaces already used in step 1."""
    borrowed: bool = False
    owed: int = 0
    """Resources still owed for the reserved machine (2 per missing charcoalium)."""
    paying: int = -1
    """Uid of the reserved machine being paid for with resources."""
    picked: bool = False
    deck_bought: bool = False
    pair: int = -1
    """Chosen action pair, encoded ``a * 6 + b`` with ``a < b``."""
    done: list[int] = field(default_factory=lambda: [0] * 6)
    trades: int = 0
    splits: int = 0
    target: int = -1
    """Uid of the machine being dismantled, or whose repair effect is pending."""
    uses: int = 0
    tangled: list[int] = field(default_factory=list)
    given_up: int = -1
    """Chimera: the action of the pair given up to daydream."""
    caught: bool = False
    """Chimera: CAS1 used this turn."""
    origin: str = ""
    """Chimera: the step a dream placement returns to ("machines", "effect" or "daydream")."""
    limit: int = 0
    """Chimera: fragments this placement may still add."""
    placed: list[int] = field(default_factory=list)
    """Chimera: colours placed in this placement (all different)."""
    moves: int = 0
    """Chimera: spaces the dream token still has to move."""
    drawn: list[int] = field(default_factory=list)
    """Chimera: fragments drawn while dismantling, one to keep."""
    victims: list[int] = field(default_factory=list)
    """Chimera: seats that still have to hand in a fragment to an Exhausteur."""
    submitted: list[int] = field(default_factory=list)
    """Chimera: fragments handed in to the Exhausteur."""


@dataclass(slots=True)
class Flow(core.Flow):
    """Where play stands: the phase, the step of the turn resolving, and the order pieces play in."""

    phase: str = "planning"
    step: str = "plan"
    order: list[int] = field(default_factory=list)
    """Initiative track at the start of planning: pieces in planning order."""
    placed: int = 0
    """Pieces placed so far this planning."""
    queue: list[int] = field(default_factory=list)
    """Implementation: pieces in resolution order."""
    qpos: int = 0
    """Index in ``queue`` of the piece resolving."""
    track: list[int] = field(default_factory=list)
    """Pieces that finished their turn, in order (the next planning order)."""
    turn: Turn = field(default_factory=Turn)
    end_reason: str = ""


@dataclass(slots=True, eq=False)
class State:
    seats: int
    options: Mapping[str, Any]
    overrides: Mapping[str, Any]
    players: list[Player]
    deck: list[int]
    """Machine deck, top card last."""
    belt: list[int]
    """Card uid per belt space (-1 when empty); space 0 is nearest the deck."""
    crusher: list[int]
    assistant_deck: list[int]
    meeting: list[int]
    display: list[int]
    """Projects in the design office."""
    stock: list[int]
    """Projects not in play (face down; the secret-projects assistant draws from here)."""
    removed: list[int]
    """Projects out of the game: neutralised, or discarded secret projects."""
    completions: list[list[int]]
    """Per project, the seats that completed it, in order."""
    spot: list[int]
    """Board spot of every piece (``OFF`` on the track)."""
    flow: Flow = field(metadata=core.FLAT)
    box: list[int] = field(default_factory=list)
    """Machines left out of the game (Chimera: the Starteurs of absent players)."""
    pile: list[int] = field(default_factory=list)
    """Chimera: face-down fragments, top last."""
    discard: list[int] = field(default_factory=list)
    """Chimera: discarded fragments (shuffled into a new pile when it runs out)."""
    belt_fragment: list[int] = field(default_factory=list)
    """Chimera: fragment lying face up on each belt space (-1: none)."""
    claimed: list[int] = field(default_factory=list)
    """Chimera: dream-track spaces whose reward the first visitor took."""
    data: Data = field(default_factory=load, repr=False, metadata=core.SHARED)

    def __post_init__(self) -> None:
        """Teammates share one screen (``TEAM_SHARED``) however the state was made: set up, copied or loaded."""
        bind_teams(self.players, self.teams)

    @property
    def teams(self) -> bool:
        """Chimera team play is on."""
        return bool(self.options.get("teams", False))

    @property
    def target_vp(self) -> int:
        """The VP that end the game (rulebook: end of the game; a team's own target in team play)."""
        return self.data.team_target_vp if self.teams else self.data.target_vp

    def mates(self, seat: int) -> tuple[int, ...]:
        """``seat`` and its teammate (team play), or just ``seat``."""
        return (seat & ~1, seat | 1) if self.teams else (seat,)

    def screen(self, seat: int) -> frozenset[int]:
        """Seats behind ``seat``'s screen: the addressees of its private events."""
        return frozenset(self.mates(seat))

    def opponents(self, seat: int) -> list[Player]:
        """One player per other team (or every other player): whom attacks on screens target."""
        mine = self.mates(seat)
        return [p for p in self.players if p.seat not in mine and (not self.teams or p.seat % 2 == 0)]

    @property
    def player(self) -> Player:
        """The player whose piece is resolving or placing."""
        flow = self.flow
        if flow.phase == "planning":
            return self.players[piece_seat(flow.order[flow.placed])]
        return self.players[piece_seat(flow.turn.piece)]


def from_json(data: Mapping[str, Any]) -> State:
    """A state from its JSON object; the card data is loaded again from the overrides it stores."""
    chimera = bool(data["options"].get("chimera", False))
    return core.from_json(State, data, data=load(dict(data["overrides"]), chimera))
