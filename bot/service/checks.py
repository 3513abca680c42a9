"""The checks every service call makes before it writes anything: host rights, versions, options, state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.service.errors import BadSetting, GameFull, NotHost, WrongStatus
from bot.store import GameRow, Loaded
from engine.core.contract import Game
from engine.core.errors import BadOptions, EngineError, StaleVersion


def state_of(game: Game[Any], loaded: Loaded) -> Any:
    """The game state from the latest snapshot; a lobby has none yet."""
    if loaded.state is None:
        if loaded.game.status == "cancelled":
            raise WrongStatus(
                f"Game #{loaded.game.id} was cancelled before it started.",
                key="status.cancelled_unstarted",
                game=loaded.game.id,
            )
        raise WrongStatus(f"Game #{loaded.game.id} has not started yet.", key="status.unstarted", game=loaded.game.id)
    return game.from_json(loaded.state)


def check_host(row: GameRow, user_id: int) -> None:
    if row.host_id != user_id:
        raise NotHost("Only the host of this game can do that.", game=row.id, user=user_id)


def check_version(row: GameRow, expected: int) -> None:
    if expected != row.version:
        raise StaleVersion(
            f"That choice was made on version {expected}, but game #{row.id} is at version {row.version}. "
            "Refresh and choose again.",
            expected=expected,
            actual=row.version,
        )


def check_lobby_options(game: Game[Any], options: Mapping[str, Any]) -> None:
    """Options must be valid for at least one seat count; the real count is checked at start."""
    error: EngineError | None = None
    for seats in range(game.max_seats, game.min_seats - 1, -1):
        try:
            game.validate_options(seats, options)
            return
        except BadOptions as exc:
            error = error or exc
    assert error is not None
    raise error


def check_seat_count(game: Game[Any], seats: int | None) -> None:
    """A lobby's chosen seat count must be one the game can be played with."""
    if seats is not None and not game.min_seats <= seats <= game.max_seats:
        raise BadSetting(
            f"{game.title} is played with {game.min_seats} to {game.max_seats} seats, not {seats}.",
            key="options.seat_count",
            game=game.title,
            low=game.min_seats,
            high=game.max_seats,
            seats=seats,
        )


def check_room(row: GameRow, game: Game[Any], taken: int) -> None:
    """A lobby takes another seat only below its chosen count (else the game's maximum)."""
    capacity = row.seat_count or game.max_seats
    if taken >= capacity:
        raise GameFull(
            f"This {game.title} lobby is full ({capacity} seats).",
            key="lobby.full",
            game=row.id,
            title=game.title,
            n=capacity,
        )
