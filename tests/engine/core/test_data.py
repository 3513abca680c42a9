from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import pytest
from pydantic import Field

from engine.core import BadData
from engine.core.data import DataModel, canonical, merge, refuse_fixed, validate

BASE = {"market": {"copper": 2, "vp": 5}, "cards": [{"id": "P1", "level": 1}, {"id": "P2", "level": 1}], "amounts": [1]}


class Card(DataModel):
    fixed: ClassVar[frozenset[str]] = frozenset({"id", "kind"})
    id: str
    level: Annotated[int, Field(ge=1, le=3)]
    kind: Literal["a", "b"] = "a"


class Market(DataModel):
    copper: Annotated[int, Field(ge=0, le=9)]
    vp: Annotated[int, Field(ge=1, le=20)]
    wood: Annotated[int, Field(ge=0, le=9)] = 0


class Box(DataModel):
    market: Market
    cards: list[Card]
    amounts: Annotated[list[Annotated[int, Field(ge=0, le=20)]], Field(min_length=1, max_length=3)]


def test_merge_tables_and_id_arrays() -> None:
    out = merge(BASE, {"market": {"vp": 4}, "cards": [{"id": "P2", "level": 2}]}, "demo")
    assert out["market"] == {"copper": 2, "vp": 4}
    assert out["cards"] == [{"id": "P1", "level": 1}, {"id": "P2", "level": 2}]
    assert BASE["market"]["vp"] == 5


def test_merge_refuses_an_entry_naming_no_existing_id() -> None:
    with pytest.raises(BadData) as caught:
        merge(BASE, {"cards": [{"id": "P9"}]}, "demo")
    assert str(caught.value) == 'demo.cards = {"id": "P9"}: allowed is tables each with the id of an entry (P1, P2).'


@pytest.mark.parametrize(
    ("override", "line"),
    [
        ({"market": {"vp": "five"}}, 'demo.market.vp = "five": allowed is a whole number from 1 to 20.'),
        ({"market": {"vp": 1.5}}, "demo.market.vp = 1.5: allowed is a whole number from 1 to 20."),
        ({"market": {"vp": True}}, "demo.market.vp = true: allowed is a whole number from 1 to 20."),
        ({"market": {"vp": 10**20}}, "demo.market.vp = 100000000000000000000: allowed is a whole number from 1 to 20."),
        ({"cards": [{"id": "P2", "level": 0}]}, "demo.cards[P2].level = 0: allowed is a whole number from 1 to 3."),
        (
            {"amounts": [-5, 0, 1]},
            "demo.amounts = [-5, 0, 1]: allowed is a list of 1 to 3 items, each a whole number from 0 to 20.",
        ),
        ({"amounts": []}, "demo.amounts = []: allowed is a list of 1 to 3 items, each a whole number from 0 to 20."),
        ({"amounts": "lots"}, 'demo.amounts = "lots": allowed is a list of 1 to 3 items, each a whole number'),
        ({"market": {"gold": 1}}, "demo.market.gold is not a data key: allowed keys are copper, vp, wood."),
        ({"market": 3}, "demo.market = 3: allowed is a table with the keys copper, vp, wood."),
        (
            {"cards": {"P1": 1}},
            'demo.cards = {"P1": 1}: allowed is a list, each a table with the keys',
        ),
    ],
)
def test_validation_names_the_key_the_value_and_what_is_allowed(override: dict[str, object], line: str) -> None:
    with pytest.raises(BadData) as caught:
        validate(Box, merge(BASE, override, "demo"), "demo")
    message = str(caught.value)
    assert message.startswith(line) and "\n" not in message


def test_an_optional_key_the_bundled_table_lacks_may_be_added() -> None:
    box = validate(Box, merge(BASE, {"market": {"wood": 3}}, "demo"), "demo")
    assert box.market.wood == 3


def test_fixed_fields_cannot_be_overridden() -> None:
    refuse_fixed(Box, {"cards": [{"id": "P1", "level": 2}]}, "demo")
    with pytest.raises(BadData, match=r"^demo\.cards\[P1\]\.kind is part of the rules"):
        refuse_fixed(Box, {"cards": [{"id": "P1", "kind": "b"}]}, "demo")


def test_canonical_is_order_independent() -> None:
    assert canonical({"a": 1, "b": 2}) == canonical({"b": 2, "a": 1})
    assert canonical(None) == "{}"


def test_a_key_missing_from_the_bundled_data_is_named() -> None:
    with pytest.raises(BadData, match=r"^demo\.market\.vp is missing: allowed is a whole number from 1 to 20\.$"):
        validate(Box, {**BASE, "market": {"copper": 2}}, "demo")
