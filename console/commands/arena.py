"""``bricabot arena``: AI policies and levels against each other, seats rotated, with the numbers that
say which is stronger (win rate and its 95 % Wilson interval), how long games last, how they end, how
long each policy thinks per decision (and how often a level went past its cap), why lost solo games
were lost, and, with ``--budget``, how the first policy's strength follows its thinking budget."""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot import ai
from bot.arguments import game_option
from console.commands import policies_help
from console.commands.selfplay import parse_options
from engine import registry
from engine.core.contract import Game, Policy
from engine.core.errors import EngineError
from engine.core.rng import Rng
from engine.core.search import SearchPolicy

COMMAND = ("arena",)
HELP = "Play AI policies or levels against each other, seats rotated; print win rates, rounds, end reasons, think time."

Z95 = 1.959964
"""Normal quantile of a two-sided 95 % interval."""
MAX_DECISIONS = 20_000


def configure(parser: argparse.ArgumentParser) -> None:
    game_option(parser)
    parser.add_argument("--players", type=int, default=2, help="number of seats")
    parser.add_argument(
        "--policies",
        required=True,
        help=f"comma-separated levels (easy, normal, hard) or policies ({policies_help()}), "
        "one per seat; a shorter list is filled with its last entry (hard,easy at 3 players: hard against two easy)",
    )
    parser.add_argument("--games", type=int, default=20, help="number of games (seats rotate from one to the next)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (next ones add 1)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="game option (repeatable); VALUE is parsed as JSON when it can be",
    )
    parser.add_argument(
        "--budget",
        default="",
        metavar="SCALES",
        help="comma-separated multiples of the first policy's playouts (a level), e.g. 0.5,1,2,4: the matchup "
        "is played at each, on the same seeds, for a strength-versus-budget curve",
    )
    parser.add_argument("--no-check", action="store_true", help="skip invariant checks after every step")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")


def wilson(wins: float, games: int) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


@dataclass
class Tally:
    """One policy's results over the games it played."""

    wins: int = 0
    games: int = 0
    scores: list[int] = field(default_factory=list)
    think_ms: list[float] = field(default_factory=list)
    """Wall time per decision that had more than one legal choice."""
    think_cpu_ms: list[float] = field(default_factory=list)
    """Processor time of the same decisions: what one core spends, whatever else shares the machine."""


@dataclass
class ArenaResult:
    tallies: dict[str, Tally]
    rounds: list[int] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    lost: Counter[str] = field(default_factory=Counter)
    """Games no seat won (a solo task failed), by the outcome's reasons in words: why they were lost."""
    caps: dict[str, float] = field(default_factory=dict)
    """Each level's think cap (ms of processor time), to count the decisions that went past it."""

    def summary(self) -> dict[str, Any]:
        policies = []
        for name, tally in self.tallies.items():
            low, high = wilson(tally.wins, tally.games)
            policies.append(
                {
                    "name": name,
                    "wins": tally.wins,
                    "games": tally.games,
                    "win_rate": round(tally.wins / tally.games, 3) if tally.games else 0.0,
                    "ci95": [round(low, 3), round(high, 3)],
                    "mean_score": round(statistics.fmean(tally.scores), 2) if tally.scores else 0.0,
                }
            )
        return {
            "policies": policies,
            "mean_rounds": round(statistics.fmean(self.rounds), 2) if self.rounds else 0.0,
            "median_rounds": statistics.median(self.rounds) if self.rounds else 0,
            "end_reasons": dict(self.reasons.most_common()),
            "think_ms_p50": {n: round(percentile(t.think_ms, 0.5), 1) for n, t in self.tallies.items()},
            "think_ms_p95": {n: round(percentile(t.think_ms, 0.95), 1) for n, t in self.tallies.items()},
            "think_ms_mean": {
                n: round(statistics.fmean(t.think_ms), 1) if t.think_ms else 0.0 for n, t in self.tallies.items()
            },
            "think_cpu_ms_p95": {n: round(percentile(t.think_cpu_ms, 0.95), 1) for n, t in self.tallies.items()},
            "think_cpu_ms_mean": {
                n: round(statistics.fmean(t.think_cpu_ms), 1) if t.think_cpu_ms else 0.0
                for n, t in self.tallies.items()
            },
            "over_cap": {
                n: sum(ms > self.caps[n] for ms in t.think_cpu_ms) for n, t in self.tallies.items() if n in self.caps
            },
            "lost_because": dict(self.lost.most_common()),
            "errors": len(self.errors),
        }


