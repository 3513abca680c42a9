"""Implementation steps 4 and 5: completing projects in the design office, then finishing the turn.

Rulebook: Completing projects (first completer takes the printed VP, later ones 1 less); AS04 (+1 VP);
AS08 (secret projects: full value, then both are discarded).
"""

from __future__ import annotations

from engine.core.contract import Choice, Transition
from engine.imaginarium.machines import has
from engine.imaginarium.procedures import choice
from engine.imaginarium.projects import met
from engine.imaginarium.state import PROJECTS, State


def tokens_left(state: State, seat: int) -> int:
    """Completion tokens ``seat`` can still place: the six of its colour, less the two-player saboteur,
    the Chimera dream marker (in team play the team's one marker is its first seat's colour) and one per
    project tile on display that it completed. A secret project takes no token (it is discarded at
    once); a neutralised tile leaves the game with the tokens on it counted no more."""
    data = state.data
    used = sum(seat in state.completions[p] for p in state.display)
    used += state.seats == 2
    used += data.chimera and (not state.teams or seat % 2 == 0)
    return data.completion_tokens - used


def completable(state: State) -> list[int]:
    """Projects the current player may complete now: shown ones while a token is left, and secret ones."""
    data = state.data
    player = state.player
    shown = [p for p in state.display if player.seat not in state.completions[p]]
    if tokens_left(state, player.seat) <= 0:
        shown = []
    return [p for p in (*shown, *player.secret) if met(data, player, data.projects[p])]


def any_completable(state: State) -> bool:
    """``bool(completable(state))``, stopping at the first project met (the flow asks it every turn)."""
    data = state.data
    player = state.player
    if any(met(data, player, data.projects[p]) for p in player.secret):
        return True
    if tokens_left(state, player.seat) <= 0:
        return False
    return any(player.seat not in state.completions[p] and met(data, player, data.projects[p]) for p in state.display)


def award(state: State, p: int) -> int:
    """The VP the current player takes for project ``p``: its value if first to complete it (or for a
    secret project), 1 less otherwise; AS04 adds 1."""
    data = state.data
    player = state.player
    project = data.projects[p]
    vp = project.vp if p in player.secret or not state.completions[p] else project.vp - 1
    return vp + 1 if has(data, player, "project_bonus") else vp


def choices(state: State) -> list[Choice]:
    data = state.data
    player = state.player
    out = [
        choice(
            f"complete:{data.projects[p].id}",
            "complete_secret" if p in player.secret else "complete",
            "projects",
            describe=f"imaginarium.project.{data.projects[p].id}",
            project=data.projects[p].id,
            vp=award(state, p),
        )
        for p in completable(state)
    ]
    if out:
        finish = choice("finish", "finish", confirm="finish", project=out[0].params["project"], n=len(out))
    else:
        finish = choice("finish", "finish")
    return [*out, finish]


def apply(state: State, cid: str, tx: Transition) -> None:
    data = state.data
    player = state.player
    if cid == "finish":
        state.flow.step = "finish"
        return
    p = next(i for i in completable(state) if data.projects[i].id == cid.split(":")[1])
    project = data.projects[p]
    secret = p in player.secret
    vp = award(state, p)
    player.goods[4] += vp
    player.vp_from[PROJECTS] += vp
    state.completions[p].append(player.seat)
    if secret:
        state.removed += player.secret
        player.secret.clear()
        tx.revealed_hidden()
    if project.check in ("charcoalium", "goods"):
        tx.revealed_hidden()  # rulebook: the goods are shown to the other players, and kept
    key = "imaginarium.event.completed_secret" if secret else "imaginarium.event.completed"
    tx.emit(key, seat=player.seat, project=project.id, vp=vp, secret=secret)
