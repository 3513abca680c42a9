"""Type, range and text checks every service entry makes on what it is given, before any read or write.

Types first, for every call alike (:func:`check_arguments`, run by the service's one gate, see
:mod:`bot.service.base`): each argument must be of its annotated type — an ``int`` is never a
``bool``, ``None`` only where the annotation allows it, a ``Literal`` one of its values, a dataclass
with fields of their own annotated types — so a wrong type is a :class:`~bot.service.errors.BadInput`
before any lock is taken, never a ``TypeError`` from deep inside, and never a ``NULL`` the database
would turn into a new row.

Both databases hold 64-bit signed integers and UTF-8 text (PostgreSQL refuses NUL in text). A value
outside them would fail deep in a driver (``OverflowError``, ``UnicodeEncodeError``) instead of being
refused; so each entry checks its ids, versions, seats and ``since`` against 0 … 2^63−1 and its
strings for length and encodability, and answers with :class:`~bot.service.errors.BadInput`. A game
number outside that range simply names no game (``GameNotFound``), like any other unknown number.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import inspect
import types
import typing
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, Literal, Union

from bot.service.errors import BadInput

MAX_INT = 2**63 - 1
"""The largest id, version or count a store holds (SQLite's INTEGER and PostgreSQL's BIGINT)."""

SHORT_TEXT = 64
"""Names: a game kind, an AI policy, a language, a timer preset, a message purpose, a status."""

CHOICE_TEXT = 1000
"""A choice id (the engine's ids are far shorter; Discord's component values stop at 100)."""

NAME_TEXT = 200
"""A player's display name in log lines."""


def storable(game_id: object) -> bool:
    """Whether ``game_id`` could name a stored game (an integer in 0 … 2^63−1)."""
    return isinstance(game_id, int) and 0 <= game_id <= MAX_INT


def check_ints(**values: object) -> None:
    """Each value (ids, versions, seats, ``since``) is ``None`` or an integer in 0 … 2^63−1."""
    for name, value in values.items():
        if value is None:
            continue
        if not isinstance(value, int) or not 0 <= value <= MAX_INT:
            shown = repr(value) if isinstance(value, int) and abs(value) < 10**30 else "that value"
            raise BadInput(f"{name.replace('_', ' ')} must be a whole number from 0 to {MAX_INT}, not {shown}.")


def check_ids(numbers: Collection[object]) -> None:
    """Each of ``numbers`` (ids of games, users, servers) is an integer in 0 … 2^63−1: one pass over
    thousands of them (the web's live pages ask several times a second), the first wrong one named."""
    if not all(type(number) is int and 0 <= number <= MAX_INT for number in numbers):
        check_ints(**{f"id {index}": number for index, number in enumerate(numbers)})


def check_text(name: str, value: object, limit: int = SHORT_TEXT) -> None:
    """``value`` is a string of at most ``limit`` characters, without NUL, that UTF-8 can encode."""
    if not isinstance(value, str):
        raise BadInput(f"{name.replace('_', ' ')} must be text.")
    if len(value) > limit:
        raise BadInput(f"{name.replace('_', ' ')} is too long ({len(value)} characters; at most {limit}).")
    if "\x00" in value:
        raise BadInput(f"{name.replace('_', ' ')} contains a NUL character.")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise BadInput(f"{name.replace('_', ' ')} is not valid text (a lone surrogate).") from None


def check_texts(name: str, values: Iterable[object] | None, limit: int = SHORT_TEXT, count: int = 64) -> None:
    """At most ``count`` strings, each passing :func:`check_text`."""
    if values is None:
        return
    items = list(values)
    if len(items) > count:
        raise BadInput(f"{name.replace('_', ' ')} has too many entries ({len(items)}; at most {count}).")
    for item in items:
        check_text(name, item, limit)


def check_options(options: Mapping[str, Any] | None) -> None:
    """Lobby options: a few short names with short text, number or flag values (the engine checks meaning)."""
    if options is None:
        return
    if len(options) > 32:
        raise BadInput(f"too many options ({len(options)}).")
    for key, value in options.items():
        check_text("option name", key)
        if isinstance(value, str):
            check_text("option value", value)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            raise BadInput(f"option {key} is out of range.")


def conforms(value: object, hint: Any) -> bool:
    """Whether ``value`` is of the annotated type ``hint`` (the subset of typing the service uses)."""
    if hint is Any or isinstance(hint, typing.TypeVar):
        return True
    if hint is None or hint is type(None):
        return value is None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Union or origin is types.UnionType:
        return any(conforms(value, arg) for arg in args)
    if origin is Literal:
        return any(type(value) is type(arg) and value == arg for arg in args)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if origin is not None:
        return _conforms_generic(value, origin, args)
    if isinstance(hint, type):
        if not isinstance(value, hint):
            return False
        if dataclasses.is_dataclass(hint) and not isinstance(value, enum.Enum):
            fields = _field_hints(hint)
            return all(conforms(getattr(value, f.name), fields[f.name]) for f in dataclasses.fields(hint))
        return True
    return True


def _conforms_generic(value: object, origin: Any, args: tuple[Any, ...]) -> bool:
    if origin is Callable:
        return callable(value)
    if not isinstance(value, origin) or isinstance(value, str | bytes):
        return False  # text is never a collection of texts here
    if isinstance(value, Mapping):
        key, item = args if len(args) == 2 else (Any, Any)
        return all(conforms(k, key) and conforms(v, item) for k, v in value.items())
    if origin is tuple and args and args[-1] is not Ellipsis:  # a fixed-length tuple type
        return len(value) == len(args) and all(conforms(v, a) for v, a in zip(value, args, strict=True))
    if args and isinstance(value, Iterable) and hasattr(value, "__len__"):
        return all(conforms(item, args[0]) for item in value)
    return True


@functools.cache
def _field_hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def describe(hint: Any) -> str:
    """``hint`` in words, for a refusal."""
    if hint is None or hint is type(None):
        return "nothing"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Union or origin is types.UnionType:
        return " or ".join(describe(arg) for arg in args)
    if origin is Literal:
        return "one of " + ", ".join(repr(arg) for arg in args)
    words = {int: "a whole number", bool: "true or false", str: "text", float: "a number"}
    if hint in words:
        return words[hint]
    if origin is not None:
        return f"a {getattr(origin, '__name__', str(origin))}"
    return f"a {getattr(hint, '__name__', str(hint))}"


@functools.cache
def _hints(function: Callable[..., Any]) -> tuple[inspect.Signature, dict[str, Any]]:
    hints = typing.get_type_hints(function)
    hints.pop("return", None)
    return inspect.signature(function), hints


def check_arguments(function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Each argument of a call of ``function`` is of its annotated type, else :class:`BadInput`
    naming the first that is not (``self`` and unannotated parameters are not checked)."""
    signature, hints = _hints(function)
    bound = signature.bind(*args, **kwargs)
    for name, value in bound.arguments.items():
        hint = hints.get(name)
        if hint is not None and not conforms(value, hint):
            raise BadInput(f"{name.replace('_', ' ')} must be {describe(hint)}, not {type(value).__name__}.")
