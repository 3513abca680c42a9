"""A worker's turn in phase 2: Sandra's toll, the main action of the space, the executive action of
the board, and the end of the turn (rulebook: perform actions; each board's rules).

The main and executive actions are both optional and may come in any order, the executive even in
the middle of the main action, so a turn is a menu offered again after every step until "end".
"""

from __future__ import annotations

from engine.botfactory import board, production
from engine.botfactory.board import part_name
from engine.botfactory.state import EMPTY, State, Turn
from engine.core.contract import Choice, Transition


def begin(state: State, seat: int, tx: Transition) -> None:
    """Stand at the start of a worker's turn: is Sandra on the same board?"""
    key = state.players[seat].pos
    space = board.key_space(key)
    state.turn = Turn(seat, space, state.rules.spaces[space].board, toll=False)
    tx.emit("botfactory.event.turn", seat=seat, space=state.rules.spaces[space].name)
    if board.key_board(state, state.sandra) == state.turn.board:
        state.turn.toll = True
    else:
        open_main(state, tx)


def open_main(state: State, tx: Transition) -> None:
    """The toll is settled: the space's budget is ready; PP1 gives its token now."""
    turn = state.turn
    assert turn is not None
    space = state.rules.spaces[turn.space]
    turn.toll = False
    turn.open = space.cost == 0
    turn.left = space.amount
    if space.gain:
        board.gain(state, turn.seat, space.gain, tx)


def choices(state: State) -> list[Choice]:
    turn = state.turn
    assert turn is not None
    player = state.players[turn.seat]
    rules = state.rules
    colours = rules.colours
    out: list[Choice] = []
    if turn.toll:
        # Rulebook: with Sandra on your board, spend 1 token or lie down and pass the turn.
        if player.tokens >= rules.sandra_toll:
            out.append(Choice("toll:pay", "botfactory.choice.toll_pay", {}, "botfactory.group.turn"))
        out.append(Choice("toll:pass", "botfactory.choice.toll_pass", {}, "botfactory.group.turn"))
        out += production.toll_choices(state)
        return out
    space = rules.spaces[turn.space]
    if turn.board == board.ASSEMBLY:
        if not turn.open:
            if player.tokens >= space.cost:
                out.append(Choice("pay", "botfactory.choice.pay_main", {"cost": space.cost}, "botfactory.group.main"))
        elif turn.left > 0:
            out += place_choices(state, turn.seat, "botfactory.group.main")
        if player.tokens >= rules.swap_cost:
            for tile in board.part_types(state, player.parts):
                for spare, held in enumerate(state.spares):
                    if held != EMPTY:
                        out.append(
                            Choice(
                                f"swap:{tile}:{spare}",
                                "botfactory.choice.swap",
                                {"part": part_name(state, tile), "spare": part_name(state, held)},
                                "botfactory.group.executive",
                            )
                        )
    elif turn.board == board.PARTS:
        if turn.left > 0:
            out.append(Choice("rotate", "botfactory.choice.rotate", {"left": turn.left}, "botfactory.group.main"))
            for pos in rules.exits:
                if state.wheel[pos] != EMPTY:
                    out.append(
                        Choice(
                            f"dispense:{pos}",
                            "botfactory.choice.dispense",
                            {"part": part_name(state, state.wheel[pos]), "bonus": bonus_at(state, pos)},
                            "botfactory.group.main",
                        )
                    )
        if not turn.executive_used and len(player.parts) >= rules.executive_discard:
            for c in range(4):
                if board.can_draw(state, c):
                    out.append(
                        Choice(
                            f"xparts:{c}",
                            "botfactory.choice.xparts",
                            {"colour": colours[c]},
                            "botfactory.group.executive",
                        )
                    )
    elif turn.board == board.PROJECTS:
        if turn.left > 0:
            out += take_choices(state, "botfactory.group.main")
        if not turn.executive_used and len(player.projects) >= rules.project_executive_discard:
            out += universal_choices(state, "xproj", "botfactory.group.executive")
    else:
        for c in range(4):
            if state.values[c] < rules.value_max and finance_price(state, 1, reserve=False) is not None:
                out.append(
                    Choice(f"raise:{c}", "botfactory.choice.raise", {"colour": colours[c]}, "botfactory.group.main")
                )
        for pos in range(len(state.grid)):
            cost = rules.row_costs[rules.contract_row(pos)]
            if board.reservable(state, turn.seat, pos) and finance_price(state, cost, reserve=True) is not None:
                uid = state.grid[pos]
                out.append(
                    Choice(
                        f"reserve:{pos}",
                        "botfactory.choice.reserve",
                        {"contract": rules.contracts[uid].name, "cost": cost},
                        "botfactory.group.main",
                    )
                )
    out += production.turn_choices(state)
    out.append(Choice("end", "botfactory.choice.end", {}, "botfactory.group.turn"))
    return out


