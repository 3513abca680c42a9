"""Actions that change a workshop: repair (with the machine's immediate effect, attacks and the
Recyclateur), dismantle, and reorganise.

Rulebook: Carrying out two actions (Repair, Dismantle, Reorganise); Attack machines; Recyclateur.
"""

from __future__ import annotations

from engine.core.contract import Choice, Transition
from engine.imaginarium import dream
from engine.imaginarium.cards import DEFENSE, GOODS, RESOURCES, VP, Goods
from engine.imaginarium.machines import (
    dismantle_takes,
    goods_code,
    has,
    ordered,
    protected,
    spaces,
    use_options,
    valid_stack,
)
from engine.imaginarium.procedures import (
    choice,
    effect_key,
    gain,
    missing,
    partner,
    pay,
    shielded,
    team_key,
    used_privately,
)
from engine.imaginarium.state import MACHINES, Player, State

# -- repair -------------------------------------------------------------------------------------


def repair_targets(state: State) -> dict[str, int]:
    """Broken machines the player can pay to repair, one per serial; needs an empty space."""
    data = state.data
    player = state.player
    if len(player.stacks) >= spaces(data, player):
        return {}
    out: dict[str, int] = {}
    g = player.goods
    for uid in player.yard:
        m = data.card[uid]
        if m.serial not in out and all(g[r] >= m.repair[r] for r in range(1, 4)):
            out[m.serial] = uid
    return out


def repair_choices(state: State) -> list[Choice]:
    data = state.data
    return [
        choice(
            f"repair:{serial}",
            "repair",
            "repair",
            describe=effect_key(serial),
            machine=serial,
            cost=goods_code(data.card[uid].repair),
        )
        for serial, uid in repair_targets(state).items()
    ]


def repair_missing(state: State) -> list[tuple[str, dict[str, object]]]:
    """Broken machines whose repair the player cannot pay yet: what each still needs."""
    data = state.data
    player = state.player
    g = player.goods
    out: list[tuple[str, dict[str, object]]] = []
    seen: set[str] = set()
    for uid in player.yard:
        m = data.card[uid]
        lack = tuple(max(0, m.repair[r] - g[r]) if r in RESOURCES else 0 for r in range(5))
        if any(lack) and m.serial not in seen:
            seen.add(m.serial)
            out.append(missing("repair_needs", machine=m.serial, short=goods_code(lack)))
    return out


def repair_apply(state: State, cid: str, tx: Transition) -> None:
    data = state.data
    player = state.player
    uid = repair_targets(state)[cid.split(":")[1]]
    machine = data.card[uid]
    pay(player, machine.repair)
    player.yard.remove(uid)
    player.stacks.append([uid])
    tx.emit("imaginarium.event.repaired", seat=player.seat, machine=machine.serial, list=goods_code(machine.repair))
    # Rulebook: AS11 uses the effect twice, not for attack or defense machines or the Recyclateur.
    start_effect(state, uid, tx, 2 if has(data, player, "double_repair_effect") else 1)


def start_effect(state: State, uid: int, tx: Transition, uses: int) -> None:
    """Rulebook: "When you repair a machine, you can apply its effect immediately"."""
    data = state.data
    player = state.player
    machine = data.card[uid]
    state.flow.turn.target = uid
    state.flow.turn.uses = uses
    state.flow.turn.tangled = []
    state.flow.step = "menu"
    if machine.special == "recycle":
        # Rulebook: Recyclateur. "Immediately discard the Recyclateur" then recover a machine.
        player.stacks.remove([uid])
        state.crusher.append(uid)
        tx.emit("imaginarium.event.recycler_discarded", seat=player.seat, machine=machine.serial)
        if recycle_choices(state):
            state.flow.step = "recycle"
    elif machine.usable or machine.attack or machine.places:
        state.flow.step = "effect"


