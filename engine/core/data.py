"""Card and board data: bundled TOML files, a server owner's overrides, and their schema check.

Overrides are plain mappings (the service reads them from the TOML file named in settings and keeps
the table for a game kind in that game's state, so a game replays with the data it started with).
They are merged over the bundled data by :func:`merge`: tables merge key by key, arrays of tables
whose entries carry an ``id`` merge entry by entry, anything else is replaced. A key the bundled
table lacks is added, and the schema refuses it unless it is a known optional key (a ``crystal``
cost on a machine that had none), so a typo never passes silently.

Each game declares the type and range of every value once, as pydantic models of its data files
(``engine/<game>/schema.py``). :func:`validate` checks the merged data against them and
:func:`refuse_fixed` refuses overrides of the fields that are rules rather than values (a machine's
type, an assistant's effect...). Every refusal is one :class:`BadData` line naming the key as the
owner writes it in the overrides file, the value, and what is allowed, e.g.
``imaginarium.extractors.amounts = "lots": allowed is a list of 1 to 3 items, each a whole number
from 0 to 20.``
"""

from __future__ import annotations

import json
import tomllib
import types
import typing
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from engine.core.errors import BadData

M = TypeVar("M", bound="DataModel")
SHOWN = 60
"""Characters of a refused value quoted in an error line."""


class DataModel(BaseModel):
    """Base of every data schema model: strict types (``1.5`` is not a whole number, ``true`` is not
    1), no unknown keys, and ``fixed`` naming the fields an override may not change."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, populate_by_name=True)
    fixed: ClassVar[frozenset[str]] = frozenset()


def read_toml(package: str, name: str) -> dict[str, Any]:
    """A bundled data file, e.g. ``read_toml("engine.imaginarium", "data/machines.toml")``."""
    return tomllib.loads(resources.files(package).joinpath(name).read_text("utf-8"))


def canonical(overrides: Mapping[str, Any] | None) -> str:
    """A stable string for an overrides mapping (a cache key for data built from it)."""
    return json.dumps(overrides or {}, sort_keys=True, separators=(",", ":"))


def shown(value: Any) -> str:
    """``value`` as an error line quotes it: JSON (close to TOML), clipped."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def bad_value(key: str, value: Any, allowed: str) -> BadData:
    """The one-line error for a refused value: the key, the value and what is allowed."""
    return BadData(f"{key} = {shown(value)}: allowed is {allowed}.", path=key)


def merge(base: Any, override: Any, path: str) -> Any:
    """``override`` laid over ``base``; see the module docstring for the rules. Only what it cannot
    lay over is refused here (an entry naming no existing ``id``); a value of the wrong shape is left
    for the schema to refuse in its own words. ``path`` names the data (the game kind), so refusals
    name keys as the overrides file spells them."""
    if isinstance(base, Mapping) and isinstance(override, Mapping):
        out = dict(base)
        for key, value in override.items():
            out[key] = merge(base[key], value, f"{path}.{key}") if key in base else value
        return out
    if _by_id(base) and isinstance(override, list):
        by_id = {item["id"]: i for i, item in enumerate(base)}
        out_list = list(base)
        for item in override:
            if not isinstance(item, Mapping) or item.get("id") not in by_id:
                raise bad_value(path, item, f"tables each with the id of an entry ({', '.join(map(str, by_id))})")
            index = by_id[item["id"]]
            out_list[index] = merge(base[index], item, f"{path}[{item['id']}]")
        return out_list
    return override


def _by_id(value: Any) -> bool:
    """An array of tables that each carry an ``id``."""
    return isinstance(value, list) and bool(value) and all(isinstance(i, Mapping) and "id" in i for i in value)


