"""The invariant checks catch inconsistent states (so the property tests can fail)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core.errors import InvariantBroken
from engine.imaginarium import GAME
from engine.imaginarium.state import State

BREAKS: list[tuple[str, Callable[[State], None]]] = [
    ("lost card", lambda s: s.deck.pop()),
    ("duplicated card", lambda s: s.crusher.append(s.deck[0])),
    ("negative goods", lambda s: s.players[0].goods.__setitem__(1, -1)),
    ("vp sources", lambda s: s.players[0].goods.__setitem__(4, 3)),
    ("lost assistant", lambda s: s.meeting.pop()),
    ("lost project", lambda s: s.display.pop()),
    ("forbidden stack", lambda s: s.players[0].stacks.__setitem__(0, s.players[0].stacks[0] + s.players[0].stacks[1])),
    ("lost fragment", lambda s: s.pile.pop()),
    ("negative fragments", lambda s: s.players[1].held.__setitem__(0, -1)),
]


@pytest.mark.parametrize(("name", "breaking"), BREAKS, ids=[b[0] for b in BREAKS])
def test_invariants_catch(name: str, breaking: Callable[[State], None]) -> None:
    state = GAME.new(3, 2, {"chimera": True})
    GAME.check_invariants(state)
    breaking(state)
    with pytest.raises(InvariantBroken):
        GAME.check_invariants(state)
