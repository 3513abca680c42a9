"""The game contract shared by every engine.

A game is a :class:`Game` object (a definition, processed once) working on plain mutable state
objects that callers treat as values: the public :meth:`Game.apply` never touches the state it is
given; it copies, applies the choice to the copy through the game's ``_apply`` hook and returns the
copy. Self-play and AI look-ahead use :meth:`Game.advance`, the unchecked in-place fast path.

Flow of a checked move (same gate, same order, for every game):
game over -> stale version -> seat has no pending decision -> choice not legal -> apply.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from engine.core import guide
from engine.core import state as _state
from engine.core.errors import BadOptions, GameFinished, IllegalChoice, StaleVersion, WrongSeat
from engine.core.guide import Guide
from engine.core.rng import Rng
from engine.core.state import Flow
from engine.core.text import Catalog

MENU_LIMIT = 25
"""Discord's ceiling on entries in one select menu; :meth:`Decision.menus` never exceeds it."""


class GameState(Protocol):
    """What the core needs from any game's state: its :class:`~engine.core.state.Flow` (the version
    counter and the RNG inside it), beside the game data."""

    @property
    def flow(self) -> Flow: ...


S = TypeVar("S", bound=GameState)


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal choice.

    ``id`` is the canonical short encoding (reused in component custom_ids, logs and tests), at most
    ``Choice.MAX_ID`` characters. ``label`` is a message key and ``params`` its named placeholders.
    ``group`` is a message key used by UIs to split long lists into menus (e.g. by category).
    ``description`` is a message key (same ``params``) saying what the choice does, in a line a phone
    shows under the label: the card's effect, what a number means, which of two alike choices this
    is; "" when the label says it all. ``confirm`` is a message key (same ``params``) set on a choice
    that gives up something still possible (ending actions while an action remains): a UI asks for a
    second click showing that text before sending it.
    """

    MAX_ID: ClassVar[int] = 60

    id: str
    label: str
    params: Mapping[str, Any] = field(default_factory=dict)
    group: str = "main"
    description: str = ""
    confirm: str = ""


@dataclass(frozen=True, slots=True)
class Decision:
    """What one seat must decide now, with every legal choice.

    ``missing`` explains, one ``(message key, params)`` line each, why an option the seat may expect
    is not among the choices ("Repair: no free space"), so a menu that shrank says why.
    """

    seat: int
    prompt: str
    choices: tuple[Choice, ...]
    params: Mapping[str, Any] = field(default_factory=dict)
    missing: tuple[tuple[str, Mapping[str, Any]], ...] = ()

    def get(self, choice_id: str) -> Choice | None:
        for choice in self.choices:
            if choice.id == choice_id:
                return choice
        return None

    def menus(self, size: int = MENU_LIMIT) -> list[tuple[str, int, tuple[Choice, ...]]]:
        """Choices grouped by ``group`` (in first-seen order), each group cut into pages of ``size``.

        Returns ``(group, page_index, choices)`` triples, so a UI can title a menu "Repair (2/3)".
        """
        groups: dict[str, list[Choice]] = {}
        for choice in self.choices:
            groups.setdefault(choice.group, []).append(choice)
        out: list[tuple[str, int, tuple[Choice, ...]]] = []
        for group, items in groups.items():
            for page, start in enumerate(range(0, len(items), size)):
                out.append((group, page, tuple(items[start : start + size])))
        return out


@dataclass(frozen=True, slots=True)
class Event:
    """A log event. ``to=None`` means public; otherwise only those seats may see it."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    to: frozenset[int] | None = None

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "to": None if self.to is None else sorted(self.to)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        to = data.get("to")
        return cls(data["key"], dict(data.get("params", {})), None if to is None else frozenset(to))


class Transition:
    """Collects what one applied choice produced: events, and whether it is an undo checkpoint."""

    __slots__ = ("events", "randomness", "revealed")

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.randomness = False
        self.revealed = False

    def emit(self, key: str, *, to: frozenset[int] | set[int] | None = None, **params: Any) -> None:
        self.events.append(Event(key, params, None if to is None else frozenset(to)))

    def used_randomness(self) -> None:
        """Call when the choice drew from a deck, shuffled, or otherwise consumed the RNG."""
        self.randomness = True

    def revealed_hidden(self) -> None:
        """Call when the choice showed hidden information to a seat other than the actor."""
        self.revealed = True


