"""Machines in a workshop: what a stack may hold, what using it costs and gives, what protects a player.

Rulebook: Reorganise (combinations), Descriptions, the Machines (effects alone and combined).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from engine.imaginarium.cards import (
    CODES,
    DEFENSE,
    PRODUCTION,
    RESOURCES,
    TRANSFORMATION,
    Data,
    Goods,
    Line,
    MachineDef,
)
from engine.imaginarium.state import Player

UseOption = tuple[str, Goods, Goods]
"""(code for the choice id, goods paid, goods gained)."""


def has(data: Data, player: Player, effect: str) -> bool:
    """Whether ``player`` has recruited the assistant whose rule is ``effect``."""
    return any(data.assistants[a].effect == effect for a in player.assistants)


def spaces(data: Data, player: Player) -> int:
    """Rulebook: four spaces; the assistant with two additional spaces."""
    return data.spaces + (data.extra_spaces if has(data, player, "extra_spaces") else 0)


def goods_code(goods: Sequence[int]) -> str:
    """Compact goods string for event and label params, e.g. "ch3+wd1" (rendered by ``Game.text``)."""
    return "+".join(f"{CODES[g]}{n}" for g, n in enumerate(goods) if n)


def add(a: Goods, b: Goods) -> Goods:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def valid_stack(data: Data, uids: list[int]) -> bool:
    """Rulebook: Reorganise. 2 or 3 identical machines (as many as the card's multipliers), one
    transformation on one production machine listed on both cards, or any defense machines."""
    if len(uids) == 1:
        return True
    defs = [data.card[u] for u in uids]
    if all(d.type == DEFENSE for d in defs):
        return True
    first = defs[0]
    if all(d.serial == first.serial for d in defs):
        n = len(defs)
        if first.serial not in first.combines or n > first.max_stack:
            return False
        return bool(first.places) or first.lines[n - 1] is not None
    return _transformation_on_production(defs) is not None


def _transformation_on_production(defs: list[MachineDef]) -> tuple[MachineDef, MachineDef] | None:
    if len(defs) != 2:
        return None
    p, t = defs
    if p.type == TRANSFORMATION:
        p, t = t, p
    if p.type != PRODUCTION or t.type != TRANSFORMATION or t.on_production is None:
        return None
    if t.serial not in p.combines or p.serial not in t.combines:
        return None
    return p, t


def ordered(data: Data, uids: list[int]) -> list[int]:
    """A stack in table order: the transformation card sits on its production card."""
    return sorted(uids, key=lambda u: data.card[u].type == TRANSFORMATION)


def stack_line(data: Data, uids: list[int] | tuple[int, ...]) -> Line | None:
    """The effect line a stack applies when used, or ``None`` (defense, attack, Recyclateur)."""
    defs = [data.card[u] for u in uids]
    pair = _transformation_on_production(defs)
    if pair is not None:
        # Rulebook: "the effect to apply is that of the lowest multiplier of the transformation machine";
        # the produced resource is injected into it.
        return pair[1].on_production
    first = defs[0]
    if not first.usable or len(defs) > first.max_stack:
        return None
    return first.lines[len(defs) - 1]


@lru_cache(maxsize=4096)
def _line_options(line: Line) -> tuple[UseOption, ...]:
    ins = list(combinations_with_replacement(RESOURCES, line.any_in)) if line.any_in else [()]
    outs = list(combinations_with_replacement(RESOURCES, line.any_out)) if line.any_out else [()]
    sames = list(RESOURCES) if line.same_out else [-1]
    out: list[UseOption] = []
    for chosen_in in ins:
        cost = list(line.cost)
        for r in chosen_in:
            cost[r] += 1
        for chosen_out in outs:
            for same in sames:
                gain = list(line.gain)
                for r in chosen_out:
                    gain[r] += 1
                if same >= 0:
                    gain[same] += line.same_out
                parts = []
                if chosen_in:
                    parts.append("+".join(CODES[r] for r in chosen_in))
                if chosen_out or same >= 0:
                    parts.append("+".join(CODES[r] for r in (*chosen_out, *([same] if same >= 0 else []))))
                out.append(
                    (">".join(parts), (cost[0], cost[1], cost[2], cost[3], cost[4]), tuple(gain))  # type: ignore[arg-type]
                )
    return tuple(out)


def use_options(data: Data, uids: list[int] | tuple[int, ...], goods: list[int]) -> list[UseOption]:
    """Every way to use a stack that ``goods`` can pay for (a lone transformation needs its input)."""
    line = stack_line(data, uids)
    if line is None:
        return []
    return [o for o in _line_options(line) if all(goods[g] >= o[1][g] for g in range(5))]


def protected(data: Data, player: Player, against: str) -> bool:
    """Rulebook: defense machines protect permanently, whether combined or turned face down."""
    return any(against in data.card[u].protects for stack in player.stacks for u in stack)


def repaired_levels(data: Data, player: Player) -> int:
    """Tie-break: the sum of the levels of the repaired machines (each card keeps its level)."""
    return sum(data.card[u].level for stack in player.stacks for u in stack)


def dismantle_takes(machine: MachineDef) -> list[Goods]:
    """Rulebook: Dismantle a broken machine: as many resources as its level, from its repair list."""
    pool = [r for r in RESOURCES for _ in range(machine.repair[r])]
    seen: set[Goods] = set()
    out: list[Goods] = []
    for combo in combinations(range(len(pool)), machine.level):
        goods = [0, 0, 0, 0, 0]
        for i in combo:
            goods[pool[i]] += 1
        key: Goods = (goods[0], goods[1], goods[2], goods[3], goods[4])
        if key not in seen:
            seen.add(key)
            out.append(key)
    return out
