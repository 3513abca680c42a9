"""``bricabot fit-value``: learn a game's position value from games an AI level plays against itself
(the weights ``hard`` judges with, :mod:`engine.core.value`), one table per number of seats, and print
it as the game's ``data/value.toml`` holds it; ``--out`` writes it into that file, keeping the file's
tables for other numbers of seats.

Every :data:`HOLD_OUT`-th game is held out first: the value fit on the others is scored on it beside
the game's hand-written evaluation (scaled to final points on the same games), so the table says
whether learning helped. The weights printed are then fit on every game. Games run in ``--jobs``
processes, a progress bar on stderr; the same seeds give the same weights.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from bot import ai
from bot.arguments import game_option
from engine import registry
from engine.core.errors import EngineError
from engine.core.search import LEVELS, level_policy, search_hooks
from engine.core.value import Quality, Sample, fit, in_points, predictor, quality, sample

COMMAND = ("fit-value",)
HELP = "Learn a game's position value from games between AI seats of one level; print the weights as TOML."

HOLD_OUT = 4
"""One game in this many is kept out of the first fit, to score it."""
CHUNK = 10
HEADER = (
    "# What a position is worth to the hard level, learned from games an AI level plays against itself: the\n"
    "# weight of each feature in the final score margin it predicts (engine/core/value.py), one table per\n"
    "# number of seats. Each table was written by the command it names.\n"
)
TABLE = re.compile(r"^\[players\.(\d+)\]$", re.MULTILINE)
"""Where a table for a number of seats starts (its weights follow it)."""


def configure(parser: argparse.ArgumentParser) -> None:
    game_option(parser)
    parser.add_argument("--players", type=int, default=2, help="seats at the table the value is fit for")
    parser.add_argument(
        "--level", choices=LEVELS, default="normal", help="the AI level whose games against itself teach the value"
    )
    parser.add_argument("--games", type=int, default=1200, help="games to learn from")
    parser.add_argument("--seed", type=int, default=700000, help="seed of the first game (next ones add 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games side by side")
    parser.add_argument(
        "--out", default=None, help="write the table into this file (keeping its other tables) instead of printing it"
    )


def _play(kind: str, level: str, seats: int, seeds: Sequence[int]) -> list[list[Sample]]:
    """One process's games: their samples, game by game."""
    game = registry.get(kind)
    hooks = search_hooks(game)
    assert hooks is not None and hooks.features is not None and hooks.progress is not None
    policy = level_policy(game, level)
    return list(sample(game, policy, seeds, hooks.features, hooks.evaluate, hooks.progress, ai.ai_rng, seats=seats))


def _games(kind: str, level: str, seats: int, seeds: list[int], jobs: int) -> dict[int, list[Sample]]:
    chunks = [seeds[i : i + CHUNK] for i in range(0, len(seeds), CHUNK)]
    out: dict[int, list[Sample]] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(_play, kind, level, seats, chunk): chunk for chunk in chunks}
        for future in as_completed(futures):
            out.update(zip(futures[future], future.result(), strict=True))
            sys.stderr.write(f"\r{len(out)}/{len(seeds)} games, {time.perf_counter() - started:.0f} s")
            sys.stderr.flush()
    sys.stderr.write("\n")
    return out


def _line(quality_: Quality) -> str:
    return f"explains {quality_.explained:.3f} of the margins, names the seat ahead {quality_.leader:.3f}"


def table(args: argparse.Namespace, weights: Mapping[str, float], learned: Quality, hand: Quality, named: str) -> str:
    """The ``[players.<seats>]`` table of ``data/value.toml`` for the command ``args`` (its options said
    only where they are not the defaults); ``named`` names the game's own evaluation."""
    seats = args.players
    options = "".join(
        f" --{name} {value}"
        for name, value, usual in (("players", seats, 2), ("level", args.level, "normal"))
        if value != usual
    )
    lines = [
        f"[players.{seats}]",
        f'fitted = "bricabot fit-value --game {args.game}{options} --games {args.games} --seed {args.seed}"',
        f"# held-out games (one in {HOLD_OUT}): learned {_line(learned)}",
        f"#                                   {named:>8} {_line(hand)}",
        f"[players.{seats}.weights]",
        *(f"{name} = {weight:.4f}" for name, weight in weights.items()),
    ]
    return "\n".join(lines) + "\n"


def merged(existing: str, seats: int, text: str) -> str:
    """The file ``existing`` with its table for ``seats`` replaced by ``text`` (or added), the tables
    in order of seats under :data:`HEADER`."""
    starts = list(TABLE.finditer(existing))
    tables = {
        int(m.group(1)): existing[m.start() : starts[i + 1].start() if i + 1 < len(starts) else len(existing)]
        for i, m in enumerate(starts)
    }
    tables[seats] = text
    return HEADER + "".join(tables[n] for n in sorted(tables))


def run(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    hooks = search_hooks(game)
    if hooks is None or hooks.features is None or hooks.progress is None:
        raise SystemExit(f"bricabot: {args.game} has no features to learn a value from")
    if args.games < HOLD_OUT:
        raise SystemExit(f"bricabot: --games must be at least {HOLD_OUT}")
    if args.players < 2:
        raise SystemExit("bricabot: --players must be at least 2 (a value compares seats)")
    try:
        game.validate_options(args.players)
    except EngineError as exc:
        raise SystemExit(f"bricabot: {exc}") from None
    seeds = list(range(args.seed, args.seed + args.games))
    played = _games(args.game, args.level, args.players, seeds, args.jobs)
    kept = [s for i, seed in enumerate(seeds) if i % HOLD_OUT != HOLD_OUT - 1 for s in played[seed]]
    held = [s for i, seed in enumerate(seeds) if i % HOLD_OUT == HOLD_OUT - 1 for s in played[seed]]
    factor = in_points(kept)
    learned = quality(held, predictor(fit(kept)))
    hand = quality(held, lambda s: factor * s.evaluated)
    weights = fit([s for seed in seeds for s in played[seed]])
    print(f"{len(kept) + len(held)} samples (pairs of seats in a position) from {args.games} games", file=sys.stderr)
    text = table(args, weights, learned, hand, hooks.evaluate.__name__)
    if args.out:
        path = Path(args.out)
        path.write_text(merged(path.read_text("utf-8") if path.exists() else "", args.players, text), "utf-8")
    else:
        sys.stdout.write(HEADER + text)
    return 0
