"""Variants 1 and 2: the production tiles (rulebook: variants page).

Variant 1: on reserving your first contract you may take one tile from the offer; it may be used
once, from a later turn. Variant 2: during your turn you may take any tile left in the offer and use
it at once. Either way a player has one tile per game and uses it once. "All other bonuses resulting
from these actions still apply": the tiles reuse the board procedures, rewards included.
"""

from __future__ import annotations

from engine.botfactory import procedures
from engine.botfactory.state import EMPTY, State
from engine.botfactory.view import BOARDS
from engine.core.contract import Choice, Transition


def _effects(state: State) -> dict[str, str]:
    return {tile: effect for tile, effect, _ in state.rules.production}


def _amount(state: State, tile: str) -> int:
    return next(amount for t, _, amount in state.rules.production if t == tile)


def usable(state: State, seat: int) -> list[str]:
    """Tiles ``seat`` may use right now."""
    variant = state.options.get("variant", 0)
    player = state.players[seat]
    if variant == 1:
        ok = player.production and not player.production_used and not player.production_fresh
        return [player.production] if ok else []
    if variant == 2 and not player.production_used:
        return list(state.offer)
    return []


def toll_choices(state: State) -> list[Choice]:
    """PT1 at Sandra's toll: pay nothing and gain 1 token instead."""
    assert state.flow.turn is not None
    effects = _effects(state)
    return [
        Choice(
            f"pt:{tile}",
            "botfactory.choice.pt_sandra",
            {"tile": tile, "n": _amount(state, tile)},
            "botfactory.group.production",
            description="botfactory.desc.pt_sandra",
        )
        for tile in usable(state, state.flow.turn.seat)
        if effects[tile] == "sandra_free"
    ]


def turn_choices(state: State) -> list[Choice]:
    turn = state.flow.turn
    assert turn is not None
    seat = turn.seat
    player = state.players[seat]
    rules = state.rules
    effects = _effects(state)
    out: list[Choice] = []
    for tile in usable(state, seat):
        effect = effects[tile]
        group = "botfactory.group.production"
        amount = _amount(state, tile) if effect not in ("overflow", "universal") else 0
        if effect == "finance_discount" and turn.board == procedures.FINANCE and not turn.discount:
            out.append(
                Choice(
                    f"pt:{tile}",
                    "botfactory.choice.pt_discount",
                    {"tile": tile, "n": amount},
                    group,
                    description="botfactory.desc.pt_discount",
                )
            )
        elif effect == "paid_benefit" and player.tokens >= amount:
            for c in range(4):
                if procedures.can_draw(state, c):
                    top = procedures.pile_top(state, c)
                    unseen = "" if top != EMPTY else "_unseen"
                    out.append(
                        Choice(
                            f"pt:{tile}:pile:{c}",
                            f"botfactory.choice.pt_pile{unseen}",
                            {
                                "tile": tile,
                                "colour": rules.colours[c],
                                "part": "" if unseen else procedures.part_name(state, top),
                                "n": amount,
                            },
                            group,
                            description="botfactory.desc.pt_pile",
                        )
                    )
            if any(t != EMPTY for t in state.display):
                out.append(
                    Choice(
                        f"pt:{tile}:project",
                        "botfactory.choice.pt_project",
                        {"tile": tile, "n": amount},
                        group,
                        description="botfactory.desc.pt_project",
                    )
                )
            if procedures.placements(state, seat):
                out.append(
                    Choice(
                        f"pt:{tile}:place",
                        "botfactory.choice.pt_place",
                        {"tile": tile, "n": amount},
                        group,
                        description="botfactory.desc.pt_place",
                    )
                )
        elif effect == "raise":
            out += [
                Choice(
                    f"pt:{tile}:{c}",
                    "botfactory.choice.pt_raise",
                    {"tile": tile, "colour": rules.colours[c], "value": min(rules.value_max, state.values[c] + amount)},
                    group,
                    description="botfactory.desc.pt_raise",
                )
                for c in range(4)
                if state.values[c] < rules.value_max
            ]
        elif (
            effect == "cheap_universal"
            and turn.board == procedures.PROJECTS
            and not turn.executive_used
            and len(player.projects) >= amount
        ):
            kinds = sorted({rules.parts[t][1] for t in state.universal})
            out += [
                Choice(
                    f"pt:{tile}:{k}",
                    "botfactory.choice.pt_universal",
                    {"tile": tile, "kind": rules.kinds[k], "n": amount},
                    group,
                    description="botfactory.desc.pt_universal",
                )
                for k in kinds
            ]
        elif effect == "universal":
            out += _universal_choices(state, seat, tile)
    return out


