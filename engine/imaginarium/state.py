"""The mutable game state (plain lists of ints, so copying and serialising are cheap) and its JSON form.

Machine cards are uids (indices into ``Data.card``); assistants and projects are indices into
``Data.assistants`` / ``Data.projects``. Pieces on the board are ``seat * 2`` (handyman) and
``seat * 2 + 1`` (the two-player saboteur). Board spots are belt spaces ``0..6``, extractors
``EXTRACTOR + i``, and ``IDLE`` for a handyman that found no free space (see docs/imaginarium-rules.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.rng import Rng
from engine.imaginarium.cards import Data
from engine.imaginarium.loader import load

EXTRACTOR = 7
IDLE = 10
OFF = -1
"""Spot of a piece that is not on the board (on the initiative track)."""
PROJECTS, MACHINES, PURCHASES, MAJORITIES, OTHER = range(5)
VP_SOURCES = ("projects", "machines", "purchases", "majorities", "other")


SHARED = ("goods", "vp_from", "yard", "held", "dream", "visited", "secret")
"""Chimera team play: what teammates share (the screen and all behind it, broken machines, the dream)."""


def bind_teams(players: list[Player], teams: bool) -> None:
    """Team play: seats 2t and 2t+1 form team t and share the same ``SHARED`` lists (one object each)."""
    if not teams:
        return
    for first in range(0, len(players), 2):
        a, b = players[first], players[first + 1]
        for name in SHARED:
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

    def copy(self) -> Player:
        return Player(
            self.seat,
            self.workshop,
            self.goods[:],
            self.vp_from[:],
            [s[:] for s in self.stacks],
            self.yard[:],
            self.assistants[:],
            self.free_from,
            self.last_pair,
            self.locked,
            self.secret[:],
            self.held[:],
            self.dream[:],
            self.position,
            self.visited[:],
        )


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

    def copy(self) -> Turn:
        return Turn(
            self.piece,
            self.used[:],
            self.borrowed,
            self.owed,
            self.paying,
            self.picked,
            self.deck_bought,
            self.pair,
            self.done[:],
            self.trades,
            self.splits,
            self.target,
            self.uses,
            self.tangled[:],
            self.given_up,
            self.caught,
            self.origin,
            self.limit,
            self.placed[:],
            self.moves,
            self.drawn[:],
            self.victims[:],
            self.submitted[:],
        )


@dataclass(slots=True, eq=False)
class State:
    seats: int
    options: dict[str, Any]
    overrides: dict[str, Any]
    rng: Rng
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
    order: list[int]
    """Initiative track at the start of planning: pieces in planning order."""
    spot: list[int]
    """Board spot of every piece (``OFF`` on the track)."""
    queue: list[int] = field(default_factory=list)
    """Implementation: pieces in resolution order."""
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
    track: list[int] = field(default_factory=list)
    """Pieces that finished their turn, in order (the next planning order)."""
    placed: int = 0
    qpos: int = 0
    round: int = 1
    phase: str = "planning"
    step: str = "plan"
    turn: Turn = field(default_factory=Turn)
    version: int = 0
    end_reason: str = ""
    data: Data = field(default_factory=load, repr=False)

    def copy(self) -> State:
        players = [p.copy() for p in self.players]
        bind_teams(players, self.teams)
        return State(
            self.seats,
            self.options,
            self.overrides,
            self.rng.copy(),
            players,
            self.deck[:],
            self.belt[:],
            self.crusher[:],
            self.assistant_deck[:],
            self.meeting[:],
            self.display[:],
            self.stock[:],
            self.removed[:],
            [c[:] for c in self.completions],
            self.order[:],
            self.spot[:],
            self.queue[:],
            self.box[:],
            self.pile[:],
            self.discard[:],
            self.belt_fragment[:],
            self.claimed[:],
            self.track[:],
            self.placed,
            self.qpos,
            self.round,
            self.phase,
            self.step,
            self.turn.copy(),
            self.version,
            self.end_reason,
            self.data,
        )

    @property
    def teams(self) -> bool:
        """Chimera team play is on."""
        return bool(self.options.get("teams", False))

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
        if self.phase == "planning":
            return self.players[piece_seat(self.order[self.placed])]
        return self.players[piece_seat(self.turn.piece)]


_PLAYER_FIELDS: tuple[str, ...] = (
    *("seat", "workshop", "goods", "vp_from", "stacks", "yard", "assistants", "free_from"),
    *("last_pair", "locked", "secret", "held", "dream", "position", "visited"),
)
_TURN_FIELDS: tuple[str, ...] = (
    *("piece", "used", "borrowed", "owed", "paying", "picked", "deck_bought", "pair", "done"),
    *("trades", "splits", "target", "uses", "tangled"),
    *("given_up", "caught", "origin", "limit", "placed", "moves", "drawn", "victims", "submitted"),
)
_STATE_FIELDS: tuple[str, ...] = (
    *("seats", "deck", "belt", "crusher", "assistant_deck", "meeting", "display", "stock", "removed"),
    *("completions", "order", "spot", "queue", "track", "placed", "qpos", "round", "phase", "step"),
    *("version", "end_reason", "box", "pile", "discard", "belt_fragment", "claimed"),
)


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def to_json(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {name: _plain(getattr(state, name)) for name in _STATE_FIELDS}
    out["options"] = dict(state.options)
    out["overrides"] = state.overrides
    out["rng"] = state.rng.state
    out["players"] = [{name: _plain(getattr(p, name)) for name in _PLAYER_FIELDS} for p in state.players]
    out["turn"] = {name: _plain(getattr(state.turn, name)) for name in _TURN_FIELDS}
    return out


def from_json(data: Mapping[str, Any]) -> State:
    overrides = dict(data["overrides"])
    players = [Player(**{name: _plain(p[name]) for name in _PLAYER_FIELDS}) for p in data["players"]]
    bind_teams(players, bool(data["options"].get("teams", False)))
    turn = Turn(**{name: _plain(data["turn"][name]) for name in _TURN_FIELDS})
    fields = {name: _plain(data[name]) for name in _STATE_FIELDS}
    return State(
        options=dict(data["options"]),
        overrides=overrides,
        rng=Rng(state=int(data["rng"])),
        players=players,
        turn=turn,
        data=load(overrides, bool(data["options"].get("chimera", False))),
        **fields,
    )
