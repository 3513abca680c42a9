"""Small helpers shared by the step modules: building choices, moving goods, pricing belt machines."""

from __future__ import annotations

from typing import Any

from engine.core.contract import Choice
from engine.imaginarium.cards import CH, VP, Data, Goods
from engine.imaginarium.machines import has, protected, stack_line
from engine.imaginarium.state import Player, State

RECRUIT, EXTRACT, REPAIR, TRANSACTIONS, DISMANTLE, REORGANISE = range(6)
"""Indices into ``view.ACTIONS`` (the dial in cycle order)."""


def choice(cid: str, label: str, group: str = "main", **params: Any) -> Choice:
    """A choice whose label key is ``imaginarium.choice.<label>``, in menu ``imaginarium.group.<group>``."""
    return Choice(cid, f"imaginarium.choice.{label}", params, f"imaginarium.group.{group}")


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
