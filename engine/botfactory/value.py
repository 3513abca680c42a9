"""What a Bot Factory position is worth to the ``hard`` level: features of a seat's holdings weighed as
self-play games say they end (:mod:`engine.core.value`).

The features are the hand-written estimate's (:func:`engine.botfactory.policy.worth`) taken apart, so
each gets its own weight, and one more it lacks: contracts reserved and not yet fulfilled. The final
score counts those as lost, and so does the estimate; mid-game they are robots' work waiting, and the
games say a seat holding them ends ahead. The weights are data (``data/value.toml``, written by
``bricabot fit-value``), one table per number of seats fit; a table size without one, and the solo
game (whose task the estimate weighs), is judged by the estimate.

Two players learn from games between ``normal`` seats. Four learn from games between ``easy`` seats
(``goal``), the policy that plays the other seats in ``hard``'s playouts, so the value judges where
those playouts stop as their games go on; with it a ``hard`` seat among three ``normal`` ones won 103
of 200 games where the estimate won 85 (docs/ai.md).
"""

from __future__ import annotations

from functools import cache

from engine.botfactory import procedures, scoring
from engine.botfactory.policy import estimate, in_columns, project_colours, serves, worth
from engine.botfactory.state import State
from engine.core.value import LinearValue, stored

GROUPS = {
    "robots_vp": "botfactory.why.score",
    "contracts_won": "botfactory.why.score",
    "contracts_lost": "botfactory.why.score",
    "token_pairs": "botfactory.why.score",
    "parts_penalty": "botfactory.why.score",
    "projects_penalty": "botfactory.why.score",
    "robot_count": "botfactory.why.robots",
    "tokens": "botfactory.why.tokens",
    "parts_wanted": "botfactory.why.parts",
    "parts_other": "botfactory.why.parts",
    "columns": "botfactory.why.parts",
    "projects_three": "botfactory.why.projects",
    "projects": "botfactory.why.projects",
    "contracts_open": "botfactory.why.contracts",
}
"""Each feature's part of the worth, as a hint names it."""

UNIT = 1.25
"""Final points to the estimate's points, so that the search's scale (15 of the estimate's points: a
clear lead) counts a predicted 12-point final margin as one. The estimate's points run about 2.5 to
one final point (fit on the same games), so its clear lead was about 6 final points, a third of the
spread of final margins around the prediction (about 15 points mid-game)."""


def features(state: State, seat: int) -> dict[str, float]:
    """The seat's holdings as the value weighs them: the final score's terms if the game ended now,
    robots built, speech tokens, parts in hand (for its projects' colours or any, and others), parts
    already placed in its projects' columns, projects held (and up to three), reserved contracts its
    robots do not fulfil yet."""
    player = state.players[seat]
    score = scoring.score(state, seat)
    wanted = project_colours(state, seat)
    fitting = sum(1 for t in player.parts if serves(state, t, wanted))
    return {
        "robots_vp": score.robots,
        "contracts_won": score.contracts_won,
        "contracts_lost": score.contracts_lost,
        "token_pairs": score.token_pairs,
        "parts_penalty": score.parts_penalty,
        "projects_penalty": score.projects_penalty,
        "robot_count": score.robot_count,
        "tokens": player.tokens,
        "parts_wanted": fitting,
        "parts_other": len(player.parts) - fitting,
        "columns": in_columns(state, wanted),
        "projects_three": min(len(player.projects), 3),
        "projects": len(player.projects),
        "contracts_open": sum(1 for p in procedures.reserved(state, seat) if p not in score.fulfilled),
    }


@cache
def learned(seats: int) -> LinearValue | None:
    """The value fit for ``seats`` players, if ``data/value.toml`` has one."""
    return stored("engine.botfactory", seats, features, GROUPS)


def _fit(state: State) -> LinearValue | None:
    """The learned value that judges ``state``: none in a solo game (its task is the estimate's)."""
    return None if state.solo is not None else learned(len(state.players))


def value(state: State, seat: int) -> float:
    """``hard``'s evaluation: the learned value (in the estimate's points, :data:`UNIT`) where the table
    size has one, else the estimate."""
    fit = _fit(state)
    return UNIT * fit(state, seat) if fit is not None else estimate(state, seat)


def value_parts(state: State, seat: int) -> dict[str, float]:
    """:func:`value` by part (message keys), adding up to it."""
    fit = _fit(state)
    if fit is None:
        return worth(state, seat)
    return {key: UNIT * part for key, part in fit.parts(state, seat).items()}
