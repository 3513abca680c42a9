"""Build any Bot Factory position in the rulebook's terms: for tests, ``/rules`` examples and tutorials.

A :class:`Scenario` starts from a fresh game just past set-up (every seat has taken its starting part)
and puts tiles, tokens and meeples where it is told. Every tile comes from wherever it lies free (a
pile, a discard pile, the project deck, the universal supply, the contract box) and every tile it
replaces goes back there, so nothing is created or lost; :meth:`Scenario.build` then runs the game's
invariant checks and advances to the next decision, exactly as play would.

Positions are written as the rulebook speaks: action spaces by name (``"AS1"`` ... ``"FI3"``), boards
by name, colours, part tiles as ``"red head"`` or ``"universal torso"``, project tiles by colour,
contracts by id in a grid row (0 = top row, the dearest) and column, wheel slots clockwise from the
top-left entry (0 and 1 are the entries, 4 and 5 the exits). The engine's own encodings (position
keys, actor ids, tile uids) stay inside. :func:`choice` finds a legal choice by its readable
parameters and :func:`space_of` says where a meeple stands, so tests read back in the same terms.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.botfactory import GAME, flow, invariants, procedures, production, turn
from engine.botfactory.state import EMPTY, SANDRA, VILELA, State
from engine.botfactory.view import BOARDS
from engine.core.contract import Transition

Who = int | str
"""A seat (0-3), ``"sandra"`` or ``"vilela"``."""


class ScenarioError(ValueError):
    """The description names something that does not exist or cannot be placed."""


class Scenario:
    """A position under construction; every method returns the scenario, so calls chain."""

    def __init__(
        self, seats: int, seed: int = 1, *, overrides: Mapping[str, Any] | None = None, **options: Any
    ) -> None:
        state = GAME.new(seats, seed, options, overrides)
        while state.flow.phase == "start":  # set-up step 8: each seat takes a part, first drawable pile
            decision = GAME.pending(state)[0]
            GAME.advance(state, decision.seat, decision.choices[0])
        self._state = state
        self._step: tuple[str, Who, int] | None = None

    # -- holdings -------------------------------------------------------------------------------------

    def hand(
        self,
        seat: int,
        *,
        tokens: int | None = None,
        parts: Iterable[str] | None = None,
        projects: Iterable[str] | None = None,
        robots: Iterable[str] | None = None,
        universal_robot: str | None = None,
    ) -> Scenario:
        """Replace what ``seat`` holds: speech tokens, part tiles, incomplete project tiles (by colour),
        completed robots (by colour: a project tile with a robot meeple from the assembly board) and,
        variant tile PT7, a project of that colour completed with the universal robot."""
        state = self._state
        player = state.players[self._seat(seat)]
        if tokens is not None:
            player.tokens = tokens
        if parts is not None:
            for tile in player.parts:
                self._return_part(tile)
            player.parts = [self._take_part(name) for name in parts]
        if projects is not None:
            state.deck[:0] = player.projects
            player.projects = [self._take_project(colour) for colour in projects]
        if robots is not None or universal_robot is not None:
            for tile in player.robots:
                if tile == player.universal_robot:
                    state.universal_robot_free = True
                else:
                    state.robots_board[state.rules.projects[tile]] += 1
                state.deck.insert(0, tile)
            player.robots, player.universal_robot = [], EMPTY
            for colour in robots or ():
                c = self._colour(colour)
                if state.robots_board[c] == 0:
                    raise ScenarioError(f"No {colour} robot left on the assembly board for seat {seat}.")
                state.robots_board[c] -= 1
                player.robots.append(self._take_project(colour))
            if universal_robot is not None:
                player.universal_robot = self._take_project(universal_robot)
                player.robots.append(player.universal_robot)
                state.universal_robot_free = False
        return self

    def production(self, seat: int, tile: str, *, used: bool = False) -> Scenario:
        """Variants: ``seat`` has taken production tile ``tile`` from the offer (and ``used`` it)."""
        state = self._state
        if tile not in state.offer:
            raise ScenarioError(f"Production tile {tile} is not in the offer.")
        state.offer.remove(tile)
        player = state.players[self._seat(seat)]
        player.production, player.production_used = tile, used
        return self

    # -- meeples --------------------------------------------------------------------------------------

    def worker(self, seat: int, space: str | None = None, *, beside: str | None = None) -> Scenario:
        """Stand ``seat``'s worker on an action space, off the floor (``None``), or (variant tile PT5)
        ``beside`` a full board, right of its last space."""
        player = self._state.players[self._seat(seat)]
        if beside is not None:
            player.pos = production.overflow_key(self._state, self._board(beside))
        else:
            player.pos = EMPTY if space is None else 2 * self._space(space)
        return self

    def sandra(self, space: str) -> Scenario:
        self._state.sandra = 2 * self._space(space)
        return self

    def vilela(self, space: str, *, action: str | None = None, robot: str | None = None) -> Scenario:
        """Solo: Vilela on ``space``, with the action tile (a board) and robot tile (a colour) face up."""
        solo = self._solo()
        state = self._state
        state.vilela = 2 * self._space(space)
        if action is not None:
            tile = state.rules.action_tiles.index(self._board(action))
            solo.action = _face_up(tile, solo.action, solo.action_deck, solo.action_discard)
        if robot is not None:
            tile = state.rules.robot_tiles.index(self._colour(robot))
            solo.robot = _face_up(tile, solo.robot, solo.robot_deck, solo.robot_discard)
        return self

    def vilela_next(
        self, *, actions: Sequence[str] = (), robots: Sequence[str] = (), inspections: Sequence[str] = ()
    ) -> Scenario:
        """Solo: the next tiles of Vilela's decks, first drawn first (boards, colours, inspection ids
        ``"I1"``-``"I6"``)."""
        solo = self._solo()
        rules = self._state.rules
        for names, deck, discard, table, parse in (
            (actions, solo.action_deck, solo.action_discard, rules.action_tiles, self._board),
            (robots, solo.robot_deck, solo.robot_discard, rules.robot_tiles, self._colour),
            (inspections, solo.inspection_deck, solo.inspection_discard, None, _inspection),
        ):
            tiles = [parse(n) if table is None else table.index(parse(n)) for n in names]
            for tile in reversed(tiles):
                holder = deck if tile in deck else discard
                if tile not in holder:
                    raise ScenarioError("That solo tile is face up; only deck or discard tiles can come next.")
                holder.remove(tile)
                deck.append(tile)
        return self

    def vilela_spent(self, *decks: str) -> Scenario:
        """Solo: these of Vilela's decks (``"actions"``, ``"robots"``, ``"inspections"``) are used up,
        every tile in their discard pile, so the next draw reshuffles."""
        solo = self._solo()
        pairs = {
            "actions": (solo.action_deck, solo.action_discard),
            "robots": (solo.robot_deck, solo.robot_discard),
            "inspections": (solo.inspection_deck, solo.inspection_discard),
        }
        for name in decks:
            if name not in pairs:
                raise ScenarioError(f"Vilela has no {name!r} deck (actions, robots, inspections).")
            deck, discard = pairs[name]
            discard.extend(deck)
            deck.clear()
        return self

    def task(self, letter: str) -> Scenario:
        solo = self._solo()
        if letter not in self._state.rules.tasks:
            raise ScenarioError(f"Unknown task {letter!r}.")
        solo.task = letter
        return self

    # -- the boards -----------------------------------------------------------------------------------

    def column(self, colour: str, *parts: str) -> Scenario:
        """The parts on a colour's assembly column (each goes to the row of its kind)."""
        state = self._state
        col = self._colour(colour)
        for tile in state.columns[col]:
            if tile != EMPTY:
                self._return_part(tile)
        state.columns[col] = [EMPTY] * len(state.rules.kinds)
        for name in parts:
            tile = self._take_part(name)
            state.columns[col][state.rules.parts[tile][1]] = tile
        return self

    def spares(self, *parts: str | None) -> Scenario:
        """The spare-part spaces, left first."""
        state = self._state
        for i, name in enumerate(parts):
            if state.spares[i] != EMPTY:
                self._return_part(state.spares[i])
            state.spares[i] = EMPTY if name is None else self._take_part(name)
        return self

    def wheel(self, slots: Mapping[int, str | None] | None = None, *, quarter_turns: int | None = None) -> Scenario:
        """Wheel slots by position (0 = top-left entry, clockwise; ``None`` empties one), and the
        quarter turns made since set-up (which slots bear the bonus icons)."""
        state = self._state
        for pos, name in (slots or {}).items():
            if state.wheel[pos] != EMPTY:
                self._return_part(state.wheel[pos])
            state.wheel[pos] = EMPTY if name is None else self._take_part(name)
        if quarter_turns is not None:
            state.turns = quarter_turns % (state.rules.wheel_slots // state.rules.wheel_turn)
        return self

    def pile(self, colour: str, *, top: Sequence[str] = (), empty: bool = False) -> Scenario:
        """A part pile: ``empty`` moves all of it to its discard pile; ``top`` puts these parts on top,
        the first named on top."""
        state = self._state
        c = self._colour(colour)
        if empty:
            state.discards[c].extend(state.piles[c])
            state.piles[c].clear()
        for name in reversed(top):
            state.piles[c].append(self._take_part(name, piles_first=False))
        return self

    def marker(self, colour: str) -> Scenario:
        """The distribution marker's pile."""
        self._state.marker = self._colour(colour)
        return self

    def display(self, *, left: Sequence[str | None] = (), right: Sequence[str | None] = ()) -> Scenario:
        """Project display columns by colour, bottom row first (``None`` is an empty space)."""
        state = self._state
        rows = state.rules.display_rows
        for col, colours in enumerate((left, right)):
            for row, colour in enumerate(colours):
                space = col * rows + row
                if state.display[space] != EMPTY:
                    state.deck.insert(0, state.display[space])
                state.display[space] = EMPTY if colour is None else self._take_project(colour)
        return self

    def deck(self, *, top: Sequence[str] = (), empty: bool = False) -> Scenario:
        """The project deck: ``empty`` moves it to the project discard pile; ``top`` puts projects of
        these colours on top, the first named on top."""
        state = self._state
        if empty:
            state.project_discard.extend(state.deck)
            state.deck.clear()
        for colour in reversed(top):
            state.deck.append(self._take_project(colour, deck_first=False))
        return self

    def values(self, **values: int) -> Scenario:
        """Robot values on the finance tracks, by colour."""
        for colour, value in values.items():
            self._state.values[self._colour(colour)] = value
        return self

    def robots_left(self, **counts: int) -> Scenario:
        """Robots of a colour still on the assembly board (the others of its group in the box)."""
        state = self._state
        for colour, count in counts.items():
            c = self._colour(colour)
            state.robots_box[c] += state.robots_board[c] - count
            state.robots_board[c] = count
        return self

    def contract(self, row: int, column: int, contract: str, *, reserved_by: Sequence[int] = ()) -> Scenario:
        """Contract ``contract`` (its id, e.g. ``"C05"``) on the finance grid, with the seats holding a
        token on it in slot order (the first on the highest slot)."""
        state = self._state
        pos = self._grid(row, column)
        uid = next((i for i, c in enumerate(state.rules.contracts) if c.name == contract), None)
        if uid is None:
            raise ScenarioError(f"Unknown contract {contract!r}.")
        if uid in state.grid:
            other = state.grid.index(uid)
            state.grid[other], state.grid[pos] = state.grid[pos], uid
            state.reservations[other], state.reservations[pos] = state.reservations[pos], state.reservations[other]
        else:
            state.contract_box.remove(uid)
            if state.grid[pos] != EMPTY:
                state.contract_box.append(state.grid[pos])
            state.grid[pos] = uid
        state.reservations[pos] = [self._seat(seat) for seat in reserved_by]
        return self

    def contract_removed(self, row: int, column: int) -> Scenario:
        """Solo: Vilela's inspection removed the contract there (it went to the box)."""
        state = self._state
        pos = self._grid(row, column)
        if state.grid[pos] != EMPTY:
            state.contract_box.append(state.grid[pos])
        state.grid[pos] = EMPTY
        state.reservations[pos] = []
        return self

    # -- the step -------------------------------------------------------------------------------------

    def starting(self, seat: int) -> Scenario:
        """Set-up step 8, ``seat`` taking its starting part next (in reverse turn order): the seats
        before it have taken theirs, it and the seats after it hold no part yet (a part given to
        them goes back on top of its pile)."""
        self._step = ("start", self._seat(seat), 1)
        return self

    def moving(self, who: Who, *, round: int = 2) -> Scenario:
        """Phase 1 of ``round``, ``who`` moving next (turn order from the meeples' positions; round 1
        from the seating, the seats before ``who`` placed and the others not yet)."""
        self._step = ("move", who, round)
        return self

    def acting(self, who: Who, *, round: int = 2) -> Scenario:
        """Phase 2 of ``round``, ``who`` acting next: the meeples left of it have acted. Workers still
        off the floor are stood on the rightmost free spaces first."""
        self._step = ("act", who, round)
        return self

    def build(self) -> State:
        """The position as a game state, advanced through what no player decides to the next decision.
        Raises :class:`ScenarioError` or the game's ``InvariantBroken`` when the description does not
        make a legal position. The scenario itself is left as it was, so it can be built again."""
        state = GAME.copy(self._state)
        tx = Transition()
        if self._step is not None:
            phase, who, round_no = self._step
            actor = self._actor(who)
            state.flow.round, state.flow.phase, state.flow.stack, state.flow.turn = round_no, phase, [], None
            if phase == "start":
                _before_start(state, actor)
            else:
                if phase == "act" or round_no > 1:
                    _place_everyone(state)
                moving_first = phase == "move" and round_no == 1
                state.flow.order = flow.seating(state) if moving_first else procedures.positional_order(state)
                state.flow.cursor = state.flow.order.index(actor)
                if moving_first:
                    placed = [state.players[s].pos != EMPTY for s in state.flow.order]
                    if placed != [i < state.flow.cursor for i in range(len(placed))]:
                        raise ScenarioError("In round 1 the seats before the mover are placed, the others not yet.")
                _check_vilela(state)
                invariants.check(state)
                if phase == "act" and actor >= 0:
                    turn.begin(state, actor, tx)
        invariants.check(state)
        flow.run(state, tx)
        return state

    # -- internals ------------------------------------------------------------------------------------

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self._state.seats:
            raise ScenarioError(f"Seat {seat} does not exist in a game of {self._state.seats}.")
        return seat

    def _actor(self, who: Who) -> int:
        if who == "sandra":
            return SANDRA
        if who == "vilela":
            return VILELA
        if isinstance(who, int) and 0 <= who < self._state.seats:
            return who
        raise ScenarioError(f"No such meeple: {who!r}.")

    def _solo(self) -> Any:
        if self._state.solo is None:
            raise ScenarioError("Vilela and the task tiles belong to the solo game (1 seat).")
        return self._state.solo

    def _colour(self, name: str) -> int:
        colours = self._state.rules.colours
        if name not in colours:
            raise ScenarioError(f"Unknown colour {name!r} (expected one of {', '.join(colours)}).")
        return colours.index(name)

    def _board(self, name: str) -> int:
        if name not in BOARDS:
            raise ScenarioError(f"Unknown board {name!r} (expected one of {', '.join(BOARDS)}).")
        return BOARDS.index(name)

    def _space(self, name: str) -> int:
        return _space_index(self._state, name)

    def _grid(self, row: int, column: int) -> int:
        rules = self._state.rules
        if not (0 <= column < rules.grid_columns and 0 <= row < len(rules.row_costs)):
            raise ScenarioError(f"No contract space at row {row}, column {column}.")
        return row * rules.grid_columns + column

    def _part_signature(self, name: str) -> tuple[int, int]:
        colour, _, kind = name.partition(" ")
        rules = self._state.rules
        if kind not in rules.kinds or (colour != "universal" and colour not in rules.colours):
            raise ScenarioError(f"Unknown part {name!r} (e.g. 'red head', 'universal legs').")
        return (-1 if colour == "universal" else rules.colours.index(colour), rules.kinds.index(kind))

    def _take_part(self, name: str, *, piles_first: bool = True) -> int:
        """A free part tile of that name: from under the top of a pile (the tops stay), a discard
        pile, or the universal supply; ``piles_first`` False prefers the discards."""
        state = self._state
        wanted = self._part_signature(name)
        piles: list[list[int]] = [*state.piles] if piles_first else []
        for holder in [*piles, *state.discards, state.universal, *([] if piles_first else state.piles)]:
            for tile in holder:
                if state.rules.parts[tile] == wanted:
                    holder.remove(tile)
                    return tile
        raise ScenarioError(f"No free {name} left: all are in hands, on the wheel, spares or columns.")

    def _return_part(self, tile: int) -> None:
        colour = self._state.rules.parts[tile][0]
        if colour < 0:
            self._state.universal.append(tile)
        else:
            self._state.piles[colour].insert(0, tile)

    def _take_project(self, colour: str, *, deck_first: bool = True) -> int:
        state = self._state
        c = self._colour(colour)
        holders = [state.deck, state.project_discard] if deck_first else [state.project_discard, state.deck]
        for holder in holders:
            for tile in holder:
                if state.rules.projects[tile] == c:
                    holder.remove(tile)
                    return tile
        raise ScenarioError(f"No free {colour} project tile left.")


def _face_up(tile: int, current: int, deck: list[int], discard: list[int]) -> int:
    """Turn ``tile`` face up from Vilela's deck or discard; the tile it replaces is discarded."""
    if tile == current:
        return tile
    (deck if tile in deck else discard).remove(tile)
    if current != EMPTY:
        discard.append(current)
    return tile


def _before_start(state: State, seat: int) -> None:
    """Set-up step 8 with ``seat`` next: the seats from it on in reverse turn order put their parts
    back on top of their piles (universal ones in the supply); no worker is on the floor yet."""
    if any(p.pos != EMPTY for p in state.players):
        raise ScenarioError("During set-up no worker stands on the floor yet.")
    state.flow.order = flow.seating(state)[::-1]
    state.flow.cursor = state.flow.order.index(seat)
    for later in state.flow.order[state.flow.cursor :]:
        player = state.players[later]
        for tile in player.parts:
            colour = state.rules.parts[tile][0]
            (state.universal if colour < 0 else state.piles[colour]).append(tile)
        player.parts = []


def _place_everyone(state: State) -> None:
    """Workers still off the floor stand on the rightmost free spaces; Vilela must be placed."""
    for player in state.players:
        if player.pos == EMPTY:
            taken = procedures.occupied(state)
            free = [i for i in range(len(state.rules.spaces)) if 2 * i not in taken]
            if not free:
                raise ScenarioError("No free action space is left for a worker.")
            player.pos = 2 * free[-1]
    if state.solo is not None and state.vilela == EMPTY:
        raise ScenarioError("Vilela must stand on an action space.")


def _check_vilela(state: State) -> None:
    """From round 2, once Vilela has moved he shows an action tile of his board and a robot tile."""
    solo = state.solo
    if solo is None or state.flow.round == 1:
        return
    moved = state.flow.phase == "act" or state.flow.order.index(VILELA) < state.flow.cursor
    if not moved:
        return
    if solo.action == EMPTY or solo.robot == EMPTY:
        raise ScenarioError("Vilela has moved this round: give his face-up tiles, vilela(space, action=, robot=).")
    if state.rules.action_tiles[solo.action] != procedures.key_board(state, state.vilela):
        raise ScenarioError("Vilela's action tile shows the board he stands on.")


def _inspection(name: str) -> int:
    if not (name.startswith("I") and name[1:].isdigit()):
        raise ScenarioError(f"Unknown inspection tile {name!r} (I1-I6).")
    return int(name[1:]) - 1


def _space_index(state: State, name: str) -> int:
    names = [s.name for s in state.rules.spaces]
    if name not in names:
        raise ScenarioError(f"Unknown action space {name!r} (expected one of {', '.join(names)}).")
    return names.index(name)


def space_of(state: State, who: Who) -> str | None:
    """Where a meeple stands: a space name, ``"beside <board>"`` (PT5), or None off the floor."""
    key = state.sandra if who == "sandra" else state.vilela if who == "vilela" else state.players[int(who)].pos
    if key == EMPTY:
        return None
    if key % 2:
        return f"beside {BOARDS[procedures.key_board(state, key)]}"
    return state.rules.spaces[procedures.key_space(key)].name


def choice(state: State, verb: str, **params: object) -> str:
    """The id of the pending legal choice ``verb`` whose readable parameters include ``params``
    (e.g. ``choice(state, "place", part="red head", column="red")``, ``choice(state, "move",
    space="PR2")``); LookupError lists what is offered when none matches."""
    decision = GAME.pending(state)[0]
    offered = [c for c in decision.choices if c.id.split(":")[0] == verb]
    for c in offered:
        if all(str(c.params.get(k)) == str(v) for k, v in params.items()):
            return c.id
    listed = "; ".join(f"{c.id} {c.params}" for c in decision.choices)
    raise LookupError(f"no {verb} choice with {params} at {decision.prompt}: {listed}")
