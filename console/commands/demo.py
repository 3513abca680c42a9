"""``bricabot demo``: a complete game between AI seats through the real service and SQLite store.

It writes each round's public board, the final board also as the narrow phone images Discord posts
(``phone-final-<part>.png``), every seat's private screen at the end, the final scores, the log, the
post-game report (``report.png``, ``report.txt``) and the replay (``replay.png``, APNG) to a
folder. Games without drawings get their text views instead (``renders`` raises
``LookupError`` for them), so the demo works for every registered game.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.arguments import game_option
from bot.log_lines import lines as log_lines
from bot.overrides import check_overrides
from bot.service import GameService, MoveRecord
from bot.service.ending import end_text
from bot.service.names import seat_names
from bot.settings import Settings
from bot.words import CATALOG, t
from console.commands.replay import write_report_and_replay
from console.commands.selfplay import parse_options
from engine import registry
from engine.core.contract import Game, View
from engine.core.errors import EngineError
from renders.api import render_board, render_board_parts, render_final, render_screen

COMMAND = ("demo",)
HELP = "Play a complete game between AI seats through the service and store; write images and the log."
HOST = 0
"""The demo's host: a user id that takes no seat."""


def configure(parser: argparse.ArgumentParser) -> None:
    game_option(parser)
    parser.add_argument("--players", type=int, default=3, help="number of AI seats (default: 3)")
    parser.add_argument("--seed", type=int, default=1, help="game seed (default: 1)")
    parser.add_argument("--out", type=Path, default=Path("demo-out"), help="output folder (default: demo-out)")
    parser.add_argument("--db", type=Path, default=None, help="SQLite file to keep (default: a temporary one)")
    parser.add_argument(
        "--lang", default="en", choices=CATALOG.languages(), help="language of the images, log and names (default: en)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="game option (repeatable), e.g. chimera=true or variant=1; VALUE is parsed as JSON when it can be",
    )


def run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_demo(args))
    except EngineError as exc:
        print(f"bricabot demo: {exc}", file=sys.stderr)
        return 2


class Progress:
    """A one-line progress report on stderr: rewritten in place on a terminal, a line per step otherwise."""

    def __init__(self, every: int = 50) -> None:
        self.every = every
        self.tty = sys.stderr.isatty()

    def show(self, text: str, count: int) -> None:
        if self.tty:
            print(f"\r{text}", end="", file=sys.stderr, flush=True)
        elif count % self.every == 0:
            print(text, file=sys.stderr, flush=True)

    def done(self, text: str) -> None:
        print(f"\r{text}" if self.tty else text, file=sys.stderr, flush=True)


def bar(done: int, total: int, width: int = 30) -> str:
    """``[#######.......]``: the share of ``total`` that is ``done``."""
    filled = width * done // max(total, 1)
    return "[" + "#" * filled + "." * (width - filled) + "]"


def write_render(out: Path, stem: str, draw: Callable[..., Any], view: View, names: list[str], lang: str = "en") -> str:
    """Write ``stem.png`` and ``stem.txt`` (its text summary); without drawings, only the view's fields as text."""
    try:
        render = draw(view, names=names, lang=lang)
    except LookupError:
        fields = view.to_json()
        text = "".join(f"{key}: {json.dumps(value, default=str)}\n" for key, value in fields.items())
        (out / f"{stem}.txt").write_text(text, "utf-8")
        return f"{stem}.txt"
    (out / f"{stem}.png").write_bytes(render.png)
    (out / f"{stem}.txt").write_text(render.text + "\n", "utf-8")
    return f"{stem}.png"


def write_phone_parts(out: Path, stem: str, view: View, names: list[str], lang: str = "en") -> list[str]:
    """Write the public board as Discord posts it to phones: ``stem-<part>.png`` and its ``.txt`` for
    each narrow image, in posting order; nothing for a game without drawings."""
    try:
        parts = render_board_parts(view, names=names, lang=lang)
    except LookupError:
        return []
    written = []
    for number, part in enumerate(parts, 1):
        name = f"{stem}-{number}-{part.name or 'board'}"
        (out / f"{name}.png").write_bytes(part.png)
        (out / f"{name}.txt").write_text(part.text + "\n", "utf-8")
        written.append(f"{name}.png")
    return written


