"""Set-up (rulebook: set-up steps 1-8, and the solo set-up)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.botfactory import procedures
from engine.botfactory.loader import load
from engine.botfactory.state import EMPTY, Flow, Player, Solo, State
from engine.core.contract import Transition
from engine.core.rng import Rng


def new_state(seats: int, options: Mapping[str, Any], rng: Rng, overrides: dict[str, Any]) -> State:
    rules = load(overrides)
    tx = Transition()
    per_colour = rules.robots_per_colour(seats)
    # 1. Assembly: two random coloured parts (universal ones set aside) on the spare spaces.
    coloured = [uid for uid, (colour, _) in enumerate(rules.parts) if colour >= 0]
    rng.shuffle(coloured)
    spares = [coloured.pop() for _ in range(rules.spares)]
    # 2. Part production: a shuffled face-up pile per colour; the marker over the left spare's colour.
    piles = [[t for t in coloured if rules.parts[t][0] == c] for c in range(4)]
    for pile in piles:
        rng.shuffle(pile)
    # 3. Projects: six random tiles on display, the rest face down.
    deck = list(range(len(rules.projects)))
    rng.shuffle(deck)
    display = [deck.pop() for _ in range(rules.display_columns * rules.display_rows)]
    # 4. Finance: values at the start, nine random contracts (the rest to the box), Sandra rightmost.
    contracts = list(range(len(rules.contracts)))
    rng.shuffle(contracts)
    grid = [contracts.pop() for _ in range(rules.contracts_on_board)]
    first = rng.randbelow(seats)
    variant = int(options.get("variant", 0))
    state = State(
        seats=seats,
        options=dict(options),
        overrides=overrides,
        players=[Player(tokens=0) for _ in range(seats)],
        first=first,
        piles=piles,
        discards=[[] for _ in range(4)],
        marker=rules.parts[spares[0]][0],
        wheel=[EMPTY] * rules.wheel_slots,
        turns=0,
        spares=spares,
        columns=[[EMPTY] * 3 for _ in range(4)],
        universal=[uid for uid, (colour, _) in enumerate(rules.parts) if colour < 0],
        display=display,
        deck=deck,
        project_discard=[],
        values=[rules.value_start] * 4,
        grid=grid,
        reservations=[[] for _ in grid],
        contract_box=contracts,
        robots_board=[per_colour] * 4,
        robots_box=[rules.group_size - per_colour] * 4,
        universal_robot_free=True,
        offer=[tile for tile, _, _ in rules.production] if variant else [],
        sandra=2 * rules.board_spaces[3][-1],
        flow=Flow(rng),
        rules=rules,
    )
    # The wheel, from the top-left entry clockwise, each slot from the marked pile, marker moving right.
    for pos in range(rules.wheel_slots):
        state.wheel[pos] = procedures.draw_marked(state, tx)
    order = [(first + i) % seats for i in range(seats)]
    # 5-7. Each player: a random project tile; 1 token, the last in turn order one more (solo: 1 only).
    for seat in order:
        state.players[seat].projects.append(state.deck.pop())
        state.players[seat].tokens = rules.start_tokens
    if seats == 1:
        state.players[0].tokens = rules.solo_tokens
    else:
        state.players[order[-1]].tokens += rules.last_extra
    if seats == 1:
        state.solo = _solo(
            rules.tasks, options, rng, len(rules.action_tiles), len(rules.robot_tiles), len(rules.inspection)
        )
        state.vilela = 2 * rules.board_spaces[3][0]
    # 8. In reverse turn order, each takes the top part of a pile of their choice.
    state.flow.order = order[::-1]
    return state


def _solo(tasks: tuple[str, ...], options: Mapping[str, Any], rng: Rng, actions: int, robots: int, tiles: int) -> Solo:
    """Solo set-up: a task tile (chosen or random) and Vilela's three shuffled decks."""
    task = str(options.get("task", "random"))
    if task not in tasks:
        task = rng.choice(tasks)
    decks = [list(range(actions)), list(range(robots)), list(range(tiles))]
    for deck in decks:
        rng.shuffle(deck)
    return Solo(task=task, action_deck=decks[0], robot_deck=decks[1], inspection_deck=decks[2])
