"""``bricabot bench render``: time every image kind (draw + PNG encode) on real positions and report
its size and legibility.

Positions come from the engine playing random legal choices (see :func:`console.commands.render.play`):
every table size of each game with every value of each option that applies to every size
(Imaginarium 2 to 6 seats with and without Chimera, Bot Factory 1 to 4 seats with each production-tile
variant), switching on what a size needs (six Imaginarium seats play Chimera in teams); ``--seats``
keeps one size. The phone board and the screen are redrawn after every move, so they are timed over
``--runs`` successive moves from mid-game (each move a new position, drawn as the bot draws it: parts
the move left unchanged are not drawn again); the full board, close-ups and final scores are timed
on one position. ``cpu_p95_ms`` is the process time, which
other work on the machine does not inflate.

Every table is drawn in English and in French (``--lang`` keeps one). For each image the command
reports ``width``, ``height``, ``p50_ms``, ``p95_ms``, ``cpu_p95_ms``, ``bytes``, ``min_font_px``
(the smallest text the render kit drew), ``legible_px`` (that text's height once Discord shows the
image 400 px wide), ``ellipsized`` (the most labels the kit had to shorten with "…" on any drawing
of that image: the board and the screen over every timed move), ``text_chars`` (the longest text
alternative, which Discord caps at 1024 characters) and whether it is ``posted`` to Discord by
default (the full board and close-ups are sent only on request). The phone board's parts are drawn together,
so each part's times are those of the whole set, also reported as ``board_parts``.

Beside each set's time the command prints its **encode floor**: the time to PNG-encode the very
pixels that move's set drew (the parts it did not take from the recent ones, decoded back from its
PNGs), each encoded whole by the same encoding threads, timed right after the set. ``×floor``
(``floor_ratio``) is the mean set time over the mean floor (``encode_p50_ms``, ``encode_p95_ms``):
what a move's pictures cost against encoding their pixels from scratch. Drawing and encoding
overlap on the machine's cores, and a part drawn as bands (a title, a seat's strip) draws and
encodes only the bands its move changed (see :func:`renders.api.drawn_parts`), so a set may cost
less than its floor. Compare ratios measured in one run: on a machine whose cores are busy the
drawing cannot overlap the encodings, and the ratio tends to one plus drawing over encoding. With
``--json`` the last line holds every result under ``images``.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import time
from collections import ChainMap
from collections.abc import Callable, Sequence
from functools import partial
from itertools import product
from typing import Any

from PIL import Image

from console.commands.render import play, playable
from engine import registry
from engine.core.contract import RandomPolicy
from engine.core.errors import EngineError
from engine.core.rng import Rng
from renders.api import (
    Render,
    encode_together,
    render_board,
    render_board_parts,
    render_final,
    render_screen,
    render_zoom,
)

COMMAND = ("bench", "render")
HELP = "Time every image kind (phone board parts, screen, final, full board) and report size and legibility."

PHONE_WIDTH = 400
"""About how wide Discord shows an image on a phone."""
LANGS = ("en", "fr")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default=None, help="game kind (default: every game)")
    parser.add_argument("--seats", type=int, default=None, help="one table size (default: every size)")
    parser.add_argument(
        "--runs", type=int, default=40, help="moves timed for the board and screen; renders timed for the other images"
    )
    parser.add_argument("--seed", type=int, default=11, help="seed of the positions")
    parser.add_argument("--lang", choices=LANGS, default=None, help="one language (default: every language)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")


def _percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


Timing = tuple[float, float, float]
"""p50 and p95 wall-clock milliseconds, p95 process-time milliseconds."""
Floor = tuple[float, float, float]
"""p50 and p95 milliseconds of the encode floor, and the mean set's time over the mean floor."""


def _measure(calls: list[Callable[[], Any]]) -> tuple[Timing, list[Any]]:
    """The timing of ``calls`` and what each returned (the renders, to check after the timing)."""
    wall, cpu, results = [], [], []
    for call in calls:
        start, start_cpu = time.perf_counter(), time.process_time()
        results.append(call())
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return _timing(wall, cpu), results


def _timing(wall: list[float], cpu: list[float]) -> Timing:
    return round(statistics.median(wall), 1), round(_percentile(wall, 0.95), 1), round(_percentile(cpu, 0.95), 1)


