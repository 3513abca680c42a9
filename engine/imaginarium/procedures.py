"""Small helpers shared by the step modules: building choices, moving goods, pricing belt machines."""

from __future__ import annotations

from typing import Any

from engine.core.contract import Choice, Transition
from engine.imaginarium.cards import CH, VP, Data, Goods
from engine.imaginarium.machines import goods_code, has, protected, stack_line
from engine.imaginarium.state import Player, State

RECRUIT, EXTRACT, REPAIR, TRANSACTIONS, DISMANTLE, REORGANISE = range(6)
"""Indices into ``view.ACTIONS`` (the dial in cycle order)."""


def choice(
    cid: str, label: str, group: str = "main", *, describe: str = "", confirm: str = "", **params: Any
) -> Choice:
    """A choice whose label key is ``imaginarium.choice.<label>``, in menu ``imaginarium.group.<group>``.

    Its description is ``imaginarium.describe.<describe or label>``, or ``describe`` itself when it is a
    full key (a card's effect: ``imaginarium.machine.P1``); ``confirm`` names ``imaginarium.confirm.<confirm>``.
    """
    description = describe if "." in describe else f"imaginarium.describe.{describe or label}"
    return Choice(
        cid,
        f"imaginarium.choice.{label}",
        params,
        f"imaginarium.group.{group}",
        description,
        f"imaginarium.confirm.{confirm}" if confirm else "",
    )


def missing(key: str, **params: Any) -> tuple[str, dict[str, Any]]:
    """One line of ``Decision.missing``: ``imaginarium.missing.<key>`` with its params."""
    return f"imaginarium.missing.{key}", params


def team_key(state: State, key: str) -> str:
    """``key`` or its team-play wording (``<key>_team``: a team's dream, screen and token)."""
    return f"{key}_team" if state.teams else key


def partner(state: State, seat: int) -> dict[str, Any]:
    """Team play: ``{"partner": teammate}`` to name a team by both its players; else nothing."""
    return {"partner": seat ^ 1} if state.teams else {}


def effect_key(serial: str) -> str:
    """The message key of a machine card's effect text."""
    return f"imaginarium.machine.{serial}"


def pay(player: Player, goods: Goods) -> None:
    g = player.goods
    for i in range(4):
        g[i] -= goods[i]


def gain(player: Player, goods: Goods, vp_source: int) -> None:
    """Add goods behind ``player``'s screen; VP are also booked under ``vp_source``."""
    g = player.goods
    for i in range(4):
        g[i] += goods[i]
    if goods[VP]:
        g[VP] += goods[VP]
        player.vp_from[vp_source] += goods[VP]


def price(data: Data, player: Player, position: int, uid: int) -> int:
    """Rulebook: level + base cost of the belt space; the base-cost assistant pays the base only."""
    base = data.base_costs[position]
    return base if has(data, player, "base_cost") else base + data.card[uid].level


def shielded(state: State, player: Player, against: str) -> bool:
    """Whether a defense in ``player``'s workshop, or a teammate's (Chimera team play: defenses protect
    what the team shares), protects against ``against``."""
    return any(protected(state.data, state.players[m], against) for m in state.mates(player.seat))


def planning_funds(data: Data, player: Player) -> int:
    """What ``player`` can pay for a reserved machine at step 2 (rulebook: Planning, "ensure that they
    will be able to pay for it during the implementation phase"): charcoalium plus 1 per 2 resources
    (Picking up a reserved machine), counting what step 1 will surely produce first - the stacks that
    are face up and need no input."""
    money = player.goods[CH]
    resources = player.goods[1] + player.goods[2] + player.goods[3]
    for stack in player.stacks:
        if stack[0] == player.locked:
            continue
        line = stack_line(data, stack)
        if line is None or line.any_in or any(line.cost):
            continue
        money += line.gain[CH]
        resources += line.gain[1] + line.gain[2] + line.gain[3] + line.any_out + line.same_out
    return money + resources // 2


def used_privately(state: State, serial: str, cost: Goods, got: Goods, tx: Transition) -> None:
    """What a use paid and gave, for the player's screen only."""
    player = state.player
    tx.emit(
        "imaginarium.event.used_private" if any(cost) else "imaginarium.event.used_private_free",
        to=state.screen(player.seat),
        seat=player.seat,
        machine=serial,
        cost=goods_code(cost),
        gain=goods_code(got),
    )
