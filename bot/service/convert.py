"""From stored rows to the service's public values: game records, outcomes, log lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any, cast

from bot.clock import from_epoch
from bot.service import names
from bot.service.deadlines import TimeoutPolicy
from bot.service.models import GameInfo, SeatInfo, Status
from bot.store.rows import GameRow, SeatRow
from bot.words import t
from engine import registry
from engine.core.contract import Event, Game, Outcome

UNDO_EVENT = "service.undo"
"""The log event of an undo; its text is the Discord layer's ``history.undo``, not a game's."""
SEAT_GIVEN = "service.seat_given"
SETTINGS_CHANGED = "service.settings"
HINT_ASKED = "service.hint"
"""A player asked which move the ``hard`` AI would choose (params: seat, count so far)."""


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
    return SeatInfo(
        seat.seat, seat.user_id, seat.ai_policy, seat.timeouts, deadline, seat.to_act, seat.display_name, seat.hours
    )


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
        missed_level=row.missed_level,
        hints=row.hints,
        active_hours=row.active_hours,
        think=row.think,
    )


def log_line(game: Game[Any], event: Event, lang: str, names: Sequence[str] | None = None) -> str:
    """An event in words: the service's own events (undo, the host's notes) from the Discord layer's
    catalogue, others from the game's.

    Seat parameters become ``names[seat]``, or "Seat 1".. when no names are given.
    """
    params = event.params
    if event.key == UNDO_EVENT:
        return t("history.undo", lang, **game.name_seats(params, lang, names))
    if event.key == SEAT_GIVEN:
        return t("history.seat_given", lang, name=_newcomer(params, lang), before=_previous(params, lang))
    if event.key == SETTINGS_CHANGED:
        return t("history.settings", lang, changes=_changes(params, lang))
    if event.key == HINT_ASKED:
        seat = params.get("seat", 0)
        who = names[seat] if names and 0 <= seat < len(names) else t("people.player", lang, number=seat + 1)
        return t("hints.asked", lang, name=who, count=params.get("count", 1))
    return game.text(event.key, params, lang, names)


def _newcomer(params: Mapping[str, Any], lang: str) -> str:
    """Who was given a seat, by the name noted when it was given."""
    return params.get("name") or t("people.player", lang, number=params.get("number", "?"))


def _previous(params: Mapping[str, Any], lang: str) -> str:
    """Who held a seat before it was given: the AI (by its level) or the player, as they were then."""
    number = params.get("number", 0)
    seat = SeatInfo(number - 1 if isinstance(number, int) else 0, None, params.get("level"), name=params.get("before"))
    return names.seat_name(seat, lang)


def _changes(params: Mapping[str, Any], lang: str) -> str:
    """A settings note's changes in words; notes written before they were kept as values hold their text."""
    if "changes" in params:
        return str(params["changes"])
    parts = []
    if "timer" in params:
        parts.append(t("history.timer", lang, timer=params["timer"]))
    if "reminders" in params:
        parts.append(t("history.reminders_on" if params["reminders"] else "history.reminders_off", lang))
    if "replace_after" in params:
        after = params["replace_after"]
        parts.append(t("history.missed_ai", lang) if after is None else t("history.missed_replace", lang, n=after))
    if "missed_level" in params:
        parts.append(t("hints.missed_level", lang, level=t(f"people.level.{params['missed_level']}", lang)))
    if "hints" in params:
        parts.append(t("hints.setting_on" if params["hints"] else "hints.setting_off", lang))
    if "active_hours" in params:
        parts.append(t("hours.history_on" if params["active_hours"] else "hours.history_off", lang))
    if "think" in params:
        parts.append(t("hints.think", lang, n=params["think"]))
    return ", ".join(parts)
