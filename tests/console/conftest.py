"""Terminal-face fixtures: the tiny game registered, so the commands can run on a game with no drawings,
and the service's fixtures (a real database, a clock tests move) for the commands that read a store the
tests filled first."""

from __future__ import annotations

from engine import registry
from tests.bot.conftest import clock, database, db_path, service
from tests.support.tinygame import GAME as TINY

__all__ = ["clock", "database", "db_path", "service"]

registry.register(TINY)
