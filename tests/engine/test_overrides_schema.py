"""Data overrides against each game's schema: the bundled data validates, and any override file gives
either a game that plays with its invariants intact or one line naming the key, the value and what
is allowed — never another exception."""

from __future__ import annotations

import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.botfactory import GAME as BOTFACTORY
from engine.botfactory import loader as botfactory_rules
from engine.botfactory.schema import BotFactoryData
from engine.core.contract import Game, RandomPolicy
from engine.core.data import DataModel, field_schema, validate
from engine.core.errors import BadData
from engine.core.rng import Rng
from engine.imaginarium import GAME as IMAGINARIUM
from engine.imaginarium import loader as imaginarium_loader
from engine.imaginarium.schema import ImaginariumData

Where = tuple[str | tuple[str, str], ...]
"""Where a value sits: table keys, and (array, id) for an entry of an array of tables."""

GAMES: dict[str, tuple[Game[Any], type[DataModel], dict[str, Any], tuple[int, int]]] = {
    "imaginarium": (IMAGINARIUM, ImaginariumData, imaginarium_loader.bundled(), (2, 5)),
    "botfactory": (BOTFACTORY, BotFactoryData, botfactory_rules.bundled(), (1, 4)),
}
STEPS = 40
ROOT = Path(__file__).resolve().parents[2]


def _model_in(annotation: Any) -> type[DataModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, DataModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def overridable(model: type[DataModel], raw: Mapping[str, Any], path: Where = ()) -> list[tuple[Where, Any]]:
    """Every value an override may change, with its bundled value (``None`` for an optional key the
    bundled table leaves out), walking the data and its schema together."""
    out: list[tuple[Where, Any]] = []
    for key, field in model.model_fields.items():
        name = field.alias or key
        if name in model.fixed:
            continue
        inner = _model_in(field.annotation)
        value = raw.get(name)
        if inner is not None and isinstance(value, list):
            for item in value:
                out += overridable(inner, item, (*path, (name, item["id"])))
        elif inner is not None:
            out += overridable(inner, value or {}, (*path, name))
        else:
            out.append(((*path, name), value))
    return out


def put(tree: dict[str, Any], path: Where, value: Any) -> None:
    """Set ``value`` at ``path`` in an overrides table, as a server owner's TOML would spell it."""
    head, *rest = path
    if isinstance(head, tuple):
        key, ident = head
        entries = tree.setdefault(key, [])
        entry = next((e for e in entries if e["id"] == ident), None)
        if entry is None:
            entry = {"id": ident}
            entries.append(entry)
        put(entry, tuple(rest), value)
    elif rest:
        put(tree.setdefault(head, {}), tuple(rest), value)
    else:
        tree[head] = value


SCALARS = st.one_of(
    st.integers(-5, 60),
    st.integers(10**9, 10**20),
    st.floats(allow_nan=False),
    st.booleans(),
    st.text(max_size=8),
)
ANY = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner))


