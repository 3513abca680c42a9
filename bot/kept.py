"""Values made once per key and kept while they are recent: what a face shows of a game that did not
change (its pictures, a page's content) is made by the first caller and served to the others.

Two callers asking at once for the same key wait for one making; a failed making is kept by nobody
and raised to every caller waiting for it.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """The ``size`` most recently used values by key; ``made`` counts the makings (so a test can tell
    that showing an unchanged game made nothing)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._done: OrderedDict[K, V] = OrderedDict()
        self._pending: dict[K, asyncio.Future[V]] = {}
        self.made = 0

    def get(self, key: K) -> V | None:
        """The value kept under ``key``, without making it."""
        found = self._done.get(key)
        if found is not None:
            self._done.move_to_end(key)
        return found

    async def __call__(self, key: K, make: Callable[[], Awaitable[V]]) -> V:
        """The value under ``key``, made by ``make`` if nobody has made it or is making it."""
        found = self.get(key)
        if found is not None:
            return found
        waiting = self._pending.get(key)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[V] = asyncio.get_running_loop().create_future()
        self._pending[key] = future
        try:
            self.made += 1
            value = await make()
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: a failure nobody else waited for is not reported as lost
            raise
        finally:
            del self._pending[key]
        future.set_result(value)
        self._done[key] = value
        while len(self._done) > self._size:
            self._done.popitem(last=False)
        return value