def _measure_sets(calls: list[Callable[[], tuple[Render, ...]]]) -> tuple[Timing, list[tuple[Render, ...]], Floor]:
    """:func:`_measure` for the board's sets, with each set's encode floor timed right after it (so
    both meet the same load): every part the set took unchanged from the one before (the same PNG
    object) is left out, the others are decoded back to their pixels and encoded together, each
    whole. Returns the floor's median and 95th percentile and the ratio of the mean set
    time to the mean floor."""
    wall, cpu, floor, results = [], [], [], []
    before: dict[str, bytes] = {}
    for call in calls:
        start, start_cpu = time.perf_counter(), time.process_time()
        drawn_set = call()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        results.append(drawn_set)
        redrawn = [part for part in drawn_set if before.get(part.name) is not part.png]
        before = {part.name: part.png for part in drawn_set}
        pixels = [Image.open(io.BytesIO(part.png)).convert("RGB") for part in redrawn]
        start = time.perf_counter()
        encode_together(pixels)
        floor.append((time.perf_counter() - start) * 1000)
    ratio = statistics.fmean(wall) / max(statistics.fmean(floor), 1e-6)
    figures = (round(statistics.median(floor), 1), round(_percentile(floor, 0.95), 1), round(ratio, 2))
    return _timing(wall, cpu), results, figures


def _time(draw: Callable[[], Any], runs: int) -> Timing:
    draw()  # warm-up: fills the caches of card faces, icons and glyphs
    return _measure([draw] * runs)[0]


def _moves(game: Any, state: Any, seed: int, count: int) -> list[tuple[Any, Any]]:
    """(public view, acting seat's view) after each of ``count`` random moves from ``state``."""
    rng = Rng(seed)
    policy = RandomPolicy()
    out = []
    for _ in range(count):
        decisions = game.pending(state)
        if not decisions or game.outcome(state) is not None:
            break
        decision = decisions[0] if len(decisions) == 1 else rng.choice(decisions)
        game.advance(state, decision.seat, policy.choose(game, state, decision, rng))
        public = game.view(state, None)
        out.append((public, game.view(state, public.active[0] if public.active else decision.seat)))
    return out


def _item(
    game: str,
    table: tuple[int, str, str],
    name: str,
    posted: bool,
    render: Render,
    timing: Timing,
    drawings: Sequence[Render] = (),
) -> dict[str, Any]:
    """One image's figures: ``render`` is its last drawing, ``drawings`` every other one timed."""
    width, height = Image.open(io.BytesIO(render.png)).size
    every = [render, *drawings]
    return {
        "game": game,
        "seats": table[0],
        "options": table[1],
        "lang": table[2],
        "name": name,
        "posted": posted,
        "width": width,
        "height": height,
        "p50_ms": timing[0],
        "p95_ms": timing[1],
        "cpu_p95_ms": timing[2],
        "bytes": len(render.png),
        "min_font_px": render.min_font_px,
        "legible_px": round(render.min_font_px * PHONE_WIDTH / width, 2),
        "ellipsized": max(r.ellipsized for r in every),
        "text_chars": max(len(r.text) for r in every),
    }


def _tables(kind: str) -> list[tuple[int, dict[str, Any]]]:
    """Every seat count with every combination of the options that apply to every count (on/off
    options and choices other than "random"); options limited to some counts (teams, solo tasks)
    keep their default unless a count needs them."""
    game = registry.get(kind)
    varied: list[list[dict[str, Any]]] = [
        [{}]
        + [
            {spec.name: value}
            for value in (
                (not spec.default,)
                if spec.kind == "bool"
                else tuple(v for v in spec.choices if v not in (spec.default, "random"))
            )
        ]
        for spec in game.option_specs
        if spec.seats is None and spec.kind in ("bool", "choice")
    ]
    combos = [dict(ChainMap(*combo)) for combo in product(*varied)]
    out: list[tuple[int, dict[str, Any]]] = []
    for seats in range(game.min_seats, game.max_seats + 1):
        for combo in combos:
            options = playable(game, seats, combo)
            if options is not None and (seats, options) not in out:
                out.append((seats, options))
    return out


def _label(options: dict[str, Any]) -> str:
    """The options of a table in a few characters ("chimera-teams", "variant-1"; "-": defaults)."""
    return "-".join(name if value is True else f"{name}-{value}" for name, value in options.items()) or "-"


