"""``bricabot fit-value``: learn a game's position value from games between ``normal`` seats (the
weights ``hard`` judges with, :mod:`engine.core.value`), and print them as the game's
``data/value.toml`` holds them.

Every :data:`HOLD_OUT`-th game is held out first: the value fit on the others is scored on it beside
the game's hand-written evaluation (scaled to final points on the same games), so the table says
whether learning helped. The weights printed are then fit on every game. Games run in ``--jobs``
processes, a progress bar on stderr; the same seeds give the same weights.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from bot import ai
from bot.commands import game_option
from engine import registry
from engine.core.search import level_policy, search_hooks
from engine.core.value import Quality, Sample, fit, in_points, predictor, quality, sample

COMMAND = ("fit-value",)
HELP = "Learn a game's position value from games between normal AI seats; print the weights as TOML."

HOLD_OUT = 4
"""One game in this many is kept out of the first fit, to score it."""
CHUNK = 10


def configure(parser: argparse.ArgumentParser) -> None:
    game_option(parser)
    parser.add_argument("--games", type=int, default=1200, help="two-player games to learn from")
    parser.add_argument("--seed", type=int, default=700000, help="seed of the first game (next ones add 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games side by side")
    parser.add_argument("--out", default=None, help="write the TOML to this file instead of printing it")


def _play(kind: str, seeds: Sequence[int]) -> list[list[Sample]]:
    """One process's games: their samples, game by game."""
    game = registry.get(kind)
    hooks = search_hooks(game)
    assert hooks is not None and hooks.features is not None and hooks.progress is not None
    policy = level_policy(game, "normal")
    return list(sample(game, policy, seeds, hooks.features, hooks.evaluate, hooks.progress, ai.ai_rng))


def _games(kind: str, seeds: list[int], jobs: int) -> dict[int, list[Sample]]:
    chunks = [seeds[i : i + CHUNK] for i in range(0, len(seeds), CHUNK)]
    out: dict[int, list[Sample]] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(_play, kind, chunk): chunk for chunk in chunks}
        for future in as_completed(futures):
            out.update(zip(futures[future], future.result(), strict=True))
            sys.stderr.write(f"\r{len(out)}/{len(seeds)} games, {time.perf_counter() - started:.0f} s")
            sys.stderr.flush()
    sys.stderr.write("\n")
    return out


def _line(quality_: Quality) -> str:
    return f"explains {quality_.explained:.3f} of the margins, names the seat ahead {quality_.leader:.3f}"


def toml(
    kind: str, games: int, seed: int, weights: Mapping[str, float], learned: Quality, hand: Quality, named: str
) -> str:
    """The ``[players.2]`` table of ``data/value.toml``; ``named`` names the game's own evaluation."""
    lines = [
        "# What a position is worth to the hard level, learned from games between normal seats: the weight of",
        "# each feature in the final score margin it predicts (engine/core/value.py). Written by the command below.",
        "[players.2]",
        f'fitted = "bricabot fit-value --game {kind} --games {games} --seed {seed}"',
        f"# held-out games (one in {HOLD_OUT}): learned {_line(learned)}",
        f"#                                   {named:>8} {_line(hand)}",
        "[players.2.weights]",
        *(f"{name} = {weight:.4f}" for name, weight in weights.items()),
    ]
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    hooks = search_hooks(registry.get(args.game))
    if hooks is None or hooks.features is None or hooks.progress is None:
        raise SystemExit(f"bricabot: {args.game} has no features to learn a value from")
    if args.games < HOLD_OUT:
        raise SystemExit(f"bricabot: --games must be at least {HOLD_OUT}")
    seeds = list(range(args.seed, args.seed + args.games))
    played = _games(args.game, seeds, args.jobs)
    kept = [s for i, seed in enumerate(seeds) if i % HOLD_OUT != HOLD_OUT - 1 for s in played[seed]]
    held = [s for i, seed in enumerate(seeds) if i % HOLD_OUT == HOLD_OUT - 1 for s in played[seed]]
    factor = in_points(kept)
    learned = quality(held, predictor(fit(kept)))
    hand = quality(held, lambda s: factor * s.evaluated)
    weights = fit([s for seed in seeds for s in played[seed]])
    print(f"{len(kept) + len(held)} positions from {args.games} games", file=sys.stderr)
    text = toml(args.game, args.games, args.seed, weights, learned, hand, hooks.evaluate.__name__)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    return 0