@dataclass(frozen=True, slots=True)
class ApplyResult(Generic[S]):
    """The new state after a checked move and what it produced."""

    state: S
    events: tuple[Event, ...]
    randomness: bool
    revealed: bool

    @property
    def checkpoint(self) -> bool:
        """True when undo may never go back past this choice (a draw, a shuffle or a reveal)."""
        return self.randomness or self.revealed

    def public_events(self) -> tuple[Event, ...]:
        return tuple(e for e in self.events if e.to is None)

    def events_for(self, seat: int | None) -> tuple[Event, ...]:
        """Events this viewer may see: public ones plus those addressed to ``seat``."""
        return tuple(e for e in self.events if e.to is None or (seat is not None and seat in e.to))


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game, as a value.

    ``reason`` is a message key worded with ``details`` as its parameters; ``details["reasons"]``
    lists further lines (key, parameters), and ``details["uncounted"]`` the seats whose score does
    not count (a solo task missed), which front ends show as such."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A game option a lobby can set, validated by :meth:`Game.validate_options`."""

    name: str
    kind: Literal["bool", "choice", "int"]
    default: Any
    label: str
    choices: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None
    seats: tuple[int, ...] | None = None
    """Seat counts for which the option may be set; ``None`` means all."""

    def check(self, value: Any, seats: int) -> Any:
        if self.seats is not None and seats not in self.seats and value != self.default:
            raise BadOptions(
                f"Option '{self.name}' is not available with {seats} seats.",
                key="options.seats",
                option=self.name,
                seats=seats,
            )
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise BadOptions(
                    f"Option '{self.name}' must be true or false, not {value!r}.",
                    key="options.bool",
                    option=self.name,
                    value=repr(value),
                )
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOptions(
                    f"Option '{self.name}' must be a whole number, not {value!r}.",
                    key="options.int",
                    option=self.name,
                    value=repr(value),
                )
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise BadOptions(
                    f"Option '{self.name}' must be between {self.min} and {self.max}, not {value}.",
                    key="options.range",
                    option=self.name,
                    low=self.min,
                    high=self.max,
                    value=value,
                )
            return value
        if value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise BadOptions(
                f"Option '{self.name}' must be one of {allowed}, not {value!r}.",
                key="options.choice",
                option=self.name,
                allowed=allowed,
                value=repr(value),
            )
        return value


@dataclass(frozen=True)
class View:
    """Base of every game's view: what one viewer (a seat, or ``None`` for spectators) may see.

    Game views subclass this with frozen dataclasses; renders accept only views, never states.
    """

    kind: str
    viewer: int | None
    version: int
    active: tuple[int, ...] = field(default=(), kw_only=True)
    """Seats that must decide now (a front end's "who acts", a benchmark's next screen)."""

    def to_json(self) -> dict[str, Any]:
        from dataclasses import asdict

        return asdict(self)