def _bench(kind: str, seed: int, runs: int, only: int | None, langs: Sequence[str]) -> list[dict[str, Any]]:
    game = registry.get(kind)
    items: list[dict[str, Any]] = []
    for (seats, options), lang in product(_tables(kind), langs):
        if only is not None and seats != only:
            continue
        table = (seats, _label(options), lang)
        mid = play(kind, seats, seed + seats, options=options)
        public = game.view(mid.state, None)
        render_board_parts(public, lang=lang)
        acting = next((d.seat for d in game.pending(mid.state)), 0)
        render_screen(game.view(mid.state, acting), lang=lang)
        moves = _moves(game, mid.state, seed, runs)
        boards, board_sets, floor = _measure_sets([partial(render_board_parts, view, lang=lang) for view, _ in moves])
        screens, screen_drawings = _measure([partial(render_screen, view, lang=lang) for _, view in moves])
        last_public, last_private = moves[-1]
        parts = render_board_parts(last_public, lang=lang)
        for part in parts:
            drawings = [p for drawn_set in board_sets for p in drawn_set if p.name == part.name]
            items.append(_item(kind, table, f"board-{part.name}", True, part, boards, drawings))
        items.append(
            {
                "game": kind,
                "seats": seats,
                "options": table[1],
                "lang": lang,
                "name": "board_parts",
                "posted": True,
                "images": len(parts),
                "moves": len(moves),
                "p50_ms": boards[0],
                "p95_ms": boards[1],
                "cpu_p95_ms": boards[2],
                "bytes": sum(len(p.png) for p in parts),
                "encode_p50_ms": floor[0],
                "encode_p95_ms": floor[1],
                "floor_ratio": floor[2],
            }
        )
        items.append(
            _item(kind, table, "screen", True, render_screen(last_private, lang=lang), screens, screen_drawings)
        )
        draw_board = partial(render_board, last_public, lang=lang)
        items.append(_item(kind, table, "full_board", False, draw_board(), _time(draw_board, max(5, runs // 4))))
        draw_zoom = partial(render_zoom, last_public, f"seat:{seats - 1}", lang=lang)
        items.append(_item(kind, table, "zoom", False, draw_zoom(), _time(draw_zoom, max(5, runs // 4))))
        done = play(kind, seats, seed + seats, until_round=None, options=options)
        draw_final = partial(render_final, game.view(done.state, None), lang=lang)
        items.append(_item(kind, table, "final", True, draw_final(), _time(draw_final, runs)))
    return items


def run(args: argparse.Namespace) -> int:
    kinds = [args.game] if args.game else sorted(registry.games())
    try:
        langs = [args.lang] if args.lang else list(LANGS)
        items = [item for kind in kinds for item in _bench(kind, args.seed, args.runs, args.seats, langs)]
    except (EngineError, LookupError) as exc:
        raise SystemExit(f"bricabot bench render: no position to draw: {exc}") from None
    print(
        f"{'game':>12} {'seats':>5} {'options':>13} {'lang':>4} {'image':>18} {'posted':>6} {'size':>10} "
        f"{'font':>4} {'@400':>6} {'cut':>3} {'text':>4} {'p50 ms':>7} {'p95 ms':>7} {'cpu p95':>7} {'bytes':>8} "
        f"{'enc p50':>7} {'enc p95':>7} {'×floor':>6}"
    )
    for item in items:
        size = f"{item['width']}×{item['height']}" if "width" in item else f"{item['images']} images"
        font = item.get("min_font_px", "")
        legible = item.get("legible_px", "")
        cut, chars = item.get("ellipsized", ""), item.get("text_chars", "")
        posted = "yes" if item["posted"] else "no"
        print(
            f"{item['game']:>12} {item['seats']:>5} {item['options']:>13} {item['lang']:>4} {item['name']:>18} "
            f"{posted:>6} {size:>10} {font:>4} {legible:>6} {cut:>3} {chars:>4} {item['p50_ms']:>7} "
            f"{item['p95_ms']:>7} {item['cpu_p95_ms']:>7} {item['bytes']:>8} "
            f"{item.get('encode_p50_ms', ''):>7} {item.get('encode_p95_ms', ''):>7} {item.get('floor_ratio', ''):>6}"
        )
    if args.json:
        print(json.dumps({"runs": args.runs, "seed": args.seed, "phone_width": PHONE_WIDTH, "images": items}))
    return 0
