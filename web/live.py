"""Live pages: a game's open pages learn of every change within a tick, from one look at the database for
all of them, and stop as soon as their link stops opening.

Any process may change a game or a link (a bot process on the same database, another web process's
neighbour), so the watcher asks the database, not its own process. Once per tick it reads the revision
of every game some open page shows (every write to a game bumps it) and wakes the pages of the games
whose revision moved. What ends a page is looked at more often (:data:`LINK_TICK`), because a reader who
revokes their links expects it to be at once: the link generation of every user whose link an open page
came by, and the spectator switch of every server whose game a spectator watches, two small queries
whatever the number of pages; only the pages of the user who revoked, or the spectators of the server
that turned its switch off, are woken. A link's expiry needs no query: the watcher keeps the open pages
by expiry and wakes, at each look, those whose link's time is up on the service's clock; a page also
never waits past its link's expiry. A woken page asks :meth:`Live.refusal` whether it must stop. A page
holds one event stream (``text/event-stream``), which the browser reopens by itself after a cut.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
from collections.abc import AsyncIterator

from bot.clock import Clock, to_epoch
from bot.links import Link, Refusal
from bot.service import GameService

log = logging.getLogger("bricabot.web.live")

TICK = 0.25
"""Seconds between two looks at the games' revisions: a change reaches its pages within this plus the
time to make the page's new content."""
LINK_TICK = 0.05
"""Seconds between two looks at the links' generations and the spectator switches (and the links'
expiries): a revocation waits for the next one, then the process writes every page concerned its
refusal in turn (about 0.08 s for 2,000 pages of one user). A look costs the process about 0.2 ms of
its time (1 ms with 2,000 users), twenty a second while pages are open."""


def _settle(waiter: asyncio.Future[None]) -> None:
    """End a page's wait: its timer and a wake may both come, the first one counts."""
    if not waiter.done():
        waiter.set_result(None)


class Watched:
    """One game's open pages, and its revision as last read."""

    def __init__(self, revision: int) -> None:
        self.revision = revision
        self.pages: set[Page] = set()

    def wake(self, revision: int) -> None:
        """The game is at ``revision`` (or the server stops): each of its pages looks again."""
        self.revision = revision
        for page in self.pages:
            page.wake()


class Page:
    """One open page: the link it came by, the server of its game, and what it waits on.

    Each page waits on a future of its own, with one timer, rather than on an event its game shares: a
    revocation wakes only its user's pages, a wake that comes while the page is busy sending is not
    lost, and a wait makes no task of its own (2,000 pages woken at once are 2,000 steps, no more)."""

    def __init__(self, watched: Watched, link: Link, guild: int | None, clock: Clock) -> None:
        self.watched = watched
        self.link = link
        self.spectated = guild if link.opens == "watch" else None
        """The server whose switch can end this page (a spectator's), else ``None``."""
        self.open = True
        """Until the page closes (the watcher's entry for its expiry is then stale)."""
        self._clock = clock
        self._woken = False
        self._waiter: asyncio.Future[None] | None = None

    def wake(self) -> None:
        """Make the page look again: now if it waits, else as soon as it next would."""
        self._woken = True
        if self._waiter is not None:
            _settle(self._waiter)

    async def moved(self, seen: int, timeout: float) -> int | None:
        """The revision once it differs from ``seen`` (at once if it already does); ``None`` when woken
        for another reason (the link may have stopped opening), after ``timeout`` seconds, or at the
        link's expiry (the wall clock's moment of it, so a page of an idle watcher still ends then)."""
        if not self._woken and self.watched.revision == seen:
            loop = asyncio.get_running_loop()
            self._waiter = waiter = loop.create_future()
            left = self.link.expires - self._clock.now().timestamp()
            timer = loop.call_later(min(timeout, left), _settle, waiter)
            try:
                await waiter
            finally:
                timer.cancel()
                self._waiter = None
        self._woken = False
        return self.watched.revision if self.watched.revision != seen else None


