"""What a viewer may see of an Imaginarium game: the contract between the engine and the renders.

Everything here is public except :class:`Screen` (one seat's hidden reserve) and the secret projects
in it: ``ImaginariumView.screen`` is the viewer's own screen (``None`` for spectators), and
``ImaginariumView.final`` (with every screen revealed) exists only once the game has ended, as the
rulebook reveals screens at the end. Deck contents never appear, only their counts.

Fields may be added (with defaults); existing ones keep their names and meaning.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.contract import View

RESOURCES = ("wood", "copper", "crystal")
"""Resource kinds in rulebook order; charcoalium ("charcoalium") is the money, VP are "vp"."""

MACHINE_TYPES = ("production", "transformation", "attack", "defense", "special")
ACTIONS = ("recruit", "extract", "repair", "transactions", "dismantle", "reorganise")
"""The dial, in cycle order; the legal pairs are neighbours on this cycle."""


@dataclass(frozen=True)
class Amount:
    """A quantity of one good: "wood", "copper", "crystal", "charcoalium", "vp", or "any" (a resource
    of the owner's choice) / "same" (identical resources of the owner's choice)."""

    good: str
    count: int


@dataclass(frozen=True)
class EffectLine:
    """One line of a card's effect: with ``stack`` identical cards combined (or 1 alone), pay
    ``inputs`` to get ``outputs``. ``on_production`` marks the line a transformation card applies when
    stacked on a production card (the produced resource is injected)."""

    stack: int
    inputs: tuple[Amount, ...]
    outputs: tuple[Amount, ...]
    on_production: bool = False


@dataclass(frozen=True)
class MachineCard:
    uid: int
    """Unique id of this physical card in the game."""
    serial: str
    """Serial printed on the card, e.g. "P1", "T3", "A6"."""
    name: str
    """English name, e.g. "Charcoalette"; the French one is in the card data."""
    type: str
    """One of MACHINE_TYPES."""
    level: int
    repair: tuple[Amount, ...]
    effect: tuple[EffectLine, ...]
    combines_with: tuple[str, ...]
    lightning: bool
    """Single use at the moment of repair (attack machines, the Recyclateur)."""
    dismantlable: bool
    """False for special machines (the "cannot be dismantled" mark)."""
    effect_key: str
    """Message key of the card's rules text."""


@dataclass(frozen=True)
class MachineStack:
    """One workshop space: cards bottom to top (a transformation sits on its production card)."""

    cards: tuple[MachineCard, ...]
    deactivated: bool = False
    """Turned face down by a Tanglette until the owner's next turn ends."""


@dataclass(frozen=True)
class BeltSlot:
    position: int
    """0 is the space nearest the machine deck (dearest, resolves first)."""
    base_cost: int
    card: MachineCard | None
    reserved_by: int | None = None
    """Seat whose handyman reserved the card."""
    sabotaged_by: int | None = None
    """Two players: seat whose saboteur stands here."""
    fragment: str | None = None
    """Chimera: colour of the dream fragment lying face up on the card."""

    @property
    def price(self) -> int | None:
        return None if self.card is None else self.card.level + self.base_cost


@dataclass(frozen=True)
class Extractor:
    index: int
    amount: int
    occupant: int | None = None
    """Seat whose handyman stands here."""
    sabotaged_by: int | None = None
    """Two players: a saboteur here blocks the extractor this round."""


@dataclass(frozen=True)
class TrackSpace:
    """A space of the initiative track and the piece on it, if any."""

    number: int
    seat: int | None = None
    piece: str = "handyman"
    """"handyman" or "saboteur"."""


@dataclass(frozen=True)
class AssistantCard:
    id: str
    """e.g. "AS05"."""
    price: int
    effect_key: str


@dataclass(frozen=True)
class ProjectTile:
    id: str
    """e.g. "PR07"."""
    vp: int
    """Printed value (the first completer's reward; later completers get one less)."""
    condition_key: str
    completed_by: tuple[int, ...] = ()
    """Seats that placed a completion token, in order."""