class Game(ABC, Generic[S]):
    """A game definition. Subclasses fill the class attributes and the abstract hooks."""

    kind: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    catalog: ClassVar[Catalog]
    order: ClassVar[int] = 100
    """Where the game comes in lists of games (lowest first); the first is the command line's default."""
    seat_params: ClassVar[frozenset[str]] = frozenset({"seat", "target", "thief", "owner"})
    """Message parameters that hold a seat index; :meth:`text` writes them as the player's name."""

    # -- set-up ---------------------------------------------------------------------------------
    def validate_options(self, seats: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Fill defaults and validate; unknown names and bad values raise :class:`BadOptions`."""
        if not self.min_seats <= seats <= self.max_seats:
            raise BadOptions(
                f"{self.title} is played with {self.min_seats} to {self.max_seats} seats, not {seats}.",
                key="options.seat_count",
                game=self.title,
                low=self.min_seats,
                high=self.max_seats,
                seats=seats,
            )
        given = dict(options or {})
        specs = {spec.name: spec for spec in self.option_specs}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            names = ", ".join(unknown)
            raise BadOptions(
                f"Unknown option{'s' if len(unknown) > 1 else ''} for {self.title}: {names}.",
                key="options.unknown",
                game=self.title,
                names=names,
                n=len(unknown),
                options=unknown,
            )
        out = {name: spec.check(given.get(name, spec.default), seats) for name, spec in specs.items()}
        self._check_option_combination(seats, out)
        return out

    def _check_option_combination(self, seats: int, options: Mapping[str, Any]) -> None:
        """Hook for cross-option rules (e.g. team play needs an even seat count)."""

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> S:
        """A fresh game; the same (seats, seed, options, overrides) always gives the same state.

        ``overrides`` is a server owner's data table for this game kind (see :mod:`engine.core.data`);
        the game validates it (raising :class:`~engine.core.errors.BadData`) and keeps it in the state.
        """
        return self._setup(seats, seed, self.validate_options(seats, options), Rng(seed), dict(overrides or {}))

    @abstractmethod
    def _setup(self, seats: int, seed: int, options: Mapping[str, Any], rng: Rng, overrides: dict[str, Any]) -> S: ...

    # -- flow -----------------------------------------------------------------------------------
    @abstractmethod
    def pending(self, state: S) -> tuple[Decision, ...]:
        """Every seat that must decide now, each with the complete list of legal choices."""

    def decision_for(self, state: S, seat: int) -> Decision | None:
        for decision in self.pending(state):
            if decision.seat == seat:
                return decision
        return None

    def apply(self, state: S, seat: int, choice_id: str, expected_version: int | None = None) -> ApplyResult[S]:
        """Checked move: validate, apply to a copy, bump the version. ``state`` is never modified."""
        if self.outcome(state) is not None:
            raise GameFinished("This game has already ended.", seat=seat, choice=choice_id)
        if expected_version is not None and expected_version != state.flow.version:
            raise StaleVersion(
                f"That choice was made on version {expected_version}, but the game is at version "
                f"{state.flow.version}. Refresh and choose again.",
                expected=expected_version,
                actual=state.flow.version,
            )
        decision = self.decision_for(state, seat)
        if decision is None:
            raise WrongSeat(f"Seat {seat} has nothing to decide right now.", seat=seat, choice=choice_id)
        choice = decision.get(choice_id)
        if choice is None:
            raise IllegalChoice(
                f"'{choice_id}' is not a legal choice for seat {seat} at {decision.prompt}.",
                seat=seat,
                choice=choice_id,
                prompt=decision.prompt,
            )
        new = self.copy(state)
        tx = Transition()
        self._apply(new, seat, choice, tx)
        new.flow.version += 1
        return ApplyResult(new, tuple(tx.events), tx.randomness, tx.revealed)

    def advance(self, state: S, seat: int, choice: Choice) -> Transition:
        """Unchecked fast path: apply a choice taken from ``pending`` to ``state`` in place."""
        tx = Transition()
        self._apply(state, seat, choice, tx)
        state.flow.version += 1
        return tx

    @abstractmethod
    def _apply(self, state: S, seat: int, choice: Choice, tx: Transition) -> None:
        """Apply a legal choice in place, emitting events and checkpoint flags on ``tx``."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game runs."""

    # -- information ----------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """What ``seat`` may see; ``None`` is a spectator (public information only)."""

    def text(
        self,
        key: str,
        params: Mapping[str, Any] | None = None,
        lang: str = "en",
        names: Sequence[str] | None = None,
    ) -> str:
        """Human text for a message key (choice labels, prompts, events).

        Seat parameters (:attr:`seat_params`) are written as ``names[seat]`` when names are given,
        else as "Seat 1".. (counting from one, as players do); events keep plain indices so stored
        logs stay valid when a seat changes hands. The game's :meth:`localise` then writes its own codes
        as words.
        """
        return self.catalog.format(key, self.localise(self.name_seats(params or {}, lang, names), lang), lang)

    def localise(self, params: dict[str, Any], lang: str) -> dict[str, Any]:
        """Hook: ``params`` with the game's codes (cards, goods, colours) written as words in ``lang``."""
        return params

    def guide(self, lang: str) -> Guide | None:
        """The game's "How to play" guide in ``lang`` (English when that language has none), read from
        ``guide/<lang>.toml`` in the game's package (:mod:`engine.core.guide`); ``None`` without one."""
        return guide.load(self.catalog.package, self.kind, lang)

    def guide_languages(self) -> tuple[str, ...]:
        return guide.languages(self.catalog.package)

    def name_seats(self, params: Mapping[str, Any], lang: str, names: Sequence[str] | None) -> dict[str, Any]:
        """``params`` with every seat index replaced by the seat's display name."""
        out = dict(params)
        for key in self.seat_params.intersection(params):
            seat = params[key]
            if isinstance(seat, int) and not isinstance(seat, bool):
                out[key] = names[seat] if names and 0 <= seat < len(names) else seat_label(seat, lang)
        return out

    # -- persistence ----------------------------------------------------------------------------
    def to_json(self, state: S) -> dict[str, Any]:
        """A JSON-able dict (:func:`engine.core.state.to_json`); ``from_json(to_json(s)) == s``."""
        return _state.to_json(state)

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S:
        """The state of :meth:`to_json`'s dict; the game names its state class and rebuilds what is shared."""

    def copy(self, state: S) -> S:
        """An independent copy (:func:`engine.core.state.copy`)."""
        return _state.copy(state)

    # -- checks and AI ---------------------------------------------------------------------------
    def check_invariants(self, state: S) -> None:
        """Raise :class:`~engine.core.errors.InvariantBroken` if the state is inconsistent."""

    def policies(self) -> Mapping[str, Policy]:
        """AI policies by name; the core adds ``random``. Games add at least ``greedy``."""
        return {}

    # -- the post-game report --------------------------------------------------------------------
    charted: ClassVar[tuple[str, ...] | None] = None
    """The report's quantities charted, in order (``None``: every one :meth:`measures` gives)."""
    headline_measure: ClassVar[str | None] = None
    """The quantity whose largest gain in one turn is the report's scoring turn (``None``: the first)."""
    milestones: ClassVar[frozenset[str]] = frozenset()
    """Public event keys that complete something worth listing in the report, in order (projects, robots)."""

    def measures(self, state: S, public: View, seats: int) -> dict[str, tuple[int, ...]]:
        """The quantities the report charts, per seat, in ``state`` (``public`` is its spectator view):
        name -> one value per seat. Read only once the game has ended, when nothing is hidden any more.
        By default the view's public ``scores``, if it has them."""
        scores = getattr(public, "scores", None)
        return {"score": tuple(int(s) for s in scores)} if isinstance(scores, tuple) and len(scores) == seats else {}

    def measure_text(self, name: str, lang: str, gain: int | None = None) -> str:
        """A measured quantity's name ("Victory points"), or with ``gain`` one turn's gain in it ("+3 victory
        points"): ``<kind>.metric.<name>`` / ``<kind>.gain.<name>`` in the game's catalogue, else the core's."""
        section = "metric" if gain is None else "gain"
        params = {} if gain is None else {"n": gain}
        key = f"{self.kind}.{section}.{name}"
        if self.catalog.has(key):
            return self.catalog.format(key, params, lang)
        return _CORE_TEXT.format(f"{section}.{name}", params, lang)

    # -- the rules look-up -----------------------------------------------------------------------
    def cards(self, section: str) -> Mapping[str, object]:
        """The cards of a rules section (``machine``, ``project``...) by id, as the game's drawings take
        them (``renders.api.render_card``), for the rules look-up's pictures; none by default."""
        return {}

    def card_names(self, section: str, lang: str) -> Mapping[str, str]:
        """The names of a section's cards in ``lang`` by id, where the cards carry only one name."""
        return {}


_CORE_TEXT = Catalog("engine.core")


def seat_label(seat: int, lang: str = "en") -> str:
    """The default name of a seat: "Seat 1" for index 0."""
    return _CORE_TEXT.format("seat", {"number": seat + 1}, lang)


class Policy(Protocol):
    """An AI that picks one of a decision's legal choices.

    Policies receive the full state so they can look ahead with :meth:`Game.advance` on a copy, but
    must base their choice only on what ``game.view(state, decision.seat)`` shows.
    """

    name: str

    def choose(self, game: Game[Any], state: Any, decision: Decision, rng: Rng) -> Choice: ...


class RandomPolicy:
    """Uniform over legal choices; the self-play baseline."""

    name = "random"

    def choose(self, game: Game[Any], state: Any, decision: Decision, rng: Rng) -> Choice:
        return rng.choice(decision.choices)


def all_policies(game: Game[Any]) -> dict[str, Policy]:
    out: dict[str, Policy] = {"random": RandomPolicy()}
    out.update(game.policies())
    return out
