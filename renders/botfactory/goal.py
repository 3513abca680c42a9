"""How the game ends and how close the table is, from public information only: the robots each seat
has built and the robots of each colour left on the assembly board; in solo, the task tile, how far
the player is from it and the performance report it leads to (rulebook: Inspection, task tiles)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.botfactory.view import BotFactoryView, SoloInfo
from renders.botfactory import labels
from renders.kit.names import seat_name


def lines(view: BotFactoryView, names: Sequence[str] | None, lang: str) -> list[str]:
    """The end condition and how close the table is: robots built per seat, robots left per colour;
    the solo game's task instead of the race for robots."""
    left = labels.text(
        "goal.left", lang, left=", ".join(f"{labels.colour(c.colour, lang)} {c.robots_left}" for c in view.assembly)
    )
    if view.solo_info is not None:
        told = solo_lines(view, view.solo_info, lang)
        if view.phase == "over":
            return told
        return [*told, labels.text("goal.robots_solo", lang, n=view.robots_to_end), left]
    most = max((len(p.robots) for p in view.players), default=0)
    leaders = [seat_name(p.seat, names, lang) for p in view.players if len(p.robots) == most and most]
    return [
        labels.text("goal.robots", lang, n=view.robots_to_end),
        labels.text("goal.most", lang, n=most, names=", ".join(leaders) or labels.text("nobody", lang)),
        left,
    ]


def solo_lines(view: BotFactoryView, solo: SoloInfo, lang: str) -> list[str]:
    """The task tile in the engine's words and the progress toward it; while playing, what missing
    or meeting it leads to; once over, how it ended, in the one sentence the engine says it in."""
    if view.final and solo.report_lines:
        return [labels.rule(key, params, lang) for key, params in solo.report_lines]
    progress = labels.rule(solo.progress_text, dict(solo.progress), lang)
    if solo.task_met:
        progress += " — " + labels.text("goal.met", lang)
    return [labels.rule(solo.task_text, {}, lang), progress, stakes(solo, lang)]


def stakes(solo: SoloInfo, lang: str) -> str:
    """What the task decides: fired when missed, else the performance report by final VP."""
    bands = ", ".join(
        labels.text(
            "goal.band" if high is not None else "goal.band_open",
            lang,
            band=labels.text(f"solo.band.{name}", lang),
            low=low,
            high=high,
        )
        for name, low, high in solo.bands
    )
    return labels.text("goal.stakes", lang, bands=bands)
