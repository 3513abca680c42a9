"""From stored rows to the service's public values: game records, outcomes, log lines."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any, cast

from bot.clock import from_epoch
from bot.service.deadlines import TimeoutPolicy
from bot.service.models import GameInfo, SeatInfo, Status
from bot.store.rows import GameRow, SeatRow
from engine import registry
from engine.core.contract import Event, Game, Outcome

UNDO_EVENT = "service.undo"
"""The log event of an undo; its text comes from :data:`SERVICE_TEXT`, not from a game's catalogue."""
SEAT_GIVEN = "service.seat_given"
SETTINGS_CHANGED = "service.settings"
SERVICE_TEXT = {
    UNDO_EVENT: "{seat} took back {count} choice(s).",
    SEAT_GIVEN: "The host gave seat {number} to <@{user}>.",
    SETTINGS_CHANGED: "The host changed the settings: {changes}.",
}


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    return {
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "reason": outcome.reason,
        "details": dict(outcome.details),
    }


def outcome_from_json(data: dict[str, Any]) -> Outcome:
    return Outcome(tuple(data["winners"]), tuple(data["scores"]), data["reason"], data.get("details", {}))


def seat_info(seat: SeatRow) -> SeatInfo:
    deadline = None if seat.clock.deadline is None else from_epoch(seat.clock.deadline)
    return SeatInfo(seat.seat, seat.user_id, seat.ai_policy, seat.timeouts, deadline, seat.to_act)


def game_info(row: GameRow, seats: tuple[SeatRow, ...]) -> GameInfo:
    return GameInfo(
        id=row.id,
        kind=row.kind,
        title=registry.get(row.kind).title,
        status=cast(Status, row.status),
        host_id=row.host_id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        thread_id=row.thread_id,
        version=row.version,
        options=dict(row.options),
        seats=tuple(seat_info(s) for s in seats),
        turn_timer=None if row.turn_timer is None else timedelta(seconds=row.turn_timer),
        timeout_policy=TimeoutPolicy(row.replace_after),
        created_at=from_epoch(row.created_at),
        outcome=None if row.outcome is None else outcome_from_json(row.outcome),
        seat_count=row.seat_count,
        capacity=row.seat_count or registry.get(row.kind).max_seats,
        reminders=row.reminders,
    )


def log_line(game: Game[Any], event: Event, lang: str, names: Sequence[str] | None = None) -> str:
    """An event in words: the service's own events from :data:`SERVICE_TEXT`, others from the game.

    Seat parameters become ``names[seat]``, or "Seat 1".. when no names are given.
    """
    template = SERVICE_TEXT.get(event.key)
    if template is not None:
        return template.format(**game.name_seats(event.params, lang, names))
    return game.text(event.key, event.params, lang, names)
