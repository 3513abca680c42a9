"""Playing choices on Bot Factory positions built with :mod:`engine.botfactory.scenario`."""

from __future__ import annotations

from typing import Any

from engine.botfactory import GAME
from engine.botfactory.procedures import part_name
from engine.botfactory.scenario import Scenario, choice, space_of
from engine.botfactory.state import EMPTY, State


def ids(state: State) -> list[str]:
    return [c.id for c in GAME.pending(state)[0].choices]


def prompt(state: State) -> str:
    """The pending prompt without its ``botfactory.prompt.`` prefix."""
    return GAME.pending(state)[0].prompt.removeprefix("botfactory.prompt.")


def play(state: State, *choice_ids: str) -> State:
    """Apply choices through the checked API; returns the final state."""
    for choice_id in choice_ids:
        seat = GAME.pending(state)[0].seat
        state = GAME.apply(state, seat, choice_id, state.flow.version).state
    return state


def pick(state: State, verb: str, **params: object) -> State:
    """Play the legal choice ``verb`` with these readable parameters (see ``scenario.choice``)."""
    return play(state, choice(state, verb, **params))


def offers(state: State, verb: str, **params: object) -> bool:
    """Whether a legal choice ``verb`` with these readable parameters is pending."""
    try:
        choice(state, verb, **params)
    except LookupError:
        return False
    return True


def parts_of(state: State, seat: int) -> list[str]:
    """The part tiles ``seat`` holds, by name, sorted."""
    return sorted(part_name(state, t) for t in state.players[seat].parts)


def named(state: State, tile: int) -> str | None:
    """A part tile's name, None for an empty space."""
    return None if tile == EMPTY else part_name(state, tile)


def names(state: State, tiles: list[int]) -> list[str]:
    """The names of these part tiles (empty spaces left out), sorted."""
    return sorted(part_name(state, t) for t in tiles if t != EMPTY)


def new(seats: int = 3, seed: int = 1, **options: Any) -> State:
    """A game just past set-up, round 1, the first seat placing its worker."""
    return Scenario(seats, seed, **options).build()


__all__ = [
    "Scenario",
    "choice",
    "ids",
    "named",
    "names",
    "new",
    "offers",
    "parts_of",
    "pick",
    "play",
    "prompt",
    "space_of",
]