def effect_choices(state: State) -> list[Choice]:
    data = state.data
    player = state.player
    turn = state.flow.turn
    machine = data.card[turn.target]
    serial = machine.serial
    out: list[Choice] = []
    if machine.usable:
        for code, cost, got in use_options(data, [turn.target], player.goods):
            cid = f"use:{code}" if code else "use"
            label = "use" if any(cost) else "use_free"
            out.append(
                choice(
                    cid,
                    label,
                    "effect",
                    describe="effect_use",
                    machine=serial,
                    cost=goods_code(cost),
                    gain=goods_code(got),
                )
            )
    elif machine.places:
        if dream.placeable_kinds(player):
            out.append(
                choice(
                    "use", "use_dream", "effect", describe=effect_key(serial), machine=serial, count=machine.places[0]
                )
            )
    elif machine.attack == "steal":
        label = team_key(state, "steal")
        out.append(
            choice(
                "steal",
                label,
                "effect",
                describe="steal",
                machine=serial,
                good=GOODS[machine.steal],
                amount=machine.amount,
            )
        )
    elif machine.attack == "steal_fragment":
        out.append(choice("steal", team_key(state, "exhaust"), "effect", describe="exhaust", machine=serial))
    elif machine.attack == "neutralize":
        out += [
            choice(
                f"neutralize:{data.projects[p].id}",
                "neutralize",
                "effect",
                describe=f"imaginarium.project.{data.projects[p].id}",
                project=data.projects[p].id,
            )
            for p in state.display
        ]
    elif machine.attack == "tangle":
        for other in _tangle_targets(state):
            for slot, stack in enumerate(other.stacks):
                serials = "+".join(data.card[u].serial for u in stack)
                out.append(
                    choice(
                        f"tangle:{other.seat}:{slot}",
                        "tangle",
                        "effect",
                        target=other.seat,
                        machine=serials,
                        space=slot + 1,
                    )
                )
        if turn.tangled:
            return out  # rulebook: a space is chosen in the workshop of *each* opponent
    if machine.lightning:
        skip = choice("skip", "skip_effect", describe="skip_lightning", confirm="skip_lightning", machine=serial)
    else:
        skip = choice("skip", "skip_effect", describe="skip_use", machine=serial)
    return [*out, skip]


def effect_missing(state: State) -> list[tuple[str, dict[str, object]]]:
    """Opponents a Tanglette cannot reach: protected by a Patenteur, or with no machine."""
    data = state.data
    machine = data.card[state.flow.turn.target]
    if machine.attack != "tangle":
        return []
    mine = state.mates(state.player.seat)
    return [
        missing("tangle_protected" if o.stacks else "tangle_empty", target=o.seat)
        for o in state.players
        if o.seat not in mine
        and o.seat not in state.flow.turn.tangled
        and (not o.stacks or protected(data, o, "tangle"))
    ]


def _tangle_targets(state: State) -> list[Player]:
    """Opponents still to be targeted: they have a machine and no Patenteur of their own (in team play
    the Tanglette targets each player and a Patenteur protects only its owner)."""
    mine = state.mates(state.player.seat)
    return [
        o
        for o in state.players
        if o.seat not in mine
        and o.seat not in state.flow.turn.tangled
        and o.stacks
        and not protected(state.data, o, "tangle")
    ]


