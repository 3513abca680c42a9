"""Phase A, planning: in initiative order each piece goes to a free belt space or extractor.

Rulebook: Planning; two-player game (saboteurs move like handymen but pay nothing).
"""

from __future__ import annotations

from engine.core.contract import Choice, Transition
from engine.imaginarium.common import choice, planning_funds, price
from engine.imaginarium.state import EXTRACTOR, IDLE, OFF, State, is_saboteur, piece_seat


def choices(state: State) -> list[Choice]:
    data = state.data
    piece = state.order[state.placed]
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
        label = "sabotage" if saboteur else "reserve"
        c = choice(f"reserve:{pos}", label, "belt", machine=data.card[uid].serial, position=pos + 1, price=cost)
        # Rulebook: "the players must ensure that they will be able to pay for it".
        (belt if saboteur or cost <= funds else dear).append(c)
    extractors = [
        choice(f"extractor:{i}", "block" if saboteur else "extractor", "extractors", number=i + 1, amount=amount)
        for i, amount in enumerate(data.extractors)
        if EXTRACTOR + i not in taken
    ]
    out = belt + extractors
    if not out:
        out = dear  # nothing affordable and no extractor free: any card may be reserved
    return out or [choice("idle", "idle")]


def apply(state: State, cid: str, tx: Transition) -> None:
    piece = state.order[state.placed]
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
    state.placed += 1
