"""Log lines carry no hidden information: failures are logged with their traceback, not their message."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest
from discord import app_commands

from bot import redact
from bot.service import GameService, MoveRecord
from engine.core.errors import IllegalChoice, InvariantBroken
from tests.bot.conftest import started_tiny

SECRET = "seat 2 has a negative quantity: [3, 1, -1, 0, 4]"


def _formatted(error: BaseException) -> str:
    record = logging.LogRecord("t", logging.ERROR, __file__, 1, "failed", (), redact.exc_info(error))
    return logging.Formatter().format(record)


def _raised(error: BaseException) -> BaseException:
    try:
        raise error
    except BaseException as caught:
        return caught


def test_engine_errors_keep_their_type_code_and_frames_but_not_their_message() -> None:
    text = _formatted(_raised(InvariantBroken(SECRET)))
    assert "invariant_broken" in text and "InvariantBroken" in text and "_raised" in text
    assert "negative quantity" not in text


def test_wrapped_and_chained_errors_are_withheld_too() -> None:
    inner = _raised(IllegalChoice("'goods:2:wd' is not a legal choice for seat 1 at pay."))
    try:
        raise app_commands.CommandInvokeError.__new__(app_commands.CommandInvokeError) from inner
    except app_commands.CommandInvokeError as outer:
        outer.args = (f"Command 'play' raised an exception: {inner}",)
        text = _formatted(outer)
    assert "goods:2:wd" not in text and "illegal_choice" in text
    context = _raised(KeyError("goods:2:wd"))
    try:
        raise RuntimeError("while handling") from context
    except RuntimeError as error:
        assert "goods:2:wd" not in _formatted(error)


def test_transport_errors_keep_their_message() -> None:
    response: Any = type("Response", (), {"status": 403, "reason": "Forbidden"})()
    error = discord.Forbidden(response, {"code": 50013, "message": "Missing Permissions"})
    assert "Missing Permissions" in _formatted(error)


def test_move_custom_ids_lose_their_choice() -> None:
    assert redact.custom_id("mv:12:40:goods:2:wd") == "mv:12:40:…"
    assert redact.custom_id("board:12:play") == "board:12:play"


async def test_failing_observer_and_ai_are_logged_without_the_choice_or_state(
    db_path: object, clock: object, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def observer(move: MoveRecord) -> None:
        raise RuntimeError(f"could not show {move.choice!r} with {move.events!r}")

    def broken_ai(*args: object) -> None:
        raise InvariantBroken(SECRET)

    caplog.set_level(logging.DEBUG)
    monkeypatch.setattr("bot.ai.choose", broken_ai)
    choices: list[str] = []
    async with await GameService.open(db_path, clock=clock, on_commit=observer) as service:  # type: ignore[arg-type]
        game_id = await started_tiny(service, humans=1, ais=1)
        user = next(s.user_id for s in (await service.game(game_id)).seats if not s.is_ai)
        assert user is not None
        for _ in range(3):
            table = await service.view(game_id, user)
            if table.decision is None:
                break
            choices.append(table.decision.choices[0].id)
            await service.act(game_id, user, choices[-1], table.game.version)
    bricabot = "\n".join(logging.Formatter().format(r) for r in caplog.records if r.name.startswith("bricabot"))
    assert choices and "on_commit failed" in bricabot and "RuntimeError" in bricabot
    assert not any(f"'{choice}'" in bricabot for choice in choices) and "with (" not in bricabot
    assert "AI play stopped" in bricabot and "invariant_broken" in bricabot
    assert "negative quantity" not in bricabot
