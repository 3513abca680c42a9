from __future__ import annotations

import pytest

from engine.core import BadData
from engine.core.data import canonical, merge

BASE = {"market": {"copper": 2, "vp": 5}, "cards": [{"id": "P1", "level": 1}, {"id": "P2", "level": 1}]}


def test_merge_tables_and_id_arrays() -> None:
    out = merge(BASE, {"market": {"vp": 4}, "cards": [{"id": "P2", "level": 2}]})
    assert out == {"market": {"copper": 2, "vp": 4}, "cards": [{"id": "P1", "level": 1}, {"id": "P2", "level": 2}]}
    assert BASE["market"]["vp"] == 5


@pytest.mark.parametrize(
    "bad",
    [{"markt": {}}, {"market": {"vp": "five"}}, {"cards": [{"id": "P9"}]}, {"cards": {"P1": 1}}, {"market": 3}],
)
def test_bad_overrides_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(BadData):
        merge(BASE, bad)


def test_canonical_is_order_independent() -> None:
    assert canonical({"a": 1, "b": 2}) == canonical({"b": 2, "a": 1})
    assert canonical(None) == "{}"
