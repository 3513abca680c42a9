"""``bricabot play``: a terminal table on the real service, to play one or more seats (hot-seat) against AI.

Each turn shows the acting seat's log (public events plus its own private ones), its screen as text,
and its legal choices numbered and grouped like the Discord menus (``Decision.menus()``), each with
what it does and, below them, why an expected option is not offered (:mod:`bot.choices`, as the
Discord panel says them). Images of the board and the seat's screen are written to a folder. In
hot-seat the screen is cleared and the keyboard handed over before the next player's private screen
is shown. ``h`` says what can be typed and lists the game's "How to play" guide, ``h N`` reads its page
N. Quitting (``q``, Ctrl-C or the end of input) keeps the game in the database; ``--resume GAME_ID``
continues it. Text is wrapped to the terminal's width (:mod:`console.commands.console`).

Every text is in the table's language: the terminal user's language setting (the host's
``user_settings`` row, as a Discord user's ``/settings`` language), which ``--lang`` sets. A resumed
game therefore goes on in the language it was played in unless ``--lang`` says otherwise. ``--tz`` and
``--hours`` set the terminal user's time zone and active hours the same way (as ``/game profile``
does on Discord), checked and confirmed with their local time now.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from bot import log_lines
from bot.arguments import game_option
from bot.choices import description, missing
from bot.clock import to_epoch
from bot.hours import local_time
from bot.overrides import check_overrides
from bot.refusals import keyed, refusal
from bot.service import CannotUndo, GameInfo, GameService, TableView, UserHours, Work
from bot.service.ending import end_lines
from bot.service.names import seat_names
from bot.settings import Settings
from bot.words import CATALOG, t
from console.commands.console import ask, say
from console.commands.demo import write_render
from console.commands.guide_text import asks_guide, guide_text
from console.commands.stats import existing
from console.commands.tutorial_table import run_tutorial
from engine import registry
from engine.core.contract import Choice, Game
from engine.core.errors import EngineError
from renders.api import render_board, render_final, render_screen

COMMAND = ("play",)
HELP = "Play seats of a game in the terminal (hot-seat) against AI seats; resume a saved game."
HOST = 1
"""The terminal's user: the host of the games it starts, whose language setting is the table's."""
CLEAR = "\x1b[2J\x1b[3J\x1b[H"
"""Clear the terminal and its scrollback, cursor home (ECMA-48)."""
MOVE_ERRORS = ("stale_version", "game_finished", "wrong_seat", "illegal_choice")
"""Refused moves the catalogue words as ``error.<code>``."""


def configure(parser: argparse.ArgumentParser) -> None:
    game_option(parser)
    parser.add_argument("--players", type=int, default=3, help="number of seats (default: 3)")
    parser.add_argument("--ai", type=int, default=None, help="AI seats among them (default: all but one)")
    parser.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    parser.add_argument(
        "--db", type=Path, default=None, help="SQLite file (default: DATABASE_URL, else DATABASE_PATH from settings)"
    )
    parser.add_argument("--out", type=Path, default=Path("play-out"), help="image folder (default: play-out)")
    parser.add_argument("--resume", type=int, default=None, metavar="GAME_ID", help="continue a saved game")
    parser.add_argument(
        "--lang",
        default=None,
        choices=CATALOG.languages(),
        help="language of the game's texts and images, kept for later games and --resume (default: the last one)",
    )
    parser.add_argument(
        "--tz", default=None, metavar="ZONE", help="your time zone, e.g. Europe/Paris (kept like --lang)"
    )
    parser.add_argument(
        "--hours",
        default=None,
        metavar="HH:MM-HH:MM",
        help="your active hours in that zone, e.g. 08:00-23:00 or off: turn timers count only them (kept like --lang)",
    )
    parser.add_argument(
        "--tutorial", action="store_true", help="learn the game (--game) step by step; resumes where you left it"
    )
    parser.add_argument("--chapter", default=None, help="with --tutorial: one chapter only (default: every chapter)")


def run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_play(args))
    except EngineError as exc:
        lang = args.lang or "en"
        print(f"bricabot play: {refusal(exc, lang) if keyed(exc, lang) else exc}", file=sys.stderr)
        return 2


async def _play(args: argparse.Namespace) -> int:
    settings = Settings()
    check_overrides(settings.data_overrides)
    db = str(args.db) if args.db is not None else settings.database
    if args.chapter is not None and not args.tutorial:
        alone = t("tutorial.chapter_alone", args.lang or "en", game=args.game, chapter=args.chapter)
        print(f"bricabot play: {alone}", file=sys.stderr)
        return 2
    if args.resume is not None and not existing(db):
        print(f"bricabot play: no database at {db}: nothing to resume", file=sys.stderr)
        return 2
    ais = args.players - 1 if args.ai is None else args.ai
    if args.resume is None and not 0 <= ais < args.players:
        print(f"bricabot play: {t('terminal.no_human', args.lang or 'en')}", file=sys.stderr)
        return 2
    async with await GameService.open(db, overrides_path=settings.data_overrides) as service:
        host = HOST if args.resume is None else (await service.game(args.resume)).host_id
        if args.lang is not None:
            await service.set_user_lang(host, args.lang)
        lang = await service.user_lang(host)
        if args.tz is not None or args.hours is not None:
            chosen = await service.set_active_hours(host, zone=args.tz, hours=args.hours)
            print(_hours(chosen, service, lang))
        if args.tutorial:
            return await run_tutorial(service, HOST, args, lang)
        if args.resume is not None:
            return await Table(service, args.resume, args.out, lang).play()
        game_id = await _new_game(service, args, ais, lang)
        host_seat = (await service.game(game_id)).seat_of(HOST)
        keyboard = None if host_seat is None else host_seat.seat
        return await Table(service, game_id, args.out, lang, keyboard=keyboard).play()


async def _new_game(service: GameService, args: argparse.Namespace, ais: int, lang: str) -> int:
    humans = args.players - ais
    lobby = await service.create_lobby(args.game, HOST, seed=args.seed, seats=args.players)
    for user in range(HOST + 1, HOST + humans):
        await service.join(lobby.id, user)
    for _ in range(ais):
        await service.add_ai(lobby.id, HOST)
    await service.start(lobby.id, HOST)
    say(t("terminal.started", lang, id=lobby.id, players=args.players, ais=ais))
    return lobby.id


class Table:
    """The terminal loop for one game: whose turn, what they see, what they choose."""

    def __init__(
        self, service: GameService, game_id: int, out: Path, lang: str = "en", *, keyboard: int | None = None
    ) -> None:
        self.service = service
        self.lang = lang
        self.game_id = game_id
        self.out = out
        self.seen: dict[int, int] = {}
        """Per seat, the last log version already shown to it."""
        self.last_seat = keyboard
        """The seat that had the keyboard last (``None``: nobody known, as when a game is resumed)."""

    async def play(self) -> int:
        self.out.mkdir(parents=True, exist_ok=True)
        while True:
            info = await self.service.game(self.game_id)
            game = registry.get(info.kind)
            names = seat_names(info.seats, self.lang)
            if info.status != "active":
                return await self._finish(info, game, names)
            mover = next((s for s in info.seats if s.to_act and not s.is_ai and s.user_id is not None), None)
            if mover is None or mover.user_id is None:
                resumed = await self.service.perform(Work("resume", self.game_id, None, self.service.clock.now()))
                if not resumed.moves:
                    print(f"bricabot play: {t('terminal.waiting_ai', self.lang, id=self.game_id)}", file=sys.stderr)
                    return 1
                continue
            humans = sum(1 for s in info.seats if not s.is_ai)
            if humans > 1 and self.last_seat != mover.seat and not await self._hand_over(names[mover.seat]):
                return self._saved()
            self.last_seat = mover.seat
            table = await self.service.view(self.game_id, mover.user_id)
            choices = await self._show(table, game, names, mover.user_id)
            command = await self._command(choices, game, names)
            if command is None:
                return self._saved()
            try:
                if command == "u":
                    await self.service.undo(self.game_id, mover.user_id, info.version)
                else:
                    await self.service.act(self.game_id, mover.user_id, command, info.version)
            except EngineError as exc:
                say(f"  ! {_refusal(exc, self.lang)}")

    async def _hand_over(self, name: str) -> bool:
        """Hot-seat: clear what the previous player saw (their private screen) and wait until the next
        one has the keyboard; False when they quit (``q``) or input ends."""
        if sys.stdout.isatty():
            print(CLEAR, end="")
        print()
        return await ask(t("terminal.pass", self.lang, name=name)) is not None

    def _saved(self) -> int:
        say(f"\n{t('terminal.saved', self.lang, id=self.game_id)}")
        return 0

    async def _show(self, table: TableView, game: Game[Any], names: list[str], user_id: int) -> list[Choice]:
        """Print the seat's new log lines, its screen and its choices; the choices in their numbers' order."""
        assert table.seat is not None and table.decision is not None
        seat, decision, lang = table.seat, table.decision, self.lang
        say(f"\n{t('terminal.turn', lang, name=names[seat], version=table.game.version)}")
        since = self.seen.get(seat, 0)
        for entry in await self.service.log(self.game_id, user_id, since=since, lang=lang, names=names):
            for text in log_lines.lines(game, entry, names, lang):
                say(f"  {text}")
        self.seen[seat] = table.game.version
        write_render(self.out, "board", render_board, table.view, names, lang)
        screen = write_render(self.out, f"screen-seat-{seat + 1}", render_screen, table.view, names, lang)
        say((self.out / screen.replace(".png", ".txt")).read_text("utf-8").rstrip())
        say(f"  {t('terminal.images', lang, folder=self.out)}")
        say(game.text(decision.prompt, decision.params, lang, names))
        choices: list[Choice] = []
        for group, page, menu in decision.menus():
            say(f" [{game.text(group, None, lang)}{f' {page + 1}' if page else ''}]")
            for choice in menu:
                choices.append(choice)
                label = game.text(choice.label, choice.params, lang, names)
                what = description(game, choice, lang, names)
                say(f"  {len(choices):>3}. {label}{f' — {what}' if what else ''}")
        reasons = missing(game, decision, lang, names)
        if reasons:
            say(f" {t('terminal.missing', lang)}")
            for why in reasons:
                say(f"    · {why}")
        return choices

    def _prompt(self, choices: list[Choice], game: Game[Any], names: list[str]) -> str:
        if len(choices) == 1:
            label = game.text(choices[0].label, choices[0].params, self.lang, names)
            return t("terminal.enter", self.lang, label=label)
        return t("terminal.choose", self.lang, n=len(choices))

    async def _command(self, choices: list[Choice], game: Game[Any], names: list[str]) -> str | None:
        """Read until the player names a choice (its id), undoes (``"u"``) or quits (``None``);
        help and mistakes are answered without drawing the screen again."""
        while True:
            line = await ask(self._prompt(choices, game, names))
            if line is None:
                return None
            command = line.strip().lower()
            if command == "u":
                return command
            if asks_guide(command):
                if " " not in command:
                    say(t("terminal.help", self.lang, id=self.game_id, folder=self.out))
                say(guide_text(game, self.lang, command))
            elif command == "" and len(choices) == 1:
                return choices[0].id
            elif command.isdigit() and 1 <= int(command) <= len(choices):
                return choices[int(command) - 1].id
            else:
                say(f"  ! {t('terminal.not_choice', self.lang, typed=command, n=len(choices))}")

    async def _finish(self, info: GameInfo, game: Game[Any], names: list[str]) -> int:
        """The end of the game: the table as it ended, how it ended (:func:`bot.service.ending.end_lines`,
        as the thread and the demo tell it) and the scores."""
        lang = self.lang
        if info.outcome is None:
            status = t(f"refusal.state.{info.status}", lang)
            say(t("refusal.status.not_active", lang, game=self.game_id, status=status))
            return 0
        final = (await self.service.view(self.game_id, None)).view
        board = write_render(self.out, "board", render_board, final, names, lang)
        say(f"\n{t('terminal.final_board', lang)}")
        say((self.out / board.replace(".png", ".txt")).read_text("utf-8").rstrip())
        write_render(self.out, "final-scores", render_final, final, names, lang)
        say(f"\n{t('terminal.over', lang)}")
        say("\n".join(end_lines(game, info.outcome, names, lang)))
        scores = ", ".join(t("demo.score", lang, name=names[i], score=s) for i, s in enumerate(info.outcome.scores))
        say(t("terminal.scores", lang, scores=scores))
        return 0


def _hours(chosen: UserHours, service: GameService, lang: str) -> str:
    """The time zone and hours just set, confirmed with the local time now (as ``/game profile`` does)."""
    now = service.clock.now()
    lines = [] if chosen.zone is None else [t("terminal.hours.zone", lang, **local_time(chosen.zone, now))]
    if chosen.hours is None:
        lines.append(t("terminal.hours.always", lang))
    else:
        open_now = chosen.hours.is_open(to_epoch(now))
        key = "terminal.hours.open" if open_now else "terminal.hours.closed"
        lines.append(t(key, lang, hours=chosen.hours.label))
    return "\n".join(lines)


def _refusal(error: EngineError, lang: str) -> str:
    """What a refused move, undo or new game says to the player, in ``lang`` when the catalogue words it."""
    if isinstance(error, CannotUndo):
        return t(f"panel.undo_refused.{error.context.get('reason', 'nothing')}", lang)
    if keyed(error, lang):
        return refusal(error, lang)
    if error.code in MOVE_ERRORS:
        return t(f"error.{error.code}", lang)
    return str(error)
