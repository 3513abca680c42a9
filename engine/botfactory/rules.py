"""Bot Factory's component data: the bundled TOML files merged with a server owner's overrides.

The rulebook lost every number printed only on boards and tiles; those values live in
``data/*.toml`` tagged ``[reconstructed]`` and listed in ``docs/rules-data.md``. A server
owner overrides them with a table keyed by file name (``{"finance": {"start": 5}}``); the merged data
is validated here once and cached per override table, so a bad table fails with :class:`BadData`
before a game starts, and a game always replays with the data it started with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.botfactory.view import BOARDS
from engine.core.data import canonical, merge, read_toml
from engine.core.errors import BadData

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
PRODUCTION_EFFECTS = (
    "sandra_free",
    "finance_discount",
    "paid_benefit",
    "raise",
    "overflow",
    "cheap_universal",
    "universal",
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


def bundled() -> dict[str, Any]:
    return {name: read_toml("engine.botfactory", f"data/{name}.toml") for name in FILES}


def load(overrides: Mapping[str, Any] | None = None) -> Rules:
    """The rules data for a game, with ``overrides`` merged and validated (cached per table)."""
    return _load(canonical(overrides))


@lru_cache(maxsize=32)
def _load(key: str) -> Rules:
    import json

    merged = merge(bundled(), json.loads(key))
    try:
        return _build(merged)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadData(f"Bot Factory data is inconsistent: {exc!r}.") from None


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise BadData(f"Bot Factory data: {message}")


def _index(names: tuple[str, ...], name: object, where: str) -> int:
    """Position of ``name`` among ``names``, or a BadData naming the offending field."""
    _need(name in names, f"{where}: unknown name {name!r} (expected one of {', '.join(names)}).")
    return names.index(str(name))


def _build(d: Mapping[str, Any]) -> Rules:
    parts_d = d["parts"]
    colours = tuple(parts_d["colours"])
    kinds = tuple(parts_d["kinds"])
    _need(len(colours) == 4 and len(set(colours)) == 4, "parts.colours must list 4 distinct colours.")
    _need(len(kinds) == 3 and len(set(kinds)) == 3, "parts.kinds must list head, torso and legs.")
    per, uni = int(parts_d["per_colour_kind"]), int(parts_d["universal_per_kind"])
    _need(per >= 1 and uni >= 0, "parts counts must be positive.")
    parts = tuple((c, k) for c in range(4) for k in range(3) for _ in range(per))
    parts += tuple((-1, k) for k in range(3) for _ in range(uni))

    proj_d = d["projects"]
    projects = tuple(c for c in range(4) for _ in range(int(proj_d["per_colour"])))
    columns, rows = int(proj_d["columns"]), int(proj_d["rows"])
    _need(columns == 2 and rows >= 1, "the projects display has 2 columns and at least 1 row.")
    _need(len(projects) > columns * rows + 4, "too few project tiles for the display and the players.")

    con_d = d["contracts"]
    contracts = []
    for tile in con_d["tiles"]:
        needs = tuple(_index(colours, c, f"contracts.tiles[{tile['id']}].needs") for c in tile["needs"])
        slots = tuple(int(v) for v in tile["slots"])
        _need(len(slots) == 2 and slots[0] >= slots[1], f"contract {tile['id']} needs 2 slots, highest first.")
        _need(len(needs) >= 1, f"contract {tile['id']} needs at least one robot.")
        contracts.append(ContractDef(str(tile["id"]), needs, slots))
    on_board, grid_columns = int(con_d["on_board"]), int(con_d["grid_columns"])
    row_costs, row_vp = tuple(int(v) for v in con_d["row_costs"]), tuple(int(v) for v in con_d["row_vp"])
    _need(on_board <= len(contracts), "more contract spaces than contract tiles.")
    _need(
        on_board % grid_columns == 0 and len(row_costs) == len(row_vp) == on_board // grid_columns,
        "contracts: one cost and one VP per row of the grid.",
    )
    _need(all(c >= 1 for c in row_costs), "contract row costs must be at least 1.")

    fin = d["finance"]
    vmin, vmax, vstart = int(fin["min"]), int(fin["max"]), int(fin["start"])
    _need(vmin <= vstart <= vmax, "finance: min <= start <= max.")
    lines = {int(line["reach"]): str(line["bonus"]) for line in fin["lines"]}
    _need(
        all(vmin < r <= vmax and b in ("place", "project") for r, b in lines.items()),
        "finance lines must lie inside the track and give 'place' or 'project'.",
    )

    spaces = tuple(
        Space(
            str(s["id"]),
            _index(BOARDS, s["board"], f"actions.spaces[{s['id']}].board"),
            int(s["amount"]),
            int(s.get("cost", 0)),
            int(s.get("gain", 0)),
        )
        for s in d["actions"]["spaces"]
    )
    _need([s.board for s in spaces] == sorted(s.board for s in spaces), "action spaces must be listed left to right.")
    board_spaces = tuple(tuple(i for i, s in enumerate(spaces) if s.board == b) for b in range(4))
    _need(all(board_spaces), "every board needs at least one action space.")

    asm = d["assembly"]
    icons = set()
    for icon in asm["icons"]:
        colour, _, kind = str(icon).partition(":")
        icons.add((_index(colours, colour, "assembly.icons"), _index(kinds, kind, "assembly.icons")))
    rewards = tuple(int(v) for v in asm["rewards"])
    _need(len(rewards) == 2, "assembly.rewards gives the tokens for the 1st and 2nd part.")
    _need(
        1 <= int(asm["robots_small"]) <= int(asm["group_size"])
        and 1 <= int(asm["robots_large"]) <= int(asm["group_size"]),
        "robots per colour must fit the group.",
    )

    wh = d["wheel"]
    n = int(wh["slots"])
    entries, exits = tuple(int(v) for v in wh["entries"]), tuple(int(v) for v in wh["exits"])
    _need(all(0 <= p < n for p in (*entries, *exits, *wh["bonus_slots"])), "wheel positions must be on the wheel.")
    _need(int(wh["turn"]) >= 1 and n % int(wh["turn"]) == 0, "a quarter turn must divide the wheel's slots.")
    _need(
        12 * per >= int(asm["spares"]) + n + 4,
        "too few coloured parts for the spares, the wheel and four starting parts.",
    )

    prod = tuple((str(t["id"]), str(t["effect"]), int(t.get("amount", 0))) for t in d["production"]["tiles"])
    _need(all(e in PRODUCTION_EFFECTS for _, e, _ in prod), f"production effects must be among {PRODUCTION_EFFECTS}.")
    _need(all(n >= 0 for _, _, n in prod), "production tile amounts cannot be negative.")

    solo = d["solo"]
    inspection = tuple(tuple(int(p) for p in t["positions"]) for t in solo["inspection"])
    _need(all(0 <= p < on_board for t in inspection for p in t), "inspection tiles name contract positions 0-8.")
    bands = tuple((str(b["id"]), int(b["from"])) for b in solo["bands"])
    tok = d["tokens"]
    _need(int(tok["per_player"]) >= int(tok["start"]) + int(tok["last_extra"]), "tokens: start exceeds the supply.")
    return Rules(
        colours=colours,
        kinds=kinds,
        parts=parts,
        projects=projects,
        display_columns=columns,
        display_rows=rows,
        project_place_cost=int(proj_d["place_cost"]),
        project_token_gain=int(proj_d["token_gain"]),
        project_executive_discard=int(proj_d["executive_discard"]),
        contracts=tuple(contracts),
        contracts_on_board=on_board,
        grid_columns=grid_columns,
        row_costs=row_costs,
        row_vp=row_vp,
        value_start=vstart,
        value_min=vmin,
        value_max=vmax,
        lines=lines,
        spaces=spaces,
        board_spaces=board_spaces,
        group_size=int(asm["group_size"]),
        robots_small=int(asm["robots_small"]),
        robots_large=int(asm["robots_large"]),
        spares=int(asm["spares"]),
        rewards=rewards,
        swap_cost=int(asm["executive_cost"]),
        icon_cost=int(asm["icon_cost"]),
        icons=frozenset(icons),
        wheel_slots=n,
        entries=entries,
        exits=exits,
        wheel_turn=int(wh["turn"]),
        bonus_slots=frozenset(int(v) for v in wh["bonus_slots"]),
        bonus_cost=int(wh["bonus_cost"]),
        executive_discard=int(wh["executive_discard"]),
        production=prod,
        action_tiles=tuple(_index(BOARDS, b, "solo.action_tiles") for b in solo["action_tiles"]),
        robot_tiles=tuple(_index(colours, c, "solo.robot_tiles") for c in solo["robot_tiles"]),
        tasks=tuple(str(t) for t in solo["tasks"]),
        task_b_value=int(solo["task_b_value"]),
        solo_tokens=int(solo["start_tokens"]),
        report_below=str(solo["below"]),
        report_bands=bands,
        vilela_removes=int(solo["vilela_removes"]),
        inspection=inspection,
        tokens_per_player=int(tok["per_player"]),
        start_tokens=int(tok["start"]),
        last_extra=int(tok["last_extra"]),
        sandra_toll=int(tok["sandra_toll"]),
        part_limit=int(d["limits"]["parts"]),
        project_limit=int(d["limits"]["projects"]),
        robots_to_end=int(d["limits"]["robots_to_end"]),
    )
