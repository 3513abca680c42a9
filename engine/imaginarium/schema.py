"""The schema of Imaginarium's data files: the type and range of every value, declared once.

The loader checks the bundled data, with a server owner's overrides merged, against
:class:`ImaginariumData` before anything else, so a bad value is one line naming its key and what is
allowed (see :mod:`engine.core.data`). Ranges are what the engine plays correctly, not only what the
box holds: a machine of level 1 to 3, at most seven belt spaces and three extractors (the positions a
handyman can take), goods counts small enough to stay readable. Relations between values (the belt
has as many spaces as set-up lays cards, selling brings less than buying...) are the loader's
cross-checks. Fields in ``fixed`` are rules, not values (a machine's type, what it combines with, an
assistant's effect): an override may not change them.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from engine.core.data import DataModel

Type = Literal["production", "transformation", "attack", "defense", "special"]
Expansion = Literal["core", "chimera"]
Tags = dict[str, str]
"""``reconstructed``: field name -> why the value is what it is."""
Name = Annotated[str, Field(min_length=1, max_length=40)]
Small = Annotated[int, Field(ge=0, le=20)]
"""A count of goods, cards or points."""
Price = Annotated[int, Field(ge=0, le=30)]
Vp = Annotated[int, Field(ge=1, le=200)]
"""A victory-point target."""
Pair = Annotated[list[Annotated[int, Field(ge=1, le=6)]], Field(min_length=2, max_length=2)]

RULE_FIELDS = frozenset({"id", "expansion", "reconstructed"})
"""Fields that say what an entry is, in every table."""


class Repair(DataModel):
    """Resources a repair costs (and a dismantle may return)."""

    wood: Annotated[int, Field(ge=0, le=5)] = 0
    copper: Annotated[int, Field(ge=0, le=5)] = 0
    crystal: Annotated[int, Field(ge=0, le=5)] = 0


class LineIn(DataModel):
    charcoalium: Small = 0
    wood: Small = 0
    copper: Small = 0
    crystal: Small = 0
    any: Small = 0


class LineOut(LineIn):
    """What a line gains: any of what it may pay, plus victory points and "the same" as paid."""

    vp: Small = 0
    same: Small = 0


class Line(DataModel):
    """One effect line of a machine: ``stack`` identical cards combined pay ``in`` and gain ``out``."""

    stack: Annotated[int, Field(ge=1, le=3)]
    cost: LineIn = Field(default_factory=LineIn, alias="in")
    out: LineOut = Field(default_factory=LineOut)
    on_production: bool = False


class Machine(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {
        "type",
        "combines",
        "effect",
        "lightning",
        "dismantle",
        "attack",
        "steal",
        "protects",
        "special",
        "places",
    }
    id: str
    name: Name
    name_fr: Name | None = None
    type: Type
    level: Annotated[int, Field(ge=1, le=3)]
    copies: Small
    repair: Repair = Field(default_factory=Repair)
    combines: list[str] = Field(default_factory=list)
    effect: Annotated[list[Line], Field(max_length=4)] = Field(default_factory=list)
    lightning: bool = False
    dismantle: bool = True
    attack: Literal["", "steal", "neutralize", "tangle", "steal_fragment"] = ""
    steal: Literal["charcoalium", "wood", "copper", "crystal"] | None = None
    amount: Annotated[int, Field(ge=0, le=10)] = 0
    protects: list[Literal["charcoalium", "wood", "copper", "crystal", "tangle", "fragments", "nightmare"]] = Field(
        default_factory=list
    )
    special: Literal["", "recycle"] = ""
    places: Annotated[list[Annotated[int, Field(ge=1, le=5)]], Field(max_length=3)] = Field(default_factory=list)
    expansion: Expansion = "core"
    reconstructed: Tags = Field(default_factory=dict)


class Assistant(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"effect"}
    id: str
    effect: str
    price: Price
    expansion: Expansion = "core"
    reconstructed: Tags = Field(default_factory=dict)


class Project(DataModel):
    """A project card: ``check`` names the condition, the other numbers are its parameters."""

    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"check", "type", "types"}
    id: str
    vp: Annotated[int, Field(ge=1, le=20)]
    check: str
    type: Type = "production"
    types: list[Type] = Field(default_factory=list)
    count: Small = 0
    counts: dict[str, Small] = Field(default_factory=dict)
    level: Annotated[int, Field(ge=0, le=3)] = 0
    kinds: Annotated[int, Field(ge=0, le=4)] = 0
    expansion: Expansion = "core"
    reconstructed: Tags = Field(default_factory=dict)


class Workshop(DataModel):
    """A workshop's starting possessions; ``number`` is its starting initiative space."""

    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    id: str
    number: Annotated[int, Field(ge=1, le=6)]
    machines: Annotated[list[str], Field(max_length=4)]
    charcoalium: Small
    wood: Small
    copper: Small
    crystal: Small
    expansion: Expansion = "core"
    reconstructed: Tags = Field(default_factory=dict)


