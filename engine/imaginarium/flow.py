"""The game's driver: after every applied choice, run the automatic parts of the rules until a seat
must decide again (saboteurs, extraction, paying, moving to the next piece, checking and resetting).

Rulebook: Implementation (order of resolution), Finishing turn, Checking and resetting, two-player game.
"""

from __future__ import annotations

from engine.core.contract import Transition
from engine.imaginarium import actions, dream, office, turn, workshop
from engine.imaginarium.cards import CH, GOODS, VP
from engine.imaginarium.procedures import partner
from engine.imaginarium.scoring import add_majorities
from engine.imaginarium.state import EXTRACTOR, IDLE, OFF, State, Turn, is_saboteur, piece_seat

ROUND_LIMIT = 100
"""Safety end after this many rounds, far above real lengths (about 15-25 rounds). The rulebook's
only ends are 20 VP (25 in teams) and the dream track's End; play goes on with an empty deck and
belt, since extracting, trading, buying VP and completing projects still work. No seat can be stuck
for good (the extract action is on the dial every turn and 5 charcoalium buy a VP), so this cap only
ends a game whose players keep declining to score."""


def proceed(state: State, tx: Transition) -> None:
    """Advance through every step that needs no decision."""
    while True:
        step = state.flow.step
        if step == "plan":
            if state.flow.placed < len(state.flow.order):
                return
            _start_implementation(state)
        elif step == "next":
            _next_piece(state, tx)
        elif step == "catch":
            if dream.catch_choices(state):
                return
            state.flow.step = "machines"
        elif step == "place":
            if dream.placeable(state):
                return
            dream.end_placement(state)
        elif step == "move":
            dream.move(state, tx)
        elif step == "nightmare":
            if dream.nightmare_choices(state):
                return
            state.flow.step = "menu"
        elif step == "machines":
            if turn.machine_choices(state):
                return
            turn.end_machines(state)
        elif step == "pickup":
            if not state.flow.turn.picked:
                turn.pickup(state, tx)
            if state.flow.step == "pickup":
                state.flow.step = "deck" if turn.deck_available(state) else "pair"
        elif step == "menu":
            if actions.menu_open(state):
                return
            state.flow.step = "projects"
        elif step == "effect":
            if [c for c in workshop.effect_choices(state) if c.id != "skip"]:
                return
            state.flow.step = "menu"
        elif step == "projects":
            if office.any_completable(state):
                return
            state.flow.step = "finish"
        elif step == "finish":
            _finish_turn(state, tx)
        elif step == "reset":
            _reset(state, tx)
        else:
            return


def _start_implementation(state: State) -> None:
    """Rulebook: in the order of the pieces on the Bric-a-brac, starting nearest the machine deck."""
    pieces = [p for p in state.flow.order if state.spot[p] != OFF]
    state.flow.queue = sorted(pieces, key=lambda p: state.spot[p])  # stable: idle pieces keep planning order
    state.flow.qpos = 0
    state.flow.track = []
    state.flow.phase = "implementation"
    state.flow.step = "next"


def _next_piece(state: State, tx: Transition) -> None:
    if state.flow.qpos >= len(state.flow.queue):
        state.flow.step = "reset"
        return
    piece = state.flow.queue[state.flow.qpos]
    state.flow.qpos += 1
    if is_saboteur(piece):
        _sabotage(state, piece, tx)
        return
    state.flow.turn = Turn(piece=piece)
    state.flow.step = "catch"
    tx.emit("imaginarium.event.turn", seat=piece_seat(piece))


def _sabotage(state: State, piece: int, tx: Transition) -> None:
    """Two players: a sabotaged machine is discarded; a sabotaged extractor is blocked this turn."""
    spot = state.spot[piece]
    seat = piece_seat(piece)
    if 0 <= spot < len(state.belt):
        uid = state.belt[spot]
        state.belt[spot] = -1
        state.crusher.append(uid)
        _discard_fragment(state, spot)
        tx.emit("imaginarium.event.sabotaged", seat=seat, machine=state.data.card[uid].serial)
    elif spot != IDLE:
        tx.emit("imaginarium.event.blocked", seat=seat, number=spot - EXTRACTOR + 1)
    state.spot[piece] = OFF
    state.flow.track.append(piece)  # "replaced upon the lowest available number"


