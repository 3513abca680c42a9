"""One way to hold a game's state: game data beside a :class:`Flow`, copied and serialised from fields.

Every game's state is a dataclass holding its game data (boardgame.io's ``G``) and, in its ``flow``
field, a :class:`Flow` (boardgame.io's ``ctx``): the version, the RNG and where play stands (round,
phase, whose turn). A game extends :class:`Flow` with what its turn order needs.

:func:`copy`, :func:`to_json` and :func:`from_json` work on any such dataclass. Each walks the class's
fields once, from their type hints, and keeps the plan: ints, strings, bools and ``Any`` are shared
as they are immutable (``Any`` marks a plain JSON value that is never changed in place), lists, dicts
and tuples are rebuilt level by level, nested dataclasses follow their own plan, :class:`Rng` is
copied and written as its integer. The copy runs on the AI search's hot path, so its plan is compiled
into one function per class (as :mod:`dataclasses` compiles ``__init__``): a list of ints costs one
slice. Two field markers complete the picture:

- :data:`SHARED` (``field(metadata=SHARED)``): a value fixed for the whole game, derived from what is
  stored (rule tables loaded from the overrides): shared by copies, left out of JSON and passed to
  :func:`from_json` by the game;
- :data:`FLAT` on the ``flow`` field: its fields are written beside the game data in the JSON object,
  so stored games keep one flat object.

A class's ``__post_init__`` runs on every copy and load too (the copy calls the constructor), so a
state that links parts of itself (teammates sharing a screen) links them again.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.rng import Rng

T = TypeVar("T")

SHARED: Mapping[str, bool] = types.MappingProxyType({"shared": True})
"""Field metadata: fixed for the game and rebuilt on load; shared by copies, not written to JSON."""
FLAT: Mapping[str, bool] = types.MappingProxyType({"flat": True})
"""Field metadata: a nested dataclass whose fields are written into the parent's JSON object."""

_ATOMS = (int, str, bool, float, type(None))


@dataclass(slots=True)
class Flow:
    """Where play stands, apart from the game data: what every game has, extended by each game.

    ``version`` counts applied choices (stale clicks are refused against it); ``rng`` is the whole
    randomness of the game, so a game is a function of its seed and choices.
    """

    rng: Rng
    version: int = 0
    round: int = 1
    phase: str = ""


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    hint: Any
    shared: bool
    flat: bool


_FIELDS: dict[type, tuple[_Field, ...]] = {}


def _fields(cls: type) -> tuple[_Field, ...]:
    """``cls``'s fields with their resolved types, read once per class."""
    known = _FIELDS.get(cls)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: state fields are constructor arguments")
        out.append(_Field(f.name, hints[f.name], bool(f.metadata.get("shared")), bool(f.metadata.get("flat"))))
    _FIELDS[cls] = tuple(out)
    return _FIELDS[cls]


def _args(hint: Any) -> tuple[Any, ...]:
    return typing.get_args(hint)


def _optional(hint: Any) -> Any | None:
    """``X`` for ``X | None``, else ``None``."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        rest = [a for a in _args(hint) if a is not type(None)]
        if len(rest) == 1 and len(_args(hint)) == 2:
            return rest[0]
        raise TypeError(f"a state field holds one type, or one type or None, not {hint}")
    return None


def _immutable(hint: Any) -> bool:
    if hint is Any or hint in _ATOMS:
        return True
    inner = _optional(hint)
    if inner is not None:
        return _immutable(inner)
    origin = typing.get_origin(hint)
    if origin is tuple or origin is Mapping:  # a Mapping field is read-only: never changed in place
        return all(_immutable(a) for a in _args(hint) if a is not Ellipsis)
    return False


# -- copy ------------------------------------------------------------------------------------------
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def copy(state: T) -> T:
    """An independent copy of a state dataclass (what is :data:`SHARED` is shared)."""
    copier = _COPIERS.get(type(state))
    if copier is None:
        copier = _copier(type(state))
    return typing.cast(T, copier(state))


def _copier(cls: type) -> Callable[[Any], Any]:
    """Compile ``cls``'s copy: one constructor call whose arguments copy each field by its type."""
    names: dict[str, Any] = {"cls": cls}
    args = []
    for f in _fields(cls):
        value = f"o.{f.name}"
        args.append(value if f.shared else _copy_expr(f.hint, value, names, 0))
    source = f"def copy(o):\n    return cls({', '.join(args)})\n"
    exec(source, names)  # source made above from the class's own field names and types
    copier: Callable[[Any], Any] = names["copy"]
    _COPIERS[cls] = copier
    return copier


