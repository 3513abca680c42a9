"""The round: set-up's starting parts, moving workers, performing actions, maintenance and the end
trigger (rulebook: how to play; maintenance; end of the game).

:func:`run` moves the game forward through everything no player decides (Sandra, Vilela,
maintenance) and stops at the next player decision.
"""

from __future__ import annotations

from typing import Any

from engine.botfactory import procedures, production, prompts, scoring, solo, turn
from engine.botfactory.loader import Rules
from engine.botfactory.state import EMPTY, SANDRA, VILELA, State
from engine.botfactory.view import BOARDS
from engine.core.contract import Choice, Transition


def seating(state: State) -> list[int]:
    """Clockwise from the first player."""
    return [(state.first + i) % state.seats for i in range(state.seats)]


# -- set-up step 8: starting parts -------------------------------------------------------------------


def start_choices(state: State) -> list[Choice]:
    """Set-up's piles are full (no discards yet), so each top tile is seen and named."""
    return [
        Choice(
            f"start:{c}",
            "botfactory.choice.start",
            {"colour": state.rules.colours[c], "part": procedures.part_name(state, procedures.pile_top(state, c))},
            "botfactory.group.main",
            description="botfactory.desc.start",
        )
        for c in range(4)
        if state.piles[c]
    ]


def apply_start(state: State, colour: int, tx: Transition) -> None:
    """Rulebook set-up 8: in reverse turn order, each takes the top part of one of the 4 piles."""
    seat = state.flow.order[state.flow.cursor]
    if state.solo is not None:  # the game's first move: the log says which task tile was drawn
        tx.emit("botfactory.event.task", task=state.solo.task)
    tile = procedures.draw_top(state, colour, tx)
    state.players[seat].parts.append(tile)
    tx.emit("botfactory.event.start", seat=seat, part=procedures.part_name(state, tile))
    state.flow.cursor += 1


# -- phase 1: move workers ---------------------------------------------------------------------------


def allowed_boards(state: State, seat: int) -> list[int]:
    """Rulebook: the worker must move to another board (round 1: placed anywhere); with 2 players
    (and solo) never onto the board where Sandra stands at that moment."""
    pos = state.players[seat].pos
    here = procedures.key_board(state, pos) if pos != EMPTY else None
    sandra = procedures.key_board(state, state.sandra)
    return [b for b in range(4) if b != here and not (state.seats <= 2 and b == sandra)]


_MOVES: dict[tuple[int, int], tuple[Rules, Choice]] = {}
"""The choice of moving to a space, by rules and space (the rules kept beside, so a reused ``id`` is never
mistaken): it depends on the rules alone, and every move decision of every playout offers a dozen."""


def move_choices(state: State, seat: int) -> list[Choice]:
    boards = allowed_boards(state, seat)
    out = [_move_choice(state.rules, i, b) for b in boards for i in procedures.free_spaces(state, b)]
    return out + production.move_choices(state, seat, boards)


def _move_choice(rules: Rules, i: int, b: int) -> Choice:
    known = _MOVES.get((id(rules), i))
    if known is not None and known[0] is rules:
        return known[1]
    space = rules.spaces[i]
    extra = "_cost" if space.cost else "_gain" if space.gain else ""
    choice = Choice(
        f"move:{i}",
        "botfactory.choice.move",
        {**rules.space_words(i), "board": BOARDS[b], "amount": space.amount, "cost": space.cost, "gain": space.gain},
        f"botfactory.group.{BOARDS[b]}",
        description=f"botfactory.desc.move_{BOARDS[b]}{extra}",
    )
    _MOVES[(id(rules), i)] = (rules, choice)
    return choice


def apply_move(state: State, verb: str, args: list[str], tx: Transition) -> None:
    seat = state.flow.order[state.flow.cursor]
    player = state.players[seat]
    if verb == "move":
        player.pos = 2 * int(args[0])
        space = state.rules.spaces[int(args[0])]
        tx.emit("botfactory.event.move", seat=seat, board=BOARDS[space.board], **state.rules.space_words(int(args[0])))
    else:
        production.use(state, seat, args[0], tx)
        player.pos = production.overflow_key(state, int(args[1]))
        tx.emit("botfactory.event.overflow", seat=seat, board=BOARDS[int(args[1])], tile=args[0])
    state.flow.cursor += 1


def move_sandra(state: State, tx: Transition) -> None:
    """Rulebook: Sandra leaves her board for the first available space to its right, skipping full
    boards and wrapping from Finance to Assembly."""
    here = procedures.key_board(state, state.sandra)
    for step in range(1, 4):
        free = procedures.free_spaces(state, (here + step) % 4)
        if free:
            state.sandra = 2 * free[0]
            tx.emit(
                "botfactory.event.sandra_move",
                board=BOARDS[(here + step) % 4],
                **state.rules.space_words(free[0]),
            )
            return


# -- phase 2: Sandra's actions -----------------------------------------------------------------------


