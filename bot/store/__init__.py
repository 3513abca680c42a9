"""Persistent storage of games, seats, the action log, snapshots and settings (SQLite or PostgreSQL)."""

from bot.store.base import Conflict, dumps
from bot.store.connection import Limits, StoreUnavailable
from bot.store.database import connect, migrate, open_database, sqlite_path
from bot.store.rows import ActionRow, DeliveryRow, GameRow, GuildRow, Loaded, NoteRow, ResultRow, SeatRow, TutorialRow
from bot.store.store import Store, Tx

__all__ = [
    "ActionRow",
    "Conflict",
    "DeliveryRow",
    "GameRow",
    "GuildRow",
    "Limits",
    "Loaded",
    "NoteRow",
    "ResultRow",
    "SeatRow",
    "Store",
    "StoreUnavailable",
    "TutorialRow",
    "Tx",
    "connect",
    "dumps",
    "migrate",
    "open_database",
    "sqlite_path",
]
