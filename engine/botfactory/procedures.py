"""Shared procedures of the factory floor: tokens, drawing parts, placing parts, taking projects,
raising values, discarding, and where meeples stand.

These are the rulebook's "usual restrictions and rewards": every board action, bonus and variant
tile that places a part or takes a project goes through the same function here.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from engine.botfactory.state import EMPTY, SANDRA, VILELA, State
from engine.core.contract import Transition

ASSEMBLY, PARTS, PROJECTS, FINANCE = range(4)
"""Board indexes, left to right (``view.BOARDS`` names them)."""

# -- positions ---------------------------------------------------------------------------------------
# A position key is 2 * space index for an action space, and 2 * (last space of a board) + 1 for
# variant tile PT5's place to the right of a full board: sorting keys gives the left-to-right order.


def key_space(key: int) -> int:
    return key // 2


def key_board(state: State, key: int) -> int:
    return state.rules.spaces[key // 2].board


def actor_key(state: State, actor: int) -> int:
    if actor == SANDRA:
        return state.sandra
    if actor == VILELA:
        return state.vilela
    return state.players[actor].pos


def actors(state: State) -> list[int]:
    out = [*range(state.seats), SANDRA]
    if state.solo is not None:
        out.append(VILELA)
    return out


def positional_order(state: State) -> list[int]:
    """Rulebook: after round 1's placement, turn order is the meeples' order left to right, Sandra
    (and Vilela) included. Snapshotted at the start of each phase."""
    return sorted(actors(state), key=lambda a: (actor_key(state, a), a))


def occupied(state: State) -> set[int]:
    """Keys of action spaces holding a meeple (an available space holds none)."""
    keys = {p.pos for p in state.players if p.pos != EMPTY and p.pos % 2 == 0}
    keys.add(state.sandra)
    if state.vilela != EMPTY:
        keys.add(state.vilela)
    return keys


def free_spaces(state: State, board: int) -> list[int]:
    taken = occupied(state)
    return [i for i in state.rules.board_spaces[board] if 2 * i not in taken]


# -- speech tokens -----------------------------------------------------------------------------------


def on_contracts(state: State, seat: int) -> int:
    return sum(r.count(seat) for r in state.reservations)


def gain(state: State, seat: int, n: int, tx: Transition, reason: str, **params: Any) -> None:
    """Rulebook set-up 7: players are limited to their 9 tokens; with all 9 in use they gain no more.

    The event names why the tokens came (``botfactory.event.gain_<reason>``), or that the cap
    swallowed them."""
    player = state.players[seat]
    room = state.rules.tokens_per_player - player.tokens - on_contracts(state, seat)
    got = max(0, min(n, room))
    if got:
        player.tokens += got
        tx.emit(f"botfactory.event.gain_{reason}", seat=seat, n=got, **params)
    if got < n:
        tx.emit("botfactory.event.capped", seat=seat, n=n - got, cap=state.rules.tokens_per_player)


def pay(state: State, seat: int, n: int) -> None:
    player = state.players[seat]
    assert player.tokens >= n, "paying more tokens than held"
    player.tokens -= n


# -- part piles ---------------------------------------------------------------------------------------


def pile_top(state: State, colour: int) -> int:
    """The face-up top tile of a pile (EMPTY when the pile must first be rebuilt from discards)."""
    pile = state.piles[colour]
    return pile[-1] if pile else EMPTY


def can_draw(state: State, colour: int) -> bool:
    return bool(state.piles[colour] or state.discards[colour])


def draw_top(state: State, colour: int, tx: Transition) -> int:
    """Top tile of a face-up pile. Rulebook: drawing from an empty pile first shuffles that colour's
    discards into a new face-up pile. Revealing the next tile is a checkpoint."""
    pile = state.piles[colour]
    if not pile:
        pile.extend(state.discards[colour])
        state.discards[colour].clear()
        state.flow.rng.shuffle(pile)
        tx.emit("botfactory.event.reshuffle", colour=state.rules.colours[colour])
    if not pile:
        return EMPTY
    tx.used_randomness()
    return pile.pop()


def draw_marked(state: State, tx: Transition) -> int:
    """Draw from the pile under the distribution marker, then move the marker right (wrapping).
    A pile empty with no discards to reshuffle is passed over (ambiguity: marker on an empty pile)."""
    for _ in range(4):
        if can_draw(state, state.marker):
            tile = draw_top(state, state.marker, tx)
            state.marker = (state.marker + 1) % 4
            return tile
        state.marker = (state.marker + 1) % 4
    return EMPTY


def discard_part(state: State, tile: int) -> None:
    """Coloured parts go to their colour's discard pile; universal parts back to the projects board."""
    colour = state.rules.parts[tile][0]
    if colour < 0:
        state.universal.append(tile)
    else:
        state.discards[colour].append(tile)


# -- assembly ------------------------------------------------------------------------------------------


def part_name(state: State, tile: int) -> str:
    colour, kind = state.rules.parts[tile]
    return f"{'universal' if colour < 0 else state.rules.colours[colour]} {state.rules.kinds[kind]}"


def first_of_each(tiles: list[int], signature: Sequence[Hashable]) -> list[int]:
    """The first tile of each distinct ``signature[tile]``: identical tiles make identical choices."""
    seen: set[Hashable] = set()
    out = []
    for tile in tiles:
        sig = signature[tile]
        if sig not in seen:
            seen.add(sig)
            out.append(tile)
    return out


def part_types(state: State, tiles: list[int]) -> list[int]:
    """One part tile of each distinct (colour, kind)."""
    return first_of_each(tiles, state.rules.parts)


