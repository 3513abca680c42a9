"""``bricabot bench render``: time the renders (draw + PNG encode) on real mid-game positions.

Positions come from the engine playing random legal choices (see :func:`bot.commands.render.play`),
two and five seats (or the game's extremes). Reports p50/p95 milliseconds and PNG bytes; with
``--json`` the last line holds ``board_p95_ms``, ``screen_p95_ms``, ``board_bytes``, ``screen_bytes``
for the largest table, the figures the targets are about.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bot.commands.render import play
from engine import registry
from engine.core.errors import EngineError
from renders.api import Render, render_board, render_screen

COMMAND = ("bench", "render")
HELP = "Time board and private-screen renders on 2- and 5-seat mid-game positions; p50/p95 ms and bytes."


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="imaginarium", help="game kind (default: imaginarium)")
    parser.add_argument("--runs", type=int, default=40, help="timed renders per image (after one warm-up)")
    parser.add_argument("--seed", type=int, default=11, help="seed of the positions")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")


def _percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _time(draw: Callable[[], Render], runs: int) -> tuple[float, float, int]:
    size = len(draw().png)  # warm-up: fills the caches of card faces, icons and glyphs
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        draw()
        samples.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(samples), 1), round(_percentile(samples, 0.95), 1), size


def run(args: argparse.Namespace) -> int:
    try:
        game = registry.get(args.game)
        seat_counts = sorted({max(game.min_seats, 2), min(game.max_seats, 5)})
        positions = {n: play(args.game, n, args.seed + n) for n in seat_counts}
    except EngineError as exc:
        raise SystemExit(f"bricabot bench render: no position to draw: {exc}") from None
    results: dict[str, Any] = {}
    print(f"{'image':>16} {'p50 ms':>8} {'p95 ms':>8} {'bytes':>9}")
    for seats, played in positions.items():
        public = game.view(played.state, None)
        private = game.view(played.state, 0)
        for label, draw in (("board", partial(render_board, public)), ("screen", partial(render_screen, private))):
            p50, p95, size = _time(draw, args.runs)
            results[f"{label}_{seats}p"] = {"p50_ms": p50, "p95_ms": p95, "bytes": size}
            print(f"{f'{label} {seats}p':>16} {p50:>8} {p95:>8} {size:>9}")
    largest = max(seat_counts)
    summary = {
        "board_p95_ms": results[f"board_{largest}p"]["p95_ms"],
        "screen_p95_ms": max(results[f"screen_{n}p"]["p95_ms"] for n in seat_counts),
        "board_bytes": results[f"board_{largest}p"]["bytes"],
        "screen_bytes": max(results[f"screen_{n}p"]["bytes"] for n in seat_counts),
        "seats": seat_counts,
        "runs": args.runs,
        "detail": results,
    }
    if args.json:
        print(json.dumps(summary))
    return 0
