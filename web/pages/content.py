"""What a game's page holds, as plain data in the reader's language: the page, its JSON sibling and its
live updates are all made from one :class:`GameContent`.

It is made from the spectator's view for everything public (the board, its words, the standings, the
final scores) and, on a player's personal link, from their seat's own view for their screen, their
decision and their log; a spectator's content is made from the spectator's view alone, so it cannot
hold anything hidden. Pictures are named here, not addressed: the page places them under its own link.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from babel.dates import format_datetime

from bot import board
from bot.clock import from_epoch, to_epoch
from bot.log_lines import lines
from bot.pictures import Pictures
from bot.service import GameService, TableView, WrongStatus, ending
from bot.service.names import seat_names
from engine import registry
from renders.api import Render, drawings
from web.outline import Item, outline

LOG_SHOWN = 30
"""Log entries a game's page lists (its history lists them all)."""


@dataclass(frozen=True, slots=True)
class Moment:
    """A point in time as the page writes it: ``iso`` for ``<time datetime>`` (the page's script writes
    it in the reader's own zone), ``text`` in UTC for a reader without script."""

    iso: str
    text: str


def moment(when: datetime, lang: str) -> Moment:
    instant = when.astimezone(UTC)
    text = format_datetime(instant, "medium", tzinfo=UTC, locale=lang) + " UTC"
    return Moment(instant.strftime("%Y-%m-%dT%H:%M:%SZ"), text)


@dataclass(frozen=True, slots=True)
class Picture:
    """An image of the page: its file under the page (``board``, ``part-belt``, ``screen``...), what it
    shows ("" when its words say it), its size and its text alternative as lists."""

    file: str
    label: str
    width: int
    height: int
    outline: tuple[Item, ...]


def png_size(png: bytes) -> tuple[int, int]:
    """A PNG's width and height, read from its header (so the page reserves the picture's room)."""
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


def picture(file: str, label: str, render: Render) -> Picture:
    width, height = png_size(render.png)
    return Picture(file, label, width, height, outline(render.text))


@dataclass(frozen=True, slots=True)
class Waiting:
    """A seat the game waits for: its player, whether an AI plays it, and until when."""

    name: str
    ai: bool
    until: Moment | None
    back: Moment | None = None
    """When its player, outside their active hours now, is back."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One group of the public standings: its name, and a row per player (who, what)."""

    name: str
    rows: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class LogLine:
    """One entry of the log as the reader may see it, players by name."""

    version: int
    at: Moment
    texts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Private:
    """A player's own side, on their personal link only: their screen, and what they must decide."""

    seat: str
    screen: Picture | None
    prompt: str | None
    choices: tuple[tuple[str, str], ...]
    """Each open choice: its label and what it does ("" when the label says it all)."""
    missing: tuple[str, ...]
    """Why choices they may expect are not open."""
    until: Moment | None


@dataclass(frozen=True, slots=True)
class GameContent:
    """Everything a game's page shows."""

    id: int
    title: str
    game: str
    status: str
    version: int
    guild: int | None
    players: tuple[str, ...]
    headline: str | None
    goal: tuple[str, ...]
    """How the game ends and how close the table is."""
    waiting: tuple[Waiting, ...]
    task: tuple[tuple[str, str], ...]
    standings: tuple[Standing, ...]
    board: bool
    """Whether the game has pictures (the full board at ``board``, and :attr:`parts`)."""
    parts: tuple[Picture, ...]
    ending: tuple[str, ...]
    final: Picture | None
    log: tuple[LogLine, ...]
    private: Private | None


