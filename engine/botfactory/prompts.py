"""Sub-decisions opened by a choice: bonus placements and projects, the icon bonus, refilling the
wheel, the tiles an executive action discards, the end-of-turn limits and Vilela's contract removals.

Each entry of ``state.flow.stack`` is ``[kind, *ints]``. A prompt with no real choice left (a bonus you
cannot use, a limit already met) is dropped by :func:`settle`, so every decision offered lists at
least one legal choice and an optional bonus can always be declined with "skip".
"""

from __future__ import annotations

from typing import Any

from engine.botfactory import procedures, production
from engine.botfactory.procedures import part_name
from engine.botfactory.state import EMPTY, State
from engine.botfactory.turn import place_choices, take_choices
from engine.core.contract import Choice, Transition

OPTIONAL = frozenset({"place", "icon", "project", "offer"})
"""Prompts that may be declined (rulebook: bonuses are optional; an unused one is lost)."""


def seat_of(state: State) -> int:
    """Prompts belong to the worker whose turn it is; Vilela's removals to the solo player."""
    return state.flow.turn.seat if state.flow.turn is not None else 0


def real_choices(state: State, entry: list[Any]) -> list[Choice]:
    kind = entry[0]
    seat = seat_of(state)
    player = state.players[seat]
    rules = state.rules
    if kind == "place":
        if player.tokens < entry[1]:
            return []
        return place_choices(state, seat, "botfactory.group.bonus", paying=entry[1])
    if kind == "icon":
        return [_pile_choice(state, "icon", c, rules.icon_cost) for c in procedures.icon_options(state, seat)]
    if kind == "project":
        return take_choices(state, "botfactory.group.bonus")
    if kind == "refill":
        if state.wheel[entry[1]] != EMPTY:
            return []
        side = "left" if entry[1] == rules.entries[0] else "right"
        return [_pile_choice(state, "refill", c, 0, side) for c in range(4) if procedures.can_draw(state, c)]
    if kind in ("xparts", "limit") and (kind == "xparts" or len(player.parts) > rules.part_limit):
        return [_drop_choice(state, entry, t) for t in procedures.part_types(state, player.parts)]
    if kind in ("xproj", "limit") and (
        kind == "xproj" or len(player.projects) + len(player.robots) > rules.project_limit
    ):
        return [_dropproj_choice(state, entry, t) for t in procedures.first_of_each(player.projects, rules.projects)]
    if kind == "vremove":
        return [_vremove_choice(state, p) for p in entry[2:]]
    if kind == "offer":
        return production.offer_choices(state)
    return []


def _pile_choice(state: State, verb: str, colour: int, cost: int, side: str = "") -> Choice:
    """The icon bonus or a wheel refill: the top tile of a pile, named when it lies face up."""
    top = procedures.pile_top(state, colour)
    unseen = "" if top != EMPTY else "_unseen"
    return Choice(
        f"{verb}:{colour}",
        f"botfactory.choice.{verb}{unseen}",
        {
            "colour": state.rules.colours[colour],
            "part": "" if unseen else part_name(state, top),
            "n": cost,
            "side": side,
        },
        "botfactory.group.bonus" if verb == "icon" else "botfactory.group.wheel",
        description=f"botfactory.desc.{verb}{unseen}",
    )


def _drop_choice(state: State, entry: list[Any], tile: int) -> Choice:
    player = state.players[seat_of(state)]
    params: dict[str, Any] = {"part": part_name(state, tile)}
    if entry[0] == "limit":
        params |= {"n": len(player.parts) - state.rules.part_limit, "limit": state.rules.part_limit}
        description = "botfactory.desc.drop_limit"
    else:
        top = procedures.pile_top(state, entry[1])
        params |= {"n": entry[2] - 1, "colour": state.rules.colours[entry[1]]}
        params["top"] = part_name(state, top) if top != EMPTY else ""
        description = "botfactory.desc.drop_more" if entry[2] > 1 else "botfactory.desc.drop_last"
        if entry[2] == 1 and top == EMPTY:
            description = "botfactory.desc.drop_last_unseen"
    return Choice(f"drop:{tile}", "botfactory.choice.drop", params, "botfactory.group.discard", description=description)


def _dropproj_choice(state: State, entry: list[Any], tile: int) -> Choice:
    rules = state.rules
    player = state.players[seat_of(state)]
    params: dict[str, Any] = {"colour": rules.colours[rules.projects[tile]]}
    if entry[0] == "limit":
        held = len(player.projects) + len(player.robots)
        params |= {"n": held - rules.project_limit, "limit": rules.project_limit}
        description = "botfactory.desc.dropproj_limit"
    else:
        params |= {"n": entry[2] - 1, "kind": rules.kinds[entry[1]]}
        description = "botfactory.desc.dropproj_more" if entry[2] > 1 else "botfactory.desc.dropproj_last"
    return Choice(
        f"dropproj:{tile}", "botfactory.choice.dropproj", params, "botfactory.group.discard", description=description
    )


def _vremove_choice(state: State, pos: int) -> Choice:
    rules = state.rules
    return Choice(
        f"vremove:{pos}",
        "botfactory.choice.vremove",
        {**rules.contract_words(state.grid[pos]), "cost": rules.row_costs[rules.contract_row(pos)]},
        "botfactory.group.solo",
        description="botfactory.desc.vremove",
    )


def choices(state: State, entry: list[Any]) -> list[Choice]:
    out = real_choices(state, entry)
    if entry[0] in OPTIONAL:
        out.append(
            Choice(
                "skip",
                f"botfactory.choice.skip_{entry[0]}",
                {"bonus": entry[0]},
                "botfactory.group.turn",
                description=f"botfactory.desc.skip_{entry[0]}",
                confirm="botfactory.confirm.skip",
            )
        )
    return out


