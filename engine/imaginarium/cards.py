"""Card and board definitions as immutable tuples, so the rules never look anything up in a dict on
the hot path (loaded and validated by :mod:`engine.imaginarium.loader`).

Goods are small integers everywhere in the engine (``CH``, ``WOOD``, ``COPPER``, ``CRYSTAL``, ``VP``);
a goods vector is a tuple indexed by them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.imaginarium.view import MACHINE_TYPES

CH, WOOD, COPPER, CRYSTAL, VP = range(5)
GOODS = ("charcoalium", "wood", "copper", "crystal", "vp")
CODES = ("ch", "wd", "cu", "cr", "vp")
"""Short codes of the goods, used in choice ids and goods strings ("ch3+wd1")."""
RESOURCES = (WOOD, COPPER, CRYSTAL)
TYPES = MACHINE_TYPES
PRODUCTION, TRANSFORMATION, ATTACK, DEFENSE, SPECIAL = range(5)
CORE_MACHINES = 61
"""Rulebook: Components, "61 machine cards"."""
CHIMERA_MACHINES = 14
"""Chimera rulebook: Components, "14 machine cards" (5 Starteurs, 2 Exhausteurs, 2 Reposettes, 5 Achievettes)."""
EXPANSIONS = ("core", "chimera")
NIGHTMARE = 4
"""Fragment kinds are the four colours 0-3 and the nightmare."""
PRICE_RANGE = (2, 7)
"""Rulebook: machines "can cost from 2 to 7 charcoalium"."""
ASSISTANT_EFFECTS = (
    "free_actions",
    "reset_income",
    "repeat_action",
    "project_bonus",
    "base_cost",
    "extra_spaces",
    "deck_purchase",
    "secret_projects",
    "cheap_vp",
    "more_transactions",
    "double_repair_effect",
    "borrow_machine",
    "big_majorities",
    "catch_fragment",
    "after_nightmare",
    "dismantle_specials",
    "dismantle_fragment",
    "broken_charcoalium",
    "broken_vp",
    "broken_whole_list",
)
PROJECT_CHECKS = (
    "spaces_with",
    "cards",
    "level_cards",
    "identical",
    "generate_total",
    "generate_each",
    "generate_same",
    "assistants",
    "charcoalium",
    "goods",
    "dream_run",
    "spaces_each",
)
Goods = tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class Line:
    """One effect line: pay ``cost`` plus ``any_in`` resources of the owner's choice, gain ``gain`` plus
    ``any_out`` resources of the owner's choice (``same_out`` identical ones)."""

    cost: Goods
    any_in: int
    gain: Goods
    any_out: int
    same_out: int


@dataclass(frozen=True, slots=True)
class MachineDef:
    index: int
    serial: str
    name: str
    name_fr: str
    type: int
    level: int
    copies: int
    repair: Goods
    combines: frozenset[str]
    lightning: bool
    dismantle: bool
    lines: tuple[Line | None, ...]
    """Indexed by stack size - 1 (identical cards combined); ``None`` where the size is not allowed."""
    on_production: Line | None
    attack: str
    steal: int
    amount: int
    protects: frozenset[str]
    special: str
    places: tuple[int, ...]
    """Achievette: dream fragments placed per use, by stack size."""

    @property
    def max_stack(self) -> int:
        return max(len(self.lines), len(self.places))

    @property
    def usable(self) -> bool:
        """Has a use effect (production, transformation, Diplomateur); not lightning or defense."""
        return bool(self.lines) and self.lines[0] is not None


@dataclass(frozen=True, slots=True)
class AssistantDef:
    index: int
    id: str
    effect: str
    price: int


@dataclass(frozen=True, slots=True)
class ProjectDef:
    index: int
    id: str
    vp: int
    check: str
    type: int
    count: int
    level: int
    kinds: int
    counts: tuple[tuple[int, int], ...]
    """For "cards": (type index or -1 for any, minimum) pairs."""
    goods: Goods
    """For "goods": the minimum of each good behind the screen."""
    types: tuple[int, ...]
    """For "spaces_each": machine types, each needing its own space."""


@dataclass(frozen=True, slots=True)
class SpaceDef:
    """A space of the Chimera dream track."""

    index: int
    id: str
    next: tuple[int, ...]
    reward: Goods


@dataclass(frozen=True, slots=True)
class WorkshopDef:
    id: str
    number: int
    machines: tuple[str, ...]
    goods: Goods


@dataclass(frozen=True, slots=True)
class Data:
    """Everything the rules read, validated. One instance per distinct overrides table."""

    machines: tuple[MachineDef, ...]
    by_serial: Mapping[str, MachineDef]
    card: tuple[MachineDef, ...]
    """Definition of each physical card, by uid (uids run over the machines in file order)."""
    assistants: tuple[AssistantDef, ...]
    projects: tuple[ProjectDef, ...]
    workshops: tuple[WorkshopDef, ...]
    base_costs: tuple[int, ...]
    extractors: tuple[int, ...]
    initiative_spaces: int
    buy: Goods
    sell: Goods
    target_vp: int
    extract_action: int
    transactions: int
    vp_price: int
    majority_bonus: int
    assistants_face_up: int
    max_assistants: int
    spaces: int
    cheap_vp_price: int
    more_transactions: int
    big_majority_bonus: int
    extra_spaces: int
    deck_purchase: int
    completion_tokens: int
    """Project completion tokens per colour in the box (the saboteur and the dream marker are two)."""
    projects_on_display: tuple[int, ...]
    """By player count, from 2."""
    reconstructed: tuple[tuple[str, str, str], ...]
    """(where, field, reason) for every value not printed in the rulebook text (expansion included)."""
    chimera: bool = False
    """The Chimera expansion is in play: its cards below, fragments and the dream track."""
    colours: tuple[str, ...] = ()
    fragments: tuple[int, ...] = ()
    """How many fragments of each kind (the colours, then the nightmare)."""
    track: tuple[SpaceDef, ...] = ()
    later_visitors: int = 0
    """Charcoalium paid to later visitors of a reward space."""
    team_target_vp: int = 0
    """Chimera team play: the goal of a team."""
    team_workshops: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Chimera team play: workshop numbers of each team, for 4 then 6 players."""
