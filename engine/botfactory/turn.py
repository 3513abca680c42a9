"""A worker's turn in phase 2: Sandra's toll, the main action of the space, the executive action of
the board, and the end of the turn (rulebook: perform actions; each board's rules).

The main and executive actions are both optional and may come in any order, the executive even in
the middle of the main action, so a turn is a menu offered again after every step until "end".
"""

from __future__ import annotations

from engine.botfactory import procedures, production
from engine.botfactory.procedures import part_name
from engine.botfactory.state import EMPTY, State, Turn
from engine.botfactory.view import BOARDS as BOARD_NAMES
from engine.core.contract import Choice, Transition


def begin(state: State, seat: int, tx: Transition) -> None:
    """Stand at the start of a worker's turn: is Sandra on the same board?"""
    key = state.players[seat].pos
    space = procedures.key_space(key)
    state.flow.turn = Turn(seat, space, state.rules.spaces[space].board, toll=False)
    tx.emit(
        "botfactory.event.turn",
        seat=seat,
        board=BOARD_NAMES[state.flow.turn.board],
        **state.rules.space_words(space),
    )
    if procedures.key_board(state, state.sandra) == state.flow.turn.board:
        state.flow.turn.toll = True
    else:
        open_main(state, tx)


def open_main(state: State, tx: Transition) -> None:
    """The toll is settled: the space's budget is ready; PP1 gives its token now."""
    turn = state.flow.turn
    assert turn is not None
    space = state.rules.spaces[turn.space]
    turn.toll = False
    turn.open = space.cost == 0
    turn.left = space.amount
    if space.gain:
        procedures.gain(state, turn.seat, space.gain, tx, "space", **state.rules.space_words(turn.space))


def choices(state: State) -> list[Choice]:
    turn = state.flow.turn
    assert turn is not None
    player = state.players[turn.seat]
    rules = state.rules
    out: list[Choice] = []
    if turn.toll:
        # Rulebook: with Sandra on your board, spend 1 token or lie down and pass the turn.
        can_pay = player.tokens >= rules.sandra_toll
        if can_pay:
            out.append(
                Choice(
                    "toll:pay",
                    "botfactory.choice.toll_pay",
                    {"n": rules.sandra_toll},
                    "botfactory.group.turn",
                    description="botfactory.desc.toll_pay",
                )
            )
        out += production.toll_choices(state)
        out.append(
            Choice(
                "toll:pass",
                "botfactory.choice.toll_pass",
                {"n": rules.sandra_toll},
                "botfactory.group.turn",
                description="botfactory.desc.toll_pass",
                confirm="botfactory.confirm.toll_pass" if len(out) > 0 else "",
            )
        )
        return out
    if turn.board == procedures.ASSEMBLY:
        out += _assembly_choices(state)
    elif turn.board == procedures.PARTS:
        out += _parts_choices(state)
    elif turn.board == procedures.PROJECTS:
        out += _projects_choices(state)
    else:
        out += _finance_choices(state)
    out += production.turn_choices(state)
    out.append(end_choice(state, out))
    return out


def end_choice(state: State, offered: list[Choice]) -> Choice:
    """ "End your turn", asking for a second click while the main action still has a step to take."""
    turn = state.flow.turn
    assert turn is not None
    main = [c for c in offered if c.group == "botfactory.group.main"]
    confirm = ""
    if main:
        confirm = f"botfactory.confirm.end_{BOARD_NAMES[turn.board]}"
    return Choice(
        "end",
        "botfactory.choice.end",
        {"left": turn.left, "parts": state.rules.part_limit, "projects": state.rules.project_limit},
        "botfactory.group.turn",
        description="botfactory.desc.end",
        confirm=confirm,
    )


def _assembly_choices(state: State) -> list[Choice]:
    turn = state.flow.turn
    assert turn is not None
    player = state.players[turn.seat]
    rules = state.rules
    space = rules.spaces[turn.space]
    out: list[Choice] = []
    if not turn.open:
        if player.tokens >= space.cost:
            out.append(
                Choice(
                    "pay",
                    "botfactory.choice.pay_main",
                    {**rules.space_words(turn.space), "n": space.cost, "amount": space.amount},
                    "botfactory.group.main",
                    description="botfactory.desc.pay_main",
                )
            )
    elif turn.left > 0:
        out += place_choices(state, turn.seat, "botfactory.group.main", left=turn.left)
    if player.tokens >= rules.swap_cost:
        for tile in procedures.part_types(state, player.parts):
            seen: set[int] = set()
            for spare, held in enumerate(state.spares):
                if held == EMPTY or rules.parts[held] == rules.parts[tile]:
                    continue  # swapping a part for its twin changes nothing
                if rules.parts[held] in {rules.parts[state.spares[s]] for s in seen}:
                    continue  # both spares alike: one choice
                seen.add(spare)
                out.append(
                    Choice(
                        f"swap:{tile}:{spare}",
                        "botfactory.choice.swap",
                        {"part": part_name(state, tile), "spare": part_name(state, held), "n": rules.swap_cost},
                        "botfactory.group.executive",
                        description="botfactory.desc.swap",
                    )
                )
    return out


