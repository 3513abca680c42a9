"""Builds :class:`~engine.botfactory.view.BotFactoryView` from a state.

Only public information goes in: the top of each part pile (not the tiles under it), the number of
face-down projects and of Vilela's tiles, never their order, and nothing about the boxed contracts.
"""

from __future__ import annotations

from engine.botfactory import procedures, scoring
from engine.botfactory.state import EMPTY, SANDRA, VILELA, State
from engine.botfactory.turn import bonus_at
from engine.botfactory.view import (
    BOARDS,
    PLAYER_COLOURS,
    ActionSpace,
    AssemblyColumn,
    BonusLine,
    BotFactoryView,
    BuiltRobot,
    ContractSpace,
    ContractTile,
    Meeple,
    PartPile,
    PartTile,
    PlayerArea,
    ProjectSpace,
    ProjectTile,
    Reservation,
    ScoreLine,
    SoloInfo,
    TurnInfo,
    ValueTrack,
    WheelSlot,
)


def _part(state: State, uid: int) -> PartTile:
    colour, kind = state.rules.parts[uid]
    return PartTile(uid, "universal" if colour < 0 else state.rules.colours[colour], state.rules.kinds[kind])


def _opt_part(state: State, uid: int) -> PartTile | None:
    return None if uid == EMPTY else _part(state, uid)


def _project(state: State, uid: int) -> ProjectTile:
    return ProjectTile(uid, state.rules.colours[state.rules.projects[uid]])


def _who(actor: int) -> str:
    return "sandra" if actor == SANDRA else "vilela" if actor == VILELA else f"seat:{actor}"