def near(value: Any) -> st.SearchStrategy[Any]:
    """Values of the bundled value's own type, in and out of range."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(-3, 2 * value + 12)
    if isinstance(value, str):
        return st.just(value) | st.text(max_size=45)
    if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
        return st.lists(st.integers(-2, 2 * max(value) + 6), min_size=max(0, len(value) - 2), max_size=len(value) + 2)
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return st.lists(st.sampled_from(value), max_size=len(value) + 1)
    if isinstance(value, list):
        return st.lists(near(value[0]) if value else SCALARS, max_size=4)
    if isinstance(value, dict):
        return st.dictionaries(st.sampled_from(sorted(value)) if value else st.text(max_size=6), st.integers(-2, 12))
    return st.integers(-2, 12)


@st.composite
def override_files(draw: st.DrawFn, kind: str) -> dict[str, Any]:
    _game, model, raw, _seats = GAMES[kind]
    keys = overridable(model, raw)
    table: dict[str, Any] = {}
    for _ in range(draw(st.integers(1, 3))):
        path, bundled = draw(st.sampled_from(keys))
        put(table, path, draw(near(bundled) | ANY if draw(st.booleans()) else near(bundled)))
    if draw(st.integers(0, 9)) == 0:  # now and then a misspelt key
        path, _bundled = draw(st.sampled_from(keys))
        put(table, (*path[:-1], "typo"), 1)
    return table


def play_a_few_steps(game: Game[Any], state: Any, seed: int) -> None:
    rng = Rng(seed)
    policy = RandomPolicy()
    for _ in range(STEPS):
        game.check_invariants(state)
        if game.outcome(state) is not None:
            return
        decisions = game.pending(state)
        assert decisions, "a running game with nobody to decide"
        decision = rng.choice(decisions)
        result = game.apply(state, decision.seat, policy.choose(game, state, decision, rng).id, state.flow.version)
        state = result.state
    game.check_invariants(state)
    game.view(state, None)


def _options(kind: str, chimera: bool) -> dict[str, Any] | None:
    return {"chimera": True} if kind == "imaginarium" and chimera else None


def _check(kind: str, overrides: dict[str, Any], seats: int, seed: int, chimera: bool) -> None:
    game = GAMES[kind][0]
    try:
        state = game.new(seats, seed, _options(kind, chimera), overrides)
    except BadData as exc:
        message = str(exc)
        assert "\n" not in message and message.startswith(f"{kind}"), message
        return
    play_a_few_steps(game, state, seed)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_bundled_data_validates(kind: str) -> None:
    _game, model, raw, _seats = GAMES[kind]
    validate(model, raw, kind)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_overridable_value_is_reached_by_the_walk(kind: str) -> None:
    _game, model, raw, _seats = GAMES[kind]
    paths = [path for path, _value in overridable(model, raw)]
    assert len(paths) == len(set(paths)) and len(paths) > 30
    assert all(part not in ("id", "reconstructed") for path in paths for part in path)


@pytest.mark.parametrize("kind", sorted(GAMES))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**31), chimera=st.booleans())
def test_an_override_file_gives_a_valid_game_or_one_clear_line(
    kind: str, data: st.DataObject, seed: int, chimera: bool
) -> None:
    low, high = GAMES[kind][3]
    seats = data.draw(st.integers(low, high))
    _check(kind, data.draw(override_files(kind)), seats, seed, chimera)


def extremes(node: dict[str, Any], bundled: Any) -> list[Any]:
    """The values at the edges of what a schema node allows (each bound, each choice)."""
    if "enum" in node:
        return list(node["enum"])
    kind = node.get("type")
    if kind == "integer":
        return [node["minimum"], node["maximum"]]
    if kind == "boolean":
        return [False, True]
    if kind == "array":
        items = extremes(node.get("items", {}), None)
        low, high = node.get("minItems", 0), node.get("maxItems", node.get("minItems", 0) + 3)
        return [[items[0]] * low, [items[-1]] * high] if items else []
    if kind == "object" and isinstance(node.get("additionalProperties"), dict) and isinstance(bundled, dict):
        edges = extremes(node["additionalProperties"], None)
        return [{key: edge for key in bundled} for edge in edges]
    return []


def edge_cases(kind: str) -> list[tuple[str, Where, Any, bool]]:
    """Each overridable value at each edge; in arrays of tables, the entries of two ids per field
    (the others behave alike and would only slow the test). Every other case plays the most seats
    (with Chimera for Imaginarium), the others the fewest."""
    _game, model, raw, _seats = GAMES[kind]
    out: list[tuple[str, Where, Any]] = []
    seen: dict[tuple[str, ...], int] = {}
    for path, bundled in overridable(model, raw):
        shape = tuple(step[0] if isinstance(step, tuple) else step for step in path)
        seen[shape] = seen.get(shape, 0) + 1
        if seen[shape] > 2:
            continue
        loc = [part for step in path for part in ((step[0], 0) if isinstance(step, tuple) else (step,))]
        out += [(kind, path, value) for value in extremes(field_schema(model, loc), bundled)]
    return [(*case, i % 2 == 1) for i, case in enumerate(out)]


@pytest.mark.parametrize(
    ("kind", "path", "value", "most"), [case for kind in sorted(GAMES) for case in edge_cases(kind)], ids=str
)
def test_every_value_at_the_edges_of_its_range_plays_or_is_one_clear_line(
    kind: str, path: Where, value: Any, most: bool
) -> None:
    overrides: dict[str, Any] = {}
    put(overrides, path, value)
    low, high = GAMES[kind][3]
    _check(kind, overrides, high if most else low, 7, most)


@pytest.mark.parametrize(
    ("value", "shown"),
    [('"lots"', '"lots"'), ([-5, 0, 1], "[-5, 0, 1]"), ([], "[]"), ([1.5, 2, 3], "[1.5, 2, 3]")],
)
def test_the_extractor_amounts_an_owner_tried_are_refused_in_one_line(value: Any, shown: str) -> None:
    amounts = "lots" if value == '"lots"' else value
    with pytest.raises(BadData) as caught:
        IMAGINARIUM.new(3, 1, None, {"extractors": {"amounts": amounts}})
    allowed = "a list of 1 to 3 items, each a whole number from 0 to 20"
    assert str(caught.value) == f"imaginarium.extractors.amounts = {shown}: allowed is {allowed}."


def test_a_huge_number_is_refused() -> None:
    with pytest.raises(BadData, match=r"^imaginarium\.extractors\.amounts = \[100000000000000000000, 1, 1\]: allowed"):
        IMAGINARIUM.new(3, 1, None, {"extractors": {"amounts": [10**20, 1, 1]}})


def test_values_in_range_change_the_game() -> None:
    state = IMAGINARIUM.new(3, 1, None, {"extractors": {"amounts": [0, 5, 9]}, "machine": [{"id": "P4", "level": 3}]})
    assert state.data.extractors == (0, 5, 9) and state.data.by_serial["P4"].level == 3
    play_a_few_steps(IMAGINARIUM, state, 1)
    factory = BOTFACTORY.new(
        2, 1, None, {"tokens": {"sandra_toll": 2}, "contracts": {"tiles": [{"id": "C01", "slots": [3, 0]}]}}
    )
    assert factory.rules.sandra_toll == 2 and factory.rules.contracts[0].slots == (3, 0)
    play_a_few_steps(BOTFACTORY, factory, 1)


@pytest.mark.parametrize(
    ("kind", "overrides", "start"),
    [
        (
            "imaginarium",
            {"machine": [{"id": "P1", "type": "attack"}]},
            "imaginarium.machine[P1].type is part of the rules",
        ),
        (
            "imaginarium",
            {"belt": {"base_costs": [4, 3, 3, 2, 2, 1]}},
            "imaginarium.belt.base_costs = [4, 3, 3, 2, 2, 1]",
        ),
        ("imaginarium", {"market": {"wood": {"sell": 2}}}, 'imaginarium.market.wood = {"buy": 2, "sell": 2}'),
        ("botfactory", {"finance": {"start": 40}}, "botfactory.finance.start = 40: allowed is a whole number from 0"),
        ("botfactory", {"finance": {"min": 7}}, "botfactory.finance.start = 6: allowed is a value from min (7)"),
        ("botfactory", {"wheel": {"slots": 9}}, "botfactory.wheel.slots is part of the rules"),
        ("botfactory", {"solo": {"bands": [{"id": "exemplary", "from": 10}]}}, "botfactory.solo.bands = [{"),
        (
            "botfactory",
            {"solo": {"inspection": [{"id": "I1", "positions": [0, 0, 1]}]}},
            "botfactory.solo.inspection[I1].positions = [0, 0, 1]: allowed is three different positions.",
        ),
    ],
)
def test_cross_checks_and_rules_are_refused_in_one_line(kind: str, overrides: dict[str, Any], start: str) -> None:
    with pytest.raises(BadData) as caught:
        GAMES[kind][0].new(GAMES[kind][3][0], 1, None, overrides)
    assert str(caught.value).startswith(start) and "\n" not in str(caught.value)


def test_the_error_lines_in_the_docs_are_what_the_engine_says() -> None:
    docs = (ROOT / "docs" / "rules-data.md").read_text("utf-8")
    cases = [
        (IMAGINARIUM, {"extractors": {"amounts": "lots"}}),
        (IMAGINARIUM, {"machine": [{"id": "P4", "type": "attack"}]}),
        (BOTFACTORY, {"finance": {"min": 10, "start": 9}}),
    ]
    for game, overrides in cases:
        with pytest.raises(BadData) as caught:
            game.new(game.min_seats, 1, None, overrides)
        assert f"\n{caught.value}\n" in docs