def prompt(state: State, entry: list[Any]) -> tuple[str, dict[str, Any]]:
    """The prompt key of a sub-decision and its parameters (what a bonus costs, what is left)."""
    kind = entry[0]
    rules = state.rules
    player = state.players[seat_of(state)]
    if kind == "place":
        return "botfactory.prompt.place", {"price": entry[1]}
    if kind == "icon":
        return "botfactory.prompt.icon", {"n": rules.icon_cost}
    if kind == "refill":
        return "botfactory.prompt.refill", {"side": "left" if entry[1] == rules.entries[0] else "right"}
    if kind in ("xparts", "xproj"):
        return f"botfactory.prompt.{kind}", {"n": entry[2]}
    if kind == "limit":
        held = len(player.projects) + len(player.robots)
        return "botfactory.prompt.limit", {"parts": len(player.parts), "projects": held, "n": rules.part_limit}
    if kind == "vremove":
        return "botfactory.prompt.vremove", {"n": entry[1]}
    return f"botfactory.prompt.{kind}", {}


def settle(state: State, tx: Transition) -> None:
    """Drop prompts that have nothing left to decide; a bonus dropped so is lost, and an event says
    why (too few tokens, no part that fits, an empty display)."""
    while state.flow.stack and not real_choices(state, state.flow.stack[-1]):
        entry = state.flow.stack.pop()
        seat = seat_of(state)
        if entry[0] == "place":
            short = state.players[seat].tokens < entry[1]
            tx.emit(
                "botfactory.event.lost_place_tokens" if short else "botfactory.event.lost_place", seat=seat, n=entry[1]
            )
        elif entry[0] == "icon":
            short = state.players[seat].tokens < state.rules.icon_cost
            tx.emit(
                "botfactory.event.lost_icon" if short else "botfactory.event.lost_icon_piles",
                seat=seat,
                n=state.rules.icon_cost,
            )
        elif entry[0] == "project":
            tx.emit("botfactory.event.lost_project", seat=seat)


def apply(state: State, verb: str, args: list[str], tx: Transition) -> None:
    entry = state.flow.stack.pop()
    seat = seat_of(state)
    player = state.players[seat]
    rules = state.rules
    if verb == "skip":
        tx.emit(f"botfactory.event.skip_{entry[0]}", seat=seat)
        return
    nums = [int(a) for a in args if a.isdigit()]
    if verb == "place":
        procedures.pay(state, seat, entry[1])
        if entry[1]:
            tx.emit("botfactory.event.bonus_paid", seat=seat, n=entry[1])
        if procedures.place_part(state, seat, nums[0], nums[1], tx):
            state.flow.stack.append(["icon"])  # a bonus placement is an action of its own
    elif verb == "icon":
        procedures.pay(state, seat, rules.icon_cost)
        tile = procedures.draw_top(state, nums[0], tx)
        player.parts.append(tile)
        tx.emit("botfactory.event.icon", seat=seat, part=part_name(state, tile), n=rules.icon_cost)
    elif verb == "take":
        procedures.take_project(state, seat, nums[0], tx)
    elif verb == "refill":
        tile = procedures.draw_top(state, nums[0], tx)
        state.wheel[entry[1]] = tile
        side = "left" if entry[1] == rules.entries[0] else "right"
        tx.emit("botfactory.event.refill", seat=seat, part=part_name(state, tile), side=side)
    elif verb == "drop":
        player.parts.remove(nums[0])
        procedures.discard_part(state, nums[0])
        tx.emit("botfactory.event.drop", seat=seat, part=part_name(state, nums[0]))
        if entry[0] == "limit":
            state.flow.stack.append(entry)
        elif entry[2] > 1:
            state.flow.stack.append([entry[0], entry[1], entry[2] - 1])
        else:
            # Rulebook: parts executive — the three discarded, take the top of the chosen pile.
            tile = procedures.draw_top(state, entry[1], tx)
            player.parts.append(tile)
            tx.emit("botfactory.event.xparts", seat=seat, part=part_name(state, tile), n=rules.executive_discard)
    elif verb == "dropproj":
        player.projects.remove(nums[0])
        state.project_discard.append(nums[0])
        tx.emit("botfactory.event.dropproj", seat=seat, colour=rules.colours[rules.projects[nums[0]]])
        if entry[0] == "limit":
            state.flow.stack.append(entry)
        elif entry[2] > 1:
            state.flow.stack.append([entry[0], entry[1], entry[2] - 1, *entry[3:]])
        else:
            # Rulebook: projects executive — take one universal part of your choice.
            tile = next(t for t in state.universal if rules.parts[t][1] == entry[1])
            state.universal.remove(tile)
            player.parts.append(tile)
            tx.emit(
                "botfactory.event.xproj",
                seat=seat,
                kind=rules.kinds[entry[1]],
                n=entry[3] if len(entry) > 3 else rules.project_executive_discard,
            )
    elif verb == "vremove":
        pos = nums[0]
        state.contract_box.append(state.grid[pos])
        tx.emit("botfactory.event.vremove", seat=seat, **rules.contract_words(state.grid[pos]))
        state.grid[pos] = EMPTY
        if entry[1] > 1:
            state.flow.stack.append(["vremove", entry[1] - 1, *(p for p in entry[2:] if p != pos)])
    elif verb == "tile":
        production.take_from_offer(state, seat, args[0], tx)
    else:
        raise ValueError(f"unknown prompt verb {verb!r}")
