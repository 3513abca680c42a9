"""Bundled data validates; overrides change values; bad overrides are refused with BadData."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.data import read_toml
from engine.core.errors import BadData
from engine.imaginarium import GAME
from engine.imaginarium.cards import CORE_MACHINES
from engine.imaginarium.loader import load
from engine.imaginarium.machines import dismantle_takes


def test_bundled_data_validates_and_agrees_with_the_rulebook() -> None:
    data = load()
    assert len(data.card) == CORE_MACHINES
    by_type = [sum(m.copies for m in data.machines if m.type == t) for t in range(5)]
    assert by_type == [29, 12, 10, 6, 4]
    assert len(data.assistants) == 13 and len(data.projects) == 14 and len(data.workshops) == 5
    prices = {m.level + c for m in data.machines for c in data.base_costs}
    assert min(prices) == 2 and max(prices) == 7
    p1 = data.by_serial["P1"]
    assert p1.level == 1 and tuple(2 * n for n in p1.repair) == (0, 4, 0, 0, 0)  # "4 wood or 1 VP"
    assert sorted(dismantle_takes(data.by_serial["P6"])) == [(0, 0, 1, 2, 0), (0, 0, 2, 1, 0)]
    assert data.sell[2] == 2 and data.vp_price == 5  # the three-transaction example


def test_every_reconstructed_value_is_listed_in_the_docs() -> None:
    text = (Path(__file__).resolve().parents[3] / "docs" / "rules-data.md").read_text("utf-8")
    for where, name, _reason in load().reconstructed:
        assert f"{where}.{name}" in text, f"{where}.{name} is reconstructed but not listed in docs/rules-data.md"


def test_override_changes_a_value_and_travels_with_the_state() -> None:
    overrides = {"machine": [{"id": "P1", "repair": {"wood": 3}}], "market": {"wood": {"sell": 0}}}
    state = GAME.new(3, 1, overrides=overrides)
    assert state.data.by_serial["P1"].repair[1] == 3
    assert state.data.sell[1] == 0
    again = GAME.from_json(GAME.to_json(state))
    assert again.data.by_serial["P1"].repair[1] == 3
    assert load().by_serial["P1"].repair[1] == 2


@pytest.mark.parametrize(
    "bad",
    [
        {"machine": [{"id": "P1", "copies": 9}]},  # 62 cards
        {"machine": [{"id": "P6", "level": 4}]},  # levels run 1-3
        {"belt": {"base_costs": [5, 3, 3, 2, 2, 1, 1]}},  # a price above 7
        {"machine": [{"id": "P1", "repair": {"gold": 1}}]},
        {"machine": [{"id": "P9"}]},
        {"market": {"wood": {"sell": 2}}},  # sell as dear as buy
        {"game": {"spaces": "four"}},
        {"projects": []},
        {"machine": [{"id": "P2", "combines": ["X1"]}]},
        {"assistant": [{"id": "AS01", "effect": "fly"}]},
        {"workshop": [{"id": "W1", "machines": ["S1", "S1"]}]},
        {"initiative": {"spaces": 3}},
    ],
)
def test_bad_overrides_raise_bad_data(bad: dict[str, object]) -> None:
    with pytest.raises(BadData):
        GAME.new(3, 1, overrides=bad)


def test_unknown_keys_in_the_data_files_are_refused() -> None:
    from engine.imaginarium.loader import FILES, build

    raw: dict[str, object] = {}
    for name in FILES:
        raw.update(read_toml("engine.imaginarium", f"data/{name}.toml"))
    raw["machine"] = [dict(m) for m in raw["machine"]]  # type: ignore[attr-defined]
    raw["machine"][0]["copeis"] = 8  # type: ignore[index]
    with pytest.raises(BadData, match="copeis"):
        build(raw)
