"""Imaginarium (2-5 players, two-player saboteurs; Chimera expansion with team play for 4 or 6): the
rules engine.

``GAME`` is registered automatically by :mod:`engine.registry`. Lobby options: ``chimera`` and
``teams``; AI policies: ``random`` and ``greedy``; text for prompts, choices, menu groups and events:
``GAME.text(key, params, lang)``; what a seat may see: ``GAME.view(state, seat)``
(:mod:`engine.imaginarium.view`). Rule decisions are documented in ``docs/imaginarium-rules.md``.
"""

from engine.imaginarium.game import Imaginarium

GAME = Imaginarium()

__all__ = ["GAME", "Imaginarium"]