def lineup(names: list[str], players: int) -> list[str]:
    """One name per seat: the list as given, its last entry repeated to fill the table."""
    if len(names) > players:
        raise SystemExit(f"bricabot: {len(names)} policies for {players} seats; give at most one per seat")
    return names + [names[-1]] * (players - len(names))


def play_game(
    game: Game[Any],
    seats: list[str],
    policies: dict[str, Policy],
    seed: int,
    options: dict[str, Any],
    result: ArenaResult,
    *,
    check: bool,
) -> None:
    """One game, ``seats[i]`` playing seat ``i``; its outcome is added to ``result``."""
    state = game.new(len(seats), seed, options)
    rng = Rng(seed ^ 0xA2E7A)
    for _ in range(MAX_DECISIONS):
        if check:
            game.check_invariants(state)
        outcome = game.outcome(state)
        if outcome is not None:
            break
        decisions = game.pending(state)
        decision = decisions[0] if len(decisions) == 1 else rng.choice(decisions)
        name = seats[decision.seat]
        start, start_cpu = time.perf_counter(), time.process_time()
        choice = policies[name].choose(game, state, decision, ai.ai_rng(seed, state.flow.version, decision.seat))
        if len(decision.choices) > 1:
            result.tallies[name].think_ms.append(1000.0 * (time.perf_counter() - start))
            result.tallies[name].think_cpu_ms.append(1000.0 * (time.process_time() - start_cpu))
        game.advance(state, decision.seat, choice)
    else:
        raise EngineError(f"game {seed} did not end within {MAX_DECISIONS} decisions")
    result.rounds.append(state.flow.round)
    result.reasons[outcome.reason] += 1
    if not outcome.winners:
        why = outcome.details.get("reasons") or [[outcome.reason, outcome.details]]  # one sentence says it all
        result.lost["; ".join(game.text(key, params) for key, params in why)] += 1
    for name in dict.fromkeys(seats):
        tally = result.tallies[name]
        mine = [s for s, n in enumerate(seats) if n == name]
        tally.games += 1
        tally.wins += any(s in outcome.winners for s in mine)
        tally.scores += [outcome.scores[s] for s in mine]


def _progress(done: int, total: int, started: float, label: str = "") -> None:
    width = 30
    filled = width * done // max(total, 1)
    elapsed = time.perf_counter() - started
    sys.stderr.write(f"\r{label}[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {elapsed:.0f} s")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def play(
    game: Game[Any],
    base: list[str],
    policies: dict[str, Policy],
    args: argparse.Namespace,
    options: dict[str, Any],
    caps: dict[str, float],
    label: str,
) -> ArenaResult:
    """The matchup's games, seats rotated one seat per game, with a progress bar on stderr."""
    result = ArenaResult({name: Tally() for name in dict.fromkeys(base)}, caps=caps)
    started = time.perf_counter()
    for i in range(args.games):
        shift = i % args.players
        seats = base[-shift:] + base[:-shift] if shift else list(base)
        try:
            play_game(game, seats, policies, args.seed + i, options, result, check=not args.no_check)
        except (EngineError, AssertionError, KeyError, ValueError, IndexError, TypeError) as exc:
            result.errors.append(f"seed {args.seed + i}: {type(exc).__name__}: {exc}")
        _progress(i + 1, args.games, started, label)
    return result


