"""``bricabot render --demo`` and ``bricabot bench render`` on positions the engine plays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import registry
from engine.core.errors import EngineError
from program.cli import main
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
        for image, width in (
            ("board", 1600),
            ("board-belt", 640),
            ("board-players-1", 640),
            ("screen-seat1", 640),
            ("final", 640),
        ):
            png = tmp_path / f"imaginarium-{seats}p-{image}.png"
            assert decode(png.read_bytes()).width == width
            assert png.with_suffix(".txt").read_text("utf-8").strip()
    assert list(tmp_path.glob("imaginarium-card-*.png"))


def test_demo_needs_the_demo_flag(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="--demo"):
        main(["render", "--out", str(tmp_path)])


def test_bench_ends_with_the_json_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "render", "--game", "imaginarium", "--runs", "2", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].split()[-3:] == ["enc", "p95", "×floor"]
    images = json.loads(out[-1])["images"]
    names = {(item["seats"], item["name"]) for item in images}
    tables = {(item["seats"], item["options"]) for item in images if item["name"] == "board_parts"}
    assert tables == {*((n, "-") for n in (2, 3, 4, 5)), *((n, "chimera") for n in (2, 3, 4, 5)), (6, "chimera-teams")}
    for seats in (2, 6):
        assert {
            (seats, "board-belt"),
            (seats, "board-players-1"),
            (seats, "screen"),
            (seats, "final"),
            (seats, "full_board"),
        } <= names
    assert {item["lang"] for item in images} == {"en", "fr"}
    for item in images:
        assert item["p95_ms"] > 0 and item["bytes"] > 0 and isinstance(item["posted"], bool)
        if item["name"] == "board_parts":  # each set beside the encoding alone of the pixels it drew
            assert 0 < item["encode_p50_ms"] <= item["encode_p95_ms"] and item["floor_ratio"] > 0
        if item["name"] != "board_parts":
            assert item["width"] > 0 and item["height"] > 0 and item["min_font_px"] >= 18
            assert item["legible_px"] == round(item["min_font_px"] * 400 / item["width"], 2)
            assert item["text_chars"] > 0 and item["ellipsized"] >= 0
            if item["posted"]:
                assert item["ellipsized"] == 0 and item["text_chars"] <= 1024, item
    assert not any(item["posted"] for item in images if item["name"] in ("full_board", "zoom"))


def test_demo_draws_in_french_with_lang(tmp_path: Path) -> None:
    assert main(["render", "--demo", "--game", "botfactory", "--lang", "fr", "--out", str(tmp_path)]) == 0
    text = (tmp_path / "botfactory-2p-board-status.txt").read_text("utf-8")
    assert "Manche" in text and "Round" not in text
