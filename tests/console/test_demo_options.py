"""``bricabot demo --lang`` and ``--option``: a game in another language, with the options asked for."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from program.cli import main


def test_demo_in_french_with_an_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, db = tmp_path / "out", tmp_path / "demo.sqlite3"
    args = ["demo", "--game", "tiny", "--players", "2", "--seed", "3", "--lang", "fr", "--option", "hand=3"]
    assert main([*args, "--out", str(out), "--db", str(db)]) == 0
    printed = capsys.readouterr().out
    assert "partie n°" in printed and "IA · " in printed and "finished" not in printed
    assert "privé pour" in (out / "log-full.txt").read_text("utf-8")
    (options,) = sqlite3.connect(db).execute("SELECT options FROM games").fetchone()
    assert json.loads(options) == {"hand": 3}, "the option reached the stored game"


def test_demo_refuses_a_bad_option(tmp_path: Path) -> None:
    assert main(["demo", "--game", "tiny", "--players", "2", "--option", "hand=9", "--out", str(tmp_path)]) == 2


def test_demo_refuses_a_language_it_does_not_speak(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--game", "tiny", "--lang", "xx", "--out", str(tmp_path)])
