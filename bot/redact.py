"""Log lines without hidden information: exceptions and custom_ids as they may be written to the log.

The log is read by whoever runs the bot, who may also play. An engine error names the input and the
position (a choice id, a seat's goods in a broken invariant), and any other exception raised while a
state is handled may carry a piece of it, so their messages never reach the log: the traceback keeps
the type, the error code and every frame, which is what a bug report needs. Messages of the
transport's own errors (Discord, HTTP, SQLite) say nothing about a game and are kept.
"""

from __future__ import annotations

from types import TracebackType

KEPT = frozenset(
    {
        "discord.errors.HTTPException",
        "discord.errors.GatewayNotFound",
        "discord.errors.ConnectionClosed",
        "aiohttp.client_exceptions.ClientError",
        "sqlite3.Error",
        "builtins.OSError",
    }
)
"""Exceptions of these classes (and their subclasses) keep their message: a status code, a missing
permission, a locked database. Wrappers such as a command's invoke error repeat the message of the
error they wrap, so they are not among them."""

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


class Redacted(Exception):
    """Stands in for an exception whose message was left out of the log."""


def _keeps_message(error: BaseException) -> bool:
    return any(f"{cls.__module__}.{cls.__qualname__}" in KEPT for cls in type(error).__mro__)


def _redacted(error: BaseException, seen: dict[int, BaseException]) -> BaseException:
    if id(error) in seen:
        return seen[id(error)]
    if _keeps_message(error):
        seen[id(error)] = error
        return error
    code = getattr(error, "code", None)
    name = f"{type(error).__module__}.{type(error).__qualname__}"
    label = f"{name} [{code}] (message withheld)" if isinstance(code, str) else f"{name} (message withheld)"
    stand_in = Redacted(label).with_traceback(error.__traceback__)
    seen[id(error)] = stand_in
    if error.__cause__ is not None:
        stand_in.__cause__ = _redacted(error.__cause__, seen)
    if error.__context__ is not None:
        stand_in.__context__ = _redacted(error.__context__, seen)
    stand_in.__suppress_context__ = error.__suppress_context__
    return stand_in


def exc_info(error: BaseException) -> ExcInfo:
    """``exc_info=`` for a log call: ``error``'s traceback and chain, messages withheld as above."""
    stand_in = _redacted(error, {})
    return type(stand_in), stand_in, stand_in.__traceback__


MOVE_PREFIX = "mv:"


def custom_id(value: str) -> str:
    """A component's custom_id for the log: a move button's choice id is left out."""
    if value.startswith(MOVE_PREFIX):
        head = value.split(":")[:3]
        return ":".join([*head, "…"])
    return value
