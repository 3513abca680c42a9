"""Pictures for Discord: the renders run in a worker thread so Pillow never blocks the event loop."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

import discord

from cogs.ui.text import clip
from engine.core.contract import View
from renders.api import Render, render_board, render_board_parts, render_final, render_screen, render_zoom

BOARD_FILE = "board.png"
"""The full board, and the first of the phone board's parts (so the board message's first image
keeps its name)."""
SCREEN_FILE = "screen.png"
FINAL_FILE = "final.png"
ZOOM_FILE = "zoom.png"
ALT_TEXT = 1024
"""Discord's limit on an attachment's description, its text alternative."""


async def _render(fn: Callable[..., Render], view: View, lang: str) -> Render:
    return await asyncio.to_thread(fn, view, lang=lang)


async def board(view: View, lang: str) -> Render:
    """The whole public table at desktop size; the view must be a spectator's so nothing private can
    leak into it."""
    if view.viewer is not None:
        raise ValueError("the public board is drawn from a spectator's view only")
    return await _render(render_board, view, lang)


async def board_parts(view: View, lang: str) -> tuple[Render, ...]:
    """The public table for phones, as several narrow images in posting order (spectator's view only)."""
    if view.viewer is not None:
        raise ValueError("the public board is drawn from a spectator's view only")
    return await asyncio.to_thread(render_board_parts, view, lang=lang)


def part_file(index: int, render: Render) -> str:
    """The file name of the board's ``index``-th part: ``board.png`` first, then ``board-<part>.png``."""
    return BOARD_FILE if index == 0 else f"board-{render.name}.png"


async def zoom(view: View, area: str, lang: str) -> Render:
    """One area of the full board at full size (spectator's view only)."""
    if view.viewer is not None:
        raise ValueError("close-ups of the board are drawn from a spectator's view only")
    return await asyncio.to_thread(render_zoom, view, area, lang=lang)


async def screen(view: View, lang: str) -> Render:
    """One seat's private screen: for ephemeral replies and DMs only."""
    return await _render(render_screen, view, lang)


async def final(view: View, lang: str) -> Render:
    """Final scores (screens are revealed at the end, so this is public)."""
    if view.viewer is not None:
        raise ValueError("the final scores are drawn from a spectator's view only")
    return await _render(render_final, view, lang)


def as_file(render: Render, name: str) -> discord.File:
    """The image as an attachment whose description (its text alternative) is the render's text."""
    return discord.File(io.BytesIO(render.png), filename=name, description=clip(render.text, ALT_TEXT) or None)
