"""Why an option a player expects is not offered: a part that fits nowhere, a contract beyond the
action's tokens, a board the worker may not move to (``Decision.missing``, one line each).

A menu that shrank says why, so a player never wonders whether the bot forgot a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.botfactory import flow, procedures
from engine.botfactory.procedures import part_name
from engine.botfactory.state import EMPTY, State
from engine.botfactory.turn import finance_price
from engine.botfactory.view import BOARDS

Line = tuple[str, Mapping[str, Any]]


def for_move(state: State, seat: int) -> list[Line]:
    """Boards the worker may not go to, and full boards."""
    allowed = flow.allowed_boards(state, seat)
    pos = state.players[seat].pos
    here = procedures.key_board(state, pos) if pos != EMPTY else None
    out: list[Line] = []
    for b in range(4):
        name = {"board": BOARDS[b]}
        if b == here:
            out.append(("botfactory.missing.move_same", name))
        elif b not in allowed:
            out.append(("botfactory.missing.move_sandra", name))
        elif not procedures.free_spaces(state, b):
            out.append(("botfactory.missing.move_full", name))
    return out


def for_turn(state: State) -> list[Line]:
    turn = state.flow.turn
    assert turn is not None
    player = state.players[turn.seat]
    rules = state.rules
    if turn.toll:
        if player.tokens < rules.sandra_toll:
            return [("botfactory.missing.toll", {"n": rules.sandra_toll})]
        return []
    out: list[Line] = []
    if turn.board == procedures.ASSEMBLY:
        space = rules.spaces[turn.space]
        if not turn.open and player.tokens < space.cost:
            out.append(("botfactory.missing.pay_main", {**rules.space_words(turn.space), "n": space.cost}))
        elif turn.open and turn.left > 0:
            out += unplaceable(state, turn.seat)
        if player.parts and player.tokens < rules.swap_cost:
            out.append(("botfactory.missing.swap", {"n": rules.swap_cost}))
    elif turn.board == procedures.PARTS:
        if turn.left > 0 and all(state.wheel[p] == EMPTY for p in rules.exits):
            out.append(("botfactory.missing.exits", {}))
        out += _executive(state, len(player.parts), rules.executive_discard, "xparts")
    elif turn.board == procedures.PROJECTS:
        if turn.left > 0 and all(t == EMPTY for t in state.display):
            out.append(("botfactory.missing.display", {}))
        out += _executive(state, len(player.projects), rules.project_executive_discard, "xproj")
    else:
        out += _finance(state)
    return out


def _executive(state: State, held: int, needed: int, kind: str) -> list[Line]:
    turn = state.flow.turn
    assert turn is not None
    if turn.executive_used:
        return [("botfactory.missing.executive_used", {})]
    if held < needed:
        return [(f"botfactory.missing.{kind}", {"n": needed, "held": held})]
    return []


def unplaceable(state: State, seat: int) -> list[Line]:
    """One line per part held that fits no column, with the reason."""
    rules = state.rules
    player = state.players[seat]
    if not player.parts:
        return [("botfactory.missing.no_parts", {})]
    placed = {tile for tile, _ in procedures.placements(state, seat)}
    out: list[Line] = []
    for tile in procedures.part_types(state, player.parts):
        if tile in placed:
            continue
        colour, kind = rules.parts[tile]
        part = part_name(state, tile)
        if colour < 0:
            out.append(("botfactory.missing.place_universal", {"part": part}))
            continue
        column = state.columns[colour]
        params = {"part": part, "column": rules.colours[colour]}
        if column[kind] != EMPTY:
            out.append(("botfactory.missing.place_taken", params))
        elif state.robots_board[colour] == 0:
            out.append(("botfactory.missing.place_robot", params))
        else:
            out.append(("botfactory.missing.place_project", params))
    return out


def _finance(state: State) -> list[Line]:
    turn = state.flow.turn
    assert turn is not None
    rules = state.rules
    player = state.players[turn.seat]
    space = rules.spaces[turn.space]
    if turn.left == 0:
        return [("botfactory.missing.finance_spent", {"n": space.amount})]
    if player.tokens == 0:
        return [("botfactory.missing.no_tokens", {})]
    out: list[Line] = []
    rows: set[int] = set()
    for pos in range(len(state.grid)):
        row = rules.contract_row(pos)
        cost = rules.row_costs[row]
        if row in rows or not procedures.reservable(state, turn.seat, pos):
            continue
        if finance_price(state, cost, reserve=True) is None:
            rows.add(row)
            if cost > turn.left:
                out.append(("botfactory.missing.reserve_cap", {"cost": cost, "n": turn.left}))
            else:
                out.append(("botfactory.missing.reserve_tokens", {"cost": cost, "n": player.tokens}))
    return out
