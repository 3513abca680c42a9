"""Self-play: complete games between policies, checking invariants after every step.

Used by ``bricabot selfplay`` (a benchmark that prints numbers; it does the timing, since the engine
never reads a clock) and by the conformance tests. It plays through :meth:`Game.advance`, the
in-place fast path, so the numbers measure the rules and not defensive copies.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.contract import Game, Policy
from engine.core.errors import EngineError
from engine.core.rng import Rng


@dataclass
class GameRun:
    """One finished (or failed) self-play game."""

    seed: int
    decisions: int = 0
    rounds: int = 0
    finished: bool = False
    stuck: bool = False
    error: str | None = None


@dataclass
class SelfplayReport:
    runs: list[GameRun] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        games = len(self.runs)
        decisions = sum(r.decisions for r in self.runs)
        rounds = [r.rounds for r in self.runs if r.finished]
        secs = max(self.seconds, 1e-9)
        return {
            "games": games,
            "finished": sum(r.finished for r in self.runs),
            "errors": sum(r.error is not None for r in self.runs),
            "stuck": sum(r.stuck for r in self.runs),
            "mean_rounds": round(sum(rounds) / len(rounds), 2) if rounds else 0.0,
            "max_rounds": max(rounds, default=0),
            "decisions_per_game": round(decisions / games, 1) if games else 0.0,
            "decisions_per_sec": round(decisions / secs, 1),
            "games_per_sec": round(games / secs, 3),
        }


def play_one(
    game: Game[Any],
    seats: int,
    seed: int,
    policies: list[Policy],
    options: Mapping[str, Any] | None = None,
    *,
    check: bool = True,
    max_decisions: int = 50_000,
) -> GameRun:
    """Play one game; ``policies[i]`` plays seat ``i``. Never raises: failures are recorded."""
    run = GameRun(seed=seed)
    rng = Rng(seed ^ 0x5E1F_F1A7)
    try:
        state = game.new(seats, seed, options)
        while True:
            if check:
                game.check_invariants(state)
            if game.outcome(state) is not None:
                run.finished = True
                break
            decisions = game.pending(state)
            if not decisions or run.decisions >= max_decisions:
                run.stuck = True
                break
            decision = decisions[0] if len(decisions) == 1 else rng.choice(decisions)
            choice = policies[decision.seat].choose(game, state, decision, rng)
            game.advance(state, decision.seat, choice)
            run.decisions += 1
        run.rounds = state.flow.round
    except (EngineError, AssertionError, KeyError, ValueError, IndexError, TypeError) as exc:
        run.error = f"{type(exc).__name__}: {exc}"
    return run


def selfplay(
    game: Game[Any],
    seats: int,
    games: int,
    seed: int,
    policy: Policy,
    options: Mapping[str, Any] | None = None,
    *,
    check: bool = True,
) -> SelfplayReport:
    """Play ``games`` games with seeds ``seed, seed+1, ...``; the caller times it and sets ``seconds``."""
    report = SelfplayReport()
    for i in range(games):
        report.runs.append(play_one(game, seats, seed + i, [policy] * seats, options, check=check))
    return report
