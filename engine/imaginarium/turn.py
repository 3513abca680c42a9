"""Implementation steps 1 and 2: using the workshop machines, then picking up the reserved machine
(paying with resources when short) or extracting charcoalium.

Rulebook: Implementation 1-2; assistants AS07 (top of the deck) and AS12 (opponent's machine).
"""

from __future__ import annotations

from typing import Any

from engine.core.contract import Choice, Transition
from engine.imaginarium import dream
from engine.imaginarium.cards import CH, CODES, GOODS, PRODUCTION, RESOURCES, TRANSFORMATION, Goods
from engine.imaginarium.machines import goods_code, has, stack_line, use_options
from engine.imaginarium.procedures import choice, effect_key, gain, missing, pay, price, used_privately
from engine.imaginarium.state import EXTRACTOR, IDLE, MACHINES, Player, State


def _borrowable(state: State, player: Player) -> dict[tuple[int, str], list[int]]:
    """AS12: an opponent's uncombined production or transformation machine, not face down, keyed by
    (owner, serial): the player chooses whose machine (two copies in one workshop are alike)."""
    out: dict[tuple[int, str], list[int]] = {}
    for other in state.players:
        if other.seat in state.mates(player.seat):
            continue
        for stack in other.stacks:
            if len(stack) != 1 or stack[0] == other.locked:
                continue
            machine = state.data.card[stack[0]]
            if machine.type in (PRODUCTION, TRANSFORMATION):
                out.setdefault((other.seat, machine.serial), stack)
    return out


def _use(cid: str, group: str, serials: str, top: str, cost: Goods, got: Goods, **params: Any) -> Choice:
    """A use choice: what it costs and gives in the label, the top card's effect as description."""
    label = ("borrow" if group == "borrow" else "use") + ("" if any(cost) else "_free")
    return choice(
        cid,
        label,
        group,
        describe="borrow" if group == "borrow" else effect_key(top),
        machine=serials,
        cost=goods_code(cost),
        gain=goods_code(got),
        **params,
    )


def machine_choices(state: State) -> list[Choice]:
    """Use choices for step 1, without the closing "next" (empty when nothing can be used). Two alike
    stacks do the same thing, so only the first unused one is offered; the other comes next."""
    data = state.data
    player = state.player
    turn = state.flow.turn
    out: list[Choice] = []
    seen: set[str] = set()
    for slot, stack in enumerate(player.stacks):
        serials = "+".join(data.card[u].serial for u in stack)
        if slot in turn.used or stack[0] == player.locked or serials in seen:
            continue
        seen.add(serials)
        top = data.card[stack[-1]].serial
        places = data.card[stack[0]].places
        if places and dream.placeable_kinds(player):
            # Chimera: the Achievette lays fragments in the dream (3 of different colours with two).
            out.append(
                choice(
                    f"use:{slot}",
                    "use_dream",
                    "machines",
                    describe=effect_key(top),
                    machine=serials,
                    count=places[len(stack) - 1],
                )
            )
        for code, cost, got in use_options(data, stack, player.goods):
            cid = f"use:{slot}:{code}" if code else f"use:{slot}"
            out.append(_use(cid, "machines", serials, top, cost, got))
    if not turn.borrowed and has(data, player, "borrow_machine"):
        aid = next(a.id for a in data.assistants if a.effect == "borrow_machine")
        for (owner, serial), stack in _borrowable(state, player).items():
            for code, cost, got in use_options(data, stack, player.goods):
                cid = f"borrow:{owner}:{serial}:{code}" if code else f"borrow:{owner}:{serial}"
                out.append(_use(cid, "borrow", serial, serial, cost, got, owner=owner, assistant=aid))
    return out