def _universal_choices(state: State, seat: int, tile: str) -> list[Choice]:
    """PT7: take any universal part, or (once) return two different ones for the universal robot."""
    rules = state.rules
    player = state.players[seat]
    out = [
        Choice(
            f"pt:{tile}:take:{k}",
            "botfactory.choice.pt_take_universal",
            {"tile": tile, "kind": rules.kinds[k]},
            "botfactory.group.production",
            description="botfactory.desc.pt_take_universal",
        )
        for k in sorted({rules.parts[t][1] for t in state.universal})
    ]
    held = sorted({rules.parts[t][1] for t in player.parts if rules.parts[t][0] < 0})
    if state.universal_robot_free and len(held) >= 2:
        colours = sorted({rules.projects[p] for p in player.projects})
        for i, a in enumerate(held):
            for b in held[i + 1 :]:
                for c in colours:
                    out.append(
                        Choice(
                            f"pt:{tile}:robot:{a}:{b}:{c}",
                            "botfactory.choice.pt_robot",
                            {"tile": tile, "a": rules.kinds[a], "b": rules.kinds[b], "colour": rules.colours[c]},
                            "botfactory.group.production",
                            description="botfactory.desc.pt_robot",
                        )
                    )
    return out


def move_choices(state: State, seat: int, allowed_boards: list[int]) -> list[Choice]:
    """PT5: when every space of a board you may move to is taken, stand to the right of its spaces."""
    out = []
    for tile in usable(state, seat):
        if _effects(state)[tile] != "overflow":
            continue
        for b in allowed_boards:
            if not procedures.free_spaces(state, b):
                out.append(
                    Choice(
                        f"over:{tile}:{b}",
                        "botfactory.choice.pt_overflow",
                        {
                            "tile": tile,
                            "board": BOARDS[b],
                            **state.rules.space_words(state.rules.board_spaces[b][-1]),
                        },
                        "botfactory.group.production",
                        description="botfactory.desc.pt_overflow",
                    )
                )
    return out


def use(state: State, seat: int, tile: str, tx: Transition) -> None:
    player = state.players[seat]
    if state.options.get("variant", 0) == 2:
        state.offer.remove(tile)
        player.production = tile
    player.production_used = True
    effect = _effects(state)[tile]
    tx.emit(f"botfactory.event.production_{effect}", seat=seat, tile=tile, tile_effect=effect)


def apply(state: State, args: list[str], tx: Transition) -> bool:
    """Use a tile from the turn menu; True when it waived Sandra's toll (PT1)."""
    turn = state.flow.turn
    assert turn is not None
    seat = turn.seat
    player = state.players[seat]
    rules = state.rules
    tile, rest = args[0], args[1:]
    effect = _effects(state)[tile]
    use(state, seat, tile, tx)
    amount = _amount(state, tile)
    if effect == "sandra_free":
        procedures.gain(state, seat, amount, tx, "sandra", tile=tile)
        return True
    if effect == "finance_discount":
        turn.discount = amount
    elif effect == "paid_benefit":
        procedures.pay(state, seat, amount)
        if rest[0] == "pile":
            part = procedures.draw_top(state, int(rest[1]), tx)
            player.parts.append(part)
            tx.emit("botfactory.event.pt_pile", seat=seat, part=procedures.part_name(state, part), n=amount, tile=tile)
        elif rest[0] == "project":
            state.flow.stack.append(["project"])
        else:
            state.flow.stack.append(["place", 0])
    elif effect == "raise":
        for _ in range(amount):
            if state.values[int(rest[0])] < rules.value_max:
                procedures.raise_value(state, seat, int(rest[0]), tx, 0)
    elif effect == "cheap_universal":
        turn.executive_used = True
        state.flow.stack.append(["xproj", int(rest[0]), amount, amount])
    elif rest[0] == "take":
        part = next(t for t in state.universal if rules.parts[t][1] == int(rest[1]))
        state.universal.remove(part)
        player.parts.append(part)
        tx.emit("botfactory.event.pt_take_universal", seat=seat, kind=rules.kinds[int(rest[1])])
    else:
        a, b, colour = (int(v) for v in rest[1:4])
        for kind in (a, b):
            part = next(t for t in player.parts if rules.parts[t] == (-1, kind))
            player.parts.remove(part)
            state.universal.append(part)
        project = next(p for p in player.projects if rules.projects[p] == colour)
        player.projects.remove(project)
        player.robots.append(project)
        player.universal_robot = project
        state.universal_robot_free = False
        tx.emit(
            "botfactory.event.universal_robot",
            seat=seat,
            colour=rules.colours[colour],
            a=rules.kinds[a],
            b=rules.kinds[b],
            n=len(player.robots),
        )
    return False


def overflow_key(state: State, board_index: int) -> int:
    return 2 * state.rules.board_spaces[board_index][-1] + 1


def offer_after_first_contract(state: State, seat: int) -> None:
    if state.options.get("variant", 0) == 1 and not state.players[seat].production and state.offer:
        state.flow.stack.append(["offer"])


def offer_choices(state: State) -> list[Choice]:
    effects = _effects(state)
    return [
        Choice(
            f"tile:{t}",
            "botfactory.choice.tile",
            {"tile": t, "tile_effect": effects[t]},
            "botfactory.group.production",
            description=f"botfactory.desc.tile_{effects[t]}",
        )
        for t in state.offer
    ]


def take_from_offer(state: State, seat: int, tile: str, tx: Transition) -> None:
    """Variant 1: the tile is kept and usable from a later turn."""
    state.offer.remove(tile)
    player = state.players[seat]
    player.production = tile
    player.production_fresh = True
    tx.emit("botfactory.event.tile", seat=seat, tile=tile, tile_effect=_effects(state)[tile])
