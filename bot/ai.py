"""AI seats: which policy plays, and the deterministic randomness it plays with.

The game's ``greedy`` policy is the default opponent (``random`` only when a game has none). An AI's
randomness is derived from the game seed and the version it moves at, so the same game replays the
same AI choices, and a retried move after a crash picks the same choice again.
"""

from __future__ import annotations

from typing import Any

from engine.core.contract import Choice, Decision, Game, all_policies
from engine.core.errors import BadOptions
from engine.core.rng import Rng

DEFAULT_POLICY = "greedy"
FALLBACK_POLICY = "random"


def policy_names(game: Game[Any]) -> tuple[str, ...]:
    """The game's AI policies, default first."""
    names = list(all_policies(game))
    default = default_policy(game)
    return (default, *(n for n in names if n != default))


def default_policy(game: Game[Any]) -> str:
    return DEFAULT_POLICY if DEFAULT_POLICY in all_policies(game) else FALLBACK_POLICY


def check_policy(game: Game[Any], name: str | None) -> str:
    """``name`` if the game has that policy (``None`` means the default), else :class:`BadOptions`."""
    if name is None:
        return default_policy(game)
    if name not in all_policies(game):
        raise BadOptions(
            f"{game.title} has no AI called '{name}'. Choose one of: {', '.join(policy_names(game))}.", policy=name
        )
    return name


def ai_rng(seed: int, version: int, seat: int) -> Rng:
    """The RNG an AI uses for its move at ``version``: a pure function of the game seed, version and seat."""
    return Rng((seed * 1_000_003 + version) * 8 + seat)


def choose(game: Game[Any], policy: str, state: Any, decision: Decision, seed: int) -> Choice:
    """The AI's choice for ``decision``; deterministic in (game seed, state version, seat)."""
    return all_policies(game)[policy].choose(game, state, decision, ai_rng(seed, state.version, decision.seat))