def _copy_expr(hint: Any, value: str, names: dict[str, Any], depth: int) -> str:
    """Python source copying ``value`` of type ``hint``; ``names`` receives the helpers it calls."""
    if _immutable(hint):
        return value
    inner = _optional(hint)
    if inner is not None:
        return f"(None if {value} is None else {_copy_expr(inner, value, names, depth)})"
    if hint is Rng:
        return f"{value}.copy()"
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        helper = f"copy_{hint.__name__}_{id(hint)}"
        names[helper] = _COPIERS.get(hint) or _copier(hint)
        return f"{helper}({value})"
    origin, item = typing.get_origin(hint), f"x{depth}"
    if origin is list:
        element = _copy_expr(_args(hint)[0], item, names, depth + 1)
        return f"{value}[:]" if element == item else f"[{element} for {item} in {value}]"
    if origin is dict:
        element = _copy_expr(_args(hint)[1], item, names, depth + 1)
        if element == item:
            return f"dict({value})"
        return f"{{k{depth}: {element} for k{depth}, {item} in {value}.items()}}"
    if origin is tuple and len(_args(hint)) == 2 and _args(hint)[1] is Ellipsis:
        element = _copy_expr(_args(hint)[0], item, names, depth + 1)
        return f"tuple({element} for {item} in {value})"
    raise TypeError(f"no copy for a state field of type {hint}")


# -- JSON ------------------------------------------------------------------------------------------
def to_json(state: object) -> dict[str, Any]:
    """The JSON object of a state dataclass (what is :data:`SHARED` left out, :data:`FLAT` inlined)."""
    out: dict[str, Any] = {}
    for f in _fields(type(state)):
        if f.shared:
            continue
        value = getattr(state, f.name)
        if f.flat:
            out.update(to_json(value))
        else:
            out[f.name] = _encode(f.hint, value)
    return out


def _encode(hint: Any, value: Any) -> Any:
    if value is None or hint in _ATOMS:
        return value
    inner = _optional(hint)
    if inner is not None:
        return _encode(inner, value)
    if hint is Rng:
        return value.state
    if dataclasses.is_dataclass(hint):
        return to_json(value)
    origin = typing.get_origin(hint)
    if origin in (dict, Mapping):
        return {k: _encode(_args(hint)[1], v) for k, v in value.items()}
    if origin in (list, tuple):
        return [_encode(h, v) for h, v in zip(_items(hint, len(value)), value, strict=True)]
    return _plain(value)


def from_json(cls: type[T], data: Mapping[str, Any], /, **shared: Any) -> T:
    """A state dataclass from :func:`to_json`'s object; ``shared`` gives its :data:`SHARED` fields."""
    values: dict[str, Any] = {}
    for f in _fields(cls):
        if f.shared:
            values[f.name] = shared[f.name]
        elif f.flat:
            values[f.name] = from_json(f.hint, data)
        else:
            values[f.name] = _decode(f.hint, data[f.name])
    return cls(**values)


def _decode(hint: Any, value: Any) -> Any:
    if value is None or hint in _ATOMS:
        return value
    inner = _optional(hint)
    if inner is not None:
        return _decode(inner, value)
    if hint is Rng:
        return Rng(state=int(value))
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return from_json(hint, value)
    origin = typing.get_origin(hint)
    if origin in (dict, Mapping):
        return {k: _decode(_args(hint)[1], v) for k, v in value.items()}
    if origin in (list, tuple):
        items = [_decode(h, v) for h, v in zip(_items(hint, len(value)), value, strict=True)]
        return items if origin is list else tuple(items)
    return _plain(value)


def _items(hint: Any, n: int) -> tuple[Any, ...]:
    """The type of each of the ``n`` items of a list or tuple of type ``hint``."""
    args = _args(hint)
    if typing.get_origin(hint) is list or (len(args) == 2 and args[1] is Ellipsis):
        return (args[0],) * n
    return args


def _plain(value: Any) -> Any:
    """A fresh copy of a plain JSON value (``Any`` fields: option values, override tables)."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
