"""The games Bricabot knows: every ``engine.<name>`` package that exposes ``GAME``.

Adding a game means adding its package; nothing else in the engine, service or cogs changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import engine
from engine.core.contract import Game
from engine.core.errors import BadOptions

_extra: dict[str, Game[Any]] = {}


@cache
def _discovered() -> dict[str, Game[Any]]:
    found: dict[str, Game[Any]] = {}
    for module in pkgutil.iter_modules(engine.__path__):
        if not module.ispkg or module.name == "core":
            continue
        game = getattr(importlib.import_module(f"engine.{module.name}"), "GAME", None)
        if isinstance(game, Game):
            found[game.kind] = game
    return found


def register(game: Game[Any]) -> None:
    """Add a game defined outside ``engine/`` (used by tests for small fixture games)."""
    _extra[game.kind] = game


def games() -> dict[str, Game[Any]]:
    return {**_discovered(), **_extra}


def default_kind() -> str:
    """The game offered first (the lowest :attr:`Game.order`, then by kind): the command line's default."""
    return min(games().values(), key=lambda game: (game.order, game.kind)).kind


def get(kind: str) -> Game[Any]:
    known = games()
    if kind not in known:
        raise BadOptions(f"Unknown game '{kind}'. Known games: {', '.join(sorted(known)) or 'none'}.", kind=kind)
    return known[kind]
