"""``bricabot render --demo`` and ``bricabot bench render`` on positions the engine plays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from engine import registry
from engine.core.errors import EngineError
from tests.renders.helpers import decode


@pytest.fixture(autouse=True)
def _engine() -> None:
    try:
        registry.get("imaginarium")
    except EngineError:
        pytest.skip("the Imaginarium engine is not registered")


def test_demo_writes_boards_screens_finals_and_cards(tmp_path: Path) -> None:
    assert main(["render", "--demo", "--out", str(tmp_path)]) == 0
    for seats in (2, 3, 4, 5):
        for image in ("board", "screen-seat1", "final"):
            png = tmp_path / f"imaginarium-{seats}p-{image}.png"
            assert decode(png.read_bytes()).width >= 1600
            assert png.with_suffix(".txt").read_text("utf-8").strip()
    assert list(tmp_path.glob("imaginarium-card-*.png"))


def test_demo_needs_the_demo_flag(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="--demo"):
        main(["render", "--out", str(tmp_path)])


def test_bench_ends_with_the_json_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "render", "--runs", "2", "--json"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    figures = json.loads(last)
    for key in ("board_p95_ms", "screen_p95_ms", "board_bytes", "screen_bytes"):
        assert figures[key] > 0
    assert figures["seats"] == [2, 5]
    assert figures["board_bytes"] == figures["detail"]["board_5p"]["bytes"]
