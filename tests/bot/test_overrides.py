"""The data overrides file is checked whole at start-up: ``run``, ``demo`` and ``play`` stop with one line
naming the file, the key, the value and what is allowed, before touching Discord or a database."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.overrides import check_overrides
from engine.core.errors import BadData
from program.cli import main

AMOUNTS = "imaginarium.extractors.amounts"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('[imaginarium.extractors]\namounts = "lots"\n', f'{AMOUNTS} = "lots": allowed is a list of 1 to 3 items'),
        ("[imaginarium.extractors]\namounts = [-5, 0, 1]\n", f"{AMOUNTS} = [-5, 0, 1]: allowed"),
        ("[imaginarium.extractors]\namounts = []\n", f"{AMOUNTS} = []: allowed"),
        ("[imaginarium.extractors]\namounts = [1.5, 2, 3]\n", f"{AMOUNTS} = [1.5, 2, 3]: allowed"),
        ("[imaginarium.extractors]\namounts = [100000000000000000000, 1, 1]\n", f"{AMOUNTS} = [100000000000000000000"),
        ("[botfactory.finance]\nstart = 40\n", "botfactory.finance.start = 40: allowed is a whole number from 0 to 30"),
        ("[chess]\nboard = 8\n", "chess is not a game: the tables allowed are"),
        ("imaginarium = 3\n", "imaginarium = 3: allowed is a table of imaginarium data overrides"),
    ],
)
def test_a_bad_file_is_one_line_naming_the_file_and_the_key(tmp_path: Path, text: str, line: str) -> None:
    path = tmp_path / "overrides.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(BadData) as caught:
        check_overrides(path)
    assert str(caught.value).startswith(f"Data overrides file {path}: {line}")
    assert "\n" not in str(caught.value)


def test_a_good_file_and_no_file_pass(tmp_path: Path) -> None:
    path = tmp_path / "overrides.toml"
    path.write_text("[imaginarium.extractors]\namounts = [1, 2, 4]\n[botfactory.finance]\nstart = 5\n", "utf-8")
    check_overrides(path)
    check_overrides(None)


@pytest.mark.parametrize(
    "command",
    [["run"], ["demo", "--out", "out"], ["play", "--db", "play.sqlite3", "--out", "out"]],
)
def test_commands_stop_at_start_up_with_the_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "overrides.toml").write_text('[imaginarium.extractors]\namounts = "lots"\n', "utf-8")
    monkeypatch.setenv("DATA_OVERRIDES", str(tmp_path / "overrides.toml"))
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    assert main(command) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f'{AMOUNTS} = "lots": allowed is' in err
    assert not (tmp_path / "out").exists() and not (tmp_path / "play.sqlite3").exists()
