"""``bricabot selfplay``: complete games between AI policies, with invariant checks; prints throughput."""

from __future__ import annotations

import argparse
import json
import time

from bot.arguments import game_option
from console.commands import policies_help
from engine import registry
from engine.core.contract import all_policies
from engine.core.errors import EngineError
from engine.core.selfplay import selfplay

COMMAND = ("selfplay",)
HELP = "Play complete games between AI policies, check invariants after every step, print throughput."


def configure(parser: argparse.ArgumentParser) -> None:
    game_option(parser)
    parser.add_argument("--players", type=int, default=3, help="number of seats")
    parser.add_argument("--games", type=int, default=20, help="number of games to play")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (next ones add 1)")
    parser.add_argument("--policy", default="random", help=f"random, or a policy of the game ({policies_help()})")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="game option (repeatable); VALUE is parsed as JSON when it can be",
    )
    parser.add_argument("--no-check", action="store_true", help="skip invariant checks (pure speed)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")


def parse_options(pairs: list[str]) -> dict[str, object]:
    """``NAME=VALUE`` pairs; values that parse as JSON (``true``, ``2``) are taken as such."""
    out: dict[str, object] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise SystemExit(f"bricabot: --option needs NAME=VALUE, got {pair!r}")
        try:
            out[name] = json.loads(raw)
        except json.JSONDecodeError:
            out[name] = raw
    return out


def run(args: argparse.Namespace) -> int:
    try:
        game = registry.get(args.game)
        policies = all_policies(game)
        if args.policy not in policies:
            raise SystemExit(f"bricabot: unknown policy {args.policy!r}; choose from {', '.join(policies)}")
        options = parse_options(args.option)
        game.validate_options(args.players, options)
    except EngineError as exc:
        raise SystemExit(f"bricabot: {exc}") from None
    start = time.perf_counter()
    report = selfplay(
        game, args.players, args.games, args.seed, policies[args.policy], options, check=not args.no_check
    )
    report.seconds = time.perf_counter() - start
    summary = report.summary()
    for key, value in summary.items():
        print(f"{key:>20}: {value}")
    for failed in (r for r in report.runs if r.error or r.stuck):
        print(f"seed {failed.seed}: {'stuck' if failed.stuck else failed.error}")
    if args.json:
        print(json.dumps(summary))
    return 1 if summary["errors"] or summary["stuck"] else 0
