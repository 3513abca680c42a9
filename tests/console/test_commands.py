"""The service's command-line tools, run in-process on the tiny game (which has no drawings)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from program.cli import main
from tests.bot.databases import STORES, TEST_DATABASE_URL


def test_demo_plays_to_the_end_and_writes_views_and_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["demo", "--game", "tiny", "--players", "3", "--seed", "4", "--out", str(out)]) == 0
    names = {p.name for p in out.iterdir()}
    assert {"board-final.txt", "final-scores.txt", "log.txt", "log-full.txt"} <= names
    assert {f"screen-seat-{i}.txt" for i in (1, 2, 3)} <= names
    assert "board-start.txt" in names and not any(n.startswith("board-round-") for n in names)
    public = (out / "log.txt").read_text("utf-8")
    assert "played a" in public and "drew [" not in public
    assert "private to" in (out / "log-full.txt").read_text("utf-8")
    assert "finished after" in capsys.readouterr().out


def test_demo_refuses_a_bad_seat_count(tmp_path: Path) -> None:
    assert main(["demo", "--game", "tiny", "--players", "9", "--out", str(tmp_path)]) == 2


def _play(monkeypatch: pytest.MonkeyPatch, typed: str, *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return main(["play", "--game", "tiny", *args])


def test_play_saves_resumes_and_plays_to_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db, out = str(tmp_path / "play.sqlite3"), str(tmp_path / "out")
    common = ["--players", "2", "--ai", "0", "--seed", "5", "--db", db, "--out", out]
    assert _play(monkeypatch, "1\nq\n", *common) == 0
    first = capsys.readouterr().out
    assert "Saved. Resume with: bricabot play --resume 1" in first and "Choose 1-" in first
    assert "Pass the keyboard" not in first, "the player who started the game has the keyboard"
    assert _play(monkeypatch, "\nnine\nu\n" + "1\n" * 200, "--resume", "1", "--db", db, "--out", out) == 0
    rest = capsys.readouterr().out
    assert "is not a choice" in rest and "took back 1 choice" in rest and "Game over" in rest
    assert "Pass the keyboard to Player" in rest
    assert (tmp_path / "out" / "final-scores.txt").exists()


@pytest.mark.parametrize("store", STORES)
def test_bench_service_prints_percentiles_per_size(store: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "service", "--game", "tiny", "--players", "2", "--games", "300", "--moves", "40", "--json"]
    argv += ["--workers", ""] + (["--database-url", TEST_DATABASE_URL] if store == "postgresql" else [])
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["store"] == store and result["moves_per_s"] == {}
    assert set(result["sizes"]) == {"1", "100", "300"}
    for size in result["sizes"].values():
        assert 0 < size["p50_ms"] <= size["p95_ms"] <= size["p99_ms"] and size["moves"] == 40


def test_bench_service_counts_the_moves_of_several_worker_processes(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "service", "--games", "1", "--moves", "2", "--warmup", "0", "--json"]
    argv += ["--workers", "1,2", "--active", "6", "--seconds", "1"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(result["moves_per_s"]) == {"1", "2"} and all(r > 0 for r in result["moves_per_s"].values())


def test_demo_default_plays_imaginarium_with_images(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["demo"]) == 0
    out = tmp_path / "demo-out"
    files = len(list(out.iterdir()))
    assert f"Wrote {files} files" in capsys.readouterr().out, "the count is the files in the folder"
    assert (out / "final-scores.png").read_bytes().startswith(b"\x89PNG")
    assert {f"screen-seat-{i}.png" for i in (1, 2, 3)} <= {p.name for p in out.iterdir()}
    assert len(list(out.glob("board-round-*.png"))) >= 2
    phone = sorted(out.glob("phone-final-*.png"))
    assert len(phone) >= 2 and all(p.with_suffix(".txt").read_text("utf-8").strip() for p in phone)
    assert all(Image.open(p).width <= 640 for p in phone), "the narrow images Discord posts to phones"


def test_demo_reads_the_data_overrides_named_in_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "overrides.toml"
    bad.write_text("[imaginarium.market]\nwod = { buy = 3 }\n", "utf-8")
    monkeypatch.setenv("DATA_OVERRIDES", str(bad))
    assert main(["demo", "--players", "2", "--out", str(tmp_path / "out")]) == 2
    assert "market.wod" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
