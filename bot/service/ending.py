"""How a finished game ended, in words: the one text the thread's final scores, ``bricabot demo`` and
``bricabot play`` tell.

A game between players names its winners; a solo game has no one to beat, so it says what its end
means instead (Bot Factory's Inspection: the task met and the performance report, or fired and
why), from the outcome's own reason and reasons. No "Winner:" line is ever left without a name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.words import t
from engine.core.contract import Game, Outcome


def winners(outcome: Outcome, names: Sequence[str]) -> list[str]:
    """The winners by name in a game between players; none in a solo game (its reason tells how it
    ended) or when nobody won."""
    if len(outcome.scores) < 2:
        return []
    return [names[w] for w in outcome.winners if 0 <= w < len(names)]


def reasons(game: Game[Any], outcome: Outcome, names: Sequence[str], lang: str) -> list[str]:
    """The game's reasons for its result (a tie-break, the solo task and its band), in ``lang``."""
    return [game.text(key, params, lang, names) for key, params in outcome.details.get("reasons", ())]


def end_lines(game: Game[Any], outcome: Outcome, names: Sequence[str], lang: str) -> list[str]:
    """How the game ended, a line each: the winners by name (or, without winners to name, the
    game's reason: "Task not achieved: you're fired!"), then the game's reasons."""
    named = winners(outcome, names)
    if named:
        head = t("end.winners", lang, n=len(named), names=", ".join(named))
    else:
        head = game.text(outcome.reason, outcome.details, lang, names)
    return [head, *reasons(game, outcome, names, lang)]


def end_text(game: Game[Any], outcome: Outcome, names: Sequence[str], lang: str) -> str:
    """:func:`end_lines` as sentences on one line (the command line's end of game)."""
    return " ".join(_sentence(line) for line in end_lines(game, outcome, names, lang))


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."