def _parts_choices(state: State) -> list[Choice]:
    turn = state.flow.turn
    assert turn is not None
    player = state.players[turn.seat]
    rules = state.rules
    out: list[Choice] = []
    if turn.left > 0:
        out.append(
            Choice(
                "rotate",
                "botfactory.choice.rotate",
                {"left": turn.left, "after": turn.left - 1},
                "botfactory.group.main",
                description="botfactory.desc.rotate",
            )
        )
        seen: set[tuple[tuple[int, int], bool]] = set()
        for pos in rules.exits:
            tile = state.wheel[pos]
            if tile == EMPTY:
                continue
            bonus = bonus_at(state, pos)
            if (rules.parts[tile], bonus) in seen:
                continue  # the same part from the same kind of slot: one choice
            seen.add((rules.parts[tile], bonus))
            side = "left" if pos == rules.exits[-1] else "right"
            out.append(
                Choice(
                    f"dispense:{pos}",
                    "botfactory.choice.dispense",
                    {
                        "side": side,
                        "part": part_name(state, tile),
                        "bonus": bonus,
                        "after": turn.left - 1,
                        "n": rules.bonus_cost,
                    },
                    "botfactory.group.main",
                    description="botfactory.desc.dispense_bonus" if bonus else "botfactory.desc.dispense",
                )
            )
    if not turn.executive_used and len(player.parts) >= rules.executive_discard:
        for c in range(4):
            if procedures.can_draw(state, c):
                top = procedures.pile_top(state, c)
                seen_top = top != EMPTY
                out.append(
                    Choice(
                        f"xparts:{c}",
                        "botfactory.choice.xparts" if seen_top else "botfactory.choice.xparts_unseen",
                        {
                            "colour": rules.colours[c],
                            "top": part_name(state, top) if seen_top else "",
                            "n": rules.executive_discard,
                        },
                        "botfactory.group.executive",
                        description="botfactory.desc.xparts",
                    )
                )
    return out


def _projects_choices(state: State) -> list[Choice]:
    turn = state.flow.turn
    assert turn is not None
    player = state.players[turn.seat]
    out: list[Choice] = []
    if turn.left > 0:
        out += take_choices(state, "botfactory.group.main", left=turn.left)
    if not turn.executive_used and len(player.projects) >= state.rules.project_executive_discard:
        out += universal_choices(state, "xproj", "botfactory.group.executive")
    return out


def _finance_choices(state: State) -> list[Choice]:
    turn = state.flow.turn
    assert turn is not None
    rules = state.rules
    out: list[Choice] = []
    for c in range(4):
        price = finance_price(state, 1, reserve=False)
        if state.values[c] < rules.value_max and price is not None:
            value = state.values[c] + 1
            bonus = rules.lines.get(value)
            out.append(
                Choice(
                    f"raise:{c}",
                    "botfactory.choice.raise",
                    {"colour": rules.colours[c], "value": value, "n": price, "left": turn.left - 1},
                    "botfactory.group.main",
                    description=f"botfactory.desc.raise_{bonus}" if bonus else "botfactory.desc.raise",
                )
            )
    for pos in range(len(state.grid)):
        row = rules.contract_row(pos)
        cost = rules.row_costs[row]
        price = finance_price(state, cost, reserve=True)
        if procedures.reservable(state, turn.seat, pos) and price is not None:
            out.append(reserve_choice(state, pos, price, cost))
    return out


def reserve_choice(state: State, pos: int, price: int, cost: int) -> Choice:
    """A contract and what it asks and pays: its needs, the slot it takes, the row's VP."""
    rules = state.rules
    contract = rules.contracts[state.grid[pos]]
    slot = contract.slots[len(state.reservations[pos])]
    return Choice(
        f"reserve:{pos}",
        "botfactory.choice.reserve",
        {
            **rules.contract_words(state.grid[pos]),
            "cost": cost,
            "n": price,
            "won": slot + rules.row_vp[rules.contract_row(pos)],
            "slot": slot,
        },
        "botfactory.group.main",
        description="botfactory.desc.reserve",
    )


