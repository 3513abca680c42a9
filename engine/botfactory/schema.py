"""The schema of Bot Factory's data files: the type and range of every value, declared once.

One model per file under ``data/`` (an override names the file, then the key: ``[botfactory.finance]
start = 5``). :mod:`engine.botfactory.loader` checks the bundled data, with a server owner's overrides
merged, against :class:`BotFactoryData` before anything else, so a bad value is one line naming its
key and what is allowed (see :mod:`engine.core.data`); relations between values (min <= start <= max
on the finance track...) are its cross-checks. Fields in ``fixed`` are the printed components and
rules (the colours, the boards, the wheel's geometry, the contract grid, the production effects):
an override may not change them.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from engine.core.data import DataModel

Board = Literal["assembly", "parts", "projects", "finance"]
Colour = Literal["red", "yellow", "blue", "green"]
Tags = dict[str, str]
"""``reconstructed``: what -> why the value is what it is."""
Tokens = Annotated[int, Field(ge=0, le=9)]
"""A few tokens, tiles or steps."""
Positive = Annotated[int, Field(ge=1, le=9)]
Vp = Annotated[int, Field(ge=0, le=20)]

RULE_FIELDS = frozenset({"id", "reconstructed"})
"""Fields that say what an entry is, in every table."""


class Parts(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"colours", "kinds"}
    colours: Annotated[list[Colour], Field(min_length=4, max_length=4)]
    kinds: Annotated[list[Literal["head", "torso", "legs"]], Field(min_length=3, max_length=3)]
    per_colour_kind: Annotated[int, Field(ge=1, le=10)]
    universal_per_kind: Tokens
    reconstructed: Tags = Field(default_factory=dict)


class Projects(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"columns"}
    per_colour: Annotated[int, Field(ge=1, le=20)]
    columns: Literal[2]
    rows: Annotated[int, Field(ge=1, le=5)]
    place_cost: Tokens
    token_gain: Tokens
    executive_discard: Positive
    reconstructed: Tags = Field(default_factory=dict)


class ContractTile(DataModel):
    """A contract: one robot of each colour in ``needs``; ``slots`` are its reservation values."""

    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    id: str
    needs: Annotated[list[Colour], Field(min_length=1, max_length=3)]
    slots: Annotated[list[Annotated[int, Field(ge=0, le=20)]], Field(min_length=2, max_length=2)]


class Contracts(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"on_board", "grid_columns"}
    on_board: Literal[9]
    grid_columns: Literal[3]
    row_costs: Annotated[list[Positive], Field(min_length=3, max_length=3)]
    row_vp: Annotated[list[Vp], Field(min_length=3, max_length=3)]
    tiles: Annotated[list[ContractTile], Field(min_length=9)]
    reconstructed: Tags = Field(default_factory=dict)


class FinanceLine(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    id: str
    reach: Annotated[int, Field(ge=1, le=30)]
    bonus: Literal["place", "project"]


class Finance(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    start: Annotated[int, Field(ge=0, le=30)]
    max: Annotated[int, Field(ge=1, le=30)]
    min: Annotated[int, Field(ge=0, le=30)]
    lines: Annotated[list[FinanceLine], Field(max_length=10)]
    reconstructed: Tags = Field(default_factory=dict)


class ActionSpace(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"board"}
    id: str
    board: Board
    amount: Positive
    cost: Tokens = 0
    gain: Tokens = 0


class Actions(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    spaces: Annotated[list[ActionSpace], Field(min_length=4)]
    reconstructed: Tags = Field(default_factory=dict)


class Assembly(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"group_size", "spares"}
    group_size: Literal[4]
    robots_small: Annotated[int, Field(ge=1, le=4)]
    robots_large: Annotated[int, Field(ge=1, le=4)]
    spares: Literal[2]
    """The two spare-part spaces beside the wheel."""
    rewards: Annotated[list[Tokens], Field(min_length=2, max_length=2)]
    executive_cost: Tokens
    icon_cost: Tokens
    icons: Annotated[list[str], Field(max_length=12)]
    """``colour:kind`` of each assembly space bearing the take-a-part icon."""
    reconstructed: Tags = Field(default_factory=dict)


class Wheel(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"slots", "entries", "exits", "turn"}
    slots: Literal[8]
    entries: list[int]
    exits: list[int]
    turn: Literal[2]
    bonus_slots: Annotated[list[Annotated[int, Field(ge=0, le=7)]], Field(max_length=8)]
    bonus_cost: Tokens
    executive_discard: Positive
    reconstructed: Tags = Field(default_factory=dict)


class ProductionTile(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"effect"}
    id: str
    effect: Literal[
        "sandra_free", "finance_discount", "paid_benefit", "raise", "overflow", "cheap_universal", "universal"
    ]
    amount: Tokens = 0


class Production(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    tiles: Annotated[list[ProductionTile], Field(min_length=1)]
    reconstructed: Tags = Field(default_factory=dict)


class Band(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    id: str
    start: Annotated[int, Field(ge=0, le=200, alias="from")]


class Inspection(DataModel):
    """A solo inspection tile: three positions of the contract grid (0-8, row by row)."""

    fixed: ClassVar[frozenset[str]] = RULE_FIELDS
    id: str
    positions: Annotated[list[Annotated[int, Field(ge=0, le=8)]], Field(min_length=3, max_length=3)]


class Solo(DataModel):
    fixed: ClassVar[frozenset[str]] = RULE_FIELDS | {"action_tiles", "robot_tiles", "tasks", "below"}
    action_tiles: list[Board]
    robot_tiles: list[Colour]
    tasks: list[Literal["A", "B", "C", "D"]]
    task_b_value: Annotated[int, Field(ge=1, le=30)]
    start_tokens: Tokens
    below: str
    bands: Annotated[list[Band], Field(max_length=5)]
    vilela_removes: Annotated[int, Field(ge=0, le=2)]
    """Of an inspection tile's three contracts, so at least one is left."""
    inspection: Annotated[list[Inspection], Field(min_length=1)]
    reconstructed: Tags = Field(default_factory=dict)


class TokenSupply(DataModel):
    per_player: Annotated[int, Field(ge=1, le=20)]
    start: Tokens
    last_extra: Tokens
    sandra_toll: Tokens


class Limits(DataModel):
    parts: Annotated[int, Field(ge=1, le=20)]
    projects: Annotated[int, Field(ge=1, le=20)]
    robots_to_end: Annotated[int, Field(ge=1, le=8)]


class BotFactoryData(DataModel):
    """Every data file, by file name."""

    parts: Parts
    projects: Projects
    contracts: Contracts
    finance: Finance
    actions: Actions
    assembly: Assembly
    wheel: Wheel
    production: Production
    solo: Solo
    tokens: TokenSupply
    limits: Limits
