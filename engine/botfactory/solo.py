"""Solo variant Inspection: Vilela the inspector and the task tile (rulebook: Inspection).

From round 2 Vilela reveals an action tile (a board) and a robot tile (a colour), moves to the
leftmost empty space of that board and, at his turn, harms that colour there. Any empty deck of his
is reshuffled from its discards.
"""

from __future__ import annotations

from engine.botfactory import procedures
from engine.botfactory.state import EMPTY, Solo, State
from engine.botfactory.view import BOARDS
from engine.core.contract import Transition
from engine.core.errors import InvariantBroken


def _draw(state: State, deck: list[int], discard: list[int], tx: Transition) -> int:
    if not deck:
        deck.extend(discard)
        discard.clear()
        state.flow.rng.shuffle(deck)
    tx.used_randomness()
    return deck.pop()


def move_vilela(state: State, tx: Transition) -> None:
    """Reveal the next action and robot tiles; move to the leftmost empty space of the board shown.
    A tile showing his own board is redrawn (he must change board), and so is a full board."""
    solo = state.solo
    assert solo is not None
    if solo.action != EMPTY:
        solo.action_discard.append(solo.action)
        solo.action = EMPTY
    if solo.robot != EMPTY:
        solo.robot_discard.append(solo.robot)
    solo.robot = _draw(state, solo.robot_deck, solo.robot_discard, tx)
    here = procedures.key_board(state, state.vilela)
    for _ in range(8 * len(state.rules.action_tiles)):
        tile = _draw(state, solo.action_deck, solo.action_discard, tx)
        shown = state.rules.action_tiles[tile]
        free = procedures.free_spaces(state, shown)
        if shown != here and free:
            solo.action = tile
            state.vilela = 2 * free[0]
            tx.emit(
                "botfactory.event.vilela_move",
                **state.rules.space_words(free[0]),
                board=BOARDS[shown],
                colour=state.rules.colours[state.rules.robot_tiles[solo.robot]],
            )
            return
        solo.action_discard.append(tile)
    raise InvariantBroken("Vilela found no board to move to.")


def vilela_action(state: State, tx: Transition) -> None:
    solo = state.solo
    assert solo is not None
    rules = state.rules
    colour = rules.robot_tiles[solo.robot]
    where = procedures.key_board(state, state.vilela)
    name = rules.colours[colour]
    if where == procedures.ASSEMBLY:
        # Two parts in his colour's column (universal included) are removed; otherwise one robot of
        # that colour leaves the board (no effect on its value).
        column = state.columns[colour]
        filled = [k for k, t in enumerate(column) if t != EMPTY]
        if len(filled) == 2:
            removed = [procedures.part_name(state, column[k]) for k in filled]
            for k in filled:
                procedures.discard_part(state, column[k])
                column[k] = EMPTY
            tx.emit("botfactory.event.vilela_parts", part=removed[0], spare=removed[1], column=name)
        elif state.robots_board[colour] > 0:
            state.robots_board[colour] -= 1
            state.robots_box[colour] += 1
            tx.emit("botfactory.event.vilela_robot", colour=name, n=state.robots_board[colour])
        else:
            tx.emit("botfactory.event.vilela_nothing", colour=name, board=BOARDS[where])
    elif where == procedures.PARTS:
        count = 0
        for pos, tile in enumerate(state.wheel):
            if tile != EMPTY and rules.parts[tile][0] == colour:
                procedures.discard_part(state, tile)
                state.wheel[pos] = EMPTY
                count += 1
        key = "botfactory.event.vilela_wheel" if count else "botfactory.event.vilela_nothing"
        tx.emit(key, colour=name, n=count, board=BOARDS[where])
    elif where == procedures.PROJECTS:
        # Discard every displayed project of his colour; no sliding, no refill.
        count = 0
        for space, tile in enumerate(state.display):
            if tile != EMPTY and rules.projects[tile] == colour:
                state.project_discard.append(tile)
                state.display[space] = EMPTY
                count += 1
        key = "botfactory.event.vilela_projects" if count else "botfactory.event.vilela_nothing"
        tx.emit(key, colour=name, n=count, board=BOARDS[where])
    else:
        state.values[colour] = max(rules.value_min, state.values[colour] - 1)
        tx.emit("botfactory.event.vilela_value", colour=name, value=state.values[colour])
        inspect(state, solo, tx)


def inspect(state: State, solo: Solo, tx: Transition) -> None:
    """Reveal an inspection tile; the player removes 2 of its 3 contracts (only those without a
    token may go; with fewer removable, those are removed)."""
    tile = _draw(state, solo.inspection_deck, solo.inspection_discard, tx)
    solo.inspection = tile
    solo.inspection_discard.append(tile)
    removable = [p for p in state.rules.inspection[tile] if state.grid[p] != EMPTY and not state.reservations[p]]
    count = state.rules.vilela_removes
    if not removable:
        tx.emit("botfactory.event.vilela_inspect_none")
    if len(removable) > count:
        state.flow.stack.append(["vremove", count, *removable])
        return
    for pos in removable:
        state.contract_box.append(state.grid[pos])
        tx.emit("botfactory.event.vilela_remove", **state.rules.contract_words(state.grid[pos]))
        state.grid[pos] = EMPTY
