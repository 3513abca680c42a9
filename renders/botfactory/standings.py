"""The words the board message shows beside Bot Factory's pictures: the round and phase (with the solo
task and how far along it is), the public standings, and the solo game's task.

Hands and tokens lie in the open in Bot Factory, so the standings are robots built, contracts reserved
and speech tokens, read from the spectator's view.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.botfactory import GAME
from engine.botfactory.view import BotFactoryView
from engine.core.contract import View
from renders.api import Fields
from renders.botfactory.goal import lines as goal_lines
from renders.botfactory.labels import has, text


def headline(view: View, lang: str) -> str:
    assert isinstance(view, BotFactoryView)
    phase = text(f"standings.phase.{view.phase}", lang)
    top = text("standings.round_phase", lang, round=view.round, phase=phase)
    if view.solo_info is not None and view.final is None:
        info = view.solo_info
        progress = GAME.text(info.progress_text, info.progress, lang)
        top += "\n" + text("task.now", lang, task=info.task, progress=progress)
    return top


def standings(view: View, names: Sequence[str], lang: str) -> Fields:
    assert isinstance(view, BotFactoryView)
    rows = []
    for area in view.players:
        reserved = sum(1 for space in view.contracts for held in space.reservations if held.seat == area.seat)
        rows.append(
            text(
                "standings.line",
                lang,
                who=names[area.seat],
                robots=text("standings.robots", lang, n=len(area.robots)),
                contracts=text("standings.contracts", lang, n=reserved),
                tokens=text("standings.tokens", lang, n=area.tokens),
            )
        )
    return [(text("standings.title", lang), "\n".join(rows)), *task(view, lang)]


def goal(view: View, names: Sequence[str], lang: str) -> list[str]:
    """How the game ends and how close the table is, as the phone board's first picture says it."""
    assert isinstance(view, BotFactoryView)
    return goal_lines(view, names, lang)


def task(view: View, lang: str) -> Fields:
    """The solo game's task (the board's, the player's panel, ``/rules``): what the tile asks and how
    far the player is from it, with what meeting or missing it leads to; once over, how it ended (met
    and the report's band, or fired and why). None outside the solo game."""
    if not isinstance(view, BotFactoryView) or view.solo_info is None:
        return []
    info = view.solo_info
    if view.final and info.report_lines:
        lines = [GAME.text(key, params, lang) for key, params in info.report_lines]
    else:
        progress = GAME.text(info.progress_text, info.progress, lang)
        if info.task_met:
            progress = text("task.met", lang, progress=progress)
        bands = ", ".join(
            text(
                "task.band" if high is not None else "task.band_open",
                lang,
                band=text(f"task.report.{name}", lang),
                low=low,
                high=high,
            )
            for name, low, high in info.bands
        )
        lines = [GAME.text(info.task_text, {}, lang), progress, text("task.stakes", lang, bands=bands)]
    return [(text("task.title", lang), "\n".join(lines))]


def caption(area: str, lang: str) -> str:
    """What a zoom area shows ("The wheel and the four part piles"); a seat's area is described once
    for every seat; "" for an area without a description."""
    key = f"area.{area.split(':')[0]}"
    return text(key, lang) if has(key) else ""
