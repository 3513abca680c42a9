"""Implementation steps 1 and 2: using the workshop machines, then picking up the reserved machine
(paying with resources when short) or extracting charcoalium.

Rulebook: Implementation 1-2; assistants AS07 (top of the deck) and AS12 (opponent's machine).
"""

from __future__ import annotations

from engine.core.contract import Choice, Transition
from engine.imaginarium import dream
from engine.imaginarium.cards import CH, CODES, GOODS, PRODUCTION, RESOURCES, TRANSFORMATION, Goods
from engine.imaginarium.common import choice, gain, pay, price
from engine.imaginarium.machines import goods_code, has, use_options
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


def machine_choices(state: State) -> list[Choice]:
    """Use choices for step 1, without the closing "next" (empty when nothing can be used)."""
    data = state.data
    player = state.player
    turn = state.turn
    out: list[Choice] = []
    for slot, stack in enumerate(player.stacks):
        if slot in turn.used or stack[0] == player.locked:
            continue
        serials = "+".join(data.card[u].serial for u in stack)
        places = data.card[stack[0]].places
        if places and dream.placeable_kinds(player):
            # Chimera: the Achievette lays fragments in the dream (3 of different colours with two).
            out.append(choice(f"use:{slot}", "use_dream", "machines", machine=serials, count=places[len(stack) - 1]))
        for code, cost, got in use_options(data, stack, player.goods):
            cid = f"use:{slot}:{code}" if code else f"use:{slot}"
            out.append(choice(cid, "use", "machines", machine=serials, cost=goods_code(cost), gain=goods_code(got)))
    if not turn.borrowed and has(data, player, "borrow_machine"):
        for (owner, serial), stack in _borrowable(state, player).items():
            for code, cost, got in use_options(data, stack, player.goods):
                cid = f"borrow:{owner}:{serial}:{code}" if code else f"borrow:{owner}:{serial}"
                out.append(
                    choice(
                        cid,
                        "borrow",
                        "borrow",
                        machine=serial,
                        owner=owner,
                        cost=goods_code(cost),
                        gain=goods_code(got),
                    )
                )
    return out


def choices(state: State) -> list[Choice]:
    return [*machine_choices(state), choice("next", "next_step")]


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
        state.turn.used.append(slot)
        serial = "+".join(state.data.card[u].serial for u in stack)
        owner = player.seat
        places = state.data.card[stack[0]].places
        if places:
            tx.emit("imaginarium.event.used", seat=player.seat, machine=serial, owner=owner)
            dream.start_placement(state, "machines", places[len(stack) - 1])
            return
    else:
        owner, serial = int(parts[1]), parts[2]
        code = parts[3] if len(parts) > 3 else ""
        stack = _borrowable(state, player)[owner, serial]
        state.turn.borrowed = True
    cost, got = _option(state, stack, code)
    pay(player, cost)
    gain(player, got, MACHINES)
    tx.emit("imaginarium.event.used", seat=player.seat, machine=serial, owner=owner)
    tx.emit(
        "imaginarium.event.used_private",
        to=state.screen(player.seat),
        seat=player.seat,
        machine=serial,
        cost=goods_code(cost),
        gain=goods_code(got),
    )


def end_machines(state: State) -> None:
    """Rulebook: Tanglette. The face-down machine is turned face up after this machine phase."""
    state.player.locked = -1
    state.step = "pickup"


def pickup(state: State, tx: Transition) -> None:
    """Step 2, without decisions: extract, or pay for the reserved machine (a "pay" step opens when
    resources must make up for missing charcoalium)."""
    data = state.data
    player = state.player
    spot = state.spot[state.turn.piece]
    state.turn.picked = True
    if spot == IDLE:
        return
    if spot >= EXTRACTOR:
        amount = data.extractors[spot - EXTRACTOR]
        player.goods[CH] += amount
        tx.emit("imaginarium.event.extracted", seat=player.seat, amount=amount)
        return
    uid = state.belt[spot]
    state.belt[spot] = -1
    fragment = state.belt_fragment[spot]
    if fragment >= 0:
        # Chimera: first take the fragment lying on the machine (kept even if payment fails).
        state.belt_fragment[spot] = -1
        player.held[fragment] += 1
        tx.emit("imaginarium.event.caught", seat=player.seat, fragment=dream.kind_name(state, fragment))
    cost = price(data, player, spot, uid)
    serial = data.card[uid].serial
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
        state.turn.owed = owed
        state.turn.paying = uid
        state.step = "pay"
        tx.emit("imaginarium.event.paying", seat=player.seat, machine=serial, price=cost)
        return
    # Not enough: spend everything and discard the machine.
    spent = [spent_ch, *(player.goods[r] for r in RESOURCES), 0]
    for r in RESOURCES:
        player.goods[r] = 0
    state.crusher.append(uid)
    tx.emit("imaginarium.event.forfeit", seat=player.seat, machine=serial, price=cost)
    tx.emit("imaginarium.event.spent", to=state.screen(player.seat), seat=player.seat, goods=goods_code(spent))


def pay_choices(state: State) -> list[Choice]:
    g = state.player.goods
    return [
        choice(f"pay:{CODES[r]}", "pay_resource", "pay", good=GOODS[r], owed=state.turn.owed)
        for r in RESOURCES
        if g[r] > 0
    ]


def pay_apply(state: State, cid: str, tx: Transition) -> None:
    player = state.player
    r = CODES.index(cid.split(":")[1])
    player.goods[r] -= 1
    state.turn.owed -= 1
    if state.turn.owed == 0:
        uid = state.turn.paying
        player.yard.append(uid)
        state.turn.paying = -1
        tx.emit("imaginarium.event.paid", seat=player.seat, machine=state.data.card[uid].serial)
        state.step = "pickup"


def deck_available(state: State) -> bool:
    """AS07: once per turn, during the machine pick-up or the charcoalium extraction (so not for a
    handyman left idle), 3 more charcoalium for the top card of the deck."""
    data = state.data
    player = state.player
    return (
        not state.turn.deck_bought
        and state.spot[state.turn.piece] != IDLE
        and bool(state.deck)
        and player.goods[CH] >= data.deck_purchase
        and has(data, player, "deck_purchase")
    )


def deck_choices(state: State) -> list[Choice]:
    return [choice("deck", "deck_purchase", price=state.data.deck_purchase), choice("next", "next_step")]


def deck_apply(state: State, cid: str, tx: Transition) -> None:
    player = state.player
    state.turn.deck_bought = True
    if cid == "deck":
        player.goods[CH] -= state.data.deck_purchase
        uid = state.deck.pop()
        player.yard.append(uid)
        tx.used_randomness()
        tx.emit("imaginarium.event.deck_bought", seat=player.seat, machine=state.data.card[uid].serial)
    state.step = "pickup"