def report(args: argparse.Namespace, summary: dict[str, Any], errors: list[str]) -> None:
    print(f"{args.game}, {args.players} players, {args.games} games, seats rotated")
    for row in summary["policies"]:
        low, high = row["ci95"]
        name = row["name"]
        over = f", {summary['over_cap'][name]} over its cap" if name in summary["over_cap"] else ""
        print(
            f"  {name:>8}: {row['wins']:>3} wins  {100 * row['win_rate']:5.1f} % "
            f"[{100 * low:.0f}-{100 * high:.0f} %]  mean score {row['mean_score']:6.2f}  "
            f"think p50 {summary['think_ms_p50'][name]} ms, p95 {summary['think_ms_p95'][name]} ms, "
            f"mean {summary['think_ms_mean'][name]} ms (processor: p95 {summary['think_cpu_ms_p95'][name]} ms, "
            f"mean {summary['think_cpu_ms_mean'][name]} ms){over}"
        )
    print(f"  rounds: mean {summary['mean_rounds']}, median {summary['median_rounds']}")
    print(f"  end reasons: {', '.join(f'{k} {v}' for k, v in summary['end_reasons'].items())}")
    for why, count in summary["lost_because"].items():
        print(f"  lost {count}: {why}")
    for error in errors:
        print(f"  {error}")


def run(args: argparse.Namespace) -> int:
    try:
        game = registry.get(args.game)
        options = parse_options(args.option)
        game.validate_options(args.players, options)
        base = lineup([n.strip() for n in args.policies.split(",") if n.strip()], args.players)
        policies = {name: ai.policy_for(game, ai.check_policy(game, name)) for name in base}
        scales = [float(x) for x in args.budget.split(",") if x.strip()]
    except EngineError as exc:
        raise SystemExit(f"bricabot: {exc}") from None
    except ValueError:
        raise SystemExit(f"bricabot: --budget takes numbers separated by commas, not {args.budget!r}") from None
    first = policies[base[0]]
    if scales and not isinstance(first, SearchPolicy):
        raise SystemExit(f"bricabot: --budget scales a search level's playouts; {base[0]!r} does not search")
    if scales and base.count(base[0]) > 1:
        raise SystemExit(f"bricabot: --budget scales {base[0]!r}, which must play one seat only")
    curve = []
    failed = False
    for scale in scales or [1.0]:
        caps = {name: float(ai.THINK[name].cap_ms) for name in policies if name in ai.THINK}
        if isinstance(first, SearchPolicy):
            policies[base[0]] = first.scaled(scale)
            # The cap grows with the playouts; ×0 plays the prior's pick, which keeps the level's cap.
            caps[base[0]] *= scale if scale > 0 else 1.0
        result = play(game, base, policies, args, options, caps, f"×{scale:g} " if scales else "")
        summary = result.summary()
        if isinstance(first, SearchPolicy) and scales:
            print(f"budget ×{scale:g} for {base[0]} ({first.scaled(scale).budget.iterations} playouts per decision):")
        report(args, summary, result.errors)
        failed = failed or bool(result.errors)
        row = next(r for r in summary["policies"] if r["name"] == base[0])
        curve.append(
            {
                "scale": scale,
                "wins": row["wins"],
                "games": row["games"],
                "win_rate": row["win_rate"],
                "ci95": row["ci95"],
                "think_cpu_ms_mean": summary["think_cpu_ms_mean"][base[0]],
                "think_cpu_ms_p95": summary["think_cpu_ms_p95"][base[0]],
                "over_cap": summary["over_cap"].get(base[0], 0),
            }
        )
    if scales:
        print(f"strength of {base[0]} against its budget:")
        for point in curve:
            low, high = point["ci95"]
            print(
                f"  ×{point['scale']:<5g} {100 * point['win_rate']:5.1f} % [{100 * low:.0f}-{100 * high:.0f} %]  "
                f"think mean {point['think_cpu_ms_mean']} ms, p95 {point['think_cpu_ms_p95']} ms (processor)"
            )
    if args.json:
        print(json.dumps({**summary, "curve": curve} if scales else summary))
    return 1 if failed else 0