async def _demo(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    options = parse_options(args.option)
    game.validate_options(args.players, options)
    lang = args.lang
    overrides = Settings().data_overrides
    check_overrides(overrides)
    progress = Progress()
    moves = 0

    def on_commit(move: MoveRecord) -> None:
        nonlocal moves
        moves += 1
        progress.show(t("demo.playing", lang, game=game.title, n=moves), moves)

    with tempfile.TemporaryDirectory(prefix="bricabot-demo-") as scratch:
        db = args.db or Path(scratch) / "demo.sqlite3"
        async with await GameService.open(db, on_commit=on_commit, overrides_path=overrides) as service:
            lobby = await service.create_lobby(game.kind, HOST, options=options, seed=args.seed, host_seated=False)
            for _ in range(args.players):
                await service.add_ai(lobby.id, HOST)
            result = await service.start(lobby.id, HOST)
            progress.done(t("demo.played", lang, game=game.title, n=moves))
            if result.game.status != "finished":
                print(f"bricabot demo: the game did not finish ({result.game.status})", file=sys.stderr)
                return 1
            if not await service.replay_matches(lobby.id):
                print("bricabot demo: the replayed log does not match the stored game", file=sys.stderr)
                return 1
            names = seat_names(result.game.seats, lang)
            written = await _write_outputs(service, game, lobby.id, args.out, names, progress, lang)
            written += await write_report_and_replay(service.store, lobby.id, args.out, names, lang)
    outcome = result.game.outcome
    assert outcome is not None
    scores = ", ".join(t("demo.score", lang, name=names[i], score=s) for i, s in enumerate(outcome.scores))
    end = end_text(game, outcome, names, lang)
    print(t("demo.finished", lang, game=game.title, id=lobby.id, n=result.game.version, end=end, scores=scores))
    print(t("demo.wrote", lang, n=written, out=args.out))
    return 0


async def _write_outputs(
    service: GameService,
    game: Game[Any],
    game_id: int,
    out: Path,
    names: list[str],
    progress: Progress,
    lang: str = "en",
) -> int:
    """Boards at the start of every round (at the start only if the view has no ``round``) and at the end,
    screens and scores at the end, the logs; returns how many files were written."""
    out.mkdir(parents=True, exist_ok=True)
    history = await service.history(game_id)
    jobs: list[tuple[str, Callable[..., Any], View]] = []
    last_round: object = None
    for version, state in history:
        view = game.view(state, None)
        current = getattr(view, "round", None)
        if current is None and version == 0:
            jobs.append(("board-start", render_board, view))
        elif current is not None and current != last_round:
            last_round = current
            jobs.append((f"board-round-{int(current):02d}", render_board, view))
    final = history[-1][1]
    jobs.append(("board-final", render_board, game.view(final, None)))
    jobs += [(f"screen-seat-{seat + 1}", render_screen, game.view(final, seat)) for seat in range(len(names))]
    jobs.append(("final-scores", render_final, game.view(final, None)))
    files = []
    for done, (stem, draw, view) in enumerate(jobs, 1):
        files.append(write_render(out, stem, draw, view, names, lang))
        progress.show(t("demo.rendering", lang, bar=bar(done, len(jobs)), done=done, n=len(jobs)), done)
    files += write_phone_parts(out, "phone-final", game.view(final, None), names, lang)
    progress.done(t("demo.rendered", lang, n=len(files)))
    written = sum(2 if name.endswith(".png") else 1 for name in files)  # a picture comes with its text
    public = await service.log(game_id, lang=lang, names=names)
    # Each line about the player it concerns, named once (as the Discord log shows it).
    (out / "log.txt").write_text(
        "".join(f"{e.version:>5} {line}\n" for e in public for line in log_lines(game, e, names, lang)),
        "utf-8",
    )
    every = await service.store.actions(game_id)
    lines = []
    for action in every:
        for event in action.events:
            to = "" if event.to is None else t("demo.private", lang, who=", ".join(names[s] for s in sorted(event.to)))
            text = game.text(event.key, event.params, lang, names=names)
            lines.append(f"{action.seq:>5} {names[action.seat]:<20} {action.choice or 'undo':<24} {text}{to}\n")
    (out / "log-full.txt").write_text("".join(lines), "utf-8")
    return written + 2