async def game_content(
    service: GameService, pictures: Pictures, game_id: int, user: int | None, lang: str, *, draw: bool = True
) -> GameContent:
    """The page of ``game_id`` for ``user`` (``None``: a spectator) in ``lang``; without ``draw``, all but
    its pictures (what a live page is sent first, before the pictures are drawn)."""
    info = await service.game(game_id)
    names = seat_names(info.seats, lang)
    rules = registry.get(info.kind)
    since = max(0, info.version - LOG_SHOWN)
    entries = await service.log(game_id, user, since=since, lang=lang, names=names)
    log = tuple(
        LogLine(entry.version, moment(entry.at, lang), tuple(lines(rules, entry, names, lang)))
        for entry in reversed(entries)
        if entry.lines
    )[:LOG_SHOWN]
    empty = GameContent(
        id=info.id,
        title=board.title(info),
        game=info.title,
        status=info.status,
        version=info.version,
        guild=info.guild_id,
        players=tuple(names),
        headline=None,
        goal=(),
        waiting=(),
        task=(),
        standings=(),
        board=False,
        parts=(),
        ending=(),
        final=None,
        log=log,
        private=None,
    )
    try:
        public = await service.view(game_id, None)
    except WrongStatus:  # a lobby (or one cancelled before it started): no table yet
        return empty
    own = None if user is None else await service.view(game_id, user)
    seen = own if own is not None and own.seat is not None else public
    info = public.game
    drawn = drawings(info.kind) is not None
    parts: tuple[Picture, ...] = ()
    final = None
    if drawn and draw:
        renders = await pictures.parts(public, lang)
        parts = tuple(picture(f"part-{r.name}", board.caption(info.kind, r.name, lang), r) for r in renders)
        if info.status == "finished":
            final = picture("final", "", await pictures.final(public, lang))
    outcome = info.outcome
    return replace(
        empty,
        headline=board.headline(public.view, lang),
        goal=tuple(board.goal(public.view, names, lang)),
        waiting=tuple(_waiting(seat, service.clock.now(), lang) for seat in board.acting(info, names)),
        task=tuple(board.task(public.view, lang)),
        standings=_standings(public, names, lang),
        board=drawn,
        parts=parts,
        ending=() if outcome is None else tuple(ending.end_lines(rules, outcome, names, lang)),
        final=final,
        private=None if seen is public else await _private(seen, pictures if draw else None, names, lang),
    )


def _standings(public: TableView, names: Sequence[str], lang: str) -> tuple[Standing, ...]:
    out = []
    for name, value in board.standings(public.view, names, lang):
        rows = []
        for line in value.splitlines():
            who, _, what = line.partition(": ")
            rows.append((who, what) if what else ("", line))
        out.append(Standing(name, tuple(rows)))
    return tuple(out)


async def _private(seen: TableView, pictures: Pictures | None, names: Sequence[str], lang: str) -> Private:
    info = seen.game
    assert seen.seat is not None
    rules = registry.get(info.kind)
    screen = None
    if drawings(info.kind) is not None and pictures is not None:
        screen = picture("screen", "", await pictures.screen(seen, lang))
    decision = seen.decision
    seat = next(s for s in info.seats if s.seat == seen.seat)
    if decision is None:
        return Private(names[seen.seat], screen, None, (), (), None)
    return Private(
        seat=names[seen.seat],
        screen=screen,
        prompt=rules.text(decision.prompt, decision.params, lang, names),
        choices=tuple(
            (
                rules.text(choice.label, choice.params, lang, names),
                rules.text(choice.description, choice.params, lang, names) if choice.description else "",
            )
            for choice in decision.choices
        ),
        missing=tuple(rules.text(key, params, lang, names) for key, params in decision.missing),
        until=None if seat.deadline is None else moment(seat.deadline, lang),
    )


def _waiting(seat: board.Acting, now: datetime, lang: str) -> Waiting:
    """A seat the game waits for, with when its player is back if they are outside their hours now."""
    back = None if seat.hours is None else seat.hours.opens_at(to_epoch(now))
    return Waiting(
        seat.name,
        seat.ai,
        None if seat.deadline is None else moment(seat.deadline, lang),
        None if back is None or back <= to_epoch(now) else moment(from_epoch(back), lang),
    )
