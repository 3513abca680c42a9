"""Typed access to the database: :class:`Store` and its transaction :class:`Tx`, composed of the topics.

The same SQL runs on SQLite and PostgreSQL (:mod:`bot.store.database`). Several processes may write
one database, so every write to an existing game is conditional: a transaction first *claims* the
game at the revision its caller read (``UPDATE games SET revision = revision + 1 WHERE id = ? AND
revision = ?``), and a claim that finds another revision raises :class:`~bot.store.base.Conflict` and
the whole transaction rolls back; the service then reads again and decides again. :class:`Tx` refuses a
write to a game it has not claimed (:mod:`bot.store.base`), so no write path can forget the check.

Each topic's reads and writes live in a module of their own (games and seats, the scheduler, the log,
deliveries, people, servers, web links, results, tutorials); the two classes here only put them together,
so callers keep one object for reads and one for a transaction.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.store.connection import Limits
from bot.store.database import open_database
from bot.store.deliveries import DeliveryStore, DeliveryTx
from bot.store.games import GameStore, GameTx
from bot.store.guilds import GuildStore, GuildTx
from bot.store.links import LinkStore, LinkTx
from bot.store.log import LogStore, LogTx
from bot.store.people import PeopleStore, PeopleTx
from bot.store.results import ResultStore, ResultTx
from bot.store.schedule import ScheduleStore, ScheduleTx
from bot.store.tutorials import TutorialStore, TutorialTx


class Tx(GameTx, ScheduleTx, LogTx, DeliveryTx, PeopleTx, GuildTx, LinkTx, ResultTx, TutorialTx):
    """Writes inside one open transaction; obtained from :meth:`Store.transaction`."""


class Store(
    GameStore, ScheduleStore, LogStore, DeliveryStore, PeopleStore, GuildStore, LinkStore, ResultStore, TutorialStore
):
    """Typed access to the database; see the module docstring for the locking and durability rules."""

    @classmethod
    async def open(cls, address: Path | str, limits: Limits | None = None) -> Store:
        """Open (creating if needed) and migrate the database at ``address``: a SQLite path,
        ``sqlite:///path`` or ``postgresql://…``; every wait on it is held to ``limits``."""
        return cls(await open_database(address, limits))

    async def close(self) -> None:
        await self._db.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """One write transaction: committed when the block ends; any exception (a cancellation too)
        rolls it back and propagates."""
        async with self._db.transaction() as conn:
            tx = Tx(conn, self._db.dialect)
            yield tx
            await tx.flush()
