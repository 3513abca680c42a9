"""Imaginarium (2-5 players, two-player saboteurs): the rules engine.

``GAME`` is registered automatically by :mod:`engine.registry`.
"""

from engine.imaginarium.game import Imaginarium

GAME = Imaginarium()

__all__ = ["GAME", "Imaginarium"]