def effect_apply(state: State, cid: str, tx: Transition) -> None:
    data = state.data
    player = state.player
    turn = state.flow.turn
    machine = data.card[turn.target]
    kind, _, arg = cid.partition(":")
    state.flow.step = "menu"
    if kind == "use" and machine.places:
        dream.start_placement(state, "effect", machine.places[0])
    elif kind == "steal" and machine.attack == "steal_fragment":
        dream.start_exhaust(state, tx)
    elif kind == "use":
        for code, cost, got in use_options(data, [turn.target], player.goods):
            if code == arg:
                pay(player, cost)
                gain(player, got, MACHINES)
                tx.emit("imaginarium.event.used", seat=player.seat, machine=machine.serial)
                used_privately(state, machine.serial, cost, got, tx)
                break
        turn.uses -= 1
        if turn.uses > 0 and use_options(data, [turn.target], player.goods):
            state.flow.step = "effect"
    elif kind == "steal":
        _steal(state, machine.steal, machine.amount, machine.serial, tx)
    elif kind == "neutralize":
        project = next(p for p in state.display if data.projects[p].id == arg)
        state.display.remove(project)
        state.removed.append(project)
        tx.emit("imaginarium.event.neutralized", seat=player.seat, project=arg)
    elif kind == "tangle":
        seat, slot = (int(x) for x in arg.split(":"))
        victim = state.players[seat]
        victim.locked = victim.stacks[slot][0]
        turn.tangled.append(seat)
        serials = "+".join(data.card[u].serial for u in victim.stacks[slot])
        tx.emit("imaginarium.event.tangled", seat=player.seat, target=seat, machine=serials)
        if _tangle_targets(state):
            state.flow.step = "effect"


def _steal(state: State, good: int, amount: int, serial: str, tx: Transition) -> None:
    """Rulebook: each opponent gives up ``amount`` (all they have if fewer); the thief takes up to
    ``amount`` of them and the rest go back to the reserve. Defense machines protect."""
    player = state.player
    tx.emit("imaginarium.event.stole", seat=player.seat, machine=serial)
    given = 0
    for other in state.opponents(player.seat):  # Chimera team play: a team gives up once
        team = partner(state, other.seat)
        if shielded(state, other, GOODS[good]):
            tx.emit(team_key(state, "imaginarium.event.protected"), seat=other.seat, machine=serial, **team)
            continue
        give = min(amount, other.goods[good])
        other.goods[good] -= give
        given += give
        if give:
            tx.revealed_hidden()
        tx.emit(
            team_key(state, "imaginarium.event.gave" if give else "imaginarium.event.gave_none"),
            to=state.screen(player.seat) | state.screen(other.seat),
            seat=other.seat,
            thief=player.seat,
            good=GOODS[good],
            count=give,
            machine=serial,
            **team,
        )
    taken = min(amount, given)
    player.goods[good] += taken
    tx.emit(
        "imaginarium.event.stole_private",
        to=state.screen(player.seat),
        seat=player.seat,
        good=GOODS[good],
        count=taken,
        machine=serial,
    )


def recycle_choices(state: State) -> list[Choice]:
    """Rulebook: any machine from the discard pile except the lightning ones."""
    data = state.data
    seen: list[str] = []
    for uid in state.crusher:
        m = data.card[uid]
        if not m.lightning and m.serial not in seen:
            seen.append(m.serial)
    return [choice(f"recycle:{s}", "recycle", "recycle", describe=effect_key(s), machine=s) for s in seen]


def recycle_apply(state: State, cid: str, tx: Transition) -> None:
    data = state.data
    player = state.player
    serial = cid.split(":")[1]
    uid = next(u for u in reversed(state.crusher) if data.card[u].serial == serial)
    state.crusher.remove(uid)
    player.stacks.append([uid])
    tx.emit("imaginarium.event.recycled", seat=player.seat, machine=serial)
    start_effect(state, uid, tx, 1)  # arrives repaired and may be used once (never doubled)


# -- dismantle ------------------------------------------------------------------------------------


def can_dismantle(state: State) -> bool:
    """``bool(dismantle_choices(state))``, without building them."""
    data = state.data
    player = state.player
    specials = has(data, player, "dismantle_specials")
    return any(data.card[uid].dismantle or specials for uid in player.yard) or any(
        len(stack) == 1 and (data.card[stack[0]].dismantle or specials) for stack in player.stacks
    )