def validate(model: type[M], raw: Mapping[str, Any], kind: str) -> M:
    """``raw`` (bundled data with any overrides merged) checked against ``model``; the first problem
    found is a one-line :class:`BadData`."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        error = exc.errors()[0]
        raise _explain(model, raw, kind, error["loc"], error["type"]) from None


def refuse_fixed(model: type[DataModel], overrides: Any, path: str) -> None:
    """Refuse an override of a field ``model`` declares ``fixed`` (run before merging, on the
    overrides alone; ``path`` is the game kind at the top; an unknown key is left for the schema to
    name)."""
    if not isinstance(overrides, Mapping):
        return
    fields = {field.alias or name: field for name, field in model.model_fields.items()}
    for key, value in overrides.items():
        where = f"{path}.{key}"
        if key in fields and key in model.fixed:
            raise BadData(f"{where} is part of the rules, not a value an override may change.", path=where)
        inner = _model_of(fields[key].annotation) if key in fields else None
        if inner is not None and isinstance(value, list):
            for item in value:
                if isinstance(item, Mapping):
                    entry = {k: v for k, v in item.items() if k != "id"}
                    refuse_fixed(inner, entry, f"{where}[{item.get('id')}]")
        elif inner is not None:
            refuse_fixed(inner, value, where)


def _model_of(annotation: Any) -> type[DataModel] | None:
    """The data model inside ``annotation`` (itself, or the items of a list), if any."""
    if isinstance(annotation, type) and issubclass(annotation, DataModel):
        return annotation
    if typing.get_origin(annotation) in (list, types.UnionType, typing.Union):
        for arg in typing.get_args(annotation):
            found = _model_of(arg)
            if found is not None:
                return found
    return None


def _explain(model: type[BaseModel], raw: Any, kind: str, loc: Sequence[int | str], kind_of_error: str) -> BadData:
    """The one-line error for a pydantic error at ``loc``: the field (list indexes into plain lists
    dropped, so the whole list is quoted), its value and what its schema allows."""
    if kind_of_error == "extra_forbidden":
        *parent, unknown = loc
        key, _ = _key(raw, kind, parent)
        node = field_schema(model, parent)
        allowed = ", ".join(sorted(node.get("properties", {})))
        return BadData(f"{key}.{unknown} is not a data key: allowed keys are {allowed}.", path=f"{key}.{unknown}")
    key, depth = _key(raw, kind, loc)
    value: Any = raw
    for part in loc[:depth]:
        value = value[part]
    if kind_of_error == "missing":
        missing = f"{key}.{loc[-1]}"
        return BadData(f"{missing} is missing: allowed is {_describe(field_schema(model, loc))}.")
    return bad_value(key, value, _describe(field_schema(model, loc[:depth])))


def _key(raw: Any, kind: str, loc: Sequence[int | str]) -> tuple[str, int]:
    """The key ``loc`` names, as an overrides file spells it (``machine[P4].level``), and how many
    parts of ``loc`` it covers: an index into a plain list stops it, so the list is the key."""
    key, value = kind, raw
    for depth, part in enumerate(loc):
        if isinstance(part, int):
            if not isinstance(value, list) or part >= len(value):
                return key, depth
            item = value[part]
            if not (isinstance(item, Mapping) and "id" in item):
                return key, depth
            key += f"[{item['id']}]"
        else:
            if not isinstance(value, Mapping) or part not in value:
                return key, depth
            key += f".{part}"
        value = value[part]
    return key, len(loc)


def field_schema(model: type[BaseModel], loc: Sequence[int | str]) -> dict[str, Any]:
    """The JSON schema of the field of ``model`` at ``loc`` (keys, and list indexes), references resolved."""
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    node = _resolve(schema, defs)
    for part in loc:
        if isinstance(part, int):
            node = node.get("items", {})
        else:
            node = node.get("properties", {}).get(part) or node.get("additionalProperties") or {}
        node = _resolve(node, defs)
    return node


def _resolve(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = defs[node["$ref"].rsplit("/", 1)[-1]]
    if "anyOf" in node:
        options = [_resolve(option, defs) for option in node["anyOf"]]
        return {"anyOf": options}
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            node = {**node, key: _resolve(node[key], defs)}
    if "properties" in node:
        node = {**node, "properties": {k: _resolve(v, defs) for k, v in node["properties"].items()}}
    return node


def _describe(node: dict[str, Any]) -> str:
    """What a JSON schema node allows, in words."""
    if "anyOf" in node:  # a TOML file cannot write null, so an optional value's "or null" is left out
        return " or ".join(_describe(option) for option in node["anyOf"] if option.get("type") != "null")
    if "const" in node:
        return shown(node["const"])
    if "enum" in node:
        return "one of " + ", ".join(shown(v) for v in node["enum"])
    kind = node.get("type")
    if kind == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}"
        return "a whole number" + (f" of at least {low}" if low is not None else "")
    if kind == "boolean":
        return "true or false"
    if kind == "string":
        return (
            f"a text of {node.get('minLength', 0)} to {node['maxLength']} characters"
            if "maxLength" in node
            else "a text"
        )
    if kind == "array":
        low, high = node.get("minItems", 0), node.get("maxItems")
        count = f"{low}" if low == high else f"{low} to {high}" if high is not None else f"at least {low}"
        size = "" if (low, high) == (0, None) else f" of {count} items"
        return f"a list{size}, each {_describe(node.get('items', {}))}"
    if kind == "object":
        if "properties" in node:
            return "a table with the keys " + ", ".join(node["properties"])
        extra = node.get("additionalProperties")
        return f"a table of names, each set to {_describe(extra)}" if isinstance(extra, dict) else "a table"
    return "a value of another type"