class Live:
    """The watched games of one process, and the task that looks at the database for them."""

    def __init__(self, service: GameService, tick: float = TICK, link_tick: float = LINK_TICK) -> None:
        self._service = service
        self._tick = tick
        self._link_tick = link_tick
        self._games: dict[int, Watched] = {}
        self._users: dict[int, set[Page]] = {}
        self._guilds: dict[int, set[Page]] = {}
        self._generations: dict[int, int] = {}
        self._spectators: dict[int, bool] = {}
        self._expiries: list[tuple[int, int, Page]] = []
        """The open pages by their link's expiry (a heap; a closed page's entry goes when it comes up,
        or when such entries are half the heap)."""
        self._serial = itertools.count()
        self._open = 0
        self._task: asyncio.Task[None] | None = None
        self.closed = False
        """Set when the server stops: every open page's stream ends."""
        self.queries = 0
        """Looks at the games' revisions made (one per tick with pages open, whatever their number); the
        links' looks between them are not counted."""

    @contextlib.asynccontextmanager
    async def watch(self, game_id: int, revision: int, link: Link, guild: int | None) -> AsyncIterator[Page]:
        """Watch ``game_id`` (at ``revision``, as the page was made) for a page opened by ``link`` while
        the block runs."""
        watched = self._games.get(game_id)
        if watched is None:
            watched = self._games[game_id] = Watched(revision)
        page = Page(watched, link, guild, self._service.clock)
        self._learn(link.user, link.generation)  # the page opened: the database has at least its generation
        watched.pages.add(page)
        self._users.setdefault(link.user, set()).add(page)
        if page.spectated is not None:
            self._guilds.setdefault(page.spectated, set()).add(page)
        heapq.heappush(self._expiries, (link.expires, next(self._serial), page))
        self._open += 1
        self._start()
        try:
            yield page
        finally:
            page.open = False
            self._open -= 1
            watched.pages.discard(page)
            if not watched.pages and self._games.get(game_id) is watched:
                del self._games[game_id]
            self._forget(self._users, self._generations, link.user, page)
            if page.spectated is not None:
                self._forget(self._guilds, self._spectators, page.spectated, page)
            if len(self._expiries) > 2 * self._open:
                self._expiries = [entry for entry in self._expiries if entry[2].open]
                heapq.heapify(self._expiries)

    @staticmethod
    def _forget(pages: dict[int, set[Page]], known: dict[int, int] | dict[int, bool], key: int, page: Page) -> None:
        mine = pages[key]
        mine.discard(page)
        if not mine:
            del pages[key]
            known.pop(key, None)

    def _learn(self, user: int, generation: int) -> None:
        """Note that ``user``'s links are at ``generation`` or later: only a revocation changes it, and
        only upwards, so a read older than what a newer page proved cannot undo it. When it rose, the
        user's open pages look again (those of an older link stop)."""
        known = self._generations.get(user)
        if known is not None and generation <= known:
            return
        self._generations[user] = generation
        if known is not None:
            for page in self._users.get(user, ()):
                page.wake()

    def refusal(self, link: Link, guild: int | None) -> Refusal | None:
        """Why a page opened by ``link`` (on a game of ``guild``) must stop, as of the last look and the
        service's clock."""
        if link.expires <= to_epoch(self._service.clock.now()):
            return "expired"
        if link.generation < self._generations.get(link.user, link.generation):
            return "revoked"
        if link.opens == "watch" and guild is not None and not self._spectators.get(guild, True):
            return "spectators_off"
        return None

    def _start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="web-live")

    async def _run(self) -> None:
        """Look while any page is open; stop when the last one closes (started again by the next). The
        games' revisions are read every tick, the links' state every link tick between."""
        loop = asyncio.get_running_loop()
        due = loop.time()
        while self._games and not self.closed:
            self._expire()
            try:
                if loop.time() >= due:
                    due = max(due + self._tick, loop.time())
                    await self.look()
                else:
                    await self._look_links()
            except Exception:  # a database hiccup: the pages keep their content and the next tick tries again
                log.warning("could not read what the open pages depend on", exc_info=True)
            await asyncio.sleep(self._link_tick)

    def _expire(self) -> None:
        """Wake the pages whose link's time is up; costs one comparison when none is."""
        now = to_epoch(self._service.clock.now())
        while self._expiries and self._expiries[0][0] <= now:
            heapq.heappop(self._expiries)[2].wake()

    async def look(self) -> None:
        """Read what the open pages depend on and wake those that must look again."""
        games = dict(self._games)
        if not games:
            return
        self.queries += 1
        revisions, generations, switches = await self._service.watched(
            sorted(games), sorted(self._users), sorted(self._guilds)
        )
        self._links_read(generations, switches)
        for game_id, watched in games.items():
            revision = revisions.get(game_id)
            if revision is not None and revision != watched.revision:
                watched.wake(revision)

    async def _look_links(self) -> None:
        """Read the watched users' link generations and servers' spectator switches alone (two queries),
        many times a second between two full looks."""
        if self._users:
            self._links_read(*await self._service.links_watched(list(self._users), list(self._guilds)))

    def _links_read(self, generations: dict[int, int], switches: dict[int, bool]) -> None:
        """Take in what the database said of the links, waking only the pages it ends."""
        known = self._generations
        for user, generation in generations.items():
            if known.get(user, generation) < generation:  # a user whose pages all closed meanwhile is not known
                self._learn(user, generation)
        for guild, on in switches.items():
            spectators = self._guilds.get(guild)
            if spectators is None or self._spectators.get(guild, True) == on:
                continue
            self._spectators[guild] = on
            if not on:  # a spectator page opens only while the switch is on: it was on for every one
                for page in spectators:
                    page.wake()

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