def choices(state: State) -> list[Choice]:
    data = state.data
    player = state.player
    usable = machine_choices(state)
    unused = sum(
        1
        for slot, stack in enumerate(player.stacks)
        if slot not in state.flow.turn.used
        and stack[0] != player.locked
        and (use_options(data, stack, player.goods) or (data.card[stack[0]].places and dream.placeable_kinds(player)))
    )
    if unused:
        first = next(c.params["machine"] for c in usable if c.group == "imaginarium.group.machines")
        done = choice("next", "next_machines", confirm="machines", unused=unused, machine=first)
    else:
        done = choice("next", "next_machines")
    return [*usable, done]


def why_missing(state: State) -> list[tuple[str, dict[str, object]]]:
    """Workshop machines that cannot be used now, and why."""
    data = state.data
    player = state.player
    out: list[tuple[str, dict[str, object]]] = []
    for slot, stack in enumerate(player.stacks):
        serials = "+".join(data.card[u].serial for u in stack)
        first = data.card[stack[0]]
        if slot in state.flow.turn.used:
            continue
        if stack[0] == player.locked:
            out.append(missing("face_down", machine=serials))
        elif first.places and not dream.placeable_kinds(player):
            out.append(missing("no_fragment", machine=serials))
        elif stack_line(data, stack) is not None and not use_options(data, stack, player.goods):
            out.append(missing("no_input", machine=serials))
    return out


def _option(state: State, stack: list[int], code: str) -> tuple[Goods, Goods]:
    for c, cost, got in use_options(state.data, stack, state.player.goods):
        if c == code:
            return cost, got
    raise AssertionError(f"no use option {code!r}")


def apply(state: State, cid: str, tx: Transition) -> None:
    player = state.player
    parts = cid.split(":")
    if parts[0] == "next":
        end_machines(state)
        return
    if parts[0] == "use":
        code = parts[2] if len(parts) > 2 else ""
        slot = int(parts[1])
        stack = player.stacks[slot]
        state.flow.turn.used.append(slot)
        serial = "+".join(state.data.card[u].serial for u in stack)
        owner = player.seat
        places = state.data.card[stack[0]].places
        if places:
            tx.emit("imaginarium.event.used", seat=player.seat, machine=serial)
            dream.start_placement(state, "machines", places[len(stack) - 1])
            return
    else:
        owner, serial = int(parts[1]), parts[2]
        code = parts[3] if len(parts) > 3 else ""
        stack = _borrowable(state, player)[owner, serial]
        state.flow.turn.borrowed = True
    cost, got = _option(state, stack, code)
    pay(player, cost)
    gain(player, got, MACHINES)
    if owner == player.seat:
        tx.emit("imaginarium.event.used", seat=player.seat, machine=serial)
    else:
        tx.emit("imaginarium.event.borrowed", seat=player.seat, machine=serial, owner=owner)
    used_privately(state, serial, cost, got, tx)


def end_machines(state: State) -> None:
    """Rulebook: Tanglette. The face-down machine is turned face up after this machine phase."""
    state.player.locked = -1
    state.flow.step = "pickup"


