"""The persistent, game-independent game service (see ``docs/service.md``)."""

from bot.service.deadlines import TURN_TIMERS, TimeoutPolicy, turn_timer
from bot.service.errors import (
    AlreadySeated,
    BadSetting,
    CannotUndo,
    GameFull,
    GameNotFound,
    NotEnoughSeats,
    NotHost,
    NotSeated,
    ServiceError,
    WrongStatus,
)
from bot.service.models import (
    DmSettings,
    GameInfo,
    GameKind,
    GuildSettings,
    LogEntry,
    MoveRecord,
    MoveResult,
    PendingDecision,
    SeatInfo,
    TableView,
    Work,
)
from bot.service.service import GameService, open_service

__all__ = [
    "TURN_TIMERS",
    "AlreadySeated",
    "BadSetting",
    "CannotUndo",
    "DmSettings",
    "GameFull",
    "GameInfo",
    "GameKind",
    "GameNotFound",
    "GameService",
    "GuildSettings",
    "LogEntry",
    "MoveRecord",
    "MoveResult",
    "NotEnoughSeats",
    "NotHost",
    "NotSeated",
    "PendingDecision",
    "SeatInfo",
    "ServiceError",
    "TableView",
    "TimeoutPolicy",
    "Work",
    "WrongStatus",
    "open_service",
    "turn_timer",
]
