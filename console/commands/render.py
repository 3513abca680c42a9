"""``bricabot render --demo --out DIR``: a sample set of images and their text summaries (every seat
count, plus the largest table allowed with each other value of each game option, e.g. Chimera): the
full board, the phone board's parts (``-board-<part>``), screens, final scores and a few cards, in
English or, with ``--lang fr``, in French.

Every sample is a real position: the engine plays random legal choices from a seed, then the game's
views (a spectator's for the board, a seat's for its screen) are drawn. Nothing is made up, so if the
engine cannot give a position the sample is skipped and the command says why.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import registry
from engine.core.contract import Game, RandomPolicy
from engine.core.errors import EngineError
from engine.core.rng import Rng
from renders.api import Render, render_board, render_board_parts, render_card, render_final, render_screen

COMMAND = ("render",)
HELP = "Draw sample boards, screens, final scores and cards from games the engine plays (--demo)."

MID_GAME_ROUND = 7
MAX_DECISIONS = 20_000


@dataclass
class Played:
    """A game played by random choices up to a point: its definition, state and how far it got."""

    game: Game[Any]
    state: Any
    finished: bool


def play(
    kind: str,
    seats: int,
    seed: int,
    *,
    until_round: int | None = MID_GAME_ROUND,
    extra: int | None = None,
    options: dict[str, Any] | None = None,
) -> Played:
    """Play random legal choices from ``seed`` until round ``until_round`` starts (``None``: the end),
    then ``extra`` more decisions (default: three per seat, so planning is done and pieces stand on the
    board). Stops early if the game ends.

    Raises :class:`EngineError` (or the registry's ``BadOptions``) when the game cannot be played.
    """
    game = registry.get(kind)
    state = game.new(seats, seed, options)
    rng = Rng(seed ^ 0xD3_30)
    policy = RandomPolicy()
    left = 3 * seats if extra is None else extra
    for _ in range(MAX_DECISIONS):
        if game.outcome(state) is not None:
            return Played(game, state, True)
        if until_round is not None and state.flow.round >= until_round:
            if left <= 0:
                return Played(game, state, False)
            left -= 1
        decisions = game.pending(state)
        if not decisions:
            break
        decision = decisions[0] if len(decisions) == 1 else rng.choice(decisions)
        game.advance(state, decision.seat, policy.choose(game, state, decision, rng))
    raise EngineError(f"{kind} with {seats} seats (seed {seed}) did not reach the wanted position")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--demo", action="store_true", help="draw the sample set (the only mode for now)")
    parser.add_argument("--out", type=Path, default=Path("render-out"), help="folder for the PNG and TXT files")
    parser.add_argument("--game", default=None, help="game kind (default: every game)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the sample games")
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help="language of the images and texts")


def _write(out: Path, stem: str, render: Render) -> None:
    (out / f"{stem}.png").write_bytes(render.png)
    (out / f"{stem}.txt").write_text(render.text + "\n", encoding="utf-8")
    print(f"{out / stem}.png  {len(render.png) // 1024} KB")


def _cards(view: Any) -> list[Any]:
    """Distinct machine cards visible on a board (for the card sheets), first seen first."""
    seen: dict[str, Any] = {}
    for slot in getattr(view, "belt", ()):
        if slot.card is not None:
            seen.setdefault(slot.card.serial, slot.card)
    return list(seen.values())


def playable(game: Game[Any], seats: int, options: dict[str, Any]) -> dict[str, Any] | None:
    """``options``, completed if needed by switching on the game's on/off options one by one (in
    their declared order) until the seat count is allowed; ``None`` when nothing makes it playable
    (e.g. six Imaginarium seats need Chimera and teams)."""
    chosen = dict(options)
    switches = [spec.name for spec in game.option_specs if spec.kind == "bool" and spec.default is False]
    for name in [None, *switches]:
        if name is not None:
            chosen.setdefault(name, True)
        try:
            game.validate_options(seats, chosen)
        except EngineError:
            continue
        return chosen
    return None


def _stem(kind: str, seats: int, options: dict[str, Any]) -> str:
    parts = [f"{kind}-{seats}p"]
    for name, value in options.items():
        parts.append(name if value is True else f"{name}-{value}")
    return "-".join(parts)


def _demo(kind: str, out: Path, seed: int, lang: str = "en") -> int:
    """Draw one game's samples; returns how many could not be played."""
    game = registry.get(kind)
    failures = 0
    cards: dict[str, Any] = {}
    samples: list[tuple[int, dict[str, Any]]] = []
    for seats in range(game.min_seats, game.max_seats + 1):
        options = playable(game, seats, {})
        if options is None:
            print(f"skipped {kind} with {seats} seats: no options allow it")
            continue
        samples.append((seats, options))
    for spec in game.option_specs:
        if spec.kind == "bool":
            values: tuple[Any, ...] = (not spec.default,)
        elif spec.kind == "choice":
            values = tuple(v for v in spec.choices if v != spec.default and v != "random")
        else:
            continue
        for value in values:
            counts = spec.seats or range(game.min_seats, game.max_seats + 1)
            allowed = [n for n in counts if playable(game, n, {spec.name: value}) == {spec.name: value}]
            if allowed and (max(allowed), {spec.name: value}) not in samples:
                samples.append((max(allowed), {spec.name: value}))
    for seats, options in samples:
        stem = _stem(kind, seats, options)
        try:
            mid = play(kind, seats, seed + seats, options=options)
        except EngineError as exc:
            print(f"skipped {stem}: {exc}")
            failures += 1
            continue
        _write(out, f"{stem}-board", render_board(game.view(mid.state, None), lang=lang))
        for part in render_board_parts(game.view(mid.state, None), lang=lang):
            _write(out, f"{stem}-board-{part.name}", part)
        for seat in range(seats if not options else 1):
            _write(out, f"{stem}-screen-seat{seat + 1}", render_screen(game.view(mid.state, seat), lang=lang))
        for card in _cards(game.view(mid.state, None)):
            cards.setdefault(card.serial, card)
        if not options:
            try:
                done = play(kind, seats, seed + seats, until_round=None)
            except EngineError as exc:
                print(f"skipped {stem} to the end: {exc}")
                failures += 1
                continue
            _write(out, f"{stem}-final", render_final(game.view(done.state, None), lang=lang))
    for card in list(cards.values())[:3]:
        _write(out, f"{kind}-card-{card.serial}", render_card(card, lang=lang))
    return failures


def run(args: argparse.Namespace) -> int:
    if not args.demo:
        raise SystemExit("bricabot render: nothing to draw; use --demo")
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        kinds = [args.game] if args.game else sorted(registry.games())
        failures = sum(_demo(kind, args.out, args.seed, args.lang) for kind in kinds)
    except EngineError as exc:
        raise SystemExit(f"bricabot render: {exc}") from None
    return 1 if failures else 0
