"""Playing a built position: every choice goes through the checked API, and the invariants are
checked after each one."""

from __future__ import annotations

from typing import Any

from engine.core.contract import ApplyResult, Event
from engine.imaginarium import GAME
from engine.imaginarium.cards import Data
from engine.imaginarium.scenario import Scenario
from engine.imaginarium.state import Player, State


class Table:
    """A game in progress from a :class:`Scenario` (or a state); ``choose`` keeps the new state."""

    def __init__(self, start: Scenario | State) -> None:
        self.state: State = start.build() if isinstance(start, Scenario) else start
        self.events: list[Event] = []

    @property
    def data(self) -> Data:
        return self.state.data

    def ids(self) -> list[str]:
        return [c.id for d in GAME.pending(self.state) for c in d.choices]

    def choose(self, *cids: str) -> ApplyResult[State]:
        result = None
        for cid in cids:
            seat = GAME.pending(self.state)[0].seat
            result = GAME.apply(self.state, seat, cid, self.state.flow.version)
            self.state = result.state
            self.events += result.events
            GAME.check_invariants(self.state)
        assert result is not None
        return result

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def serials(self, seat: int) -> list[str]:
        return ["+".join(self.data.card[u].serial for u in stack) for stack in self.player(seat).stacks]

    def params(self, cid: str) -> dict[str, Any]:
        """The parameters of the legal choice ``cid``."""
        return next(dict(c.params) for d in GAME.pending(self.state) for c in d.choices if c.id == cid)