def _discard_fragment(state: State, position: int) -> None:
    """Chimera: a machine leaving the belt unbought takes its fragment to the discard."""
    if state.belt_fragment[position] >= 0:
        state.discard.append(state.belt_fragment[position])
        state.belt_fragment[position] = -1


def _finish_turn(state: State, tx: Transition) -> None:
    """Rulebook: place your handyman on the lowest number available on the initiative track."""
    piece = state.flow.turn.piece
    state.spot[piece] = OFF
    state.flow.track.append(piece)
    state.flow.turn = Turn()
    tx.emit("imaginarium.event.finished", seat=piece_seat(piece))
    state.flow.step = "next"


def _reset(state: State, tx: Transition) -> None:
    """Rulebook: Checking and resetting."""
    data = state.data
    if any(p.goods[VP] >= state.target_vp for p in state.players):
        _end(state, "target", tx)
        return
    if data.chimera and dream.reached_end(state):
        _end(state, "dream", tx)
        return
    if state.flow.round >= ROUND_LIMIT:
        _end(state, "limit", tx)
        return
    # Conveyor belt: discard the machine furthest on the right, slide the rest right, refill.
    cards = [u for u in state.belt if u >= 0]
    fragments = [f for u, f in zip(state.belt, state.belt_fragment, strict=True) if u >= 0]
    if cards:
        dropped = cards.pop()
        fragment = fragments.pop()
        if fragment >= 0:  # Chimera: the fragment goes with its machine
            state.discard.append(fragment)
        state.crusher.append(dropped)
        level = data.card[dropped].level
        tx.emit("imaginarium.event.belt_discard", machine=data.card[dropped].serial)
        for p in state.players:
            for a in p.assistants:
                if data.assistants[a].effect == "reset_income":
                    p.goods[CH] += level
                    tx.emit(
                        "imaginarium.event.reset_income",
                        seat=p.seat,
                        amount=level,
                        assistant=data.assistants[a].id,
                        machine=data.card[dropped].serial,
                    )
    size = len(state.belt)
    kept = len(cards)
    while len(cards) < size and state.deck:
        cards.insert(0, state.deck.pop())
        tx.used_randomness()
    state.belt = [-1] * (size - len(cards)) + cards
    state.belt_fragment = [-1] * (size - kept) + fragments
    if data.chimera:
        # Chimera: a fragment only on each machine newly added to the belt.
        for pos in range(size - len(cards), size - kept):
            dream.lay_on_belt(state, pos, tx)
    # Meeting room: complete the empty spaces from the assistant deck.
    while len(state.meeting) < data.assistants_face_up and state.assistant_deck:
        state.meeting.append(state.assistant_deck.pop())
        tx.used_randomness()
    state.flow.round += 1
    state.flow.order = state.flow.track
    state.flow.track = []
    state.flow.queue = []
    state.flow.placed = 0
    state.flow.phase = "planning"
    state.flow.step = "plan"
    tx.emit("imaginarium.event.round", round=state.flow.round)


def _end(state: State, reason: str, tx: Transition) -> None:
    tx.emit("imaginarium.event.ended", reason=reason)
    for seat, good, vp in add_majorities(state):
        # Rulebook: all players reveal what is behind their screen; each majority is announced.
        key = "imaginarium.event.majority_team" if state.teams else "imaginarium.event.majority"
        tx.emit(key, seat=seat, vp=vp, good=GOODS[good], **partner(state, seat))
    state.flow.phase = "ended"
    state.flow.step = "ended"
    state.flow.end_reason = reason
    tx.revealed_hidden()
