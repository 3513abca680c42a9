"""What every part of the game service shares: the store, the clock, per-game locks, the write path,
the gate every public call passes (argument types, a failing database), the retry of a write another
process overtook, and the typed reads every call starts with (a missing game, a game not running)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from pathlib import Path
from typing import Any, ParamSpec, TypeVar, cast

from bot import redact
from bot.clock import Clock, SystemClock, to_epoch
from bot.service import convert
from bot.service.errors import Busy, GameNotFound, WrongStatus
from bot.service.inputs import check_arguments, storable
from bot.service.models import GameInfo, MoveRecord
from bot.service.writer import Writer
from bot.store import Conflict, GameRow, Loaded, Store, StoreUnavailable
from bot.store.connection import counting_commits
from engine import registry
from engine.core.contract import Choice, Game
from engine.core.errors import GameFinished

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger("bricabot.service")

TAKEN_KEPT = 4096
"""How many players' recent choices a service keeps in memory to name what Undo takes back."""

ATTEMPTS = 40
"""How many times a call is decided again after another writer changed its game first."""


def retried(call: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Run ``call`` again from its first read whenever its write finds the game changed (:class:`Conflict`).

    Safe because a call's first write is its only one that can conflict before anything is committed:
    later writes (AI moves after a human's) stop quietly on a conflict (see ``Writer.play_ai``). The
    call re-reads and re-checks everything, so a join finds the seat list as it now is and a
    timeout another process already performed is no longer due. A short random pause between tries
    keeps writers from colliding again in step; after :data:`ATTEMPTS` the call gives up with
    :class:`Busy`, having written nothing.
    """

    @functools.wraps(call)
    async def again(*args: P.args, **kwargs: P.kwargs) -> R:
        for attempt in range(ATTEMPTS):
            try:
                return await call(*args, **kwargs)
            except Conflict as conflict:
                if attempt == ATTEMPTS - 1:
                    raise Busy(
                        f"Game #{conflict.game_id} kept changing while this was being done. Nothing was changed; "
                        "try again.",
                        key="busy",
                        game=conflict.game_id,
                    ) from None
                await asyncio.sleep(secrets.randbelow(1000 * (attempt + 1)) / 1_000_000)
        raise AssertionError("unreachable")

    return again


_IN_CALL: ContextVar[bool] = ContextVar("bricabot_service_call", default=False)
"""Set while a public call runs: the calls it makes to other public calls pass the gate unchecked."""


def gated(call: Callable[P, R]) -> Callable[P, R]:
    """The gate of a public service call (every one: see :meth:`ServiceBase.__init_subclass__`).

    First the arguments' types (:func:`~bot.service.inputs.check_arguments`): a wrong one is refused
    with :class:`~bot.service.errors.BadInput` before any lock is taken or the store is touched. Then,
    for a coroutine, a failing database (:class:`~bot.store.StoreUnavailable`): a call that wrote
    nothing and failed on a dropped connection runs once more from its first read (the store gives it a
    fresh connection); a failure after one of the call's commits is reported as not ``unchanged``; the
    failure and its cause are logged once. Calls one public call makes to another pass unchecked.
    """
    if getattr(call, "__gated__", False):
        return call
    if not inspect.iscoroutinefunction(call):

        @functools.wraps(call)
        def checked(*args: P.args, **kwargs: P.kwargs) -> R:
            if not _IN_CALL.get():
                check_arguments(call, args, kwargs)
            return call(*args, **kwargs)

        checked.__gated__ = True  # type: ignore[attr-defined]
        return checked
    run = cast(Callable[P, Awaitable[Any]], call)

    @functools.wraps(call)
    async def guarded(*args: P.args, **kwargs: P.kwargs) -> Any:
        if _IN_CALL.get():
            return await run(*args, **kwargs)
        check_arguments(call, args, kwargs)
        token = _IN_CALL.set(True)
        try:
            with counting_commits() as commits:
                for attempt in (1, 2):
                    try:
                        return await run(*args, **kwargs)
                    except StoreUnavailable as error:
                        if commits.count:
                            raise _logged(call, error.changed()) from error.cause
                        if attempt == 1 and error.transient and error.unchanged:
                            log.info("%s: the database connection dropped; trying once more", call.__name__)
                            continue
                        raise _logged(call, error) from error.cause
        finally:
            _IN_CALL.reset(token)
        raise AssertionError("unreachable")

    guarded.__gated__ = True  # type: ignore[attr-defined]
    return cast(Callable[P, R], guarded)


def _logged(call: Callable[..., Any], error: StoreUnavailable) -> StoreUnavailable:
    """One line per failed call (an outage fails many): the reason and the driver's error, its message
    withheld unless :mod:`bot.redact` keeps it."""
    cause = redact.exc_info(error.cause or error)[1]
    log.warning(
        "%s: the database is unavailable (%s; %s): %s: %s",
        call.__name__,
        error.reason,
        "nothing was written" if error.unchanged else "a write may have been made",
        type(cause).__name__,
        cause,
    )
    return error


class ServiceBase:
    """The state and checks :class:`~bot.service.GameService` and its parts build on.

    Every public method of a subclass (a name without a leading ``_``) passes :func:`gated`: the
    mixins and :class:`~bot.service.GameService` need not remember to check their arguments' types or
    to handle a failing database, and cannot forget to.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, member in list(vars(cls).items()):
            if not name.startswith("_") and inspect.isfunction(member):
                setattr(cls, name, gated(member))

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock | None = None,
        overrides_path: Path | None = None,
        on_commit: Callable[[MoveRecord], None] | None = None,
    ) -> None:
        """``on_commit`` is called after each committed log entry (e.g. a progress bar); keep it quick."""
        self.store = store
        self.clock: Clock = clock or SystemClock()
        self.overrides_path = overrides_path
        self._writer = Writer(store, self._now, on_commit)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.owner = secrets.token_hex(8)
        """Names this service's leases on scheduled work among every process sharing the database."""
        self._taken: OrderedDict[tuple[int, int], Choice] = OrderedDict()
        """``(game, version) -> the choice a player's move at that version made``, for naming what an
        undo takes back without rebuilding the state before it; the newest :data:`TAKEN_KEPT` only."""

    def _remember(self, game_id: int, version: int, game: Game[Any], state: Any, seat: int, choice_id: str) -> None:
        """Keep the :class:`Choice` a move makes (``state`` is the position before it)."""
        decision = game.decision_for(state, seat)
        choice = None if decision is None else decision.get(choice_id)
        if choice is None:
            return
        self._taken[(game_id, version)] = choice
        while len(self._taken) > TAKEN_KEPT:
            self._taken.popitem(last=False)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def _now(self) -> int:
        return to_epoch(self.clock.now())

    @contextlib.asynccontextmanager
    async def _user_games_locked(self, user_id: int) -> AsyncIterator[list[int]]:
        """Hold the locks of every running game ``user_id`` sits in (in id order; no other call holds
        two game locks), for a change to all their clocks at once (vacation, new hours); yields the
        games locked."""
        held = await self.store.user_seats(user_id, statuses=("active",))
        locked = sorted({seat.game_id for seat in held})
        async with contextlib.AsyncExitStack() as stack:
            for game_id in locked:
                await stack.enter_async_context(self._lock(game_id))
            yield locked

    @gated
    async def game(self, game_id: int) -> GameInfo:
        """A game's public record."""
        row = await self._row(game_id)
        return convert.game_info(row, await self.store.seats(game_id))

    async def _row(self, game_id: int) -> GameRow:
        row = await self.store.game(game_id) if storable(game_id) else None
        if row is None:
            raise GameNotFound(f"There is no game #{game_id}.", game=game_id)
        return row

    async def _loaded(self, game_id: int) -> Loaded:
        loaded = await self.store.load(game_id) if storable(game_id) else None
        if loaded is None:
            raise GameNotFound(f"There is no game #{game_id}.", game=game_id)
        return loaded

    def _active(self, loaded: Loaded) -> Game[Any]:
        row = loaded.game
        if row.status == "finished":
            raise GameFinished(f"Game #{row.id} has already ended.", game=row.id)
        if row.status != "active":
            why = {"lobby": "has not started yet", "cancelled": "was cancelled"}.get(row.status, f"is {row.status}")
            raise WrongStatus(
                f"Game #{row.id} {why}: nothing can be played.",
                key="status.play_unstarted"
                if row.status == "lobby"
                else "status.play_cancelled"
                if row.status == "cancelled"
                else "status.not_active",
                game=row.id,
                status=row.status,
            )
        return registry.get(row.kind)