def apply(state: State, verb: str, args: list[str], tx: Transition) -> None:
    turn = state.turn
    assert turn is not None
    seat = turn.seat
    player = state.players[seat]
    rules = state.rules
    nums = [int(a) for a in args if a.isdigit()]
    if verb == "toll":
        if args == ["pay"]:
            board.pay(state, seat, rules.sandra_toll)
            tx.emit("botfactory.event.toll", seat=seat)
            open_main(state, tx)
        else:
            tx.emit("botfactory.event.pass", seat=seat)
            turn.toll = False
            turn.ending = True
    elif verb == "pay":
        board.pay(state, seat, rules.spaces[turn.space].cost)
        turn.open = True
    elif verb == "place":
        place_main(state, nums[0], nums[1], tx)
    elif verb == "swap":
        # Rulebook: assembly executive, as many times as you like: 1 token to swap a part with a spare.
        tile, spare = nums
        board.pay(state, seat, rules.swap_cost)
        player.parts.remove(tile)
        player.parts.append(state.spares[spare])
        state.spares[spare] = tile
        tx.emit("botfactory.event.swap", seat=seat, part=part_name(state, tile))
    elif verb == "rotate":
        turn.left -= 1
        rotate(state, tx)
    elif verb == "dispense":
        pos = nums[0]
        turn.left -= 1
        player.parts.append(state.wheel[pos])
        tx.emit("botfactory.event.dispense", seat=seat, part=part_name(state, state.wheel[pos]))
        state.wheel[pos] = EMPTY
        if bonus_at(state, pos):
            # Rulebook: dispensing from a slot with the bonus icons lets you pay 1 token to place a part
            # (no assembly executive); it costs no credit.
            state.stack.append(["place", rules.bonus_cost])
    elif verb == "xparts":
        turn.executive_used = True
        state.stack.append(["xparts", nums[0], rules.executive_discard])
    elif verb == "take":
        board.take_project(state, seat, nums[0], tx)
        turn.left -= 1
    elif verb == "xproj":
        turn.executive_used = True
        state.stack.append(["xproj", nums[0], rules.project_executive_discard])
    elif verb == "raise":
        spend(state, 1, reserve=False)
        board.raise_value(state, seat, nums[0], tx)
    elif verb == "reserve":
        reserve(state, nums[0], tx)
    elif verb == "end":
        turn.ending = True
        state.stack.append(["limit"])
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
    turn = state.turn
    assert turn is not None
    turn.left -= 1
    if board.place_part(state, turn.seat, tile, col, tx):
        turn.icons += 1
    if turn.left == 0:
        offer_icons(state)


def offer_icons(state: State) -> None:
    turn = state.turn
    assert turn is not None
    state.stack.extend(["icon"] for _ in range(turn.icons))
    turn.icons = 0


# -- parts board -------------------------------------------------------------------------------------


def bonus_at(state: State, pos: int) -> bool:
    """Whether the wheel slot now at ``pos`` bears the bonus icons (they turn with the wheel)."""
    rules = state.rules
    return (pos - rules.wheel_turn * state.turns) % rules.wheel_slots in rules.bonus_slots


def rotate(state: State, tx: Transition) -> None:
    """Rulebook: a quarter turn clockwise (2 slots); empty entry slots are then filled, left first,
    from piles of the active player's choice (the marker stays)."""
    rules = state.rules
    n, step = rules.wheel_slots, rules.wheel_turn
    state.wheel = [state.wheel[(p - step) % n] for p in range(n)]
    state.turns = (state.turns + 1) % (n // step)
    tx.emit("botfactory.event.rotate")
    for pos in reversed(rules.entries):
        if state.wheel[pos] == EMPTY:
            state.stack.append(["refill", pos])


# -- finance -----------------------------------------------------------------------------------------


def finance_price(state: State, cost: int, *, reserve: bool) -> int | None:
    """Tokens actually paid for a purchase of ``cost``, or None if it does not fit.

    Rulebook: the space caps the tokens spent this action; a reservation must fit whole. Variant
    tile PT2 takes tokens off the action's payments, but at least 1 token is always paid (and a
    reservation always pays the token it leaves on the contract), so the discount applies to the
    action's tokens after the first.
    """
    turn = state.turn
    assert turn is not None
    if cost > turn.left:
        return None
    spent = state.rules.spaces[turn.space].amount - turn.left
    off = min(turn.discount, spent + cost - 1, cost - 1 if reserve else cost)
    paid = cost - max(0, off)
    return paid if state.players[turn.seat].tokens >= paid else None


def spend(state: State, cost: int, *, reserve: bool) -> None:
    turn = state.turn
    assert turn is not None
    paid = finance_price(state, cost, reserve=reserve)
    assert paid is not None
    turn.discount -= cost - paid
    board.pay(state, turn.seat, paid)
    turn.left -= cost


def reserve(state: State, pos: int, tx: Transition) -> None:
    """Rulebook: pay the row's cost; one of those tokens goes on the highest free slot."""
    turn = state.turn
    assert turn is not None
    first = board.on_contracts(state, turn.seat) == 0
    spend(state, state.rules.row_costs[state.rules.contract_row(pos)], reserve=True)
    state.reservations[pos].append(turn.seat)
    tx.emit("botfactory.event.reserve", seat=turn.seat, contract=state.rules.contracts[state.grid[pos]].name)
    if first:
        production.offer_after_first_contract(state, turn.seat)


# -- shared choice builders --------------------------------------------------------------------------


def place_choices(state: State, seat: int, group: str) -> list[Choice]:
    return [
        Choice(
            f"place:{tile}:{col}",
            "botfactory.choice.place",
            {"part": part_name(state, tile), "column": state.rules.colours[col]},
            group,
        )
        for tile, col in board.placements(state, seat)
    ]


def take_choices(state: State, group: str) -> list[Choice]:
    rows = state.rules.display_rows
    return [
        Choice(
            f"take:{space}",
            "botfactory.choice.take",
            {"colour": state.rules.colours[state.rules.projects[tile]], "column": space // rows, "row": space % rows},
            group,
        )
        for space, tile in enumerate(state.display)
        if tile != EMPTY
    ]


def universal_choices(state: State, verb: str, group: str) -> list[Choice]:
    kinds = sorted({state.rules.parts[t][1] for t in state.universal})
    return [Choice(f"{verb}:{k}", f"botfactory.choice.{verb}", {"kind": state.rules.kinds[k]}, group) for k in kinds]
