"""Range and text checks every service entry makes on what it is given, before any read or write.

Both databases hold 64-bit signed integers and UTF-8 text (PostgreSQL refuses NUL in text). A value
outside them would fail deep in a driver (``OverflowError``, ``UnicodeEncodeError``) instead of being
refused; so each entry checks its ids, versions, seats and ``since`` against 0 … 2^63−1 and its
strings for length and encodability, and answers with :class:`~bot.service.errors.BadInput`. A game
number outside that range simply names no game (``GameNotFound``), like any other unknown number.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

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
