"""Bot Factory's component data: the bundled TOML files merged with a server owner's overrides.

The rulebook lost every number printed only on boards and tiles; those values live in
``data/*.toml`` tagged ``[reconstructed]`` and listed in ``docs/rules-data.md``. A server
owner overrides them with a table keyed by file name (``{"finance": {"start": 5}}``); the merged data
is checked against :mod:`engine.botfactory.schema` and the cross-checks here once and cached per
override table, so a bad table fails with a one-line :class:`BadData` before a game starts, and a game
always replays with the data it started with.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.botfactory.schema import BotFactoryData
from engine.botfactory.view import BOARDS
from engine.core.data import bad_value, canonical, merge, read_toml, refuse_fixed, validate
from engine.core.errors import BadData

KIND = "botfactory"
FILES = (
    "parts",
    "projects",
    "contracts",
    "finance",
    "actions",
    "assembly",
    "wheel",
    "production",
    "solo",
    "tokens",
    "limits",
)


@dataclass(frozen=True)
class Space:
    name: str
    board: int
    amount: int
    cost: int
    gain: int


@dataclass(frozen=True)
class ContractDef:
    name: str
    needs: tuple[int, ...]
    """Colour indexes, one per robot required."""
    slots: tuple[int, ...]


@dataclass(frozen=True)
class Rules:
    """Everything numeric about the components, validated."""

    colours: tuple[str, ...]
    kinds: tuple[str, ...]
    parts: tuple[tuple[int, int], ...]
    """Part uid -> (colour index or -1 for universal, kind index)."""
    projects: tuple[int, ...]
    """Project uid -> colour index."""
    display_columns: int
    display_rows: int
    project_place_cost: int
    project_token_gain: int
    project_executive_discard: int
    contracts: tuple[ContractDef, ...]
    contracts_on_board: int
    grid_columns: int
    row_costs: tuple[int, ...]
    row_vp: tuple[int, ...]
    value_start: int
    value_min: int
    value_max: int
    lines: Mapping[int, str]
    """Value reached -> bonus ("place" or "project")."""
    spaces: tuple[Space, ...]
    board_spaces: tuple[tuple[int, ...], ...]
    group_size: int
    robots_small: int
    robots_large: int
    spares: int
    rewards: tuple[int, ...]
    swap_cost: int
    icon_cost: int
    icons: frozenset[tuple[int, int]]
    """(colour index, kind index) of assembly spaces with the take-a-part icon."""
    wheel_slots: int
    entries: tuple[int, ...]
    exits: tuple[int, ...]
    wheel_turn: int
    bonus_slots: frozenset[int]
    bonus_cost: int
    executive_discard: int
    production: tuple[tuple[str, str, int], ...]
    """(tile id, effect, amount) in offer order."""
    action_tiles: tuple[int, ...]
    robot_tiles: tuple[int, ...]
    tasks: tuple[str, ...]
    task_b_value: int
    solo_tokens: int
    report_below: str
    report_bands: tuple[tuple[str, int], ...]
    vilela_removes: int
    inspection: tuple[tuple[int, ...], ...]
    tokens_per_player: int
    start_tokens: int
    last_extra: int
    sandra_toll: int
    part_limit: int
    project_limit: int
    robots_to_end: int

    def robots_per_colour(self, seats: int) -> int:
        """Rulebook set-up 1: 3 robots per colour group with 1-2 players, 4 with 3-4."""
        return self.robots_small if seats <= 2 else self.robots_large

    def contract_row(self, position: int) -> int:
        return position // self.grid_columns

    def space_words(self, index: int) -> dict[str, Any]:
        """The message parameters naming action space ``index``: its code and what it does (board,
        amount, cost, gain), so a text reads “pay 1, place up to 3 parts”, not a bare code
        (:func:`engine.botfactory.words.localise`). What it does comes from these rules, data
        overrides included, as the player's game has them."""
        space = self.spaces[index]
        return {
            "space": space.name,
            "space_board": BOARDS[space.board],
            "space_amount": space.amount,
            "space_cost": space.cost,
            "space_gain": space.gain,
        }

    def contract_words(self, tile: int) -> dict[str, Any]:
        """The message parameters naming contract ``tile``: its code and the robots it needs (its
        name in words, :func:`engine.botfactory.words.localise`)."""
        contract = self.contracts[tile]
        return {"contract": contract.name, "needs": "+".join(self.colours[c] for c in contract.needs)}


def bundled() -> dict[str, Any]:
    return {name: read_toml("engine.botfactory", f"data/{name}.toml") for name in FILES}


def load(overrides: Mapping[str, Any] | None = None) -> Rules:
    """The rules data for a game, with ``overrides`` merged and validated (cached per table)."""
    return _load(canonical(overrides))


@lru_cache(maxsize=32)
def _load(key: str) -> Rules:
    overrides = json.loads(key)
    refuse_fixed(BotFactoryData, overrides, KIND)
    return _build(validate(BotFactoryData, merge(bundled(), overrides, KIND), KIND))


def _index(names: tuple[str, ...], name: str, key: str, value: Any) -> int:
    """Position of ``name`` among ``names``, or the one-line error for ``key = value``."""
    if name not in names:
        raise bad_value(key, value, "names among " + ", ".join(names))
    return names.index(name)


