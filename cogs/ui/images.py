"""Pictures for Discord: the renders run in a worker thread so Pillow never blocks the event loop."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

import discord

from engine.core.contract import View
from renders.api import Render, render_board, render_final, render_screen

BOARD_FILE = "board.png"
SCREEN_FILE = "screen.png"
FINAL_FILE = "final.png"


async def _render(fn: Callable[..., Render], view: View, lang: str) -> Render:
    return await asyncio.to_thread(fn, view, lang=lang)


async def board(view: View, lang: str) -> Render:
    """The public table; the view must be a spectator's so nothing private can leak into it."""
    if view.viewer is not None:
        raise ValueError("the public board is drawn from a spectator's view only")
    return await _render(render_board, view, lang)


async def screen(view: View, lang: str) -> Render:
    """One seat's private screen: for ephemeral replies and DMs only."""
    return await _render(render_screen, view, lang)


async def final(view: View, lang: str) -> Render:
    """Final scores (screens are revealed at the end, so this is public)."""
    if view.viewer is not None:
        raise ValueError("the final scores are drawn from a spectator's view only")
    return await _render(render_final, view, lang)


def as_file(render: Render, name: str) -> discord.File:
    return discord.File(io.BytesIO(render.png), filename=name)
