"""Persistent storage of games, seats, the action log, snapshots and settings (SQLite via aiosqlite)."""

from bot.store.rows import ActionRow, GameRow, Loaded, SeatRow
from bot.store.store import Store, Tx, connect, dumps, migrate

__all__ = ["ActionRow", "GameRow", "Loaded", "SeatRow", "Store", "Tx", "connect", "dumps", "migrate"]
