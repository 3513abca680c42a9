"""What has gone wrong on Discord's side, so tests can check how the bot copes.

A test states a fault on :attr:`FakeDiscord.faults` (or through the fake's moderator actions: deleting
a message or a channel, archiving or locking a thread), and the fake answers every later request it
touches with the status and JSON error body Discord sends (``{"code": N, "message": ...}``), so
discord.py raises the same exception (``NotFound``, ``Forbidden``, ``HTTPException``,
``DiscordServerError``) with the same ``.code``. Every refused request stays in
:attr:`FakeDiscord.requests` with its ``status``, so a test can count the bot's failed attempts.

discord.py retries some 5xx by itself: its REST client retries 500, 502, 504 and 524 (5 tries in all,
sleeping 1, 3, 5, 7 then 9 s after each: 25 s before it raises ``DiscordServerError``) and raises any
other 5xx, e.g. 503, at once; its webhook and interaction client retries every 5xx the same way. A test
that meets those waits uses :func:`skip_backoff`.

Removing an entry (``discard``, ``del``) lifts a fault that Discord lets be lifted: a permission given
back, the bot added to its server again. Deleted messages and channels stay deleted, as on Discord.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import discord.http
import discord.webhook.async_
import pytest

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_INTERACTION = 10062
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
THREAD_ARCHIVED = 50083
THREAD_ALREADY_CREATED = 160004
THREAD_LOCKED = 160005

_MESSAGES = {
    UNKNOWN_CHANNEL: "Unknown Channel",
    UNKNOWN_MESSAGE: "Unknown Message",
    UNKNOWN_INTERACTION: "Unknown interaction",
    MISSING_ACCESS: "Missing Access",
    MISSING_PERMISSIONS: "Missing Permissions",
    THREAD_ARCHIVED: "Thread is archived",
    THREAD_ALREADY_CREATED: "A thread has already been created for this message",
    THREAD_LOCKED: "Thread is locked",
}
_STATUS_TEXT = {500: "500: Internal Server Error", 502: "502: Bad Gateway", 503: "503: Service Unavailable"}

Route = tuple[str, str]
"""An HTTP method (``"*"`` for any) and a regular expression the whole path must match, e.g.
``("POST", r"/channels/\\d+/messages")``; paths are as recorded, without ``/api/v10``."""


def error(status: int, code: int) -> tuple[int, dict[str, Any]]:
    """Discord's answer for a JSON error ``code``."""
    return status, {"message": _MESSAGES[code], "code": code}


def matches(route: Route, method: str, path: str) -> bool:
    wanted, pattern = route
    return wanted in ("*", method) and re.fullmatch(pattern, path) is not None


@dataclass
class Faults:
    """The faults in force; every field is read on each request, so a test may change them at any time."""

    deleted_channels: set[int] = field(default_factory=set)
    """Channels and threads a moderator deleted (see :meth:`FakeDiscord.delete_channel`): 404 10003 on
    everything, and a thread cannot be made again on the same message (400 160004)."""
    denied_channels: set[int] = field(default_factory=set)
    """Channels (and their threads) where the bot lost Send Messages, Send Messages in Threads, Create
    Public Threads and Attach Files: sending, editing (a board's image), creating threads and reopening an
    archived thread answer 403 50013; reading still works."""
    removed_guilds: set[int] = field(default_factory=set)
    """Servers the bot was removed from: every request on their channels or commands answers 403 50001."""
    expired_interactions: set[str] = field(default_factory=set)
    """Tokens of interactions Discord no longer accepts an answer to: the callback answers 404 10062."""
    bursts: dict[Route, list[int]] = field(default_factory=dict)
    """Route -> the statuses (5xx) its next requests answer, one each, in order."""
    delays: dict[Route, float] = field(default_factory=dict)
    """Route -> seconds every request to it waits before being answered, until removed."""
    refusals: dict[Route, tuple[int, int]] = field(default_factory=dict)
    """Route -> the (status, JSON error code) every request to it answers, until removed."""

    def fail(self, method: str, pattern: str, status: int = 503, times: int = 1) -> None:
        """Answer the next ``times`` requests matching the route with ``status`` (a 5xx)."""
        self.bursts.setdefault((method, pattern), []).extend([status] * times)

    def slow(self, method: str, pattern: str, seconds: float) -> None:
        """Make every request matching the route wait ``seconds``; ``del faults.delays[...]`` ends it."""
        self.delays[(method, pattern)] = seconds

    def delay(self, method: str, path: str) -> float:
        return max((s for route, s in self.delays.items() if matches(route, method, path)), default=0.0)

    def refuse(self, method: str, pattern: str, status: int, code: int) -> None:
        """Answer every request matching the route with Discord's error ``code``; ``del faults.refusals[...]``
        ends it."""
        self.refusals[(method, pattern)] = (status, code)

    def server_error(self, method: str, path: str) -> tuple[int, dict[str, Any]] | None:
        """The 5xx this request answers, if a burst on its route has one left (and uses it up), or the
        refusal in force on its route."""
        for route, (status, code) in self.refusals.items():
            if matches(route, method, path):
                return error(status, code)
        for route, statuses in self.bursts.items():
            if statuses and matches(route, method, path):
                status = statuses.pop(0)
                return status, {"message": _STATUS_TEXT.get(status, f"{status}: Server Error"), "code": 0}
        return None


class _Backoff(ModuleType):
    """``asyncio`` as discord.py's HTTP clients see it, with ``sleep`` noted and skipped."""

    def __init__(self, slept: list[float]) -> None:
        super().__init__("asyncio")
        self.slept = slept

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        if delay > 0:  # a rate limit bucket's release sleeps 0 s
            self.slept.append(delay)
        return await asyncio.sleep(0, result)


def skip_backoff(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Make discord.py's retry waits (5xx back-off, 429 ``retry_after``) instant for a test; returns the
    list the seconds it would have slept are appended to, so a test can still check them."""
    slept: list[float] = []
    backoff = _Backoff(slept)
    monkeypatch.setattr(discord.http, "asyncio", backoff)
    monkeypatch.setattr(discord.webhook.async_, "asyncio", backoff)
    return slept
