"""Persistent storage of games, seats, the action log, snapshots and settings (SQLite via aiosqlite)."""

from bot.store.rows import ActionRow, GameRow, GuildRow, Loaded, NoteRow, SeatRow
from bot.store.store import Store, Tx, connect, dumps, migrate

__all__ = [
    "ActionRow",
    "GameRow",
    "GuildRow",
    "Loaded",
    "NoteRow",
    "SeatRow",
    "Store",
    "Tx",
    "connect",
    "dumps",
    "migrate",
]
