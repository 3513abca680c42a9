"""Game setup (rulebook: Game setup; two-player game, setup step 4; Chimera setup 4.1-5.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.rng import Rng
from engine.imaginarium.cards import ATTACK, Data
from engine.imaginarium.state import OFF, Flow, Player, State


def new_state(data: Data, seats: int, options: Mapping[str, Any], rng: Rng, overrides: dict[str, Any]) -> State:
    teams = bool(options.get("teams", False))
    numbers = _workshops(data, seats, teams, rng)
    pool: dict[str, list[int]] = {}
    for uid, machine in enumerate(data.card):
        pool.setdefault(machine.serial, []).append(uid)
    players = []
    for seat in range(seats):
        w = data.workshops[numbers[seat]]
        stacks = [[pool[serial].pop(0)] for serial in w.machines]
        players.append(Player(seat, numbers[seat], list(w.goods), [0, 0, 0, 0, 0], stacks, [], []))
    if teams:
        # Chimera team play: teammates share one screen holding both workshops' possessions.
        for first, second in zip(players[::2], players[1::2], strict=True):
            first.goods = [x + y for x, y in zip(first.goods, second.goods, strict=True)]
    box: list[int] = []
    if data.chimera:
        # Chimera 4.1: each player (each team) takes a Starteur, broken; the others go back to the box.
        for p in players[:: 2 if teams else 1]:
            p.yard.append(pool["P0"].pop(0))
        box = pool.pop("P0")
    # 5. Shuffle the remaining machines (those of unused workshops included).
    deck = sorted(u for uids in pool.values() for u in uids)
    rng.shuffle(deck)
    # Draw seven; an attack machine goes back into the deck at random and another is drawn.
    revealed: list[int] = []
    while len(revealed) < len(data.base_costs):
        uid = deck.pop()
        if data.card[uid].type == ATTACK:
            deck.insert(rng.randbelow(len(deck) + 1), uid)
            continue
        revealed.append(uid)
    # Descending level from the deck side; equal levels keep the order they were revealed in.
    belt = sorted(revealed, key=lambda u: -data.card[u].level)
    # 6. Assistants: shuffle, three face up.
    assistants = list(range(len(data.assistants)))
    rng.shuffle(assistants)
    meeting = [assistants.pop() for _ in range(min(data.assistants_face_up, len(assistants)))]
    # 7. Projects: shuffle, reveal as many as the design office shows for this player count.
    projects = list(range(len(data.projects)))
    rng.shuffle(projects)
    shown = data.projects_on_display[seats - 2]
    display = projects[:shown]
    stock = projects[shown:]
    # 4. Handymen on the initiative track, in workshop-number order. Two players: the lower number
    # takes saboteur 1 and handyman 3, the other saboteur 2 and handyman 4.
    by_number = sorted(range(seats), key=lambda s: data.workshops[numbers[s]].number)
    if seats == 2:
        a, b = by_number
        order = [a * 2 + 1, b * 2 + 1, a * 2, b * 2]
    else:
        order = [s * 2 for s in by_number]
    # Chimera 4.4 and 5.1: the fragment pile, and a fragment face up on each belt machine.
    pile = [kind for kind, count in enumerate(data.fragments) for _ in range(count)] if data.chimera else []
    rng.shuffle(pile)
    belt_fragment = [pile.pop() if data.chimera else -1 for _ in belt]
    return State(
        seats=seats,
        options=dict(options),
        overrides=overrides,
        players=players,
        deck=deck,
        belt=belt,
        crusher=[],
        assistant_deck=assistants,
        meeting=meeting,
        display=display,
        stock=stock,
        removed=[],
        completions=[[] for _ in data.projects],
        spot=[OFF] * (seats * 2),
        flow=Flow(rng, order=order),
        data=data,
        box=box,
        pile=pile,
        belt_fragment=belt_fragment,
    )


def _workshops(data: Data, seats: int, teams: bool, rng: Rng) -> list[int]:
    """Rulebook setup 3: each player randomly takes a workshop (1-5). Chimera team play: each team takes
    a pair of workshops (1 & 4, 2 & 3 with four players; 1 & 6, 2 & 5, 3 & 4 with six); seats 2t and
    2t+1 form team t. Returns indices into ``data.workshops``, by seat."""
    index = {w.number: i for i, w in enumerate(data.workshops)}
    if not teams:
        numbers = [index[n] for n in range(1, 6)]
        rng.shuffle(numbers)
        return numbers[:seats]
    pairs = [list(pair) for pair in data.team_workshops[0 if seats == 4 else 1]]
    rng.shuffle(pairs)
    out = []
    for pair in pairs:
        rng.shuffle(pair)
        out += [index[n] for n in pair]
    return out