def dismantle_choices(state: State) -> list[Choice]:
    """Rulebook: one machine, broken or repaired, not combined; special machines never (except with
    the Chimera assistant CAS3). Alike machines give the same, so each serial is offered once."""
    data = state.data
    player = state.player
    specials = has(data, player, "dismantle_specials")
    chimera = "_dream" if data.chimera else ""
    out: list[Choice] = []
    seen: set[str] = set()
    for uid in player.yard:
        m = data.card[uid]
        if (m.dismantle or specials) and m.serial not in seen:
            seen.add(m.serial)
            out.append(
                choice(
                    f"dismantle:y:{m.serial}",
                    "dismantle_broken",
                    "dismantle",
                    describe=f"dismantle_broken{chimera}",
                    machine=m.serial,
                    n=m.level,
                )
            )
    seen.clear()
    for slot, stack in enumerate(player.stacks):
        m = data.card[stack[0]]
        if len(stack) == 1 and (m.dismantle or specials) and m.serial not in seen:
            seen.add(m.serial)
            double = tuple(2 * n for n in m.repair)
            out.append(
                choice(
                    f"dismantle:w:{slot}",
                    "dismantle_repaired",
                    "dismantle",
                    describe=f"dismantle_repaired{chimera}",
                    machine=m.serial,
                    double=goods_code(double),
                    n=m.level,
                )
            )
    return out


def dismantle_missing(state: State) -> list[tuple[str, dict[str, object]]]:
    """Repaired machines that cannot be dismantled: combined ones, and special ones (without CAS3)."""
    data = state.data
    player = state.player
    specials = has(data, player, "dismantle_specials")
    out: list[tuple[str, dict[str, object]]] = []
    for stack in player.stacks:
        serials = "+".join(data.card[u].serial for u in stack)
        if len(stack) > 1:
            out.append(missing("combined", machine=serials))
        elif not (data.card[stack[0]].dismantle or specials):
            out.append(missing("special", machine=serials))
    return out


def dismantle_apply(state: State, cid: str, tx: Transition) -> None:
    player = state.player
    _, where, arg = cid.split(":")
    if where == "y":
        state.flow.turn.target = next(u for u in player.yard if state.data.card[u].serial == arg)
    else:
        state.flow.turn.target = player.stacks[int(arg)][0]
    state.flow.step = "take"


def _take_options(state: State) -> list[tuple[str, Goods]]:
    machine = state.data.card[state.flow.turn.target]
    if state.flow.turn.target in state.player.yard:
        if has(state.data, state.player, "broken_whole_list"):
            return [(goods_code(machine.repair), machine.repair)]  # CAS7: the whole repair list
        return [(goods_code(g), g) for g in dismantle_takes(machine)]
    double = tuple(2 * n for n in machine.repair)
    vp = [0, 0, 0, 0, 0]
    vp[VP] = machine.level
    return [("double", double), ("vp", tuple(vp))]  # type: ignore[list-item]


def take_choices(state: State) -> list[Choice]:
    machine = state.data.card[state.flow.turn.target]
    broken = state.flow.turn.target in state.player.yard
    out = []
    for code, goods in _take_options(state):
        describe = "take_broken" if broken else f"take_{code}"
        out.append(
            choice(
                f"take:{code}", "take", "dismantle", describe=describe, machine=machine.serial, gain=goods_code(goods)
            )
        )
    return out


def take_apply(state: State, cid: str, tx: Transition) -> None:
    player = state.player
    uid = state.flow.turn.target
    goods = dict(_take_options(state))[cid.split(":", 1)[1]]
    gain(player, goods, MACHINES)
    broken = uid in player.yard
    if broken:
        player.yard.remove(uid)
    else:
        player.stacks.remove([uid])
    state.crusher.append(uid)
    state.flow.turn.target = -1
    serial = state.data.card[uid].serial
    tx.emit("imaginarium.event.dismantled", seat=player.seat, machine=serial)
    tx.emit(
        "imaginarium.event.dismantled_private",
        to=state.screen(player.seat),
        seat=player.seat,
        machine=serial,
        gain=goods_code(goods),
    )
    state.flow.step = "menu"
    if state.data.chimera:
        if broken:
            dream.broken_bonus(state, serial, tx)
        dream.after_dismantle(state, broken, serial, state.data.card[uid].level, tx)


