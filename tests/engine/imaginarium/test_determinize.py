"""What a seat knows of Imaginarium: secret projects discarded face down stay unknown to it."""

from __future__ import annotations

from engine import registry
from engine.core.rng import Rng
from engine.imaginarium.determinize import determinize, knowledge


def test_which_unseen_project_was_discarded_is_not_known() -> None:
    """Two games that differ only in which face-down project lies in the removed pile (a secret project
    discarded when its owner completed another) and which in the stock are the same to every seat."""
    game = registry.get("imaginarium")
    discarded = game.new(3, 5, {})
    kept, gone = discarded.stock[0], discarded.stock[1]
    discarded.stock.remove(gone)
    discarded.removed.append(gone)
    swapped = game.copy(discarded)
    swapped.stock[swapped.stock.index(kept)] = gone
    swapped.removed[-1] = kept
    game.check_invariants(discarded)
    game.check_invariants(swapped)
    for seat in range(3):
        assert game.view(discarded, seat) == game.view(swapped, seat)
        known = knowledge(discarded, seat)
        assert game.to_json(known) == game.to_json(knowledge(swapped, seat))
        sample = determinize(known, seat, Rng(3))
        game.check_invariants(sample)
        assert len(sample.removed) == 1 and len(sample.stock) == len(discarded.stock)
