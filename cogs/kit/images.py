"""Pictures for Discord: the renders run in a worker thread so Pillow never blocks the event loop.

Each picture is drawn from a :class:`~bot.service.TableView`, so the players are always drawn and
described by their names (:func:`cogs.kit.text.names`), never as "Seat 2", in the image and in its
text alternative alike.
"""

from __future__ import annotations

import asyncio
import io

import discord

from bot.service import TableView
from cogs.kit.text import clip, names
from renders.api import (
    Render,
    render_board,
    render_board_parts,
    render_final,
    render_screen,
    render_zoom,
)
from renders.api import zoom_areas as render_zoom_areas

BOARD_FILE = "board.png"
"""The full board, and the first of the phone board's parts (so the board message's first image
keeps its name)."""
SCREEN_FILE = "screen.png"
FINAL_FILE = "final.png"
ZOOM_FILE = "zoom.png"
ALT_TEXT = 1024
"""Discord's limit on an attachment's description, its text alternative."""


def _public(table: TableView, what: str) -> None:
    if table.view.viewer is not None:
        raise ValueError(f"{what} drawn from a spectator's view only")


async def board(table: TableView, lang: str) -> Render:
    """The whole public table at desktop size; the view must be a spectator's so nothing private can
    leak into it."""
    _public(table, "the public board is")
    return await asyncio.to_thread(render_board, table.view, lang=lang, names=names(table.game, lang))


async def board_parts(table: TableView, lang: str) -> tuple[Render, ...]:
    """The public table for phones, as several narrow images in posting order (spectator's view only)."""
    _public(table, "the public board is")
    return await asyncio.to_thread(render_board_parts, table.view, lang=lang, names=names(table.game, lang))


def part_file(index: int, render: Render) -> str:
    """The file name of the board's ``index``-th part: ``board.png`` first, then ``board-<part>.png``."""
    return BOARD_FILE if index == 0 else f"board-{render.name}.png"


def zoom_areas(table: TableView, lang: str) -> tuple[tuple[str, str], ...]:
    """The table's areas as ``(key, label)`` pairs for the Zoom menu, seats by their players' names."""
    return render_zoom_areas(table.view, lang=lang, names=names(table.game, lang))


async def zoom(table: TableView, area: str, lang: str) -> Render:
    """One area of the full board at full size (spectator's view only)."""
    _public(table, "close-ups of the board are")
    return await asyncio.to_thread(render_zoom, table.view, area, lang=lang, names=names(table.game, lang))


async def screen(table: TableView, lang: str) -> Render:
    """One seat's private screen: for ephemeral replies and DMs only."""
    return await asyncio.to_thread(render_screen, table.view, lang=lang, names=names(table.game, lang))


async def final(table: TableView, lang: str) -> Render:
    """Final scores (screens are revealed at the end, so this is public)."""
    _public(table, "the final scores are")
    return await asyncio.to_thread(render_final, table.view, lang=lang, names=names(table.game, lang))


def as_file(render: Render, name: str) -> discord.File:
    """The image as an attachment whose description (its text alternative) is the render's text."""
    return discord.File(io.BytesIO(render.png), filename=name, description=clip(render.text, ALT_TEXT) or None)