def placements(state: State, seat: int) -> list[tuple[int, int]]:
    """Every legal (part, column) for ``seat`` (rulebook: assembly board, main action).

    A part goes to the row of its kind, in the column of its colour or any column if universal; the
    third part of a robot needs an incomplete project of that colour (and, ambiguity, a robot of
    that colour left on the board to put on it).
    """
    player = state.players[seat]
    rules = state.rules
    out = []
    for tile in part_types(state, player.parts):
        colour, kind = rules.parts[tile]
        for col in range(4) if colour < 0 else (colour,):
            column = state.columns[col]
            if column[kind] != EMPTY:
                continue
            if sum(t != EMPTY for t in column) == 2 and not _can_complete(state, seat, col):
                continue
            out.append((tile, col))
    return out


def _can_complete(state: State, seat: int, colour: int) -> bool:
    projects = state.rules.projects
    has_project = any(projects[p] == colour for p in state.players[seat].projects)
    return has_project and state.robots_board[colour] > 0


def place_part(state: State, seat: int, tile: int, col: int, tx: Transition) -> bool:
    """Place a part and take its reward (rulebook: assembly rewards). Returns whether the space bears
    the take-a-part icon, whose bonus the caller offers (see ``turn.place_main``)."""
    rules = state.rules
    player = state.players[seat]
    kind = rules.parts[tile][1]
    player.parts.remove(tile)
    column = state.columns[col]
    column[kind] = tile
    count = sum(t != EMPTY for t in column)
    tx.emit(
        "botfactory.event.place",
        seat=seat,
        part=part_name(state, tile),
        column=rules.colours[col],
        kind=rules.kinds[kind],
    )
    if count < 3:
        gain(state, seat, rules.rewards[count - 1], tx, f"part{count}", column=rules.colours[col])
    else:
        project = next(p for p in player.projects if rules.projects[p] == col)
        player.projects.remove(project)
        player.robots.append(project)
        state.robots_board[col] -= 1
        tx.emit("botfactory.event.robot", seat=seat, colour=rules.colours[col], n=len(player.robots))
    return (col, kind) in rules.icons


def icon_options(state: State, seat: int) -> list[int]:
    if state.players[seat].tokens < state.rules.icon_cost:
        return []
    return [c for c in range(4) if can_draw(state, c)]


# -- projects -----------------------------------------------------------------------------------------


def bottom_space(state: State, column: int) -> int:
    return column * state.rules.display_rows


def take_project(state: State, seat: int, space: int, tx: Transition) -> None:
    """Rulebook: projects board. Taking the bottom tile of the left column offers a paid placement,
    of the right column gives 1 token. The display is not refilled."""
    tile = state.display[space]
    state.display[space] = EMPTY
    state.players[seat].projects.append(tile)
    colour = state.rules.colours[state.rules.projects[tile]]
    if space == bottom_space(state, 0):
        tx.emit("botfactory.event.project_place", seat=seat, colour=colour)
        state.flow.stack.append(["place", state.rules.project_place_cost])
    elif space == bottom_space(state, 1):
        tx.emit("botfactory.event.project", seat=seat, colour=colour)
        gain(state, seat, state.rules.project_token_gain, tx, "project", colour=colour)
    else:
        tx.emit("botfactory.event.project", seat=seat, colour=colour)


def slide_and_refill(state: State, tx: Transition) -> None:
    """Discard each column's bottom tile, slide the rest down, refill from the deck (rulebook:
    Sandra on the projects board and maintenance); an empty deck reshuffles the discards."""
    rows = state.rules.display_rows
    for col in range(state.rules.display_columns):
        base = col * rows
        if state.display[base] != EMPTY:
            state.project_discard.append(state.display[base])
        kept = [t for t in state.display[base + 1 : base + rows] if t != EMPTY]
        state.display[base : base + rows] = kept + [EMPTY] * (rows - len(kept))
    for space in range(len(state.display)):
        if state.display[space] == EMPTY:
            if not state.deck and state.project_discard:
                state.deck = state.project_discard
                state.project_discard = []
                state.flow.rng.shuffle(state.deck)
                tx.emit("botfactory.event.project_reshuffle")
            if state.deck:
                state.display[space] = state.deck.pop()
                tx.used_randomness()


# -- finance ------------------------------------------------------------------------------------------


def raise_value(state: State, seat: int | None, colour: int, tx: Transition, paid: int = 0) -> None:
    """+1 to a colour's value; a player's raise crossing a line offers its bonus at once (rulebook:
    finance). ``seat`` None is Sandra, whose raises give no bonus; ``paid`` is the player's tokens."""
    state.values[colour] += 1
    name = state.rules.colours[colour]
    if seat is None:
        tx.emit("botfactory.event.sandra_raise", colour=name, value=state.values[colour])
    else:
        key = "botfactory.event.raise" if paid else "botfactory.event.raise_free"
        tx.emit(key, seat=seat, colour=name, value=state.values[colour], n=paid)
    bonus = state.rules.lines.get(state.values[colour])
    if seat is not None and bonus is not None:
        state.flow.stack.append(["place", 0] if bonus == "place" else ["project"])


def reserved(state: State, seat: int) -> list[int]:
    """Grid positions of the contracts holding ``seat``'s token."""
    return [position for position, holders in enumerate(state.reservations) if seat in holders]


def reservable(state: State, seat: int, position: int) -> bool:
    """Rulebook: a contract still on the board, not already holding your token, at most 2 reservers."""
    holders = state.reservations[position]
    uid = state.grid[position]
    return uid != EMPTY and seat not in holders and len(holders) < len(state.rules.contracts[uid].slots)
