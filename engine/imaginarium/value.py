"""What an Imaginarium position is worth to the ``hard`` level: :func:`~engine.imaginarium.policy.forecast`'s
terms taken apart, each weighed as self-play games between ``normal`` seats say they end
(:mod:`engine.core.value`).

The weights are data (``data/value.toml``, written by ``bricabot fit-value --game imaginarium``), one
table per number of seats fit. A table size without one, and a Chimera game (whose dream the games fit
on never hold), are judged by ``forecast`` as before.
"""

from __future__ import annotations

from functools import cache

from engine.core.value import LinearValue, stored
from engine.imaginarium.cards import CH, VP
from engine.imaginarium.policy import (
    endgame_near,
    forecast,
    foresight,
    machine_worth,
    majorities,
    outlook,
    plan_value,
    stack_worth,
)
from engine.imaginarium.state import PROJECTS, State

GROUPS = {
    "vp": "imaginarium.why.vp",
    "charcoalium": "imaginarium.why.goods",
    "wood": "imaginarium.why.goods",
    "copper": "imaginarium.why.goods",
    "crystal": "imaginarium.why.goods",
    "production": "imaginarium.why.production",
    "production_now": "imaginarium.why.production",
    "stacks": "imaginarium.why.production",
    "handyman": "imaginarium.why.machines",
    "yard": "imaginarium.why.machines",
    "assistants": "imaginarium.why.assistants",
    "secret": "imaginarium.why.projects",
    "project_vp": "imaginarium.why.projects",
    "outlook": "imaginarium.why.projects",
    "majorities": "imaginarium.why.majorities",
    "majorities_near": "imaginarium.why.majorities",
}
"""Each feature's part of the worth, as a hint names it."""

UNIT = 6.0
"""Final points (VP) to ``forecast``'s points, in which the search's scale is set: a VP in hand is
worth 6 of them."""
ENDED = 50.0
"""``forecast``'s weight of the final VP margin once a game ended (a look-ahead that ends the game
must count the result above any position)."""


def features(state: State, seat: int) -> dict[str, float]:
    """The seat's holdings as :func:`forecast` sees them, term by term: VP, each good behind the screen,
    the workshop's production (over the rounds left, per use, and its cards), what the handyman is
    about to take and the broken machines in the yard, assistants, secret projects, VP earned from
    projects, the projects within reach (:func:`outlook`), and the end-of-game majorities it would
    score now (in VP; as they count nearer the end)."""
    data = state.data
    player = state.players[seat]
    rounds_left = max(1.0, 12.0 - 0.5 * state.flow.round)
    line_sum = kept_sum = 0.0
    for stack in player.stacks:
        line, kept = stack_worth(data, stack)
        line_sum += line
        kept_sum += kept
    ended = state.flow.phase == "ended"
    near = 0.0 if ended else endgame_near(state)
    bonus = 0.0 if ended else majorities(state, seat)
    return {
        "vp": player.goods[VP],
        "charcoalium": player.goods[CH],
        "wood": player.goods[1],
        "copper": player.goods[2],
        "crystal": player.goods[3],
        "production": rounds_left * line_sum,
        "production_now": line_sum,
        "stacks": kept_sum,
        "handyman": plan_value(state, seat),
        "yard": sum(machine_worth(data, data.card[u]) for u in player.yard[:6]),
        "assistants": len(player.assistants),
        "secret": len(player.secret),
        "project_vp": player.vp_from[PROJECTS],
        "outlook": outlook(state, seat) if state.flow.phase != "ended" else 0.0,
        "majorities": bonus,
        "majorities_near": near * bonus,
    }


@cache
def learned(seats: int) -> LinearValue | None:
    """The value fit for ``seats`` players, if ``data/value.toml`` has one."""
    return stored("engine.imaginarium", seats, features, GROUPS)


def _fit(state: State) -> LinearValue | None:
    """The learned value that judges ``state``: none in a Chimera or team game."""
    return None if state.data.chimera or state.teams else learned(len(state.players))


def _ended(state: State, seat: int) -> float:
    """Once the game ended, the final VP margin counts above everything (as in ``forecast``)."""
    if state.flow.phase != "ended":
        return 0.0
    mine = state.players[seat].goods[VP]
    return ENDED * (mine - max(p.goods[VP] for p in state.opponents(seat)))


def value(state: State, seat: int) -> float:
    """``hard``'s evaluation: the learned value (in ``forecast``'s points, :data:`UNIT`) where the table
    size has one, else :func:`forecast`."""
    fit = _fit(state)
    return UNIT * fit(state, seat) + _ended(state, seat) if fit is not None else forecast(state, seat)


def value_parts(state: State, seat: int) -> dict[str, float]:
    """:func:`value` by part (message keys), adding up to it."""
    fit = _fit(state)
    if fit is None:
        return foresight(state, seat)
    parts = {key: UNIT * part for key, part in fit.parts(state, seat).items()}
    parts["imaginarium.why.vp"] += _ended(state, seat)
    return parts
