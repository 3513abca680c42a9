"""``bricabot play``: a terminal table on the real service, to play one or more seats (hot-seat) against AI.

Each turn shows the acting seat's log (public events plus its own private ones), its screen as text,
and its legal choices numbered and grouped like the Discord menus (``Decision.menus()``); images of
the board and the seat's screen are written to a folder. Quitting (``q`` or end of input) keeps the
game in the database; ``--resume GAME_ID`` continues it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from bot.commands.demo import write_render
from bot.overrides import check_overrides
from bot.service import GameInfo, GameService, TableView, Work
from bot.service.names import seat_names
from bot.settings import Settings
from cogs.ui import history
from cogs.ui.words import CATALOG
from engine import registry
from engine.core.contract import Game
from engine.core.errors import EngineError
from renders.api import render_board, render_final, render_screen

COMMAND = ("play",)
HELP = "Play seats of a game in the terminal (hot-seat) against AI seats; resume a saved game."


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="imaginarium", help="game kind (default: imaginarium)")
    parser.add_argument("--players", type=int, default=3, help="number of seats (default: 3)")
    parser.add_argument("--ai", type=int, default=None, help="AI seats among them (default: all but one)")
    parser.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    parser.add_argument(
        "--db", type=Path, default=None, help="SQLite file (default: DATABASE_URL, else DATABASE_PATH from settings)"
    )
    parser.add_argument("--out", type=Path, default=Path("play-out"), help="image folder (default: play-out)")
    parser.add_argument("--resume", type=int, default=None, metavar="GAME_ID", help="continue a saved game")
    parser.add_argument(
        "--lang", default="en", choices=CATALOG.languages(), help="language of the game's texts and images"
    )


def run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_play(args))
    except EngineError as exc:
        print(f"bricabot play: {exc}", file=sys.stderr)
        return 2


async def _play(args: argparse.Namespace) -> int:
    settings = Settings()
    check_overrides(settings.data_overrides)
    db = args.db or settings.database
    async with await GameService.open(db, overrides_path=settings.data_overrides) as service:
        game_id = args.resume if args.resume is not None else await _new_game(service, args)
        return await Table(service, game_id, args.out, args.lang).play()


async def _new_game(service: GameService, args: argparse.Namespace) -> int:
    ais = args.players - 1 if args.ai is None else args.ai
    humans = args.players - ais
    if humans < 1 or ais < 0:
        raise SystemExit("bricabot play: you need at least one human seat (--ai must be below --players)")
    lobby = await service.create_lobby(args.game, 1, seed=args.seed)
    for user in range(2, humans + 1):
        await service.join(lobby.id, user)
    for _ in range(ais):
        await service.add_ai(lobby.id, 1)
    await service.start(lobby.id, 1)
    print(f"Game #{lobby.id} started ({args.players} seats, {ais} AI). Resume later with --resume {lobby.id}.")
    return lobby.id


class Table:
    """The terminal loop for one game: whose turn, what they see, what they choose."""

    def __init__(self, service: GameService, game_id: int, out: Path, lang: str = "en") -> None:
        self.service = service
        self.lang = lang
        self.game_id = game_id
        self.out = out
        self.seen: dict[int, int] = {}
        """Per seat, the last log version already shown to it."""
        self.last_seat: int | None = None
        """The seat that had the keyboard last."""

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
                    print(f"bricabot play: game #{self.game_id} is waiting on an AI that cannot move", file=sys.stderr)
                    return 1
                continue
            humans = sum(1 for s in info.seats if not s.is_ai)
            if humans > 1 and self.last_seat not in (None, mover.seat):
                # Hot-seat: the next player's private screen only once they have the keyboard.
                print(f"\n--- Pass the keyboard to {names[mover.seat]} and press Enter ---", end="", flush=True)
                if not await asyncio.to_thread(sys.stdin.readline):
                    print(f"\nSaved. Resume with: bricabot play --resume {self.game_id}")
                    return 0
            self.last_seat = mover.seat
            table = await self.service.view(self.game_id, mover.user_id)
            await self._show(table, game, names, mover.user_id)
            line = await asyncio.to_thread(sys.stdin.readline)
            command = line.strip().lower()
            if not line or command == "q":
                print(f"Saved. Resume with: bricabot play --resume {self.game_id}")
                return 0
            try:
                if command == "u":
                    await self.service.undo(self.game_id, mover.user_id, info.version)
                else:
                    await self.service.act(self.game_id, mover.user_id, _pick(table, command), info.version)
            except (EngineError, ValueError) as exc:
                print(f"  ! {exc}")

    async def _show(self, table: TableView, game: Game[Any], names: list[str], user_id: int) -> None:
        assert table.seat is not None and table.decision is not None
        seat = table.seat
        print(f"\n=== {names[seat]} (version {table.game.version}) ===")
        for entry in await self.service.log(
            self.game_id, user_id, since=self.seen.get(seat, 0), lang=self.lang, names=names
        ):
            for text in history.lines(game, entry, names, self.lang):
                print(f"  {text}")
        self.seen[seat] = table.game.version
        write_render(self.out, "board", render_board, table.view, names, self.lang)
        screen = write_render(self.out, f"screen-seat-{seat + 1}", render_screen, table.view, names, self.lang)
        print((self.out / screen.replace(".png", ".txt")).read_text("utf-8").rstrip())
        print(f"  (images in {self.out}/)")
        print(game.text(table.decision.prompt, table.decision.params, self.lang))
        number = 0
        for group, page, choices in table.decision.menus():
            print(f" [{game.text(group, None, self.lang)}{f' {page + 1}' if page else ''}]")
            for choice in choices:
                number += 1
                print(f"  {number:>3}. {game.text(choice.label, choice.params, self.lang)}")
        print(f"Choose 1-{number}, u to undo, q to save and quit: ", end="", flush=True)

    async def _finish(self, info: GameInfo, game: Game[Any], names: list[str]) -> int:
        if info.outcome is None:
            print(f"Game #{self.game_id} is {info.status}.")
            return 0
        final = (await self.service.view(self.game_id, None)).view
        write_render(self.out, "final-scores", render_final, final, names, self.lang)
        winners = ", ".join(names[i] for i in info.outcome.winners)
        scores = ", ".join(f"{names[i]}: {s}" for i, s in enumerate(info.outcome.scores))
        print(f"\nGame over: {game.text(info.outcome.reason, None, self.lang)}. Winner: {winners}. {scores}")
        return 0


def _pick(table: TableView, command: str) -> str:
    """The choice id for a typed number (counted across menus in order)."""
    assert table.decision is not None
    choices = [c for _, _, page in table.decision.menus() for c in page]
    if not command.isdigit() or not 1 <= int(command) <= len(choices):
        raise ValueError(f"'{command}' is not a choice: type a number from 1 to {len(choices)}, u or q.")
    return choices[int(command) - 1].id
