"""A server owner's data overrides: one TOML file (``settings.data_overrides``), one table per game kind.

The whole file is checked at start-up (:func:`check_overrides`, by ``bricabot run``, ``demo`` and
``play``), so a bad value stops the bot with one line naming its key, the value and what is allowed
instead of surfacing at the first lobby. The table for a game kind is read again when a lobby is
created and stored with the game, so the game always replays with the data it started with even if
the file later changes; the engine validates it by setting a game up with it (its schema and
cross-checks, see :mod:`engine.core.data`), and a broken file is a clear :class:`BadData`.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from engine import registry
from engine.core.contract import Game
from engine.core.data import bad_value
from engine.core.errors import BadData


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise BadData(f"Data overrides file {path} does not exist.", path=str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise BadData(f"Data overrides file {path} is not valid TOML: {exc}.", path=str(path)) from None


def _table(data: dict[str, Any], kind: str) -> dict[str, Any]:
    table = data.get(kind, {})
    if not isinstance(table, dict):
        raise bad_value(kind, table, f"a table of {kind} data overrides")
    return table


def read_overrides(path: Path | None, kind: str) -> dict[str, Any]:
    """The override table for ``kind`` from the file at ``path`` (``{}`` without a file or a table)."""
    return {} if path is None else _table(_read(path), kind)


def _check(game: Game[Any], table: dict[str, Any]) -> None:
    """Let the engine validate ``table`` by setting up a game with it."""
    if table:
        game.new(game.min_seats, 0, None, table)


def validated_overrides(game: Game[Any], path: Path | None) -> dict[str, Any]:
    """Read the table for ``game`` and let the engine validate it."""
    table = read_overrides(path, game.kind)
    _check(game, table)
    return table


def check_overrides(path: Path | None) -> None:
    """Check the whole file at start-up: each table names a game and passes that game's data checks.

    The refusal is one line that starts with the file, then names the key, the value and what is allowed.
    """
    if path is None:
        return
    data = _read(path)
    games = registry.games()
    try:
        for kind in data:
            if kind not in games:
                raise BadData(f"{kind} is not a game: the tables allowed are {', '.join(sorted(games))}.", path=kind)
            _check(games[kind], _table(data, kind))
    except BadData as exc:
        raise BadData(f"Data overrides file {path}: {exc.message}", **exc.context) from None
