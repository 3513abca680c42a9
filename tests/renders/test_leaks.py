"""Hidden information never reaches a public image or public text.

Views that differ only in hidden data (the viewer, the viewer's screen, secret projects, fragments)
must give byte-identical public images (the full board, every phone board part, every close-up) and
identical public text. The engine-backed test does the
same from real positions once the Imaginarium engine is registered.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.imaginarium.view import ImaginariumView, Screen
from renders.api import render_board
from tests.renders import samples
from tests.renders.helpers import public_images


def _random_screen(rng: random.Random, seat: int) -> Screen:
    secrets = tuple(samples.project(p) for p in rng.sample(sorted(samples.PROJECT_VP), k=rng.choice((0, 2))))
    fragments = tuple(rng.choice(("romance", "glory", "escape", "festivities")) for _ in range(rng.randint(0, 4)))
    return Screen(
        seat,
        rng.randint(0, 40),
        rng.randint(0, 9),
        rng.randint(0, 9),
        rng.randint(0, 9),
        rng.randint(0, 30),
        secrets,
        fragments,
    )


def _hidden_variants(view: ImaginariumView, rng: random.Random) -> list[ImaginariumView]:
    variants = [dataclasses.replace(view, viewer=None, screen=None)]
    for seat in range(view.seats):
        variants.append(dataclasses.replace(view, viewer=seat, screen=_random_screen(rng, seat)))
    return variants


@pytest.mark.parametrize("seed", range(12))
def test_board_ignores_screens_and_viewer(seed: int) -> None:
    rng = random.Random(seed)
    seats = 2 + seed % 4
    view = samples.ended(seats) if seed % 3 == 0 else samples.mid_game(seats, seed=seed)
    images = [public_images(v, zooms=seed % 4 == 0) for v in _hidden_variants(view, rng)]
    assert len({tuple(images_of) for images_of in images}) == 1
    assert len(images[0]) >= 4


def test_board_changes_when_public_data_changes() -> None:
    """The leak test above could pass with a render that ignores everything; this one cannot."""
    view = samples.mid_game(3)
    moved = dataclasses.replace(view, machine_deck=view.machine_deck - 1)
    assert render_board(view).png != render_board(moved).png
    assert render_board(view).text != render_board(moved).text
    before, after = dict((n, p) for n, p, _ in public_images(view)), dict((n, p) for n, p, _ in public_images(moved))
    assert [n for n in before if before[n] != after[n]] == ["full", "part:belt"]


def test_board_text_never_mentions_screen_contents() -> None:
    view = samples.mid_game(3, viewer=1)
    assert view.screen is not None and view.screen.secret_projects
    text = render_board(view).text
    assert "Secret" not in text and "screen" not in text.lower()
    for tile in view.screen.secret_projects:
        if tile.id not in {p.id for p in view.projects}:
            assert tile.id not in text
