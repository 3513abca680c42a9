"""Implementation step 3: the action pair on the dial, the action menu, and the actions that do not
touch the workshop (recruit, extract, transactions).

Rulebook: Carrying out two actions; assistants AS01 (free actions), AS03 (repeat), AS08 (secret
projects), AS09 (cheap VP), AS10 (five transactions).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core.contract import Choice, Transition
from engine.imaginarium import dream, workshop
from engine.imaginarium.cards import CH, CODES, GOODS, RESOURCES, VP
from engine.imaginarium.machines import goods_code, has, spaces
from engine.imaginarium.procedures import (
    DISMANTLE,
    EXTRACT,
    RECRUIT,
    REORGANISE,
    REPAIR,
    TRANSACTIONS,
    choice,
    missing,
    team_key,
)
from engine.imaginarium.state import PURCHASES, Player, State
from engine.imaginarium.view import ACTIONS

ADJACENT = tuple((min(i, (i + 1) % 6), max(i, (i + 1) % 6)) for i in range(6))
"""Rulebook: the six pairs the double hands can show."""
ALL_PAIRS = tuple(combinations(range(6), 2))


def pair_code(a: int, b: int) -> int:
    return a * 6 + b


def free_actions(state: State, player: Player) -> bool:
    """AS01 applies from the turn after it was recruited."""
    return 0 < player.free_from <= state.flow.round


def pair_choices(state: State) -> list[Choice]:
    player = state.player
    if free_actions(state, player):
        pairs = ALL_PAIRS
    else:
        # Rulebook: "The same pair of actions cannot be chosen twice in a row".
        pairs = tuple(p for p in ADJACENT if pair_code(*p) != player.last_pair)
    # What each action does, or why it cannot be carried out now (for the pair's description).
    does = [ACTIONS[a] if _possible(state, a) else f"{ACTIONS[a]}_none" for a in range(len(ACTIONS))]
    return [
        choice(
            f"pair:{ACTIONS[a]}+{ACTIONS[b]}",
            "pair",
            "pair",
            first=ACTIONS[a],
            second=ACTIONS[b],
            first_does=does[a],
            second_does=does[b],
        )
        for a, b in pairs
    ]


def pair_missing(state: State) -> list[tuple[str, dict[str, object]]]:
    """The pair chosen last turn is not on offer (rulebook: never the same pair twice in a row)."""
    player = state.player
    if free_actions(state, player) or player.last_pair < 0:
        return []
    a, b = divmod(player.last_pair, 6)
    return [missing("same_pair", first=ACTIONS[a], second=ACTIONS[b])]


def pair_apply(state: State, cid: str, tx: Transition) -> None:
    a, b = (ACTIONS.index(x) for x in cid.split(":")[1].split("+"))
    code = pair_code(a, b)
    state.flow.turn.pair = code
    state.player.last_pair = code
    state.flow.step = "menu"
    tx.emit("imaginarium.event.pair", seat=state.player.seat, first=ACTIONS[a], second=ACTIONS[b])


def _allowed(state: State, action: int) -> bool:
    """In the pair and not done yet; AS03 lets repair or dismantle be done twice in the turn, at any
    point of it (the text asks for nothing in between or not)."""
    turn = state.flow.turn
    if action not in divmod(turn.pair, 6) or action == turn.given_up:
        return False
    if turn.done[action] == 0:
        return True
    return turn.done[action] == 1 and action in (REPAIR, DISMANTLE) and has(state.data, state.player, "repeat_action")


def _possible(state: State, action: int) -> bool:
    """Whether ``action`` offers a choice now: ``bool`` of its choices, decided without building them
    (a pair's description asks this of every action at every turn, and the AI's look-ahead and
    playouts make many turns)."""
    if action == RECRUIT:
        return can_recruit(state)
    if action == EXTRACT:
        return True
    if action == REPAIR:
        return bool(workshop.repair_targets(state))
    if action == TRANSACTIONS:
        return can_trade(state)
    if action == DISMANTLE:
        return workshop.can_dismantle(state)
    # Chimera: reorganising also lets a player discard a nightmare ending their dream.
    return bool(workshop.reorganise_moves(state)) or dream.ends_in_nightmare(state.player)


def menu_actions(state: State) -> list[Choice]:
    """The actions that can be started now (without "end")."""
    turn = state.flow.turn
    out = []
    for a in divmod(turn.pair, 6):
        if _allowed(state, a) and _possible(state, a):
            again = turn.done[a] > 0  # AS03: the second repair or dismantle of the turn
            out.append(
                choice(
                    f"do:{ACTIONS[a]}",
                    "do_again" if again else "do",
                    "actions",
                    describe=_describe_action(state, a),
                    action=ACTIONS[a],
                    amount=state.data.extract_action,
                    limit=trade_limit(state),
                )
            )
    if state.data.chimera and turn.given_up < 0:
        # Chimera: once per turn, give up one of the two selected actions to daydream instead.
        out += [
            choice(
                f"daydream:{ACTIONS[a]}", "daydream", "actions", describe=team_key(state, "daydream"), action=ACTIONS[a]
            )
            for a in divmod(turn.pair, 6)
            if turn.done[a] == 0
        ]
    return out


def menu_open(state: State) -> bool:
    """``bool(menu_actions(state))``, without building them (the flow asks it after every action)."""
    turn = state.flow.turn
    pair = divmod(turn.pair, 6)
    if state.data.chimera and turn.given_up < 0 and any(turn.done[a] == 0 for a in pair):
        return True
    return any(_allowed(state, a) and _possible(state, a) for a in pair)


def _describe_action(state: State, action: int) -> str:
    if action == REORGANISE and state.data.chimera:
        return team_key(state, "do_reorganise_dream")
    return f"do_{ACTIONS[action]}"


def menu_choices(state: State) -> list[Choice]:
    actions = menu_actions(state)
    still = [c.params["action"] for c in actions if c.id.startswith("do:")]
    if any(state.player.held[:4]):
        still += ["daydream"] if any(c.id.startswith("daydream:") for c in actions) else []
    if still:
        end = choice("end", "end_actions", confirm="end_actions", still=",".join(still), n=len(still))
    else:
        end = choice("end", "end_actions")
    return [*actions, end]


def menu_missing(state: State) -> list[tuple[str, dict[str, object]]]:
    """Why an action of the chosen pair, not carried out yet, cannot be started now."""
    turn = state.flow.turn
    out: list[tuple[str, dict[str, object]]] = []
    for a in divmod(turn.pair, 6):
        if turn.done[a] == 0 and a != turn.given_up and not _possible(state, a):
            out.append(_why_not(state, a))
    return out


def _why_not(state: State, action: int) -> tuple[str, dict[str, object]]:
    data = state.data
    player = state.player
    g = player.goods
    name = ACTIONS[action]
    if action == RECRUIT:
        if len(player.assistants) >= data.max_assistants:
            return missing("recruit_full", action=name, n=data.max_assistants)
        if not state.meeting:
            return missing("recruit_none", action=name)
        cheapest = min(data.assistants[a].price for a in state.meeting)
        return missing("recruit_dear", action=name, price=cheapest, n=cheapest - g[CH])
    if action == REPAIR:
        if len(player.stacks) >= spaces(data, player):
            return missing("repair_space", action=name)
        if not player.yard:
            return missing("repair_yard", action=name)
        best = min(player.yard, key=lambda u: sum(max(0, data.card[u].repair[r] - g[r]) for r in RESOURCES))
        lack = tuple(max(0, data.card[best].repair[r] - g[r]) if r in RESOURCES else 0 for r in range(5))
        return missing("repair_short", action=name, machine=data.card[best].serial, short=goods_code(lack))
    if action == TRANSACTIONS:
        return missing("trade_none", action=name)
    if action == DISMANTLE:
        return missing("dismantle_none", action=name)
    return missing("reorganise_none", action=name)


def menu_apply(state: State, cid: str, tx: Transition) -> None:
    turn = state.flow.turn
    player = state.player
    if cid == "end":
        state.flow.step = "projects"
        return
    action = ACTIONS.index(cid.split(":")[1])
    if cid.startswith("daydream"):
        turn.given_up = action
        tx.emit("imaginarium.event.daydream", seat=player.seat, action=ACTIONS[action])
        dream.start_placement(state, "daydream", len(state.data.colours))
        return
    turn.done[action] += 1
    turn.trades = 0
    turn.splits = 0
    if action == EXTRACT:
        # Rulebook: Extraction. Receive 3 charcoalium from the reserve.
        player.goods[CH] += state.data.extract_action
        tx.emit("imaginarium.event.extract_action", seat=player.seat, amount=state.data.extract_action)
        return
    tx.emit("imaginarium.event.action", seat=player.seat, action=ACTIONS[action])
    state.flow.step = {RECRUIT: "recruit", REPAIR: "repair", TRANSACTIONS: "trade", DISMANTLE: "dismantle"}.get(
        action, "reorganise"
    )


# -- recruit ----------------------------------------------------------------------------------------


def recruit_choices(state: State) -> list[Choice]:
    """Rulebook: one assistant per turn, at most three per game, paid in charcoalium."""
    data = state.data
    player = state.player
    if len(player.assistants) >= data.max_assistants:
        return []
    return [
        choice(
            f"recruit:{data.assistants[a].id}",
            "recruit",
            "recruit",
            describe=f"imaginarium.assistant.{data.assistants[a].id}",
            assistant=data.assistants[a].id,
            price=data.assistants[a].price,
        )
        for a in state.meeting
        if data.assistants[a].price <= player.goods[CH]
    ]


def can_recruit(state: State) -> bool:
    """``bool(recruit_choices(state))``, without building them."""
    data = state.data
    player = state.player
    if len(player.assistants) >= data.max_assistants:
        return False
    return any(data.assistants[a].price <= player.goods[CH] for a in state.meeting)


def recruit_missing(state: State) -> list[tuple[str, dict[str, object]]]:
    """Assistants of the meeting room the player cannot pay for."""
    data = state.data
    g = state.player.goods
    return [
        missing("assistant_dear", assistant=data.assistants[a].id, price=data.assistants[a].price)
        for a in state.meeting
        if data.assistants[a].price > g[CH]
    ]


def recruit_apply(state: State, cid: str, tx: Transition) -> None:
    data = state.data
    player = state.player
    a = next(i for i in state.meeting if data.assistants[i].id == cid.split(":")[1])
    assistant = data.assistants[a]
    player.goods[CH] -= assistant.price
    state.meeting.remove(a)  # replaced only at resetting
    player.assistants.append(a)
    tx.emit("imaginarium.event.recruited", seat=player.seat, assistant=assistant.id, price=assistant.price)
    if assistant.effect == "free_actions":
        player.free_from = state.flow.round + 1  # "As of your next turn"
    elif assistant.effect == "secret_projects":
        # Draw two projects not in play and keep them behind the screen.
        for _ in range(min(2, len(state.stock))):
            player.secret.append(state.stock.pop())
        tx.used_randomness()
        tx.emit(
            "imaginarium.event.secret_drawn",
            to=state.screen(player.seat),
            seat=player.seat,
            projects=",".join(data.projects[p].id for p in player.secret),
            n=len(player.secret),
        )
    state.flow.step = "menu"


# -- transactions ---------------------------------------------------------------------------------


def trade_limit(state: State) -> int:
    data = state.data
    return data.more_transactions if has(data, state.player, "more_transactions") else data.transactions


def vp_price(state: State) -> int:
    data = state.data
    return data.cheap_vp_price if has(data, state.player, "cheap_vp") else data.vp_price


def trade_moves(state: State) -> list[Choice]:
    """Rulebook: Carry out transactions. One unit bought or sold per transaction; VP can only be bought."""
    data = state.data
    g = state.player.goods
    out: list[Choice] = []
    if state.flow.turn.trades >= trade_limit(state):
        return out
    at: dict[str, Any] = {"number": state.flow.turn.trades + 1, "limit": trade_limit(state)}
    for r in RESOURCES:
        if g[CH] >= data.buy[r]:
            out.append(
                choice(f"buy:{CODES[r]}", "buy", "buy", describe="trade", good=GOODS[r], price=data.buy[r], **at)
            )
    if g[CH] >= vp_price(state):
        out.append(choice("buy:vp", "buy_vp", "buy", describe="trade", good=GOODS[VP], price=vp_price(state), **at))
    for r in RESOURCES:
        if g[r] > 0:
            out.append(
                choice(f"sell:{CODES[r]}", "sell", "sell", describe="trade", good=GOODS[r], price=data.sell[r], **at)
            )
    return out


def can_trade(state: State) -> bool:
    """``bool(trade_moves(state))``, without building them."""
    data = state.data
    g = state.player.goods
    if state.flow.turn.trades >= trade_limit(state):
        return False
    return any(g[CH] >= data.buy[r] for r in RESOURCES) or g[CH] >= vp_price(state) or any(g[r] > 0 for r in RESOURCES)


def trade_choices(state: State) -> list[Choice]:
    left = trade_limit(state) - state.flow.turn.trades
    return [*trade_moves(state), choice("done", "trade_done", "trade", left=left)]


def trade_missing(state: State) -> list[tuple[str, dict[str, object]]]:
    """A victory point the player cannot pay for yet (they can only be bought)."""
    if state.player.goods[CH] >= vp_price(state):
        return []
    return [missing("vp_dear", price=vp_price(state))]


def trade_apply(state: State, cid: str, tx: Transition) -> None:
    data = state.data
    player = state.player
    g = player.goods
    if cid == "done":
        state.flow.step = "menu"
        return
    kind, code = cid.split(":")
    good = CODES.index(code)
    if kind == "buy" and good == VP:
        g[CH] -= vp_price(state)
        g[VP] += 1
        player.vp_from[PURCHASES] += 1
    elif kind == "buy":
        g[CH] -= data.buy[good]
        g[good] += 1
    else:
        g[good] -= 1
        g[CH] += data.sell[good]
    state.flow.turn.trades += 1
    tx.emit("imaginarium.event.transaction", seat=player.seat)
    paid = (vp_price(state) if good == VP else data.buy[good]) if kind == "buy" else data.sell[good]
    tx.emit(
        f"imaginarium.event.{kind}_good", to=state.screen(player.seat), seat=player.seat, good=GOODS[good], price=paid
    )
    if state.flow.turn.trades >= trade_limit(state):
        state.flow.step = "menu"
