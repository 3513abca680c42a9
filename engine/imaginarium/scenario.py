"""Positions described in the rulebook's terms, for rule examples, tests and tutorials.

A :class:`Scenario` starts from the set-up of a real game (seats, seed, options), then says what
differs: goods and VP behind a screen, machines by serial in a workshop, a yard, the belt or the
crusher, assistants, projects, fragments and dreams, whose turn it is and at which step. Every card,
assistant, project and fragment it places is taken from where the set-up left it (the deck, the pile,
the stock...) and what it replaces goes back there, so :meth:`Scenario.build` always returns a state in
which every piece is in exactly one place; the game's invariant checks then confirm it.

    state = (
        Scenario(3)
        .goods(0, charcoalium=5, copper=2)
        .workshop(0, "P2+T3", "P1")
        .turn(0, "menu", pair=("repair", "transactions"))
        .build()
    )

Places use the words of the choice ids: ``reserve:<space>`` (belt space, 0 nearest the deck),
``extractor:<i>`` and ``idle``. Without :meth:`Scenario.turn` the position is the planning of the round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.contract import Transition
from engine.core.state import copy
from engine.imaginarium import GAME, flow
from engine.imaginarium.cards import GOODS, NIGHTMARE, VP
from engine.imaginarium.state import EXTRACTOR, IDLE, OFF, OTHER, State, Turn
from engine.imaginarium.view import ACTIONS

TURN_STEPS = ("catch", "machines", "pair", "menu", "projects")
"""Steps a turn can be built at: the start of each decision of the turn that needs no earlier scratch
(the sub-steps of an action are reached by playing its choices)."""
BEFORE_PICKUP = ("catch", "machines")


class ScenarioError(ValueError):
    """The description names something that does not exist or cannot be placed."""


class Scenario:
    """A position under construction; every method returns the scenario so calls chain."""

    def __init__(
        self,
        seats: int = 3,
        seed: int = 0,
        *,
        chimera: bool = False,
        teams: bool = False,
        overrides: Mapping[str, Any] | None = None,
    ) -> None:
        self._state: State = GAME.new(seats, seed, {"chimera": chimera or teams, "teams": teams}, overrides)
        self._turn: tuple[int, str, tuple[str, str] | None, str, dict[int, str]] | None = None
        self._belt_set = False

    @classmethod
    def of(cls, state: State) -> Scenario:
        """A scenario that changes an existing position (``state`` itself is left untouched)."""
        out = cls.__new__(cls)
        out._state = copy(state)
        out._turn = None
        out._belt_set = True
        return out

    # -- looking things up ------------------------------------------------------------------------

    def _take_card(self, serial: str) -> int:
        """A copy of ``serial`` that is not in play: from the deck, else the crusher, else the box, else
        (unless the belt was described) the set-up's belt, whose space is left empty."""
        s = self._state
        for pile in (s.deck, s.crusher, s.box):
            for uid in reversed(pile):
                if s.data.card[uid].serial == serial:
                    pile.remove(uid)
                    return uid
        for space, uid in enumerate(s.belt):
            if not self._belt_set and uid >= 0 and s.data.card[uid].serial == serial:
                s.belt[space] = -1
                if s.belt_fragment[space] >= 0:
                    s.discard.append(s.belt_fragment[space])
                    s.belt_fragment[space] = -1
                return uid
        if serial not in s.data.by_serial:
            raise ScenarioError(f"There is no machine {serial!r} in this game.")
        raise ScenarioError(f"Every {serial} is already placed somewhere else in the scenario.")

    def _assistant(self, aid: str) -> int:
        for a in self._state.data.assistants:
            if a.id == aid:
                return a.index
        raise ScenarioError(f"There is no assistant {aid!r} in this game.")

    def _project(self, pid: str) -> int:
        for p in self._state.data.projects:
            if p.id == pid:
                return p.index
        raise ScenarioError(f"There is no project {pid!r} in this game.")

    def _kind(self, name: str) -> int:
        data = self._state.data
        if not data.chimera:
            raise ScenarioError("Dream fragments exist only with the Chimera expansion.")
        if name == "nightmare":
            return NIGHTMARE
        if name not in data.colours:
            raise ScenarioError(f"{name!r} is not a fragment: use one of {', '.join(data.colours)} or nightmare.")
        return data.colours.index(name)

    def _take_fragment(self, name: str) -> int:
        s = self._state
        kind = self._kind(name)
        for pile in (s.pile, s.discard):
            if kind in pile:
                pile.remove(kind)
                return kind
        raise ScenarioError(f"No {name} fragment is left in the pile or the discard.")

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self._state.seats:
            raise ScenarioError(f"Seat {seat} does not exist in a game of {self._state.seats}.")
        return seat

    def _space(self, space_id: str) -> int:
        for space in self._state.data.track:
            if space.id == space_id:
                return space.index
        raise ScenarioError(f"There is no dream-track space {space_id!r}.")

    # -- behind the screens -----------------------------------------------------------------------

    def goods(self, seat: int, **amounts: int) -> Scenario:
        """Set what lies behind ``seat``'s screen: ``charcoalium``, ``wood``, ``copper``, ``crystal``
        (unnamed ones become 0) and, if named, ``vp`` (booked as "other" VP)."""
        player = self._state.players[self._seat(seat)]
        unknown = set(amounts) - set(GOODS)
        if unknown or min(amounts.values(), default=0) < 0:
            raise ScenarioError(f"Goods are {', '.join(GOODS)}, each 0 or more: not {amounts}.")
        player.goods[:4] = [amounts.get(name, 0) for name in GOODS[:4]]  # in place: teammates share it
        if "vp" in amounts:
            player.goods[VP] = amounts["vp"]
            player.vp_from[:] = [0] * len(player.vp_from)
            player.vp_from[OTHER] = amounts["vp"]
        return self

    def secret(self, seat: int, *projects: str) -> Scenario:
        """Secret projects behind ``seat``'s screen (as the AS08 assistant draws them)."""
        s = self._state
        player = s.players[self._seat(seat)]
        s.stock += player.secret
        player.secret.clear()
        for pid in projects:
            p = self._project(pid)
            for pile in (s.stock, s.display):
                if p in pile:
                    pile.remove(p)
            player.secret.append(p)
        return self

    def fragments(self, seat: int, *kinds: str) -> Scenario:
        """Chimera: the fragments behind ``seat``'s screen, by colour name or ``nightmare``."""
        player = self._state.players[self._seat(seat)]
        self._state.pile += [kind for kind, n in enumerate(player.held) for _ in range(n)]
        player.held[:] = [0] * len(player.held)
        for name in kinds:
            player.held[self._take_fragment(name)] += 1
        return self

    # -- workshops --------------------------------------------------------------------------------

    def workshop(self, seat: int, *stacks: str) -> Scenario:
        """The repaired machines of ``seat``, one argument per space, such as ``"P2+T3"``."""
        player = self._state.players[self._seat(seat)]
        for stack in player.stacks:
            self._state.deck += stack
        player.stacks = [[self._take_card(serial) for serial in stack.split("+")] for stack in stacks]
        player.locked = -1
        return self

    def face_down(self, seat: int, space: int) -> Scenario:
        """The machines in ``space`` of ``seat``'s workshop lie face down (a Tanglette)."""
        player = self._state.players[self._seat(seat)]
        if not 0 <= space < len(player.stacks):
            raise ScenarioError(f"Seat {seat} has no machine in workshop space {space}.")
        player.locked = player.stacks[space][0]
        return self

    def yard(self, seat: int, *serials: str) -> Scenario:
        """The broken machines of ``seat`` (shared by teammates in team play)."""
        player = self._state.players[self._seat(seat)]
        self._state.deck += player.yard
        player.yard[:] = [self._take_card(serial) for serial in serials]
        return self

    def assistants(self, seat: int, *ids: str, recruited_this_round: bool = False) -> Scenario:
        """Assistants of ``seat``; AS01 works from the next round if ``recruited_this_round``."""
        s = self._state
        player = s.players[self._seat(seat)]
        s.assistant_deck += player.assistants
        player.assistants.clear()
        player.free_from = 0
        for aid in ids:
            a = self._assistant(aid)
            for pile in (s.assistant_deck, s.meeting):
                if a in pile:
                    pile.remove(a)
            player.assistants.append(a)
            if s.data.assistants[a].effect == "free_actions":
                player.free_from = s.flow.round + 1 if recruited_this_round else max(1, s.flow.round)
        return self

    def last_pair(self, seat: int, first: str, second: str) -> Scenario:
        """The action pair ``seat`` chose last turn (the same pair cannot be chosen again)."""
        a, b = sorted(self._action(x) for x in (first, second))
        self._state.players[self._seat(seat)].last_pair = a * 6 + b
        return self

    def _action(self, name: str) -> int:
        if name not in ACTIONS:
            raise ScenarioError(f"{name!r} is not an action: use one of {', '.join(ACTIONS)}.")
        return ACTIONS.index(name)

    # -- the Bric-a-brac --------------------------------------------------------------------------

    def belt(self, *serials: str | None) -> Scenario:
        """The conveyor belt from the deck side, ``None`` for an empty space; missing spaces are empty.
        Chimera: the machines placed carry no fragment (see :meth:`belt_fragments`)."""
        s = self._state
        if len(serials) > len(s.belt):
            raise ScenarioError(f"The belt has {len(s.belt)} spaces, not {len(serials)}.")
        s.deck += [u for u in s.belt if u >= 0]
        s.discard += [f for f in s.belt_fragment if f >= 0]
        s.belt_fragment = [-1] * len(s.belt)
        wanted = [*serials, *[None] * (len(s.belt) - len(serials))]
        self._belt_set = True
        s.belt = [-1 if serial is None else self._take_card(serial) for serial in wanted]
        return self

    def belt_fragments(self, *kinds: str | None) -> Scenario:
        """Chimera: the fragment lying on each belt machine, from the deck side (``None``: none)."""
        s = self._state
        s.discard += [f for f in s.belt_fragment if f >= 0]
        s.belt_fragment = [-1] * len(s.belt)
        for space, name in enumerate(kinds):
            if name is not None:
                if s.belt[space] < 0:
                    raise ScenarioError(f"Belt space {space} holds no machine to lay a fragment on.")
                s.belt_fragment[space] = self._take_fragment(name)
        return self

    def crusher(self, *serials: str) -> Scenario:
        """The machines in the crusher, bottom first."""
        s = self._state
        s.deck += s.crusher
        s.crusher = []
        taken = [self._take_card(serial) for serial in serials]
        s.crusher = taken
        return self

    def deck(self, *, top: Sequence[str] = (), empty: bool = False) -> Scenario:
        """The machine deck: ``top`` lists its top cards, the next one drawn first (the rest keep the
        set-up's order); ``empty`` moves the whole deck to the crusher."""
        s = self._state
        if empty:
            s.crusher += s.deck
            s.deck = []
        drawn = [self._take_card(serial) for serial in top]
        s.deck += reversed(drawn)
        return self

    def meeting(self, *ids: str) -> Scenario:
        """The assistants face up in the meeting room (the rest stay in the assistant deck)."""
        s = self._state
        s.meeting = _face_up(s.assistant_deck, s.meeting, ids, self._assistant, "is already recruited")
        return self

    def display(self, *ids: str) -> Scenario:
        """The projects in the design office (the rest are out of play)."""
        s = self._state
        s.display = _face_up(s.stock, s.display, ids, self._project, "is already a secret project")
        return self

    def completed(self, project: str, *seats: int) -> Scenario:
        """``seats`` completed ``project`` in this order (their tokens lie on it; VP are set by
        :meth:`goods`)."""
        self._state.completions[self._project(project)] = [self._seat(seat) for seat in seats]
        return self

    # -- Chimera: the dream -----------------------------------------------------------------------

    def dream(self, seat: int, *kinds: str) -> Scenario:
        """Chimera: the fragments laid in ``seat``'s dream, in order."""
        player = self._state.players[self._seat(seat)]
        self._state.pile += player.dream
        player.dream.clear()
        for name in kinds:
            player.dream.append(self._take_fragment(name))
        return self

    def token(self, seat: int, space: str, *claimed: str) -> Scenario:
        """Chimera: ``seat``'s dream token stands on ``space`` (a track space id); the reward spaces in
        ``claimed`` were passed by it first (later visitors take the later-visitor charcoalium)."""
        s = self._state
        index = self._space(space)
        for mate in s.mates(self._seat(seat)):
            s.players[mate].position = index
        player = s.players[seat]
        for space_id in claimed:
            reward = self._space(space_id)
            if reward not in player.visited:
                player.visited.append(reward)
            if reward not in s.claimed:
                s.claimed.append(reward)
        return self

    def fragment_pile(self, *, top: Sequence[str] = (), empty: bool = False) -> Scenario:
        """Chimera: the face-down fragment pile. ``top`` lists its top fragments, the next one drawn
        first; ``empty`` moves the whole pile to the discard (it is shuffled back when next needed)."""
        s = self._state
        if empty:
            s.discard += s.pile
            s.pile = []
        drawn = [self._take_fragment(name) for name in top]
        s.pile += reversed(drawn)
        return self

    # -- the round --------------------------------------------------------------------------------

    def round(self, number: int) -> Scenario:
        if number < 1:
            raise ScenarioError("Rounds count from 1.")
        self._state.flow.round = number
        return self

    def turn(
        self,
        seat: int,
        step: str = "machines",
        *,
        pair: tuple[str, str] | None = None,
        at: str = "idle",
        later: Mapping[int, str] | None = None,
    ) -> Scenario:
        """It is ``seat``'s turn in the implementation phase, at ``step`` (one of ``TURN_STEPS``), its
        handyman standing ``at`` a place. The handymen in ``later`` (seat: place) still have to resolve
        after it, in board order; every other piece has finished its turn, so the round then ends.
        From the action menu on, ``pair`` is the action pair chosen this turn (needed at the menu) and
        the machine of a belt space is already picked up (leave that space empty)."""
        if step not in TURN_STEPS:
            raise ScenarioError(f"A turn can be set at {', '.join(TURN_STEPS)}, not {step!r}.")
        if step == "menu" and pair is None:
            raise ScenarioError("A turn at the action menu needs the action pair chosen this turn.")
        if pair is not None and step not in ("menu", "projects"):
            raise ScenarioError("The action pair is chosen at the pair step: give it only from the menu on.")
        for action in pair or ():
            self._action(action)
        self._turn = (self._seat(seat), step, pair, at, {self._seat(s): place for s, place in (later or {}).items()})
        return self

    def _spot(self, place: str) -> int:
        s = self._state
        kind, _, arg = place.partition(":")
        if kind == "idle" and not arg:
            return IDLE
        if kind == "reserve" and arg.isdigit() and int(arg) < len(s.belt):
            return int(arg)
        if kind == "extractor" and arg.isdigit() and int(arg) < len(s.data.extractors):
            return EXTRACTOR + int(arg)
        raise ScenarioError(f"{place!r} is not a place: use reserve:<space>, extractor:<i> or idle.")

    def _set_turn(self, s: State) -> None:
        assert self._turn is not None
        seat, step, pair, at, later = self._turn
        if seat in later:
            raise ScenarioError(f"Seat {seat} plays now, so it cannot also resolve later.")
        piece = seat * 2
        spots = {piece: self._spot(at), **{other * 2: self._spot(place) for other, place in later.items()}}
        board = [spot for spot in spots.values() if spot != IDLE]
        if len(set(board)) != len(board):
            raise ScenarioError("Two handymen cannot stand on the same place.")
        if any(spot < spots[piece] for spot in spots.values()):
            raise ScenarioError("Handymen resolve in board order: those in later must stand after this one.")
        for p, spot in spots.items():
            bought = p == piece and step not in BEFORE_PICKUP
            if spot < EXTRACTOR and (s.belt[spot] >= 0) == bought:
                state = "already bought its machine" if bought else "has a machine to buy"
                raise ScenarioError(f"The handyman on belt space {spot} {state}: that space must be the other way.")
        s.spot = [OFF] * len(s.spot)
        for p, spot in spots.items():
            s.spot[p] = spot
        waiting = sorted((p for p in spots if p != piece), key=lambda p: s.spot[p])
        s.flow.queue = [piece, *waiting]
        s.flow.qpos = 1
        s.flow.track = [p for p in s.flow.order if p not in spots]
        s.flow.placed = len(s.flow.order)
        s.flow.phase = "implementation"
        s.flow.turn = Turn(piece=piece, picked=step not in BEFORE_PICKUP)
        if pair is not None:
            a, b = sorted(ACTIONS.index(x) for x in pair)
            s.flow.turn.pair = a * 6 + b
            s.players[seat].last_pair = a * 6 + b
        s.flow.step = step

    # -- building ---------------------------------------------------------------------------------

    def build(self) -> State:
        """The position as a game state, after the automatic rules that need no decision (a machine
        phase with nothing to use passes on, for instance). Raises :class:`ScenarioError` or the
        game's ``InvariantBroken`` when the description does not make a legal position."""
        state = copy(self._state)
        if self._turn is not None:
            self._set_turn(state)
        GAME.check_invariants(state)
        flow.proceed(state, Transition())
        GAME.check_invariants(state)
        return state


def _face_up(
    pool: list[int], shown: list[int], ids: tuple[str, ...], index: Callable[[str], int], taken: str
) -> list[int]:
    """The cards ``ids`` laid face up from ``pool``, after ``shown`` went back into it (changed in place)."""
    pool += shown
    out = []
    for card_id in ids:
        card = index(card_id)
        if card not in pool:
            raise ScenarioError(f"{card_id} {taken} in this scenario.")
        pool.remove(card)
        out.append(card)
    return out