def _build(d: BotFactoryData) -> Rules:
    """:class:`Rules` from checked data, after the cross-checks between values."""
    colours, kinds = tuple(d.parts.colours), tuple(d.parts.kinds)
    if len(set(colours)) != len(colours):
        raise bad_value(f"{KIND}.parts.colours", colours, "four different colours")
    per, uni = d.parts.per_colour_kind, d.parts.universal_per_kind
    parts = tuple((c, k) for c in range(4) for k in range(3) for _ in range(per))
    parts += tuple((-1, k) for k in range(3) for _ in range(uni))

    proj = d.projects
    projects = tuple(c for c in range(4) for _ in range(proj.per_colour))
    if len(projects) <= proj.columns * proj.rows + 4:
        raise bad_value(
            f"{KIND}.projects.per_colour",
            proj.per_colour,
            f"more tiles than the display ({proj.columns} x {proj.rows}) and four players' first tiles need",
        )

    con = d.contracts
    contracts = []
    for tile in con.tiles:
        where = f"{KIND}.contracts.tiles[{tile.id}]"
        needs = tuple(colours.index(c) for c in tile.needs)
        if tile.slots[0] < tile.slots[1]:
            raise bad_value(f"{where}.slots", tile.slots, "two values, the highest first")
        contracts.append(ContractDef(tile.id, needs, (tile.slots[0], tile.slots[1])))

    fin = d.finance
    if not fin.min <= fin.start <= fin.max:
        raise bad_value(f"{KIND}.finance.start", fin.start, f"a value from min ({fin.min}) to max ({fin.max})")
    lines = {line.reach: line.bonus for line in fin.lines}
    for line in fin.lines:
        if not fin.min < line.reach <= fin.max:
            raise bad_value(
                f"{KIND}.finance.lines[{line.id}].reach",
                line.reach,
                f"a value above min ({fin.min}) up to max ({fin.max})",
            )

    spaces = tuple(Space(s.id, BOARDS.index(s.board), s.amount, s.cost, s.gain) for s in d.actions.spaces)
    board_spaces = tuple(tuple(i for i, s in enumerate(spaces) if s.board == b) for b in range(len(BOARDS)))
    if [s.board for s in spaces] != sorted(s.board for s in spaces) or not all(board_spaces):
        raise BadData(f"{KIND}.actions.spaces: every board needs spaces, listed board by board.", path="actions")

    asm = d.assembly
    icons = set()
    for icon in asm.icons:
        colour, _, kind = icon.partition(":")
        where = f"{KIND}.assembly.icons"
        icons.add((_index(colours, colour, where, asm.icons), _index(kinds, kind, where, asm.icons)))
    for size in ("robots_small", "robots_large"):
        if getattr(asm, size) > asm.group_size:
            raise bad_value(f"{KIND}.assembly.{size}", getattr(asm, size), f"at most the group size ({asm.group_size})")

    wh = d.wheel
    if not all(0 <= p < wh.slots for p in (*wh.entries, *wh.exits)) or wh.slots % wh.turn:
        raise BadData(f"{KIND}.wheel: entries and exits on the wheel, a quarter turn dividing it.", path="wheel")
    if 12 * per < asm.spares + wh.slots + 4:
        raise bad_value(
            f"{KIND}.parts.per_colour_kind", per, "enough coloured parts for the spares, the wheel and four first parts"
        )

    solo = d.solo
    starts = [band.start for band in solo.bands]
    if starts != sorted(set(starts)):
        raise bad_value(f"{KIND}.solo.bands", [b.model_dump(by_alias=True) for b in solo.bands], "rising 'from' values")
    for inspection in solo.inspection:
        where = f"{KIND}.solo.inspection[{inspection.id}].positions"
        if len(set(inspection.positions)) != len(inspection.positions):
            raise bad_value(where, inspection.positions, "three different positions")
    tok = d.tokens
    if tok.per_player < tok.start + tok.last_extra:
        raise bad_value(f"{KIND}.tokens.per_player", tok.per_player, "at least start + last_extra")
    return Rules(
        colours=colours,
        kinds=kinds,
        parts=parts,
        projects=projects,
        display_columns=proj.columns,
        display_rows=proj.rows,
        project_place_cost=proj.place_cost,
        project_token_gain=proj.token_gain,
        project_executive_discard=proj.executive_discard,
        contracts=tuple(contracts),
        contracts_on_board=con.on_board,
        grid_columns=con.grid_columns,
        row_costs=tuple(con.row_costs),
        row_vp=tuple(con.row_vp),
        value_start=fin.start,
        value_min=fin.min,
        value_max=fin.max,
        lines=lines,
        spaces=spaces,
        board_spaces=board_spaces,
        group_size=asm.group_size,
        robots_small=asm.robots_small,
        robots_large=asm.robots_large,
        spares=asm.spares,
        rewards=tuple(asm.rewards),
        swap_cost=asm.executive_cost,
        icon_cost=asm.icon_cost,
        icons=frozenset(icons),
        wheel_slots=wh.slots,
        entries=tuple(wh.entries),
        exits=tuple(wh.exits),
        wheel_turn=wh.turn,
        bonus_slots=frozenset(wh.bonus_slots),
        bonus_cost=wh.bonus_cost,
        executive_discard=wh.executive_discard,
        production=tuple((t.id, t.effect, t.amount) for t in d.production.tiles),
        action_tiles=tuple(BOARDS.index(b) for b in solo.action_tiles),
        robot_tiles=tuple(colours.index(c) for c in solo.robot_tiles),
        tasks=tuple(solo.tasks),
        task_b_value=solo.task_b_value,
        solo_tokens=solo.start_tokens,
        report_below=solo.below,
        report_bands=tuple((b.id, b.start) for b in solo.bands),
        vilela_removes=solo.vilela_removes,
        inspection=tuple(tuple(t.positions) for t in solo.inspection),
        tokens_per_player=tok.per_player,
        start_tokens=tok.start,
        last_extra=tok.last_extra,
        sandra_toll=tok.sandra_toll,
        part_limit=d.limits.parts,
        project_limit=d.limits.projects,
        robots_to_end=d.limits.robots_to_end,
    )
