"""Build :class:`~engine.imaginarium.view.ImaginariumView` from a state for one viewer.

Only the viewer's own screen is included (spectators get none); deck contents appear as counts;
every screen is revealed in ``final`` once the game has ended (rulebook: Victory).
"""

from __future__ import annotations

from engine.imaginarium.cards import CH, COPPER, CRYSTAL, GOODS, TYPES, VP, WOOD, Data, Line, MachineDef
from engine.imaginarium.dream import kind_name
from engine.imaginarium.machines import spaces
from engine.imaginarium.scoring import outcome, tiebreak
from engine.imaginarium.state import EXTRACTOR, OFF, Player, State, is_saboteur, piece_seat
from engine.imaginarium.view import (
    ACTIONS,
    Amount,
    AssistantCard,
    BeltSlot,
    CurrentTurn,
    DreamSpace,
    EffectLine,
    Extractor,
    ImaginariumView,
    MachineCard,
    MachineStack,
    PlayerBoard,
    ProjectTile,
    ScoreLine,
    Screen,
    TrackSpace,
)

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
"""Screen colour of each workshop number 1-6 (the sixth comes with the Chimera expansion)."""
STEP_NAMES = {
    "machines": "machines",
    "pickup": "pickup",
    "pay": "pickup",
    "deck": "pickup",
    "projects": "projects",
    "finish": "finish",
}
_cards: dict[int, tuple[Data, tuple[MachineCard, ...]]] = {}


def _amounts(goods: tuple[int, ...], any_n: int = 0, same_n: int = 0) -> tuple[Amount, ...]:
    out = [Amount(GOODS[g], n) for g, n in enumerate(goods) if n]
    if any_n:
        out.append(Amount("any", any_n))
    if same_n:
        out.append(Amount("same", same_n))
    return tuple(out)


def _lines(m: MachineDef) -> tuple[EffectLine, ...]:
    def one(stack: int, line: Line, on_production: bool = False) -> EffectLine:
        return EffectLine(
            stack, _amounts(line.cost, line.any_in), _amounts(line.gain, line.any_out, line.same_out), on_production
        )

    out = [one(i + 1, line) for i, line in enumerate(m.lines) if line is not None]
    if m.on_production is not None:
        out.append(one(1, m.on_production, True))
    return tuple(out)


def machine_cards(data: Data) -> tuple[MachineCard, ...]:
    """The view of every physical card, by uid (built once per data set)."""
    cached = _cards.get(id(data))
    if cached is not None and cached[0] is data:
        return cached[1]
    cards = tuple(
        MachineCard(
            uid=uid,
            serial=m.serial,
            name=m.name,
            type=TYPES[m.type],
            level=m.level,
            repair=_amounts(m.repair),
            effect=_lines(m),
            combines_with=tuple(sorted(m.combines)),
            lightning=m.lightning,
            dismantlable=m.dismantle,
            effect_key=f"imaginarium.machine.{m.serial}",
        )
        for uid, m in enumerate(data.card)
    )
    _cards[id(data)] = (data, cards)
    return cards


def _screen(state: State, player: Player) -> Screen:
    g = player.goods
    secret = tuple(_project(state, p) for p in player.secret)
    fragments = tuple(kind_name(state, k) for k, n in enumerate(player.held) for _ in range(n))
    return Screen(player.seat, g[CH], g[WOOD], g[COPPER], g[CRYSTAL], g[VP], secret, fragments)


def _project(state: State, p: int) -> ProjectTile:
    project = state.data.projects[p]
    return ProjectTile(project.id, project.vp, f"imaginarium.project.{project.id}", tuple(state.completions[p]))


def _board(state: State, player: Player, cards: tuple[MachineCard, ...]) -> PlayerBoard:
    data = state.data
    slots: list[MachineStack | None] = [
        MachineStack(tuple(cards[u] for u in stack), stack[0] == player.locked) for stack in player.stacks
    ]
    slots += [None] * (spaces(data, player) - len(slots))
    dial = None
    if player.last_pair >= 0:
        a, b = divmod(player.last_pair, 6)
        dial = (ACTIONS[a], ACTIONS[b])
    number = data.workshops[player.workshop].number
    return PlayerBoard(
        seat=player.seat,
        workshop=number,
        colour=COLOURS[number - 1],
        slots=tuple(slots),
        yard=tuple(cards[u] for u in player.yard),
        assistants=tuple(_assistant(state, a) for a in player.assistants),
        dial=dial,
        completed_projects=tuple(
            data.projects[p].id for p, seats in enumerate(state.completions) if player.seat in seats
        ),
        dream=tuple(kind_name(state, k) for k in player.dream),
        dream_position=player.position if data.chimera else None,
        team=player.seat // 2 if state.teams else None,
    )