class Belt(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    base_costs: Annotated[list[Annotated[int, Field(ge=0, le=6)]], Field(min_length=1, max_length=7)]
    reconstructed: Tags = Field(default_factory=dict)


class Extractors(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    amounts: Annotated[list[Small], Field(min_length=1, max_length=3)]
    reconstructed: Tags = Field(default_factory=dict)


class Initiative(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    spaces: Annotated[int, Field(ge=5, le=10)]
    """Five handymen, or two pieces each for two players; six players need 6."""
    reconstructed: Tags = Field(default_factory=dict)


class GameNumbers(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    target_vp: Vp
    extract_action: Small
    transactions: Annotated[int, Field(ge=1, le=20)]
    vp_price: Annotated[int, Field(ge=1, le=50)]
    majority_bonus: Small
    assistants_face_up: Annotated[int, Field(ge=1, le=13)]
    max_assistants: Annotated[int, Field(ge=0, le=13)]
    spaces: Annotated[int, Field(ge=1, le=10)]
    cheap_vp_price: Annotated[int, Field(ge=1, le=50)]
    more_transactions: Annotated[int, Field(ge=1, le=20)]
    big_majority_bonus: Small
    extra_spaces: Annotated[int, Field(ge=0, le=10)]
    deck_purchase: Annotated[int, Field(ge=0, le=50)]
    belt_setup: Annotated[int, Field(ge=1, le=7)]
    completion_tokens: Annotated[int, Field(ge=2, le=50)]
    projects_on_display: Annotated[list[Annotated[int, Field(ge=1, le=20)]], Field(min_length=5, max_length=5)]
    """For 2, 3, 4, 5 and 6 players."""
    reconstructed: Tags = Field(default_factory=dict)


class MarketPrice(DataModel):
    buy: Annotated[int, Field(ge=1, le=30)]
    sell: Price


class Market(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    wood: MarketPrice
    copper: MarketPrice
    crystal: MarketPrice
    reconstructed: Tags = Field(default_factory=dict)


class Teams(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    target_vp: Vp
    workshops_4: Annotated[list[Pair], Field(min_length=2, max_length=2)]
    workshops_6: Annotated[list[Pair], Field(min_length=3, max_length=3)]


class Fragments(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"colours"}
    colours: list[str]
    per_colour: Annotated[int, Field(ge=1, le=50)]
    nightmares: Annotated[int, Field(ge=0, le=50)]
    reconstructed: Tags = Field(default_factory=dict)


class Reward(DataModel):
    charcoalium: Annotated[int, Field(ge=0, le=10)] = 0
    wood: Annotated[int, Field(ge=0, le=10)] = 0
    copper: Annotated[int, Field(ge=0, le=10)] = 0
    crystal: Annotated[int, Field(ge=0, le=10)] = 0
    vp: Annotated[int, Field(ge=0, le=10)] = 0


class Space(DataModel):
    """A dream-track space: where it leads (two spaces at a fork) and its first visitor's reward."""

    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"next"}
    id: str
    next: Annotated[list[str], Field(max_length=2)] = Field(default_factory=list)
    reward: Reward = Field(default_factory=Reward)


class Track(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    later_visitors: Annotated[int, Field(ge=0, le=10)]
    space: Annotated[list[Space], Field(min_length=2)]
    reconstructed: Tags = Field(default_factory=dict)


class ImaginariumData(DataModel):
    """Every data file merged: ``machines``, ``assistants``, ``projects``, ``board`` and ``dream``."""

    machine: list[Machine]
    assistant: list[Assistant]
    project: list[Project]
    workshop: list[Workshop]
    belt: Belt
    extractors: Extractors
    initiative: Initiative
    game: GameNumbers
    market: Market
    teams: Teams
    fragments: Fragments
    track: Track
