"""``bricabot replay``: a finished game's public board at every round's start, as one animated image
(APNG, or GIF for a ``.gif`` file), drawn from spectators' views only."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.service import ServiceError
from bot.service.report import log_of, names_of, picture, replay_views, story
from bot.store import Store
from console.commands.stats import address, database_arguments, existing
from engine.core.errors import EngineError
from engine.core.text import Catalog
from renders.results.chart import report
from renders.results.replay import Format, animation, frames

COMMAND = ("replay",)
HELP = "Write a finished game's replay (the public board at every round's start) as an animated image."
LANGUAGES = Catalog("engine.core").languages()
"""The languages the games speak."""
LIMIT = 10 * 1024 * 1024
"""Discord's upload limit for a server without boosts."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", type=int, metavar="GAME_ID", help="the finished game")
    parser.add_argument("--out", type=Path, required=True, help="the file to write (.png: APNG; .gif: GIF)")
    database_arguments(parser)
    parser.add_argument(
        "--lang", default="en", choices=LANGUAGES, help="language of the names and board text (default: en)"
    )
    parser.add_argument("--limit", type=int, default=LIMIT, help=f"largest file in bytes (default: {LIMIT})")


def run(args: argparse.Namespace) -> int:
    if not existing(address(args)):
        print(f"bricabot replay: no database at {address(args)}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_replay(args))
    except (EngineError, ServiceError, ValueError) as exc:
        print(f"bricabot replay: {exc}", file=sys.stderr)
        return 2


async def _replay(args: argparse.Namespace) -> int:
    store = await Store.open(address(args))
    try:
        game, row, seats, actions = await log_of(store, args.game)
        names = await names_of(store, args.game, args.lang)
    finally:
        await store.close()
    views = [view for _, view in replay_views(game, row, seats, actions)]
    fmt: Format = "gif" if args.out.suffix.lower() == ".gif" else "png"
    made = animation(frames(views, lang=args.lang, names=names), limit=args.limit, fmt=fmt)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(made.data)
    width, height = made.size
    print(f"Wrote {args.out}: {made.frames} of {len(views)} frames, {width}x{height} px, {len(made.data)} bytes")
    return 0


async def write_report_and_replay(store: Store, game_id: int, out: Path, names: list[str], lang: str = "en") -> int:
    """Write a finished game's ``report.png`` and ``report.txt`` (its text alternative) and its replay
    ``replay.png`` (APNG) into ``out``; returns how many files were written (no replay for a game
    without drawings)."""
    game, row, seats, actions = await log_of(store, game_id)
    told = await asyncio.to_thread(story, game, row, seats, actions)
    drawn = await asyncio.to_thread(report, picture(told, game, names, lang))
    (out / "report.png").write_bytes(drawn.png)
    (out / "report.txt").write_text(drawn.text + "\n", "utf-8")
    views = [view for _, view in replay_views(game, row, seats, actions)]
    try:
        pictures = await asyncio.to_thread(frames, views, lang=lang, names=names)
    except LookupError:
        return 2
    made = await asyncio.to_thread(animation, pictures, limit=LIMIT)
    (out / "replay.png").write_bytes(made.data)
    return 3
