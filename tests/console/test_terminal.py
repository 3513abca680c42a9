"""``bricabot play``, the terminal table, driven with scripted input: its texts in the table's language,
each choice with what it does and why others are missing, help, Enter for a lone choice, the hot-seat
hand-over, the table drawn at the end, and a resumed game kept in its language."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from console.commands.play import CLEAR
from program.cli import main

ENGLISH = re.compile(
    r"\b(Choose|undo|quit|Pass the keyboard|Game over|Winners?|Resume|Saved|Not possible|is not a choice)\b"
)


def _play(monkeypatch: pytest.MonkeyPatch, typed: str, *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return main(["play", *args])


def _common(tmp_path: Path) -> list[str]:
    return ["--db", str(tmp_path / "play.sqlite3"), "--out", str(tmp_path / "out")]


def test_a_french_table_speaks_french_to_the_end_and_describes_every_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--game", "botfactory", "--players", "1", "--seed", "3", "--lang", "fr", *_common(tmp_path)]
    assert _play(monkeypatch, "1\n" * 400, *args) == 0
    out = capsys.readouterr().out
    assert not ENGLISH.search(out), ENGLISH.search(out)
    assert "Choisissez 1-" in out and "Appuyez sur Entrée pour choisir «\u00a0Finir votre tour\u00a0»" in out
    assert "«\u00a0poser 1 pièce\u00a0» sur le plateau ligne de montage — Action principale" in out
    assert "Impossible pour l’instant\u00a0:\n    · " in out
    assert "Choose 1-1" not in out and "Choisissez 1-1," not in out
    assert "=== La table à la fin ===\nBot Factory" in out
    fired = "=== Partie terminée ===\nTâche A non accomplie ("
    assert fired in out and "\u00a0: vous êtes viré, et vo" in out, "the solo game's end, never an empty winner"
    assert not re.search(r"(?<!\w)(?:à|de) les?(?!\w)", out, re.IGNORECASE)


def test_a_resumed_game_keeps_its_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--game", "botfactory", "--players", "1", "--seed", "3", *_common(tmp_path)]
    assert _play(monkeypatch, "1\nq\n", *args, "--lang", "fr") == 0
    assert "Reprenez-la avec\u00a0: bricabot play --resume 1" in capsys.readouterr().out
    assert _play(monkeypatch, "q\n", "--resume", "1", *_common(tmp_path)) == 0
    resumed = capsys.readouterr().out
    assert "Placez votre ouvrier" in resumed and "Choisissez" in resumed and not ENGLISH.search(resumed)
    assert _play(monkeypatch, "q\n", "--resume", "1", "--lang", "en", *_common(tmp_path)) == 0
    assert "Place your worker" in capsys.readouterr().out


def test_help_and_enter_for_a_lone_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--game", "botfactory", "--players", "1", "--seed", "3", *_common(tmp_path)]
    # Start piece, AS1, place the head: then ending the turn is the only choice, taken with Enter.
    assert _play(monkeypatch, "h\n?\n1\n1\nzz\n1\n\nq\n", *args) == 0
    out = capsys.readouterr().out
    assert out.count("u  takes back your last choice") == 2
    assert "“zz” is not a choice: type a number from 1 to 4, u, h or q." in out
    assert "Press Enter to choose “End your turn”" in out
    assert "=== Player 1 (version 4) ===" in out, "Enter took the lone choice"


def test_hot_seat_clears_the_screen_before_the_next_player_takes_the_keyboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    args = ["--game", "tiny", "--players", "2", "--ai", "0", "--seed", "5", *_common(tmp_path)]
    assert _play(monkeypatch, "3\n\nq\n", *args) == 0  # Player 1 ends their turn
    out = capsys.readouterr().out
    first, handed = out.split(CLEAR)
    assert "=== Player 1" in first and "hand:" in first
    assert handed.lstrip().startswith("--- Pass the keyboard to Player 2 and press Enter (q: save and quit) ---")
    assert "=== Player 2" in handed and "=== Player 1" not in handed
    assert _play(monkeypatch, "q\n", "--resume", "1", *_common(tmp_path)) == 0
    assert "Saved. Resume with" in capsys.readouterr().out.split("Pass the keyboard to Player 2")[1]


def test_the_table_is_drawn_when_the_game_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--game", "tiny", "--players", "2", "--ai", "1", "--seed", "5", *_common(tmp_path)]
    assert _play(monkeypatch, "1\n" * 200, *args) == 0
    out = capsys.readouterr().out
    end = out.split("=== The table at the end ===")[1]
    board = (tmp_path / "out" / "board.txt").read_text("utf-8").strip()
    assert board and end.index(board) < end.index("=== Game over ===\nWinner: ") < end.index("Scores: ")
    assert (tmp_path / "out" / "final-scores.txt").exists()


def test_resuming_from_a_mistyped_database_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "typo.sqlite3"
    assert _play(monkeypatch, "", "--resume", "1", "--db", str(missing), "--out", str(tmp_path / "out")) == 2
    assert "no database at" in capsys.readouterr().err and not missing.exists()


def test_a_table_without_a_human_seat_is_refused_before_any_database_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--game", "tiny", "--players", "2", "--ai", "2", "--lang", "fr", *_common(tmp_path)]
    assert _play(monkeypatch, "", *args) == 2
    assert "il faut au moins une place humaine" in capsys.readouterr().err
    assert not (tmp_path / "play.sqlite3").exists()


def test_the_terminal_table_and_the_demo_load_without_discord() -> None:
    """Below the Discord layer: what the panel and the terminal share (bot.choices, bot.log_lines) needs no
    discord.py."""
    code = "import sys, console.commands.play, console.commands.demo; print('discord' in sys.modules)"
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "False"


def test_a_refused_new_game_is_told_in_the_tables_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--game", "botfactory", "--players", "9", "--lang", "fr", *_common(tmp_path)]
    assert _play(monkeypatch, "", *args) == 2
    assert "bricabot play: Bot Factory se joue de 1 à 4 places, pas 9." in capsys.readouterr().err


def test_the_terminal_user_sets_a_time_zone_and_hours_and_sees_their_local_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--game", "botfactory", "--players", "1", "--seed", "3", *_common(tmp_path)]
    assert _play(monkeypatch, "q\n", *args, "--tz", "asia/kolkata", "--hours", "00:00-23:59") == 0
    out = capsys.readouterr().out
    here = datetime.now(UTC).astimezone(ZoneInfo("Asia/Kolkata"))
    times = {f"{here:%H:%M}", f"{here + timedelta(minutes=1):%H:%M}"}  # the minute may turn meanwhile
    assert any(f"Time zone: Asia/Kolkata (UTC+05:30), where it is {time} now." in out for time in times), out
    assert "Active hours: 00:00–23:59 your time (you are" in out
    assert _play(monkeypatch, "", *args, "--lang", "fr", "--hours", "9h-9h30") == 2
    assert "bricabot play: Les heures «\u00a09h-9h30\u00a0» durent moins d’une heure" in capsys.readouterr().err
    assert _play(monkeypatch, "", *args, "--lang", "fr", "--tz", "Mars/Olympus") == 2
    assert "Je ne connais pas le fuseau horaire «\u00a0Mars/Olympus\u00a0»" in capsys.readouterr().err