def sandra_action(state: State, tx: Transition) -> None:
    """Rulebook: Sandra performs her action of her current board, whichever space she is on."""
    where = procedures.key_board(state, state.sandra)
    if where == procedures.ASSEMBLY:
        # Discard both spares, refill each (left first) from the marked pile, marker moving right.
        for i, tile in enumerate(state.spares):
            if tile != EMPTY:
                procedures.discard_part(state, tile)
            state.spares[i] = EMPTY
        for i in range(len(state.spares)):
            state.spares[i] = procedures.draw_marked(state, tx)
        if EMPTY in state.spares:
            tx.emit("botfactory.event.sandra_action", board=BOARDS[where])
        else:
            left, right = (procedures.part_name(state, t) for t in state.spares)
            tx.emit("botfactory.event.sandra_spares", part=left, spare=right)
    elif where == procedures.PARTS:
        # Fill every empty wheel slot from the left entry clockwise, without turning the wheel.
        filled = 0
        for pos in range(len(state.wheel)):
            if state.wheel[pos] == EMPTY:
                state.wheel[pos] = procedures.draw_marked(state, tx)
                filled += state.wheel[pos] != EMPTY
        tx.emit("botfactory.event.sandra_wheel" if filled else "botfactory.event.sandra_wheel_full", n=filled)
    elif where == procedures.PROJECTS:
        procedures.slide_and_refill(state, tx)
        tx.emit("botfactory.event.sandra_projects")
    else:
        # +1 to the lowest value (every colour tied for lowest); nothing if all four are equal.
        low = min(state.values)
        if low == max(state.values):
            tx.emit("botfactory.event.sandra_finance_none", value=low)
        else:
            for c in range(4):
                if state.values[c] == low:
                    procedures.raise_value(state, None, c, tx)


# -- phase 3: maintenance and the end ----------------------------------------------------------------


def maintenance(state: State, tx: Transition) -> None:
    """Rulebook: each complete robot's parts are discarded (universal ones back to the projects board)
    and its colour loses 1 value; then the projects display drops its bottom row and refills."""
    rules = state.rules
    for col, column in enumerate(state.columns):
        if all(t != EMPTY for t in column):
            for tile in column:
                procedures.discard_part(state, tile)
            state.columns[col] = [EMPTY] * len(column)
            state.values[col] = max(rules.value_min, state.values[col] - 1)
            tx.emit("botfactory.event.maintenance_robot", colour=rules.colours[col], value=state.values[col])
    procedures.slide_and_refill(state, tx)
    tx.emit("botfactory.event.maintenance", round=state.flow.round)


def game_ends(state: State) -> bool:
    """Rulebook: every robot of one colour has left the assembly board, or a player has 5 robots."""
    return bool(end_reasons(state))


def end_reasons(state: State) -> list[tuple[str, dict[str, Any]]]:
    """Why the game ends: each colour whose robots all left the assembly board, each player with
    enough robots (event keys and parameters)."""
    rules = state.rules
    out: list[tuple[str, dict[str, Any]]] = [
        ("botfactory.event.over_colour", {"colour": rules.colours[c], "round": state.flow.round})
        for c in range(4)
        if state.robots_board[c] == 0
    ]
    out += [
        ("botfactory.event.over_robots", {"seat": s, "n": len(p.robots), "round": state.flow.round})
        for s, p in enumerate(state.players)
        if len(p.robots) >= rules.robots_to_end
    ]
    return out


# -- the automaton -----------------------------------------------------------------------------------


def run(state: State, tx: Transition) -> None:
    """Advance through every step no player decides, up to the next decision or the end."""
    prompts.settle(state, tx)
    while not state.flow.stack:
        if state.flow.phase == "start":
            if state.flow.cursor < len(state.flow.order):
                return
            state.flow.phase, state.flow.order, state.flow.cursor = "move", seating(state), 0
        elif state.flow.phase == "move":
            if state.flow.cursor >= len(state.flow.order):
                state.flow.phase, state.flow.order, state.flow.cursor = "act", procedures.positional_order(state), 0
                continue
            actor = state.flow.order[state.flow.cursor]
            if actor >= 0:
                return
            if state.flow.round > 1:  # round 1: Sandra plans her day, Vilela observes
                if actor == SANDRA:
                    move_sandra(state, tx)
                else:
                    solo.move_vilela(state, tx)
            state.flow.cursor += 1
        elif state.flow.phase == "act":
            if state.flow.turn is not None:
                if not state.flow.turn.ending:
                    return
                state.players[state.flow.turn.seat].production_fresh = False
                state.flow.turn = None
                state.flow.cursor += 1
                continue
            if state.flow.cursor >= len(state.flow.order):
                maintenance(state, tx)
                reasons = end_reasons(state)
                if reasons:
                    state.flow.phase = "over"
                    for key, params in reasons:
                        tx.emit(key, **params)
                    if state.solo is not None:  # the task's outcome, as the final scores tell it
                        final = scoring.score(state, 0)
                        key, params = scoring.solo_end(state, final.total, final.task_met)
                        tx.emit(key, **params)
                    return
                state.flow.round += 1
                state.flow.phase, state.flow.order, state.flow.cursor = "move", procedures.positional_order(state), 0
                continue
            actor = state.flow.order[state.flow.cursor]
            if actor >= 0:
                turn.begin(state, actor, tx)
                continue
            state.flow.cursor += 1
            if state.flow.round > 1:  # round 1: they lie down without acting
                if actor == SANDRA:
                    sandra_action(state, tx)
                elif actor == VILELA:
                    solo.vilela_action(state, tx)
        else:
            return
