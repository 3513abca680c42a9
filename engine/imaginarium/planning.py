"""Phase A, planning: in initiative order each piece goes to a free belt space or extractor.

Rulebook: Planning; two-player game (saboteurs move like handymen but pay nothing).
"""

from __future__ import annotations

from typing import Any

from engine.core.contract import Choice, Transition
from engine.imaginarium.dream import kind_name
from engine.imaginarium.procedures import choice, effect_key, missing, planning_funds, price
from engine.imaginarium.state import EXTRACTOR, IDLE, OFF, State, is_saboteur, piece_seat


def _options(state: State) -> tuple[list[Choice], list[Choice]]:
    """(choices offered, machines left out as too dear for the handyman)."""
    data = state.data
    piece = state.flow.order[state.flow.placed]
    player = state.players[piece_seat(piece)]
    taken = {s for s in state.spot if s != OFF}
    saboteur = is_saboteur(piece)
    belt: list[Choice] = []
    dear: list[Choice] = []
    funds = 0 if saboteur else planning_funds(data, player)
    for pos, uid in enumerate(state.belt):
        if uid < 0 or pos in taken:
            continue
        cost = price(data, player, pos, uid)
        serial = data.card[uid].serial
        params: dict[str, Any] = {"machine": serial, "position": pos + 1, "price": cost, "funds": funds}
        if saboteur:
            c = choice(f"reserve:{pos}", "sabotage", "belt", **params)
        elif data.chimera and state.belt_fragment[pos] >= 0:
            fragment = kind_name(state, state.belt_fragment[pos])
            c = choice(
                f"reserve:{pos}", "reserve_fragment", "belt", describe=effect_key(serial), fragment=fragment, **params
            )
        else:
            c = choice(f"reserve:{pos}", "reserve", "belt", describe=effect_key(serial), **params)
        # Rulebook: "the players must ensure that they will be able to pay for it".
        (belt if saboteur or cost <= funds else dear).append(c)
    extractors = [
        choice(f"extractor:{i}", "block" if saboteur else "extractor", "extractors", number=i + 1, amount=amount)
        for i, amount in enumerate(data.extractors)
        if EXTRACTOR + i not in taken
    ]
    out = belt + extractors
    if not out:
        return dear, []  # nothing affordable and no extractor free: any card may be reserved
    return out, dear


def choices(state: State) -> list[Choice]:
    return _options(state)[0] or [choice("idle", "idle")]


def why_missing(state: State) -> list[tuple[str, dict[str, object]]]:
    """Belt machines the handyman could not pay for (rulebook: be able to pay during implementation)."""
    return [missing("too_dear", **c.params) for c in _options(state)[1]]


def apply(state: State, cid: str, tx: Transition) -> None:
    piece = state.flow.order[state.flow.placed]
    seat = piece_seat(piece)
    kind, _, arg = cid.partition(":")
    if kind == "reserve":
        state.spot[piece] = int(arg)
        uid = state.belt[int(arg)]
        key = "sabotage" if is_saboteur(piece) else "reserve"
        tx.emit(f"imaginarium.event.{key}", seat=seat, machine=state.data.card[uid].serial, position=int(arg) + 1)
    elif kind == "extractor":
        state.spot[piece] = EXTRACTOR + int(arg)
        key = "block" if is_saboteur(piece) else "extractor"
        tx.emit(f"imaginarium.event.{key}", seat=seat, number=int(arg) + 1)
    else:
        state.spot[piece] = IDLE
        tx.emit("imaginarium.event.idle", seat=seat)
    state.flow.placed += 1
