"""Live pages: a game's open pages learn of every change within a tick, from one look at the database for
all of them.

Any process may change a game (a bot process on the same database, another web process's neighbour),
so the watcher asks the database, not its own process: once per tick it reads the revision of every
game some open page shows (every write to a game bumps it), the link generation of every user whose
link an open page came by, and the spectator switch of every server whose game a spectator watches:
three queries, however many pages are open (:meth:`bot.service.GameService.watched`). It wakes the pages
of the games whose revision moved, and every page when a link was revoked or a switch turned, so the
page tells its reader the link stopped opening. A page holds one event stream (``text/event-stream``),
which the browser reopens by itself after a cut.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import AsyncIterator

from bot.links import Link, Refusal
from bot.service import GameService

log = logging.getLogger("bricabot.web.live")

TICK = 0.25
"""Seconds between two looks at the database: a change reaches its pages within this plus the time to
make the page's new content."""


class Watched:
    """One game's open pages: its revision as last read, and an event set when they must look again."""

    def __init__(self, revision: int) -> None:
        self.revision = revision
        self.pages = 0
        self._woken = asyncio.Event()

    def wake(self, revision: int) -> None:
        self.revision = revision
        self._woken.set()
        self._woken = asyncio.Event()

    async def moved(self, seen: int, timeout: float) -> int | None:
        """The revision once it differs from ``seen`` (at once if it already does); ``None`` when woken
        for another reason (a link revoked somewhere) or after ``timeout`` seconds."""
        if self.revision != seen:
            return self.revision
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._woken.wait(), timeout)
        return self.revision if self.revision != seen else None


class Live:
    """The watched games of one process, and the task that looks at the database for them."""

    def __init__(self, service: GameService, tick: float = TICK) -> None:
        self._service = service
        self._tick = tick
        self._games: dict[int, Watched] = {}
        self._users: Counter[int] = Counter()
        self._guilds: Counter[int] = Counter()
        self._generations: dict[int, int] = {}
        self._spectators: dict[int, bool] = {}
        self._task: asyncio.Task[None] | None = None
        self.closed = False
        """Set when the server stops: every open page's stream ends."""
        self.queries = 0
        """Looks at the database made (one per tick with pages open, whatever their number)."""

    @contextlib.asynccontextmanager
    async def watch(self, game_id: int, revision: int, link: Link, guild: int | None) -> AsyncIterator[Watched]:
        """Watch ``game_id`` (at ``revision``, as the page was made) for a page opened by ``link`` while
        the block runs."""
        watched = self._games.get(game_id)
        if watched is None:
            watched = self._games[game_id] = Watched(revision)
        watched.pages += 1
        self._users[link.user] += 1
        self._generations.setdefault(link.user, link.generation)
        spectated = guild if link.opens == "watch" else None
        if spectated is not None:
            self._guilds[spectated] += 1
        self._start()
        try:
            yield watched
        finally:
            watched.pages -= 1
            if watched.pages == 0 and self._games.get(game_id) is watched:
                del self._games[game_id]
            self._forget(self._users, self._generations, link.user)
            if spectated is not None:
                self._forget(self._guilds, self._spectators, spectated)

    @staticmethod
    def _forget(counts: Counter[int], known: dict[int, int] | dict[int, bool], key: int) -> None:
        counts[key] -= 1
        if counts[key] <= 0:
            del counts[key]
            known.pop(key, None)

    def refusal(self, link: Link, guild: int | None) -> Refusal | None:
        """Why a page opened by ``link`` (on a game of ``guild``) must stop, as of the last look."""
        if self._generations.get(link.user, link.generation) != link.generation:
            return "revoked"
        if link.opens == "watch" and guild is not None and not self._spectators.get(guild, True):
            return "spectators_off"
        return None

    def _start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="web-live")

    async def _run(self) -> None:
        """Look while any page is open; stop when the last one closes (started again by the next)."""
        while self._games and not self.closed:
            try:
                await self.look()
            except Exception:  # a database hiccup: the pages keep their content and the next tick tries again
                log.warning("could not read the watched games' revisions", exc_info=True)
            await asyncio.sleep(self._tick)

    async def look(self) -> None:
        """Read what the open pages depend on and wake those that must look again."""
        games = dict(self._games)
        if not games:
            return
        self.queries += 1
        revisions, generations, switches = await self._service.watched(
            sorted(games), sorted(self._users), sorted(self._guilds)
        )
        turned = any(self._generations.get(u, g) != g for u, g in generations.items()) or any(
            self._spectators.get(s, on) != on for s, on in switches.items()
        )
        self._generations.update((u, g) for u, g in generations.items() if u in self._users)
        self._spectators.update((s, on) for s, on in switches.items() if s in self._guilds)
        for game_id, watched in games.items():
            revision = revisions.get(game_id)
            if revision is not None and revision != watched.revision:
                watched.wake(revision)
            elif turned:
                watched.wake(watched.revision)

    async def close(self) -> None:
        """Stop the watcher and wake every open page so its stream ends (the server is shutting down)."""
        self.closed = True
        for watched in list(self._games.values()):
            watched.wake(watched.revision)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
