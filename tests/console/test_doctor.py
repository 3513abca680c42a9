"""``bricabot doctor``: the games whose owed messages Discord refuses, and why; exit 1 while any is."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.service import GameService
from program.cli import main
from tests.bot.conftest import started_tiny


async def doctor(args: list[str]) -> int:
    """The command as a shell runs it (its own event loop, in a thread of its own here)."""
    return await asyncio.to_thread(main, ["doctor", *args])


async def test_doctor_lists_blocked_games_with_what_is_wrong_and_where(
    service: GameService, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = await started_tiny(service, guild_id=200, channel_id=300)
    assert await doctor(["--database-url", database]) == 0
    assert "Nothing is blocked" in capsys.readouterr().out

    rows = await service.claim_deliveries("notice")
    assert rows and {r.game_id for r in rows} == {game_id}
    for row in rows:
        await service.postpone(row, 30, "50013:300000000000000001")
    assert await doctor(["--database-url", database, "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    (game,) = report["games"]
    assert game["game"] == game_id and report["owed"] >= len(rows)
    assert {b["delivery"] for b in game["blocked"]} == {r.key for r in rows}
    assert all("missing permissions" in b["why"] and "300000000000000001" in b["why"] for b in game["blocked"])

    assert await doctor(["--database-url", database]) == 1
    assert f"game #{game_id}" in capsys.readouterr().out
    assert await service.reconcile() == 0  # nothing lacking; the held rows are due again now
    for row in await service.claim_deliveries("notice"):
        assert await service.delivered(row)
    assert await doctor(["--database-url", database]) == 0


async def test_doctor_refuses_a_database_that_is_not_there(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "typo.sqlite3"
    assert await doctor(["--db", str(missing)]) == 2
    assert "no database at" in capsys.readouterr().err and not missing.exists()
