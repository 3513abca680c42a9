"""Live pages: a game's open pages learn of every change within a tick, from one query for all of them.

Any process may change a game (a bot process on the same database, another web process's neighbour),
so the watcher asks the database, not its own process: once per tick, one query reads the revision of
every game some open page shows (:meth:`bot.store.Store.revisions`; every write to a game bumps it),
however many pages are open, and wakes the pages of the games whose revision moved. A page holds one
event stream (``text/event-stream``), which the browser reopens by itself after a cut.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from bot.service import GameService

log = logging.getLogger("bricabot.web.live")

TICK = 0.5
"""Seconds between two looks at the watched games' revisions: a change reaches its pages within this
plus the time to make the page's new content."""


class Watched:
    """One game's open pages: its revision as last read, and an event set when it moves."""

    def __init__(self, revision: int) -> None:
        self.revision = revision
        self.pages = 0
        self._moved = asyncio.Event()

    def move(self, revision: int) -> None:
        self.revision = revision
        self._moved.set()
        self._moved = asyncio.Event()

    async def moved(self, seen: int, timeout: float) -> int | None:
        """The revision once it differs from ``seen`` (at once if it already does), ``None`` after
        ``timeout`` seconds without a change."""
        if self.revision != seen:
            return self.revision
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._moved.wait(), timeout)
        return self.revision if self.revision != seen else None


class Live:
    """The watched games of one process, and the task that reads their revisions."""

    def __init__(self, service: GameService, tick: float = TICK) -> None:
        self._service = service
        self._tick = tick
        self._games: dict[int, Watched] = {}
        self._task: asyncio.Task[None] | None = None
        self.closed = False
        """Set when the server stops: every open page's stream ends."""
        self.queries = 0
        """Revision queries made (one per tick with pages open, whatever their number)."""

    @contextlib.asynccontextmanager
    async def watch(self, game_id: int, revision: int) -> AsyncIterator[Watched]:
        """Watch ``game_id`` (at ``revision``, as the page was made) while the block runs."""
        watched = self._games.get(game_id)
        if watched is None:
            watched = self._games[game_id] = Watched(revision)
        watched.pages += 1
        self._start()
        try:
            yield watched
        finally:
            watched.pages -= 1
            if watched.pages == 0 and self._games.get(game_id) is watched:
                del self._games[game_id]

    def _start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="web-live")

    async def _run(self) -> None:
        """Poll while any page is open; stop when the last one closes (started again by the next)."""
        while self._games:
            try:
                await self.look()
            except Exception:  # a database hiccup: the pages keep their content and the next tick tries again
                log.warning("could not read the watched games' revisions", exc_info=True)
            await asyncio.sleep(self._tick)

    async def look(self) -> None:
        """Read every watched game's revision in one query and wake the pages of those that moved."""
        games = dict(self._games)
        if not games:
            return
        self.queries += 1
        revisions = await self._service.revisions(sorted(games))
        for game_id, watched in games.items():
            revision = revisions.get(game_id)
            if revision is not None and revision != watched.revision:
                watched.move(revision)

    async def close(self) -> None:
        """Stop the watcher and wake every open page so its stream ends (the server is shutting down)."""
        self.closed = True
        for watched in list(self._games.values()):
            watched.move(watched.revision)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