def apply(state: State, verb: str, args: list[str], tx: Transition) -> None:
    turn = state.flow.turn
    assert turn is not None
    seat = turn.seat
    player = state.players[seat]
    rules = state.rules
    nums = [int(a) for a in args if a.isdigit()]
    if verb == "toll":
        if args == ["pay"]:
            procedures.pay(state, seat, rules.sandra_toll)
            tx.emit("botfactory.event.toll", seat=seat, n=rules.sandra_toll)
            open_main(state, tx)
        else:
            tx.emit("botfactory.event.pass", seat=seat)
            turn.toll = False
            turn.ending = True
    elif verb == "pay":
        space = rules.spaces[turn.space]
        procedures.pay(state, seat, space.cost)
        tx.emit("botfactory.event.pay_main", seat=seat, n=space.cost, **rules.space_words(turn.space))
        turn.open = True
    elif verb == "place":
        place_main(state, nums[0], nums[1], tx)
    elif verb == "swap":
        # Rulebook: assembly executive, as many times as you like: 1 token to swap a part with a spare.
        tile, spare = nums
        procedures.pay(state, seat, rules.swap_cost)
        held = state.spares[spare]
        player.parts.remove(tile)
        player.parts.append(held)
        state.spares[spare] = tile
        tx.emit(
            "botfactory.event.swap",
            seat=seat,
            part=part_name(state, tile),
            spare=part_name(state, held),
            n=rules.swap_cost,
        )
    elif verb == "rotate":
        turn.left -= 1
        tx.emit("botfactory.event.rotate", seat=seat, left=turn.left)
        rotate(state)
    elif verb == "dispense":
        pos = nums[0]
        turn.left -= 1
        player.parts.append(state.wheel[pos])
        bonus = bonus_at(state, pos)
        key = "botfactory.event.dispense_bonus" if bonus else "botfactory.event.dispense"
        tx.emit(key, seat=seat, part=part_name(state, state.wheel[pos]), left=turn.left)
        state.wheel[pos] = EMPTY
        if bonus:
            # Rulebook: dispensing from a slot with the bonus icons lets you pay 1 token to place a part
            # (no assembly executive); it costs no credit.
            state.flow.stack.append(["place", rules.bonus_cost])
    elif verb == "xparts":
        turn.executive_used = True
        state.flow.stack.append(["xparts", nums[0], rules.executive_discard])
    elif verb == "take":
        procedures.take_project(state, seat, nums[0], tx)
        turn.left -= 1
    elif verb == "xproj":
        turn.executive_used = True
        count = rules.project_executive_discard
        state.flow.stack.append(["xproj", nums[0], count, count])
    elif verb == "raise":
        paid = spend(state, 1, reserve=False)
        procedures.raise_value(state, seat, nums[0], tx, paid)
    elif verb == "reserve":
        reserve(state, nums[0], tx)
    elif verb == "end":
        turn.ending = True
        state.flow.stack.append(["limit"])
        offer_icons(state)
    else:
        raise ValueError(f"unknown turn verb {verb!r}")


# -- assembly board ----------------------------------------------------------------------------------


def place_main(state: State, tile: int, col: int, tx: Transition) -> None:
    """One placement of the assembly main action.

    Rulebook: "after receiving all the rewards above, for each icon space you cover you may spend 1
    token to take the top part of any pile". The rewards above are those of every tile the action
    places, so the bonuses come once the action's placements are all made (or the turn ends): a part
    an icon brings cannot be placed by the same action.
    """
    turn = state.flow.turn
    assert turn is not None
    turn.left -= 1
    if procedures.place_part(state, turn.seat, tile, col, tx):
        turn.icons += 1
    if turn.left == 0:
        offer_icons(state)


def offer_icons(state: State) -> None:
    turn = state.flow.turn
    assert turn is not None
    state.flow.stack.extend(["icon"] for _ in range(turn.icons))
    turn.icons = 0


# -- parts board -------------------------------------------------------------------------------------


def bonus_at(state: State, pos: int) -> bool:
    """Whether the wheel slot now at ``pos`` bears the bonus icons (they turn with the wheel)."""
    rules = state.rules
    return (pos - rules.wheel_turn * state.turns) % rules.wheel_slots in rules.bonus_slots


