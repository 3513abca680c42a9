"""A decision's choices in words, the same wherever a player reads them (the Discord panel, the terminal
table): what each choice does, and why an option the player may expect is not offered.

The engine says both as message keys (``Choice.description``, ``Decision.missing``); these turn them into
text with the players named, so no front end words them its own way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.contract import Choice, Decision, Game


def description(game: Game[Any], choice: Choice, lang: str, names: Sequence[str]) -> str:
    """What the choice does, in a line ("" when the engine gives none); players in it by ``names``."""
    return game.text(choice.description, choice.params, lang, names) if choice.description else ""


def missing(game: Game[Any], decision: Decision, lang: str, names: Sequence[str]) -> list[str]:
    """Why each option the seat may expect is not offered now, a line each (``Decision.missing``)."""
    return [game.text(key, params, lang, names) for key, params in decision.missing]
