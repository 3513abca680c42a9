"""One way to hold a game's state: game data beside a :class:`Flow`, copied and serialised from fields.

Every game's state is a dataclass holding its game data (boardgame.io's ``G``) and, in its ``flow``
field, a :class:`Flow` (boardgame.io's ``ctx``): the version, the RNG and where play stands (round,
phase, whose turn). A game extends :class:`Flow` with what its turn order needs.

:func:`copy`, :func:`to_json` and :func:`from_json` work on any such dataclass. Each reads the
class's fields once, with their type hints, and compiles one function per class (as
:mod:`dataclasses` compiles ``__init__``), since copies run on the AI search's hot path and every
stored move writes and reads a state: a list of ints costs one slice. Numbers, strings, ``Any`` (a
plain JSON value never changed in place) and ``Mapping`` (read-only) are shared by copies; lists,
dicts and tuples are rebuilt level by level, nested dataclasses through their own functions, and the
:class:`Rng` is copied, and written as its integer. Two field markers complete the picture:

- :data:`SHARED` (``field(metadata=SHARED)``): a value fixed for the whole game, derived from what is
  stored (rule tables loaded from the overrides): shared by copies, left out of JSON and passed to
  :func:`from_json` by the game;
- :data:`FLAT` on the ``flow`` field: its fields are written beside the game data in the JSON object,
  so stored games keep one flat object.

A class's ``__post_init__`` runs on every copy and load too, so a state that links parts of itself
(teammates sharing a screen) links them again.
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


_Mode = typing.Literal["copy", "encode", "decode"]
_COMPILED: dict[tuple[str, type], Callable[..., Any]] = {}
_NOTHING: Mapping[str, Any] = types.MappingProxyType({})


def copy(state: T) -> T:
    """An independent copy of a state dataclass (what never changes in place is shared)."""
    return typing.cast(T, _compiled("copy", type(state))(state))


def to_json(state: object) -> dict[str, Any]:
    """The JSON object of a state dataclass (what is :data:`SHARED` left out, :data:`FLAT` inlined)."""
    out: dict[str, Any] = _compiled("encode", type(state))(state)
    return out


def from_json(cls: type[T], data: Mapping[str, Any], /, **shared: Any) -> T:
    """A state dataclass from :func:`to_json`'s object; ``shared`` gives its :data:`SHARED` fields."""
    return typing.cast(T, _compiled("decode", cls)(data, shared))


def _compiled(mode: _Mode, cls: type) -> Callable[..., Any]:
    known = _COMPILED.get((mode, cls))
    return known if known is not None else _compile(mode, cls)


def _compile(mode: _Mode, cls: type) -> Callable[..., Any]:
    """Compile ``cls``'s copy, writer or reader: one expression per field, chosen by its type, in one
    function. The reader calls the constructor; the copy, the hottest, fills a new object field by
    field (no argument passing) and then runs ``__post_init__`` as the constructor would."""
    names: dict[str, Any] = {"cls": cls, "new": object.__new__, "Rng": Rng, "plain": _plain, "NOTHING": _NOTHING}
    parts = []
    for f in _fields(cls):
        if mode == "encode":
            if f.flat:
                parts.append(f"**{_helper(mode, f.hint, names)}(o.{f.name})")
            elif not f.shared:
                parts.append(f"{f.name!r}: {_expr(mode, f.hint, f'o.{f.name}', names, 0)}")
        elif mode == "copy":
            value = f"o.{f.name}"
            parts.append(f"n.{f.name} = {value if f.shared else _expr(mode, f.hint, value, names, 0)}")
        elif f.shared:
            parts.append(f"shared[{f.name!r}]")
        elif f.flat:
            parts.append(f"{_helper(mode, f.hint, names)}(o, NOTHING)")
        else:
            parts.append(_expr(mode, f.hint, f"o[{f.name!r}]", names, 0))
    if mode == "copy":
        after = ["n.__post_init__()"] if hasattr(cls, "__post_init__") else []
        body = "\n    ".join(["n = new(cls)", *parts, *after, "return n"])
    elif mode == "encode":
        body = f"return {{{', '.join(parts)}}}"
    else:
        body = f"return cls({', '.join(parts)})"
    source = f"def run(o{', shared' if mode == 'decode' else ''}):\n    {body}\n"
    exec(source, names)  # source made above from the class's own field names and types
    run: Callable[..., Any] = names["run"]
    _COMPILED[(mode, cls)] = run
    return run


def _helper(mode: _Mode, cls: type, names: dict[str, Any]) -> str:
    """The name under which ``names`` holds the compiled function of a nested dataclass."""
    name = f"{mode}_{cls.__name__}_{id(cls)}"
    names[name] = _compiled(mode, cls)
    return name


def _expr(mode: _Mode, hint: Any, value: str, names: dict[str, Any], depth: int) -> str:
    """Python source copying, writing or reading ``value`` of type ``hint``."""
    if hint in _ATOMS or (mode == "copy" and _immutable(hint)):
        return value
    if hint is Any:
        return f"plain({value})"
    inner = _optional(hint)
    if inner is not None:
        done = _expr(mode, inner, value, names, depth)
        return value if done == value else f"(None if {value} is None else {done})"
    if hint is Rng:
        return {"copy": f"{value}.copy()", "encode": f"{value}.state", "decode": f"Rng(state=int({value}))"}[mode]
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return f"{_helper(mode, hint, names)}({value}{', NOTHING' if mode == 'decode' else ''})"
    origin, args, item = typing.get_origin(hint), _args(hint), f"x{depth}"
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        done = _expr(mode, args[0], item, names, depth + 1)
        if origin is tuple and mode != "encode":
            return f"tuple({value})" if done == item else f"tuple({done} for {item} in {value})"
        if done == item:
            return f"{value}[:]" if mode == "copy" else f"list({value})"
        return f"[{done} for {item} in {value}]"
    if origin is tuple and all(a in _ATOMS for a in args):
        return f"list({value})" if mode == "encode" else f"tuple({value})"
    if origin in (dict, Mapping):
        done = _expr(mode, args[1], item, names, depth + 1)
        if done == item:
            return f"dict({value})"
        return f"{{k{depth}: {done} for k{depth}, {item} in {value}.items()}}"
    raise TypeError(f"no copy or JSON form for a state field of type {hint}")


def _plain(value: Any) -> Any:
    """A fresh copy of a plain JSON value (``Any``: option values, override tables)."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
