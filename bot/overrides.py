"""A server owner's data overrides: one TOML file (``settings.data_overrides``), one table per game kind.

The table for a game kind is read when a lobby is created and stored with the game, so the game
always replays with the data it started with even if the file later changes. The engine validates
the table when it sets a game up; a broken file is a clear :class:`BadData`, never a crash.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from engine.core.contract import Game
from engine.core.errors import BadData


def read_overrides(path: Path | None, kind: str) -> dict[str, Any]:
    """The override table for ``kind`` from the file at ``path`` (``{}`` without a file or a table)."""
    if path is None:
        return {}
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise BadData(f"Data overrides file {path} does not exist.", path=str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise BadData(f"Data overrides file {path} is not valid TOML: {exc}.", path=str(path)) from None
    table = data.get(kind, {})
    if not isinstance(table, dict):
        raise BadData(f"In {path}, '{kind}' must be a table of overrides.", path=str(path))
    return table


def validated_overrides(game: Game[Any], path: Path | None) -> dict[str, Any]:
    """Read the table for ``game`` and let the engine validate it by setting up a game with it."""
    table = read_overrides(path, game.kind)
    if table:
        game.new(game.min_seats, 0, None, table)
    return table