@dataclass(frozen=True)
class Screen:
    """Behind one seat's screen: hidden from everyone else until the end."""

    seat: int
    charcoalium: int
    wood: int
    copper: int
    crystal: int
    vp: int
    secret_projects: tuple[ProjectTile, ...] = ()
    fragments: tuple[str, ...] = ()
    """Chimera: colours of the dream fragments held."""


@dataclass(frozen=True)
class PlayerBoard:
    """One seat's public side: workshop, yard, assistants, dial, completed projects."""

    seat: int
    workshop: int
    """Number of the workshop card (1-5, 6 with Chimera)."""
    colour: str
    slots: tuple[MachineStack | None, ...]
    """4 spaces, 6 with the assistant that adds two."""
    yard: tuple[MachineCard, ...]
    """Broken machines."""
    assistants: tuple[AssistantCard, ...]
    dial: tuple[str, str] | None
    """Action pair chosen on the current or last turn."""
    completed_projects: tuple[str, ...]
    team: int | None = None
    dream: tuple[str, ...] = ()
    """Chimera: the fragments laid in this seat's dream, in order ("nightmare" included)."""
    dream_position: int | None = None
    """Chimera: the seat's (or team's) token on the dream track."""


@dataclass(frozen=True)
class ScoreLine:
    """Final score of one seat with its sources, revealed at the end."""

    seat: int
    projects: int
    machines: int
    """VP from dismantling repaired machines and machine effects (e.g. the Diplomateur)."""
    purchases: int
    """VP bought at the market."""
    majorities: int
    other: int
    total: int
    tiebreak: int
    """Sum of the levels of repaired machines."""
    screen: Screen
    winner: bool


@dataclass(frozen=True)
class DreamSpace:
    """Chimera: a space of the dream track."""

    index: int
    id: str
    """"start", "1", ..., "5a", ..., "end"."""
    next: tuple[int, ...]
    """Indices of the spaces it leads to (two at a fork)."""
    reward: tuple[Amount, ...] = ()
    claimed: bool = False
    """The first visitor took the reward (later visitors get 1 charcoalium)."""


@dataclass(frozen=True)
class CurrentTurn:
    """Progress of the turn being played (public: everything here happens on the table)."""

    seat: int
    step: str
    """The engine step deciding now (the prompt's last part), e.g. "machines", "pair", "trade"."""
    used_slots: tuple[int, ...] = ()
    """Workshop spaces already used in this machine phase."""
    pair: tuple[str, str] | None = None
    """Action pair chosen this turn, if any."""
    actions_done: tuple[str, ...] = ()
    """Actions carried out (or started) this turn, in order of the dial."""
    transactions: int = 0
    """Transactions made in the current Make-transactions action."""


@dataclass(frozen=True)
class ImaginariumView(View):
    seats: int = 0
    round: int = 0
    phase: str = "planning"
    """"planning", "implementation", "reset" or "ended"."""
    step: str | None = None
    """During implementation: "machines", "pickup", "actions", "projects", "finish"."""
    belt: tuple[BeltSlot, ...] = ()
    extractors: tuple[Extractor, ...] = ()
    initiative: tuple[TrackSpace, ...] = ()
    meeting_room: tuple[AssistantCard, ...] = ()
    assistant_deck: int = 0
    projects: tuple[ProjectTile, ...] = ()
    crusher: tuple[MachineCard, ...] = ()
    """The discard pile, top card last; it may be consulted at any time."""
    machine_deck: int = 0
    players: tuple[PlayerBoard, ...] = ()
    screen: Screen | None = None
    """The viewer's own screen (shared by teammates); None for spectators."""
    final: tuple[ScoreLine, ...] | None = None
    """Set once the game has ended, best first."""
    options: dict[str, object] = field(default_factory=dict)
    dream_track: tuple[int, ...] = ()
    """Chimera: positions holding an unclaimed reward (rendering hint)."""
    turn: CurrentTurn | None = None
    """The turn being played during implementation (None in planning and once ended)."""
    dream_spaces: tuple[DreamSpace, ...] = ()
    """Chimera: the dream track (empty without the expansion)."""
    fragment_pile: int = 0
    """Chimera: face-down fragments left in the pile."""
    fragment_discard: int = 0
    """Chimera: discarded fragments."""
    target_vp: int = 0
    """The game ends after the round in which a seat (a team, in team play) reaches this many VP."""