def _assistant(state: State, a: int) -> AssistantCard:
    assistant = state.data.assistants[a]
    return AssistantCard(assistant.id, assistant.price, f"imaginarium.assistant.{assistant.id}")


def _track(state: State) -> tuple[TrackSpace, ...]:
    def space(number: int, piece: int | None) -> TrackSpace:
        if piece is None:
            return TrackSpace(number)
        return TrackSpace(number, piece_seat(piece), "saboteur" if is_saboteur(piece) else "handyman")

    data = state.data
    size = data.initiative_spaces
    pieces: list[int | None]
    if state.flow.phase == "planning" and state.flow.round == 1 and state.seats > 2:
        # Setup 4: each handyman starts on the space its workshop's number dictates (the two-player
        # pieces start on 1-4, as in the initiative order).
        numbers = {p: data.workshops[state.players[piece_seat(p)].workshop].number for p in state.flow.order}
        pieces = [None] * max(size, *numbers.values())
        for p in state.flow.order[state.flow.placed :]:
            pieces[numbers[p] - 1] = p
    elif state.flow.phase == "planning":
        pieces = [p if i >= state.flow.placed else None for i, p in enumerate(state.flow.order)]
    else:
        pieces = list(state.flow.track)
    pieces += [None] * (size - len(pieces))
    return tuple(space(i + 1, p) for i, p in enumerate(pieces))


def build(kind: str, state: State, seat: int | None, active: tuple[int, ...]) -> ImaginariumView:
    data = state.data
    cards = machine_cards(data)
    on_spot: dict[int, int] = {state.spot[p]: p for p in range(len(state.spot)) if state.spot[p] != OFF}

    def who(spot: int, saboteur: bool) -> int | None:
        piece = on_spot.get(spot)
        return None if piece is None or is_saboteur(piece) != saboteur else piece_seat(piece)

    belt = tuple(
        BeltSlot(
            pos,
            cost,
            None if uid < 0 else cards[uid],
            who(pos, False),
            who(pos, True),
            None if state.belt_fragment[pos] < 0 else kind_name(state, state.belt_fragment[pos]),
        )
        for pos, (cost, uid) in enumerate(zip(data.base_costs, state.belt, strict=True))
    )
    extractors = tuple(
        Extractor(i, amount, who(EXTRACTOR + i, False), who(EXTRACTOR + i, True))
        for i, amount in enumerate(data.extractors)
    )
    final = None
    if state.flow.phase == "ended":
        winners = set(_winners(state))
        rows = []
        for p in state.players:
            v = p.vp_from
            rows.append(
                ScoreLine(
                    p.seat,
                    v[0],
                    v[1],
                    v[2],
                    v[3],
                    v[4],
                    p.goods[VP],
                    tiebreak(state, p.seat),
                    _screen(state, p),
                    p.seat in winners,
                )
            )
        final = tuple(sorted(rows, key=lambda r: (-r.total, -r.tiebreak, r.seat)))
    track = data.track if data.chimera else ()
    step = None
    current = None
    if state.flow.phase == "implementation" and state.flow.turn.piece >= 0:
        step = STEP_NAMES.get(state.flow.step, "actions")
        current = _current(state)
    return ImaginariumView(
        kind=kind,
        viewer=seat,
        version=state.flow.version,
        seats=state.seats,
        round=state.flow.round,
        phase=state.flow.phase,
        step=step,
        active=active,
        belt=belt,
        extractors=extractors,
        initiative=_track(state),
        meeting_room=tuple(_assistant(state, a) for a in state.meeting),
        assistant_deck=len(state.assistant_deck),
        projects=tuple(_project(state, p) for p in state.display),
        crusher=tuple(cards[u] for u in state.crusher),
        machine_deck=len(state.deck),
        players=tuple(_board(state, p, cards) for p in state.players),
        screen=None if seat is None else _screen(state, state.players[seat]),
        final=final,
        options=dict(state.options),
        turn=current,
        dream_track=tuple(sp.index for sp in track if any(sp.reward) and sp.index not in state.claimed),
        dream_spaces=tuple(
            DreamSpace(sp.index, sp.id, sp.next, _amounts(sp.reward), sp.index in state.claimed) for sp in track
        ),
        fragment_pile=len(state.pile),
        fragment_discard=len(state.discard),
        target_vp=state.target_vp,
    )


def _current(state: State) -> CurrentTurn:
    turn = state.flow.turn
    pair = None
    if turn.pair >= 0:
        a, b = divmod(turn.pair, 6)
        pair = (ACTIONS[a], ACTIONS[b])
    done = tuple(ACTIONS[a] for a in range(6) if turn.done[a])
    return CurrentTurn(piece_seat(turn.piece), state.flow.step, tuple(turn.used), pair, done, turn.trades)


def _winners(state: State) -> list[int]:
    result = outcome(state)
    return list(result.winners) if result else []
