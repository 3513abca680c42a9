"""The words the board message shows beside Imaginarium's pictures: the round and phase, and the public
standings.

Read from the spectator's view only: victory points and reserves stay behind the screens until the end,
so the standings are the projects each player completed and the machines they repaired, and in team
play the teams with their members.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.contract import View
from engine.imaginarium.view import ImaginariumView
from renders.api import Fields
from renders.imaginarium.goal import lines as goal_lines
from renders.imaginarium.labels import has, text


def headline(view: View, lang: str) -> str:
    assert isinstance(view, ImaginariumView)
    phase = text(f"standings.phase.{view.phase}", lang)
    return text("standings.round_phase", lang, round=view.round, phase=phase)


def goal(view: View, names: Sequence[str], lang: str) -> list[str]:
    """How the game ends and how close the table is, as the phone board's first picture says it."""
    assert isinstance(view, ImaginariumView)
    return goal_lines(view, lang)


def standings(view: View, names: Sequence[str], lang: str) -> Fields:
    assert isinstance(view, ImaginariumView)
    rows = []
    for board in view.players:
        machines = sum(len(stack.cards) for stack in board.slots if stack is not None)
        rows.append(
            text(
                "standings.line",
                lang,
                who=names[board.seat],
                projects=text("standings.projects", lang, n=len(board.completed_projects)),
                machines=text("standings.machines", lang, n=machines),
            )
        )
    fields = [(text("standings.title", lang), "\n".join(rows))]
    teams: dict[int, list[str]] = {}
    for board in view.players:
        if board.team is not None:
            teams.setdefault(board.team, []).append(names[board.seat])
    if teams:
        listed = [
            text("standings.team", lang, number=team + 1, members=", ".join(teams[team])) for team in sorted(teams)
        ]
        fields.append((text("standings.teams", lang), "\n".join(listed)))
    return fields


def caption(area: str, lang: str) -> str:
    """What a zoom area shows ("Machines for sale on the conveyor belt"); a seat's area is described
    once for every seat; "" for an area without a description."""
    key = f"area.{area.split(':')[0]}"
    return text(key, lang) if has(key) else ""
