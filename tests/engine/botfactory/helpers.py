"""Hand-built Bot Factory positions for scenario tests."""

from __future__ import annotations

from typing import Any

from engine.botfactory import GAME, board, turn
from engine.botfactory.state import EMPTY, State
from engine.core.contract import Transition


def new(seats: int = 3, seed: int = 1, **options: Any) -> State:
    """A game just past set-up's starting parts (everyone took from the first drawable pile)."""
    state = GAME.new(seats, seed, options)
    while state.phase == "start":
        decision = GAME.pending(state)[0]
        GAME.advance(state, decision.seat, decision.choices[0])
    return state


def space(state: State, name: str) -> int:
    return next(i for i, s in enumerate(state.rules.spaces) if s.name == name)


def part(state: State, colour: str, kind: str, *, owner: int | None = None) -> int:
    """Take a part tile of that colour ("universal" too) and kind from wherever it lies (piles,
    discards, wheel, spares, universal supply), and give it to ``owner`` if given."""
    rules = state.rules
    c = -1 if colour == "universal" else rules.colours.index(colour)
    k = rules.kinds.index(kind)
    holders: list[list[int]] = [*state.piles, *state.discards, state.universal]
    for holder in holders:
        for tile in holder:
            if rules.parts[tile] == (c, k):
                holder.remove(tile)
                if owner is not None:
                    state.players[owner].parts.append(tile)
                return tile
    for seq in (state.wheel, state.spares):
        for i, tile in enumerate(seq):
            if tile != EMPTY and rules.parts[tile] == (c, k):
                seq[i] = EMPTY
                if owner is not None:
                    state.players[owner].parts.append(tile)
                return tile
    raise LookupError(f"no free {colour} {kind}")


def project(state: State, colour: str, owner: int) -> int:
    c = state.rules.colours.index(colour)
    for holder in (state.deck, state.project_discard):
        for tile in holder:
            if state.rules.projects[tile] == c:
                holder.remove(tile)
                state.players[owner].projects.append(tile)
                return tile
    raise LookupError(f"no free {colour} project")


def at_turn(state: State, seat: int, name: str, *, sandra: str | None = None) -> State:
    """Put ``seat``'s worker on space ``name`` and start its phase-2 turn (round 2; Sandra on
    ``sandra``, by default on another board)."""
    if sandra is None:
        sandra = "PR1" if state.rules.spaces[space(state, name)].board != 2 else "FI3"
    state.stack.clear()
    state.round = 2
    state.phase = "act"
    for other, player in enumerate(state.players):
        player.pos = EMPTY if other != seat else 2 * space(state, name)
    state.sandra = 2 * space(state, sandra)
    if state.solo is not None:
        state.vilela = EMPTY
    state.order = [seat]
    state.cursor = 0
    turn.begin(state, seat, Transition())
    return state


def ids(state: State) -> list[str]:
    return [c.id for c in GAME.pending(state)[0].choices]


def play(state: State, *choice_ids: str) -> State:
    """Apply choices through the checked API; returns the final state."""
    for choice_id in choice_ids:
        seat = GAME.pending(state)[0].seat
        state = GAME.apply(state, seat, choice_id, state.version).state
    return state


__all__ = ["EMPTY", "at_turn", "board", "ids", "new", "part", "play", "project", "space"]
