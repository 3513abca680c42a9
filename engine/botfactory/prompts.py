"""Sub-decisions opened by a choice: bonus placements and projects, the icon bonus, refilling the
wheel, the tiles an executive action discards, the end-of-turn limits and Vilela's contract removals.

Each entry of ``state.stack`` is ``[kind, *ints]``. A prompt with no real choice left (a bonus you
cannot use, a limit already met) is dropped by :func:`settle`, so every decision offered lists at
least one legal choice and an optional bonus can always be declined with "skip".
"""

from __future__ import annotations

from typing import Any

from engine.botfactory import board, production
from engine.botfactory.board import part_name
from engine.botfactory.state import EMPTY, State
from engine.botfactory.turn import place_choices, take_choices
from engine.core.contract import Choice, Transition

OPTIONAL = frozenset({"place", "icon", "project", "offer"})
"""Prompts that may be declined (rulebook: bonuses are optional; an unused one is lost)."""


def seat_of(state: State) -> int:
    """Prompts belong to the worker whose turn it is; Vilela's removals to the solo player."""
    return state.turn.seat if state.turn is not None else 0


def real_choices(state: State, entry: list[Any]) -> list[Choice]:
    kind = entry[0]
    seat = seat_of(state)
    player = state.players[seat]
    rules = state.rules
    if kind == "place":
        return place_choices(state, seat, "botfactory.group.bonus") if player.tokens >= entry[1] else []
    if kind == "icon":
        return [
            Choice(f"icon:{c}", "botfactory.choice.icon", {"colour": rules.colours[c]}, "botfactory.group.bonus")
            for c in board.icon_options(state, seat)
        ]
    if kind == "project":
        return take_choices(state, "botfactory.group.bonus")
    if kind == "refill":
        if state.wheel[entry[1]] != EMPTY:
            return []
        return [
            Choice(f"refill:{c}", "botfactory.choice.refill", {"colour": rules.colours[c]}, "botfactory.group.wheel")
            for c in range(4)
            if board.can_draw(state, c)
        ]
    if kind in ("xparts", "limit") and (kind == "xparts" or len(player.parts) > rules.part_limit):
        return [
            Choice(f"drop:{t}", "botfactory.choice.drop", {"part": part_name(state, t)}, "botfactory.group.discard")
            for t in board.part_types(state, player.parts)
        ]
    if kind in ("xproj", "limit") and (
        kind == "xproj" or len(player.projects) + len(player.robots) > rules.project_limit
    ):
        return [
            Choice(
                f"dropproj:{t}",
                "botfactory.choice.dropproj",
                {"colour": rules.colours[rules.projects[t]]},
                "botfactory.group.discard",
            )
            for t in board.first_of_each(player.projects, state.rules.projects)
        ]
    if kind == "vremove":
        return [
            Choice(
                f"vremove:{p}",
                "botfactory.choice.vremove",
                {"contract": rules.contracts[state.grid[p]].name},
                "botfactory.group.solo",
            )
            for p in entry[2:]
        ]
    if kind == "offer":
        return production.offer_choices(state)
    return []


def choices(state: State, entry: list[Any]) -> list[Choice]:
    out = real_choices(state, entry)
    if entry[0] in OPTIONAL:
        out.append(Choice("skip", "botfactory.choice.skip", {"bonus": entry[0]}, "botfactory.group.turn"))
    return out


def settle(state: State) -> None:
    """Drop prompts that have nothing left to decide."""
    while state.stack and not real_choices(state, state.stack[-1]):
        state.stack.pop()


def apply(state: State, verb: str, args: list[str], tx: Transition) -> None:
    entry = state.stack.pop()
    seat = seat_of(state)
    player = state.players[seat]
    rules = state.rules
    if verb == "skip":
        tx.emit("botfactory.event.skip", seat=seat, bonus=entry[0])
        return
    nums = [int(a) for a in args if a.isdigit()]
    if verb == "place":
        board.pay(state, seat, entry[1])
        if board.place_part(state, seat, nums[0], nums[1], tx):
            state.stack.append(["icon"])  # a bonus placement is an action of its own
    elif verb == "icon":
        board.pay(state, seat, rules.icon_cost)
        player.parts.append(board.draw_top(state, nums[0], tx))
        tx.emit("botfactory.event.icon", seat=seat, colour=rules.colours[nums[0]])
    elif verb == "take":
        board.take_project(state, seat, nums[0], tx)
    elif verb == "refill":
        state.wheel[entry[1]] = board.draw_top(state, nums[0], tx)
    elif verb == "drop":
        player.parts.remove(nums[0])
        board.discard_part(state, nums[0])
        tx.emit("botfactory.event.drop", seat=seat, part=part_name(state, nums[0]))
        if entry[0] == "limit":
            state.stack.append(entry)
        elif entry[2] > 1:
            state.stack.append([entry[0], entry[1], entry[2] - 1])
        else:
            # Rulebook: parts executive — the three discarded, take the top of the chosen pile.
            player.parts.append(board.draw_top(state, entry[1], tx))
    elif verb == "dropproj":
        player.projects.remove(nums[0])
        state.project_discard.append(nums[0])
        tx.emit("botfactory.event.dropproj", seat=seat, colour=rules.colours[rules.projects[nums[0]]])
        if entry[0] == "limit":
            state.stack.append(entry)
        elif entry[2] > 1:
            state.stack.append([entry[0], entry[1], entry[2] - 1])
        else:
            # Rulebook: projects executive — take one universal part of your choice.
            tile = next(t for t in state.universal if rules.parts[t][1] == entry[1])
            state.universal.remove(tile)
            player.parts.append(tile)
    elif verb == "vremove":
        pos = nums[0]
        state.contract_box.append(state.grid[pos])
        tx.emit("botfactory.event.vremove", contract=rules.contracts[state.grid[pos]].name)
        state.grid[pos] = EMPTY
        if entry[1] > 1:
            state.stack.append(["vremove", entry[1] - 1, *(p for p in entry[2:] if p != pos)])
    elif verb == "tile":
        production.take_from_offer(state, seat, args[0], tx)
    else:
        raise ValueError(f"unknown prompt verb {verb!r}")
