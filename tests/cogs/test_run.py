"""``bricabot run`` start-up errors and the shutdown gate (stop new moves, finish those in flight)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from cogs.kit.bot import MoveGate
from cogs.kit.errors import UserFacingError
from cogs.run import PAYLOAD_LOGGERS, limit_payload_loggers
from program.cli import main
from tests.cogs.conftest import ALICE, BOB, StartBot
from tests.cogs.flows import custom_ids, open_game


def test_missing_token_is_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "DISCORD_TOKEN is not set" in err


async def test_gate_finishes_moves_in_flight_and_refuses_new_ones() -> None:
    gate = MoveGate()
    release = asyncio.Event()
    finished: list[str] = []

    async def move() -> None:
        async with gate.move():
            await release.wait()
            finished.append("move")

    running = asyncio.create_task(move())
    await asyncio.sleep(0)
    closing = asyncio.create_task(gate.close())
    await asyncio.sleep(0)
    assert not closing.done()
    with pytest.raises(UserFacingError):
        async with gate.move():
            pass
    release.set()
    await asyncio.gather(running, closing)
    assert finished == ["move"]


async def test_clicks_during_shutdown_change_nothing(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    assert harness.bot.service is not None
    game = await harness.bot.service.game(table.game_id)
    player = ALICE if next(s for s in game.seats if s.to_act).user_id == ALICE.id else BOB
    panel = (await harness.click(player, table.board_id, f"board:{table.game_id}:play")).message
    assert panel is not None
    await harness.bot.gate.close()
    move = next(c for c in custom_ids(panel) if c.startswith("mv:"))
    refused = await harness.click(player, panel["id"], move)
    assert "restarting" in refused.text()
    assert (await harness.bot.service.game(table.game_id)).version == 0


def test_a_bad_setting_is_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=not-a-number\n")
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "DEV_GUILD_ID is not valid" in err


def test_payload_loggers_stay_at_info_whatever_the_log_level() -> None:
    saved = {name: logging.getLogger(name).level for name in PAYLOAD_LOGGERS}
    try:
        limit_payload_loggers(logging.DEBUG)
        assert {logging.getLogger(n).getEffectiveLevel() for n in PAYLOAD_LOGGERS} == {logging.INFO}
        limit_payload_loggers(logging.WARNING)
        assert {logging.getLogger(n).getEffectiveLevel() for n in PAYLOAD_LOGGERS} == {logging.WARNING}
    finally:
        for name, level in saved.items():
            logging.getLogger(name).setLevel(level)
