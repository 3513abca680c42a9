"""The one state mechanism: copies are independent where the game changes things in place, shared
where nothing changes, and the JSON object round-trips with the flow written beside the game data."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.core.state import FLAT, SHARED, Flow, copy, from_json, to_json


@dataclass(slots=True)
class Piece:
    where: list[int]
    tags: dict[str, list[int]] = field(default_factory=dict)


@dataclass(slots=True)
class Steps(Flow):
    phase: str = "start"
    queue: list[int] = field(default_factory=list)
    scratch: Piece | None = None


@dataclass(slots=True)
class Table:
    options: Mapping[str, Any]
    pieces: list[Piece]
    grid: list[list[int]]
    pair: tuple[int, int]
    flow: Steps = field(metadata=FLAT)
    tables: object = field(default=None, metadata=SHARED)


def _table() -> Table:
    pieces = [Piece([1, 2], {"a": [3]}), Piece([4])]
    flow = Steps(Rng(7), version=3, queue=[1, 0], scratch=Piece([9]))
    return Table({"teams": True}, pieces, [[1], [2, 3]], (4, 5), flow, tables=object())


def test_a_copy_changes_nothing_of_the_original() -> None:
    table = _table()
    before = to_json(table)
    twin = copy(table)
    twin.pieces[0].where.append(7)
    twin.pieces[0].tags["a"].append(8)
    twin.grid[1][0] = 0
    twin.flow.queue.pop()
    assert twin.flow.scratch is not None
    twin.flow.scratch.where[0] = 0
    twin.flow.rng.next_u64()
    twin.flow.version += 1
    assert to_json(table) == before
    assert twin.tables is table.tables and twin.options is table.options, "what never changes is shared"


def test_the_json_object_is_flat_leaves_out_what_is_shared_and_loads_back() -> None:
    table = _table()
    data = json.loads(json.dumps(to_json(table)))
    assert data["version"] == 3 and data["rng"] == table.flow.rng.state and "flow" not in data
    assert "tables" not in data and data["pair"] == [4, 5]
    tables = object()
    loaded = from_json(Table, data, tables=tables)
    assert loaded == Table(table.options, table.pieces, table.grid, (4, 5), table.flow, tables=tables)


def test_a_field_of_a_type_it_cannot_copy_is_refused_by_name() -> None:
    @dataclass
    class Odd:
        items: set[int]

    with pytest.raises(TypeError, match="set"):
        copy(Odd({1}))