def pickup(state: State, tx: Transition) -> None:
    """Step 2, without decisions: extract, or pay for the reserved machine (a "pay" step opens when
    resources must make up for missing charcoalium)."""
    data = state.data
    player = state.player
    spot = state.spot[state.flow.turn.piece]
    state.flow.turn.picked = True
    if spot == IDLE:
        return
    if spot >= EXTRACTOR:
        amount = data.extractors[spot - EXTRACTOR]
        player.goods[CH] += amount
        tx.emit("imaginarium.event.extracted", seat=player.seat, amount=amount, number=spot - EXTRACTOR + 1)
        return
    uid = state.belt[spot]
    state.belt[spot] = -1
    fragment = state.belt_fragment[spot]
    if fragment >= 0:
        # Chimera: first take the fragment lying on the machine (kept even if payment fails).
        state.belt_fragment[spot] = -1
        player.held[fragment] += 1
    cost = price(data, player, spot, uid)
    serial = data.card[uid].serial
    if fragment >= 0:
        tx.emit("imaginarium.event.caught", seat=player.seat, fragment=dream.kind_name(state, fragment), machine=serial)
    if player.goods[CH] >= cost:
        player.goods[CH] -= cost
        player.yard.append(uid)
        tx.emit("imaginarium.event.bought", seat=player.seat, machine=serial, price=cost)
        return
    # Rulebook: spend all your charcoalium, then 2 resources of your choice per missing charcoalium.
    owed = 2 * (cost - player.goods[CH])
    spent_ch = player.goods[CH]
    tx.revealed_hidden()  # the table sees the player is short of charcoalium
    player.goods[CH] = 0
    if sum(player.goods[r] for r in RESOURCES) >= owed:
        state.flow.turn.owed = owed
        state.flow.turn.paying = uid
        state.flow.step = "pay"
        tx.emit("imaginarium.event.paying", seat=player.seat, machine=serial, price=cost)
        if spent_ch:
            tx.emit(
                "imaginarium.event.paid_charcoalium",
                to=state.screen(player.seat),
                seat=player.seat,
                machine=serial,
                amount=spent_ch,
            )
        return
    # Not enough: spend everything and discard the machine.
    spent = [spent_ch, *(player.goods[r] for r in RESOURCES), 0]
    for r in RESOURCES:
        player.goods[r] = 0
    state.crusher.append(uid)
    tx.emit("imaginarium.event.forfeit", seat=player.seat, machine=serial, price=cost)
    if any(spent):
        tx.emit(
            "imaginarium.event.spent",
            to=state.screen(player.seat),
            seat=player.seat,
            goods=goods_code(spent),
            machine=serial,
        )


def pay_choices(state: State) -> list[Choice]:
    g = state.player.goods
    return [
        choice(
            f"pay:{CODES[r]}",
            "pay_resource",
            "pay",
            good=GOODS[r],
            owed=state.flow.turn.owed,
            machine=state.data.card[state.flow.turn.paying].serial,
        )
        for r in RESOURCES
        if g[r] > 0
    ]


def pay_apply(state: State, cid: str, tx: Transition) -> None:
    player = state.player
    r = CODES.index(cid.split(":")[1])
    player.goods[r] -= 1
    state.flow.turn.owed -= 1
    serial = state.data.card[state.flow.turn.paying].serial
    tx.emit(
        "imaginarium.event.paid_resource", to=state.screen(player.seat), seat=player.seat, good=GOODS[r], machine=serial
    )
    if state.flow.turn.owed == 0:
        uid = state.flow.turn.paying
        player.yard.append(uid)
        state.flow.turn.paying = -1
        tx.emit("imaginarium.event.paid", seat=player.seat, machine=state.data.card[uid].serial)
        state.flow.step = "pickup"


def deck_available(state: State) -> bool:
    """AS07: once per turn, during the machine pick-up or the charcoalium extraction (so not for a
    handyman left idle), 3 more charcoalium for the top card of the deck."""
    data = state.data
    player = state.player
    return (
        not state.flow.turn.deck_bought
        and state.spot[state.flow.turn.piece] != IDLE
        and bool(state.deck)
        and player.goods[CH] >= data.deck_purchase
        and has(data, player, "deck_purchase")
    )


def deck_choices(state: State) -> list[Choice]:
    aid = next(a.id for a in state.data.assistants if a.effect == "deck_purchase")
    return [
        choice("deck", "deck_purchase", price=state.data.deck_purchase, assistant=aid),
        choice("next", "next_deck"),
    ]


def deck_apply(state: State, cid: str, tx: Transition) -> None:
    player = state.player
    state.flow.turn.deck_bought = True
    if cid == "deck":
        player.goods[CH] -= state.data.deck_purchase
        uid = state.deck.pop()
        player.yard.append(uid)
        tx.used_randomness()
        tx.emit(
            "imaginarium.event.deck_bought",
            seat=player.seat,
            machine=state.data.card[uid].serial,
            price=state.data.deck_purchase,
        )
    state.flow.step = "pickup"
