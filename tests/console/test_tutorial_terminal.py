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
from renders.api import render_board_parts, render_screen
from renders.kit.marks import MARK

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
    assert out.count(f"Why the taught choice: {words[first].why}") == 1 and f"✓ {words[first].done}" in out
    assert out.count("✗ Compared with the taught choice (★): ") == 2
    assert f"Why the taught choice: {words[second].why}" in out and "Step 3/" in out
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
    lessons_ = {s.id: lessons.lesson(kind, s.id, "en", "Player 1") for s in tutorial.run()}
    alone = {step for step, lesson in lessons_.items() if len(lesson.offers) == 1}
    good = {s for s, lesson in lessons_.items() if s not in alone and lessons.answer(lesson, lesson.offers[1].id).equal}
    # A lone choice is the taught one; one as good moves on like it; any other asks whether to go on.
    typed = "".join("1\n" if s.id in alone else "2\n" if s.id in good else "2\n2\n" for s in tutorial.run())
    assert _run(monkeypatch, tmp_path, typed, "--game", kind, "--lang", "en") == 0
    out = capsys.readouterr().out
    words = tutorial.texts("en").steps
    for step in tutorial.run():
        if step.id in alone:
            assert f"✓ {words[step.id].done}" in out, step.id
        elif step.id not in good:
            assert f"Why the taught choice: {words[step.id].why}" in out, step.id
    assert out.count("✗ ") == len(tutorial.run()) - len(alone) - len(good)
    assert out.count("✓ As good as the taught choice (★) here") == len(good) and "=== Tutorial finished ===" in out


def _ringed(png: bytes) -> int:
    """How many pixels of a picture are the marks' ring colour."""
    colours = Image.open(io.BytesIO(png)).convert("RGB").getcolors(1 << 24) or []
    return sum(n for n, colour in colours if colour == MARK)


@pytest.mark.parametrize("kind", TAUGHT)
def test_each_step_leads_with_one_picture_ringing_its_subject(kind: str) -> None:
    game = registry.get(kind)
    tutorial = tutorial_of(game)
    assert tutorial is not None
    for step in tutorial.run():
        shown = lessons.images(lessons.lesson(kind, step.id, "en", "Ada"))
        assert shown[-1].name == "" and all(Image.open(io.BytesIO(r.png)).width == 640 for r in shown)
        assert [r.name for r in shown[:-1]] == ([] if step.look == "screen" else [step.look]), step.id
        assert step.mark and _ringed(shown[0].png) > 0, step.id
        state = tutorial.position(step)
        for key in step.mark.split():  # each thing the mark names, alone, is ringed on the lead
            if step.look == "screen":
                lead = render_screen(game.view(state, 0), mark=key)
            else:
                lead = next(p for p in render_board_parts(game.view(state, None), mark=key) if p.name == step.look)
            assert _ringed(lead.png) > 0, (step.id, key)
        plain = render_screen(game.view(state, 0)) if step.look == "screen" else None
        assert plain is None or _ringed(plain.png) == 0


def test_text_is_wrapped_to_the_terminals_width(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    assert _run(monkeypatch, tmp_path, "q\n", "--game", "imaginarium", "--lang", "fr") == 0
    out = capsys.readouterr().out
    long = [line for line in out.split("\n") if len(line) >= 60 and " " in line.strip()]
    assert long == [], "only a word longer than the width may pass it"
    assert "Charbonneuse" in out


def test_the_guide_is_read_at_a_prompt_and_the_end_points_to_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(monkeypatch, tmp_path, "h\nh 3\nh 99\nq\n", "--game", "botfactory", "--lang", "en") == 0
    out = capsys.readouterr().out
    guide = registry.get("botfactory").guide("en")
    assert guide is not None
    assert f"  1. {guide.pages[0].title}" in out and f"=== {guide.pages[2].title} ===" in out
    assert "**" not in out and f"The guide has pages 1 to {len(guide.pages)}" in out
    assert _run(monkeypatch, tmp_path, "1\n" * 10, "--game", "imaginarium", "--chapter", "chimera") == 0
    end = capsys.readouterr().out.split("=== Tutorial finished ===")[1]
    assert "type h at any prompt" in end and "README" in end and "docs/" not in end


def test_a_lone_choice_is_taken_with_enter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tutorial = tutorial_of(registry.get("botfactory"))
    assert tutorial is not None
    lone = [s.id for s in tutorial.run("solo") if len(lessons.lesson("botfactory", s.id, "en", "Ada").offers) == 1]
    assert lone, "the solo chapter ends with a lone choice"
    typed = "".join("\n" if s.id in lone else "1\n" for s in tutorial.run("solo"))
    assert _run(monkeypatch, tmp_path, typed, "--game", "botfactory", "--chapter", "solo") == 0
    out = capsys.readouterr().out
    assert "Choose 1-1 " not in out and "Press Enter for the only choice, “End your turn”" in out
    assert "=== Tutorial finished ===" in out


def test_what_a_choice_did_names_who_did_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(monkeypatch, tmp_path, "1\nq\n", "--game", "botfactory", "--lang", "fr") == 0
    out = capsys.readouterr().out
    assert "  · Joueur 1\u00a0: a pris la tête bleue comme pièce de départ" in out, out


def test_a_chapter_without_the_tutorial_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--game", "botfactory", "--chapter", "solo", "--db", str(tmp_path / "t.sqlite3")]) == 2
    assert "--chapter chooses a tutorial chapter: add --tutorial" in capsys.readouterr().err
    assert not (tmp_path / "t.sqlite3").exists()


@pytest.mark.parametrize("kind", TAUGHT)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_step_repeats_its_label(kind: str, lang: str) -> None:
    """ "Look: Look at …" reads twice: a step's words follow their label without repeating it."""
    tutorial = tutorial_of(registry.get(kind))
    assert tutorial is not None
    for step in tutorial.run():
        for line in lessons.step_lines(lessons.lesson(kind, step.id, lang, "Ada")):
            label, _, text = line.partition(":")
            assert not text.strip().lower().startswith(label.strip().lower().split()[0]), line
