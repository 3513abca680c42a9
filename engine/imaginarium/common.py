"""Small helpers shared by the step modules: building choices, moving goods, pricing belt machines."""

from __future__ import annotations

from typing import Any

from engine.core.contract import Choice
from engine.imaginarium.cards import CH, VP, Data, Goods
from engine.imaginarium.machines import has, protected
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


def can_pay_later(player: Player, amount: int) -> bool:
    """Planning affordability: charcoalium plus 2 resources per missing charcoalium (rulebook:
    Picking up a reserved machine), using current holdings."""
    g = player.goods
    return g[CH] + (g[1] + g[2] + g[3]) // 2 >= amount