# -- reorganise -----------------------------------------------------------------------------------


def reorganise_moves(state: State) -> list[Choice]:
    """Splits and joins (without "done"). Splits are capped at the number of cards per action, which
    is more than any rearrangement needs, so an action always ends. Moves that lead to the same
    workshop (two alike stacks, or two alike lone cards joined either way) are offered once."""
    data = state.data
    player = state.player
    stacks = player.stacks
    out: list[Choice] = []
    seen: set[tuple[str, ...]] = set()

    def serials(stack: list[int]) -> str:
        return "+".join(data.card[u].serial for u in stack)

    if state.flow.turn.splits < sum(len(s) for s in stacks):
        for slot, stack in enumerate(stacks):
            if len(stack) > 1:
                for serial in dict.fromkeys(data.card[u].serial for u in stack):
                    if ("split", serial, serials(stack)) in seen:
                        continue
                    seen.add(("split", serial, serials(stack)))
                    out.append(
                        choice(f"split:{slot}:{serial}", "split", "reorganise", machine=serial, onto=serials(stack))
                    )
    for f, single in enumerate(stacks):
        if len(single) != 1:
            continue
        for t, target in enumerate(stacks):
            if t == f or not valid_stack(data, [*target, single[0]]):
                continue
            result = ordered(data, [*target, single[0]])
            key = ("join", *sorted((serials(single), serials(target))))
            if key in seen:
                continue
            seen.add(key)
            cards = [data.card[u] for u in result]
            if all(c.type == DEFENSE for c in cards):
                describe = "join_defense"
            elif all(c.serial == cards[0].serial for c in cards):
                describe = "join_alike"
            else:
                describe = "join"
            out.append(
                choice(
                    f"join:{f}:{t}",
                    "join",
                    "reorganise",
                    describe=describe,
                    machine=data.card[single[0]].serial,
                    onto=serials(target),
                    top=data.card[result[-1]].serial,
                    n=len(result),
                )
            )
    return out


def reorganise_choices(state: State) -> list[Choice]:
    out = reorganise_moves(state)
    limit = spaces(state.data, state.player)
    if len(state.player.stacks) <= limit:
        # Rulebook: the number of allotted spaces is respected at the end of the action.
        out.append(choice("done", "reorganise_done", "reorganise", spaces=limit, n=limit - len(state.player.stacks)))
        if dream.ends_in_nightmare(state.player):
            out.append(choice("wake", "wake", "reorganise", describe=team_key(state, "wake"), spaces=limit))
    return out


def reorganise_missing(state: State) -> list[tuple[str, dict[str, object]]]:
    """Ending the action needs the workshop back within its spaces."""
    used = len(state.player.stacks)
    limit = spaces(state.data, state.player)
    return [missing("over_limit", n=used, spaces=limit)] if used > limit else []


def reorganise_apply(state: State, cid: str, tx: Transition) -> None:
    data = state.data
    player = state.player
    parts = cid.split(":")
    if parts[0] in ("done", "wake"):
        if parts[0] == "wake":
            dream.wake(state, tx)
        state.flow.step = "menu"
        return
    if parts[0] == "split":
        stack = player.stacks[int(parts[1])]
        whole = "+".join(data.card[u].serial for u in stack)
        uid = next(u for u in reversed(stack) if data.card[u].serial == parts[2])
        stack.remove(uid)
        player.stacks.append([uid])
        state.flow.turn.splits += 1
        tx.emit("imaginarium.event.split", seat=player.seat, machine=parts[2], onto=whole)
        return
    f, t = int(parts[1]), int(parts[2])
    uid = player.stacks[f][0]
    onto = "+".join(data.card[u].serial for u in player.stacks[t])
    player.stacks[t] = ordered(data, [*player.stacks[t], uid])
    del player.stacks[f]
    tx.emit("imaginarium.event.joined", seat=player.seat, machine=data.card[uid].serial, onto=onto)
