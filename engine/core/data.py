"""Card and board data: bundled TOML files plus a server owner's overrides.

Overrides are plain mappings (the service reads them from the TOML file named in settings and keeps
the table for a game kind in that game's state, so a game replays with the data it started with).
They are merged over the bundled data by :func:`merge`: tables merge key by key, arrays of tables
whose entries carry an ``id`` merge entry by entry, anything else is replaced. A key that does not
exist in the bundled data is refused with :class:`BadData`, so a typo never passes silently.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

from engine.core.errors import BadData


def read_toml(package: str, name: str) -> dict[str, Any]:
    """A bundled data file, e.g. ``read_toml("engine.imaginarium", "data/machines.toml")``."""
    return tomllib.loads(resources.files(package).joinpath(name).read_text("utf-8"))


def canonical(overrides: Mapping[str, Any] | None) -> str:
    """A stable string for an overrides mapping (a cache key for data built from it)."""
    return json.dumps(overrides or {}, sort_keys=True, separators=(",", ":"))


def merge(base: Any, override: Any, path: str = "") -> Any:
    """``override`` laid over ``base``; see the module docstring for the rules."""
    if isinstance(base, Mapping):
        if not isinstance(override, Mapping):
            raise BadData(f"Override for '{path or 'data'}' must be a table.", path=path)
        out = dict(base)
        for key, value in override.items():
            if key not in base:
                raise BadData(f"Unknown data key '{_join(path, key)}' in overrides.", path=_join(path, key))
            out[key] = merge(base[key], value, _join(path, key))
        return out
    if isinstance(base, list) and base and all(isinstance(item, Mapping) and "id" in item for item in base):
        if not isinstance(override, list):
            raise BadData(f"Override for '{path}' must be an array of tables with an 'id'.", path=path)
        by_id = {item["id"]: i for i, item in enumerate(base)}
        out_list = list(base)
        for item in override:
            if not isinstance(item, Mapping) or item.get("id") not in by_id:
                raise BadData(f"Override entries in '{path}' must name an existing id, got {item!r}.", path=path)
            index = by_id[item["id"]]
            out_list[index] = merge(base[index], item, f"{path}[{item['id']}]")
        return out_list
    if isinstance(base, bool) != isinstance(override, bool) or (
        isinstance(base, int | float) and not isinstance(override, int | float)
    ):
        raise BadData(f"Override for '{path}' has the wrong type: {override!r}.", path=path)
    return override


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