def rotate(state: State) -> None:
    """Rulebook: a quarter turn clockwise (2 slots); empty entry slots are then filled, left first,
    from piles of the active player's choice (the marker stays)."""
    rules = state.rules
    n, step = rules.wheel_slots, rules.wheel_turn
    state.wheel = [state.wheel[(p - step) % n] for p in range(n)]
    state.turns = (state.turns + 1) % (n // step)
    for pos in reversed(rules.entries):
        if state.wheel[pos] == EMPTY:
            state.flow.stack.append(["refill", pos])


# -- finance -----------------------------------------------------------------------------------------


def finance_price(state: State, cost: int, *, reserve: bool) -> int | None:
    """Tokens actually paid for a purchase of ``cost``, or None if it does not fit.

    Rulebook: the space caps the tokens spent this action; a reservation must fit whole. Variant
    tile PT2 takes tokens off the action's payments, but at least 1 token is always paid (and a
    reservation always pays the token it leaves on the contract), so the discount applies to the
    action's tokens after the first.
    """
    turn = state.flow.turn
    assert turn is not None
    if cost > turn.left:
        return None
    spent = state.rules.spaces[turn.space].amount - turn.left
    off = min(turn.discount, spent + cost - 1, cost - 1 if reserve else cost)
    paid = cost - max(0, off)
    return paid if state.players[turn.seat].tokens >= paid else None


def spend(state: State, cost: int, *, reserve: bool) -> int:
    """Pay a finance purchase of ``cost``; returns the tokens actually paid (PT2 may take one off)."""
    turn = state.flow.turn
    assert turn is not None
    paid = finance_price(state, cost, reserve=reserve)
    assert paid is not None
    turn.discount -= cost - paid
    procedures.pay(state, turn.seat, paid)
    turn.left -= cost
    return paid


def reserve(state: State, pos: int, tx: Transition) -> None:
    """Rulebook: pay the row's cost; one of those tokens goes on the highest free slot."""
    turn = state.flow.turn
    assert turn is not None
    first = procedures.on_contracts(state, turn.seat) == 0
    paid = spend(state, state.rules.row_costs[state.rules.contract_row(pos)], reserve=True)
    contract = state.rules.contracts[state.grid[pos]]
    slot = contract.slots[len(state.reservations[pos])]
    state.reservations[pos].append(turn.seat)
    tx.emit(
        "botfactory.event.reserve", seat=turn.seat, n=paid, slot=slot, **state.rules.contract_words(state.grid[pos])
    )
    if first:
        production.offer_after_first_contract(state, turn.seat)


# -- shared choice builders --------------------------------------------------------------------------


def place_choices(state: State, seat: int, group: str, left: int = 0, paying: int = 0) -> list[Choice]:
    """Every legal placement, described by its reward: tokens for a robot's 1st or 2nd part (as many
    as the 9-token cap leaves room for once ``paying`` tokens are paid), the robot it completes for
    the 3rd, and the icon bonus of a space that bears it."""
    rules = state.rules
    player = state.players[seat]
    room = rules.tokens_per_player - player.tokens + paying - procedures.on_contracts(state, seat)
    out = []
    for tile, col in procedures.placements(state, seat):
        kind = rules.parts[tile][1]
        count = 1 + sum(t != EMPTY for t in state.columns[col])
        gain = min(rules.rewards[count - 1], max(0, room)) if count < 3 else 0
        icon = "_icon" if (col, kind) in rules.icons else ""
        out.append(
            Choice(
                f"place:{tile}:{col}",
                "botfactory.choice.place",
                {
                    "part": part_name(state, tile),
                    "column": rules.colours[col],
                    "n": gain,
                    "left": max(0, left - 1),
                    "cost": rules.icon_cost,
                },
                group,
                description=f"botfactory.desc.place_{count}{icon}",
            )
        )
    return out


def take_choices(state: State, group: str, left: int = 0) -> list[Choice]:
    """The displayed projects; the two bottom spaces carry a bonus, the others none, so two tiles
    of one colour in plain spaces make one choice."""
    rules = state.rules
    rows = rules.display_rows
    out = []
    plain: set[int] = set()
    for space, tile in enumerate(state.display):
        if tile == EMPTY:
            continue
        colour = rules.projects[tile]
        if space == procedures.bottom_space(state, 0):
            where, n = "_place", rules.project_place_cost
        elif space == procedures.bottom_space(state, 1):
            where, n = "_token", rules.project_token_gain
        elif colour in plain:
            continue
        else:
            plain.add(colour)
            where, n = "", 0
        out.append(
            Choice(
                f"take:{space}",
                f"botfactory.choice.take{where}",
                {
                    "colour": rules.colours[colour],
                    "column": space // rows,
                    "row": space % rows,
                    "n": n,
                    "left": max(0, left - 1),
                },
                group,
                description=f"botfactory.desc.take{where}",
            )
        )
    return out


def universal_choices(state: State, verb: str, group: str) -> list[Choice]:
    kinds = sorted({state.rules.parts[t][1] for t in state.universal})
    n = state.rules.project_executive_discard
    return [
        Choice(
            f"{verb}:{k}",
            f"botfactory.choice.{verb}",
            {"kind": state.rules.kinds[k], "n": n},
            group,
            description=f"botfactory.desc.{verb}",
        )
        for k in kinds
    ]
