"""A table's pictures for every face: drawn off the event loop, players by name, and kept while the game
does not change.

Each picture is drawn from a :class:`~bot.service.TableView`, so the players are always drawn and
described by their names (:func:`bot.service.names.seat_names`), never as "Seat 2", in the image and in
its text alternative alike. The public ones (board, its phone parts, close-ups, final scores) must come
from a spectator's view, so nothing private can reach them. Pillow runs in a worker thread so it never
blocks the event loop.

:class:`Pictures` keeps what it drew by game, version, part and language (and seat, for a private
screen): a game nobody moved in is drawn once however many pages or messages show it.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable
from dataclasses import dataclass

from bot.kept import Kept
from bot.service.models import TableView
from bot.service.names import seat_names
from renders.api import (
    Render,
    render_board,
    render_board_parts,
    render_final,
    render_screen,
    render_zoom,
)
from renders.api import zoom_areas as render_zoom_areas


def _public(table: TableView, what: str) -> None:
    if table.view.viewer is not None:
        raise ValueError(f"{what} drawn from a spectator's view only")


def _names(table: TableView, lang: str) -> list[str]:
    return seat_names(table.game.seats, lang)


async def board(table: TableView, lang: str) -> Render:
    """The whole public table at desktop size; the view must be a spectator's so nothing private can
    leak into it."""
    _public(table, "the public board is")
    return await asyncio.to_thread(render_board, table.view, lang=lang, names=_names(table, lang))


async def board_parts(table: TableView, lang: str) -> tuple[Render, ...]:
    """The public table for phones, as several narrow images in posting order (spectator's view only)."""
    _public(table, "the public board is")
    return await asyncio.to_thread(render_board_parts, table.view, lang=lang, names=_names(table, lang))


def zoom_areas(table: TableView, lang: str) -> tuple[tuple[str, str], ...]:
    """The table's areas as ``(key, label)`` pairs for close-ups, seats by their players' names."""
    return render_zoom_areas(table.view, lang=lang, names=_names(table, lang))


async def zoom(table: TableView, area: str, lang: str) -> Render:
    """One area of the full board at full size (spectator's view only)."""
    _public(table, "close-ups of the board are")
    return await asyncio.to_thread(render_zoom, table.view, area, lang=lang, names=_names(table, lang))


async def screen(table: TableView, lang: str) -> Render:
    """One seat's private screen: only ever shown to that seat's player."""
    return await asyncio.to_thread(render_screen, table.view, lang=lang, names=_names(table, lang))


async def final(table: TableView, lang: str) -> Render:
    """Final scores (screens are revealed at the end, so this is public)."""
    _public(table, "the final scores are")
    return await asyncio.to_thread(render_final, table.view, lang=lang, names=_names(table, lang))


@dataclass(frozen=True, slots=True)
class Key:
    """What a kept picture shows: a game at a version, one part (``board``, ``parts``, ``zoom:<area>``,
    ``screen``, ``final``), in a language, for a seat (``None``: the public picture), with the seats'
    names as they were (a name can change without a move)."""

    game: int
    version: int
    part: str
    lang: str
    seat: int | None
    names: tuple[str, ...]

    @property
    def etag(self) -> str:
        """A strong validator of the picture's bytes: the same key always draws the same picture."""
        text = repr((self.game, self.version, self.part, self.lang, self.seat, self.names))
        return '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'


KEPT = 256
"""Pictures kept (each a few hundred kilobytes at most: some games' boards, parts and screens)."""


class Pictures:
    """Pictures drawn once per game, version, part, language and seat, then served from memory (two
    callers asking at once for the same picture wait for one drawing). ``drawn`` counts the drawings
    made, so a test can tell that showing an unchanged game drew nothing."""

    def __init__(self, kept: int = KEPT) -> None:
        self._kept: Kept[Key, tuple[Render, ...]] = Kept(kept)

    @property
    def drawn(self) -> int:
        return self._kept.made

    @staticmethod
    def key(table: TableView, part: str, lang: str) -> Key:
        """The key of ``part`` of ``table`` in ``lang`` (its seat's, for the private screen)."""
        seat = table.seat if part == "screen" else None
        return Key(table.game.id, table.game.version, part, lang, seat, tuple(_names(table, lang)))

    async def parts(self, table: TableView, lang: str) -> tuple[Render, ...]:
        """The public board's phone parts."""
        return await self._kept(self.key(table, "parts", lang), lambda: board_parts(table, lang))

    async def board(self, table: TableView, lang: str) -> Render:
        """The whole public board."""
        return (await self._kept(self.key(table, "board", lang), lambda: _one(board(table, lang))))[0]

    async def zoom(self, table: TableView, area: str, lang: str) -> Render:
        """One area of the public board at full size."""
        return (await self._kept(self.key(table, f"zoom:{area}", lang), lambda: _one(zoom(table, area, lang))))[0]

    async def screen(self, table: TableView, lang: str) -> Render:
        """The private screen of ``table``'s seat (kept under that seat only)."""
        return (await self._kept(self.key(table, "screen", lang), lambda: _one(screen(table, lang))))[0]

    async def final(self, table: TableView, lang: str) -> Render:
        """The final scores."""
        return (await self._kept(self.key(table, "final", lang), lambda: _one(final(table, lang))))[0]

    def cached(self, key: Key) -> tuple[Render, ...] | None:
        """What is kept under ``key``, without drawing."""
        return self._kept.get(key)


async def _one(render: Awaitable[Render]) -> tuple[Render, ...]:
    return (await render,)
