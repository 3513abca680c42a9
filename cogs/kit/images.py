"""Pictures as Discord attachments: their file names and text alternatives.

The pictures themselves are every face's (:mod:`bot.pictures`: drawn off the event loop, players by
name, public ones from a spectator's view only); they are named here as the Discord layer's callers
know them.
"""

from __future__ import annotations

import io

import discord

from bot.pictures import board, board_parts, final, screen, zoom, zoom_areas
from cogs.kit.text import clip
from renders.api import Render

__all__ = [
    "ALT_TEXT",
    "BOARD_FILE",
    "FINAL_FILE",
    "SCREEN_FILE",
    "ZOOM_FILE",
    "as_file",
    "board",
    "board_parts",
    "final",
    "part_file",
    "screen",
    "zoom",
    "zoom_areas",
]

BOARD_FILE = "board.png"
"""The full board, and the first of the phone board's parts (so the board message's first image
keeps its name)."""
SCREEN_FILE = "screen.png"
FINAL_FILE = "final.png"
ZOOM_FILE = "zoom.png"
ALT_TEXT = 1024
"""Discord's limit on an attachment's description, its text alternative."""


def part_file(index: int, render: Render) -> str:
    """The file name of the board's ``index``-th part: ``board.png`` first, then ``board-<part>.png``."""
    return BOARD_FILE if index == 0 else f"board-{render.name}.png"


def as_file(render: Render, name: str) -> discord.File:
    """The image as an attachment whose description (its text alternative) is the render's text."""
    return discord.File(io.BytesIO(render.png), filename=name, description=clip(render.text, ALT_TEXT) or None)
