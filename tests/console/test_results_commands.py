"""``bricabot stats`` and ``bricabot replay`` on a stored database, and the demo's report files."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from PIL import Image

from bot.service import GameService
from program.cli import main
from renders import api
from tests.bot.conftest import started_tiny
from tests.bot.test_results import play_out


async def _imaginarium(service: GameService) -> int:
    """A finished Imaginarium game between two greedy AIs, hosted by user 1 (not seated)."""
    lobby = await service.create_lobby("imaginarium", 1, seed=2, host_seated=False, guild_id=77)
    for _ in range(2):
        await service.add_ai(lobby.id, 1, "greedy")
    result = await service.start(lobby.id, 1)
    assert result.game.status == "finished"
    return lobby.id


async def _three_tiny_games(db: Path) -> tuple[int, int, int]:
    """Two finished games on server 5 (the second's results deleted, as if it finished before results
    were kept) and a running one."""
    async with await GameService.open(db) as service:
        first = await started_tiny(service, humans=2, seed=3, guild_id=5)
        await play_out(service, first)
        second = await started_tiny(service, humans=2, seed=4, guild_id=5)
        await play_out(service, second)
        async with service.store.transaction() as tx:
            await tx._db.execute("DELETE FROM results WHERE game_id = ?", (second,))
        running = await started_tiny(service, humans=2, seed=6, guild_id=5)
    return first, second, running


def test_stats_records_missing_results_then_ranks_each_server(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "stats.sqlite3"
    _, second, running = asyncio.run(_three_tiny_games(db))
    assert main(["stats", "--db", str(db), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["recorded_now"] == [second]
    [server] = report["servers"]
    assert server["guild_id"] == 5 and server["games"] == 2
    board = server["leaderboard"]
    assert {line["user_id"] for line in board} == {1, 2}
    assert sum(line["wins"] for line in board) >= 2 and all(line["games"] == 2 for line in board)
    assert board[0]["rating"] >= board[1]["rating"]
    assert main(["stats", "--db", str(db)]) == 0
    text = capsys.readouterr().out
    assert "server 5: 2 finished games" in text and "Player" in text
    assert running not in report["recorded_now"]


async def _solo(db: Path) -> int:
    async with await GameService.open(db) as service:
        lobby = await service.create_lobby("botfactory", 1, seed=2, host_seated=False, guild_id=9)
        await service.add_ai(lobby.id, 1)
        assert (await service.start(lobby.id, 1)).game.status == "finished"
        return lobby.id


def test_stats_says_why_solo_games_are_not_ranked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "solo.sqlite3"
    asyncio.run(_solo(db))
    assert main(["stats", "--db", str(db)]) == 0
    text = capsys.readouterr().out
    assert "server 9: 1 finished game\n" in text and "1 not rated game: solo games" in text
    assert "No rated game yet" in text and "#" not in text, "no empty table"


@pytest.mark.parametrize("command", [["stats"], ["replay", "1", "--out", "x.png"]])
def test_a_mistyped_database_is_refused_not_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    missing = tmp_path / "typo.sqlite3"
    assert main([*command, "--db", str(missing)]) == 2
    assert "no database at" in capsys.readouterr().err and not missing.exists()


def test_replay_accepts_only_a_language_the_games_speak(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["replay", "1", "--out", str(tmp_path / "r.png"), "--lang", "klingon"])
    assert refused.value.code == 2


async def _finished_and_running(db: Path) -> tuple[int, int]:
    async with await GameService.open(db) as service:
        return await _imaginarium(service), await started_tiny(service, humans=2, seed=3)


def test_replay_writes_an_animation_of_a_finished_game_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "replay.sqlite3"
    game_id, running = asyncio.run(_finished_and_running(db))
    out = tmp_path / "replay.png"
    assert main(["replay", str(game_id), "--out", str(out), "--db", str(db)]) == 0
    said = capsys.readouterr().out
    image = Image.open(out)
    assert image.format == "PNG" and getattr(image, "is_animated", False)
    assert image.width <= 800 and f"{image.n_frames} of {image.n_frames} frames" in said
    assert main(["replay", str(running), "--out", str(tmp_path / "no.png"), "--db", str(db)]) == 2
    assert "when it has ended" in capsys.readouterr().err and not (tmp_path / "no.png").exists()
    assert main(["replay", "999", "--out", str(tmp_path / "none.gif"), "--db", str(db)]) == 2


def test_demo_writes_the_report_of_a_game_without_drawings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(api._extra, "tiny", raising=False)  # the Discord tests give it drawings of their own
    out = tmp_path / "out"
    assert main(["demo", "--game", "tiny", "--players", "2", "--seed", "4", "--out", str(out)]) == 0
    assert (out / "report.png").exists() and "Score" in (out / "report.txt").read_text("utf-8")
    assert not (out / "replay.png").exists()  # the tiny game has no board drawings
