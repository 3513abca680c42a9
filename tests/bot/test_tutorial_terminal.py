"""``bricabot play --tutorial``: every game's tutorial played to its end in the terminal, always taking
choice 1 (the taught one), in English and in French with no English left; another choice at every step
gets its note and the offer to try again or go on; a run left midway resumes where it stopped; each
step's pictures lead with the part of the table its ``look`` names."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from bot import lessons
from engine import registry
from engine.core.tutorial import tutorial_of
from program.cli import main

TAUGHT = sorted(kind for kind, game in registry.games().items() if tutorial_of(game) is not None)
ENGLISH = re.compile(r"\b(Step|Look|Rule|Do|Choose|the|your|you|and|with|Chapter done|Tutorial finished)\b")


def _run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, typed: str, *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    common = ["--db", str(tmp_path / "tutorial.sqlite3"), "--out", str(tmp_path / "out")]
    return main(["play", "--tutorial", *args, *common])


def _steps(kind: str) -> int:
    tutorial = tutorial_of(registry.get(kind))
    assert tutorial is not None
    return len(tutorial.run())


@pytest.mark.parametrize("kind", TAUGHT)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_always_the_taught_choice_reaches_the_end(
    kind: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    total = _steps(kind)
    assert _run(monkeypatch, tmp_path, "1\n" * (total + 5), "--game", kind, "--lang", lang) == 0
    out = capsys.readouterr().out
    assert out.count("✓ ") == total and "✗" not in out
    finished = {"en": "=== Tutorial finished ===", "fr": "=== Tutoriel terminé ==="}[lang]
    assert finished in out
    if lang == "fr":
        assert not ENGLISH.search(out), ENGLISH.search(out)
        assert f"Étape {total}/{total}" in out
    images = sorted((tmp_path / "out").glob("tutorial-*.png"))
    assert len(images) >= total
    assert all(Image.open(image).width <= 640 for image in images)


def test_another_choice_gets_its_note_and_the_step_can_be_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = "2\n1\n1\n2\n2\nq\n"  # step 1: another choice, try again, the taught one; step 2: another, go on; q
    assert _run(monkeypatch, tmp_path, typed, "--game", "imaginarium", "--lang", "en") == 0
    out = capsys.readouterr().out
    tutorial = tutorial_of(registry.get("imaginarium"))
    assert tutorial is not None
    words = tutorial.texts("en").steps
    first, second, third = (s.id for s in tutorial.run()[:3])
    assert out.count(f"✗ {words[first].other}") == 1 and f"✓ {words[first].done}" in out
    assert f"✗ {words[second].other}" in out and "Step 3/" in out
    assert "Stopped. Your place is kept" in out
    assert _run(monkeypatch, tmp_path, "q\n", "--game", "imaginarium") == 0
    assert f"=== Step 3/{len(tutorial.run())}: {tutorial.texts('en').steps[third].title} ===" in capsys.readouterr().out


def test_one_chapter_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(monkeypatch, tmp_path, "1\n" * 10, "--game", "imaginarium", "--chapter", "chimera", "--lang", "en") == 0
    out = capsys.readouterr().out
    assert "Step 1/5: " in out and "Chapter done: Chimera: the dream fragments" in out
    assert "=== Tutorial finished ===" in out


@pytest.mark.parametrize("kind", TAUGHT)
def test_another_choice_at_every_step_gets_its_note_and_goes_on(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tutorial = tutorial_of(registry.get(kind))
    assert tutorial is not None
    alone = {s.id for s in tutorial.run() if len(lessons.lesson(kind, s.id, "en", "Ada").offers) == 1}
    typed = "".join("1\n" if s.id in alone else "2\n2\n" for s in tutorial.run())  # a lone choice is the taught one
    assert _run(monkeypatch, tmp_path, typed, "--game", kind, "--lang", "en") == 0
    out = capsys.readouterr().out
    words = tutorial.texts("en").steps
    for step in tutorial.run():
        assert (f"✓ {words[step.id].done}" if step.id in alone else f"✗ {words[step.id].other}") in out, step.id
    assert out.count("✗ ") == len(tutorial.run()) - len(alone) and "=== Tutorial finished ===" in out


@pytest.mark.parametrize("kind", TAUGHT)
def test_each_step_leads_with_the_part_it_names(kind: str) -> None:
    tutorial = tutorial_of(registry.get(kind))
    assert tutorial is not None
    for step in tutorial.run():
        shown = lessons.images(lessons.lesson(kind, step.id, "en", "Ada"))
        assert shown[-1].name == "" and all(Image.open(io.BytesIO(r.png)).width == 640 for r in shown)
        if step.look not in ("screen", "board"):
            assert [r.name for r in shown[:-1]] == [step.look], step.id