def build(state: State, viewer: int | None, kind: str, active: tuple[int, ...], prompt: str) -> BotFactoryView:
    rules = state.rules
    colours = rules.colours
    # Standing: moved this round and not yet acted (rulebook: stand the worker up when it moves).
    standing: set[int] = set()
    if state.flow.phase == "move":
        standing = set(state.flow.order[: state.flow.cursor])
    elif state.flow.phase == "act":
        standing = set(state.flow.order[state.flow.cursor :])
    meeples = []
    for actor in procedures.actors(state):
        key = procedures.actor_key(state, actor)
        if key != EMPTY:
            meeples.append(Meeple(_who(actor), procedures.key_space(key), key % 2 == 1, actor in standing))
    rows = rules.display_rows
    final = None
    if state.flow.phase == "over":
        scores = [scoring.score(state, s) for s in range(state.seats)]
        won = scoring.winners(scores) if state.solo is None else ((0,) if scores[0].task_met else ())
        final = tuple(
            ScoreLine(
                seat=s,
                robots=sc.robots,
                contracts_won=sc.contracts_won,
                contracts_lost=sc.contracts_lost,
                token_pairs=sc.token_pairs,
                parts_penalty=sc.parts_penalty,
                projects_penalty=sc.projects_penalty,
                total=sc.total,
                robot_count=sc.robot_count,
                tokens=sc.tokens,
                winner=s in won,
                fulfilled=sc.fulfilled,
                report=None if state.solo is None else (scoring.report(state, sc.total) if sc.task_met else "fired"),
            )
            for s, sc in enumerate(scores)
        )
    turn = state.flow.turn
    solo = state.solo
    progress = scoring.task_progress(state) if solo is not None else ("", {})
    met = solo is not None and scoring.score(state, 0).task_met
    ended: tuple[tuple[str, dict[str, object]], ...] = ()
    if solo is not None and final is not None:
        said, params = scoring.solo_end(state, final[0].total, met)
        ended = ((said, dict(params)),)
    return BotFactoryView(
        kind=kind,
        viewer=viewer,
        version=state.flow.version,
        seats=state.seats,
        solo=solo is not None,
        variant=int(state.options.get("variant", 0)),
        round=state.flow.round,
        phase=state.flow.phase,
        active=active,
        turn_order=tuple(_who(a) for a in state.flow.order) if state.flow.phase in ("move", "act") else (),
        spaces=tuple(
            ActionSpace(i, BOARDS[s.board], s.name, s.amount, s.cost, s.gain) for i, s in enumerate(rules.spaces)
        ),
        meeples=tuple(meeples),
        assembly=tuple(
            AssemblyColumn(
                colours[c],
                (_opt_part(state, col[0]), _opt_part(state, col[1]), _opt_part(state, col[2])),
                ((c, 0) in rules.icons, (c, 1) in rules.icons, (c, 2) in rules.icons),
                state.robots_board[c],
                rules.group_size,
            )
            for c, col in enumerate(state.columns)
        ),
        spares=tuple(_opt_part(state, t) for t in state.spares),
        piles=tuple(
            PartPile(
                colours[c],
                _part(state, pile[-1]) if pile else None,
                len(pile),
                tuple(_part(state, t) for t in state.discards[c]),
            )
            for c, pile in enumerate(state.piles)
        ),
        marker=colours[state.marker],
        wheel=tuple(WheelSlot(p, _opt_part(state, t), bonus_at(state, p)) for p, t in enumerate(state.wheel)),
        wheel_turns=state.turns,
        projects=tuple(
            ProjectSpace(
                i // rows,
                i % rows,
                None if t == EMPTY else _project(state, t),
                "place" if i == 0 else "token" if i == rows else None,
            )
            for i, t in enumerate(state.display)
        ),
        project_deck=len(state.deck),
        project_discard=tuple(_project(state, t) for t in state.project_discard),
        universal_parts=tuple(_part(state, t) for t in state.universal),
        values=tuple(ValueTrack(colours[c], v) for c, v in enumerate(state.values)),
        value_min=rules.value_min,
        value_max=rules.value_max,
        lines=tuple(BonusLine(reach, bonus) for reach, bonus in sorted(rules.lines.items())),
        contracts=tuple(
            ContractSpace(
                pos,
                rules.contract_row(pos),
                rules.row_costs[rules.contract_row(pos)],
                rules.row_vp[rules.contract_row(pos)],
                None
                if uid == EMPTY
                else ContractTile(
                    uid,
                    rules.contracts[uid].name,
                    tuple(colours[c] for c in rules.contracts[uid].needs),
                    rules.contracts[uid].slots,
                ),
                tuple(
                    Reservation(seat, rules.contracts[uid].slots[i]) for i, seat in enumerate(state.reservations[pos])
                ),
            )
            for pos, uid in enumerate(state.grid)
        ),
        players=tuple(
            PlayerArea(
                seat=s,
                colour=PLAYER_COLOURS[s],
                tokens=p.tokens,
                tokens_on_contracts=procedures.on_contracts(state, s),
                parts=tuple(_part(state, t) for t in p.parts),
                projects=tuple(_project(state, t) for t in p.projects),
                robots=tuple(BuiltRobot(_project(state, t), t == p.universal_robot) for t in p.robots),
                production_tile=p.production or None,
                production_used=p.production_used,
            )
            for s, p in enumerate(state.players)
        ),
        turn=None
        if turn is None
        else TurnInfo(turn.seat, turn.space, BOARDS[turn.board], turn.left, turn.open, turn.executive_used, turn.toll),
        production_offer=tuple(state.offer),
        solo_info=None
        if solo is None
        else SoloInfo(
            task=solo.task,
            vilela_action=None if solo.action == EMPTY else BOARDS[rules.action_tiles[solo.action]],
            vilela_robot=None if solo.robot == EMPTY else colours[rules.robot_tiles[solo.robot]],
            action_deck=len(solo.action_deck),
            robot_deck=len(solo.robot_deck),
            inspection_deck=len(solo.inspection_deck),
            inspection=() if solo.inspection == EMPTY else rules.inspection[solo.inspection],
            task_text=f"botfactory.task.{solo.task}",
            progress_text=progress[0],
            progress=progress[1],
            task_met=met,
            bands=tuple(scoring.bands(state)),
            report_lines=ended,
        ),
        final=final,
        options=dict(state.options),
        first_player=state.first,
        prompt=prompt,
        robots_to_end=rules.robots_to_end,
    )
