"""Reference images: a few renders of hand-built views compared with stored small copies.

The references are 400 px wide reductions (small files, and a one-pixel shift of anti-aliasing does
not matter at that scale); a render fails when its mean difference exceeds the tolerance.

Regenerate after an intended change of the drawings, then look at the new files before committing:

    BRICABOT_UPDATE_REFERENCE=1 .venv/bin/pytest -q tests/renders/test_reference.py
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from renders.api import Render, render_board, render_board_parts, render_card, render_final, render_screen
from tests.renders import botfactory_samples, samples
from tests.renders.helpers import decode, mean_difference

FOLDER = Path(__file__).parent / "reference"
WIDTH = 400
TOLERANCE = 2.0
"""Mean absolute difference per channel (0-255) allowed against the reference."""

CASES: dict[str, Callable[[], Render]] = {
    "board-2p": lambda: render_board(samples.mid_game(2)),
    "board-5p": lambda: render_board(samples.mid_game(5)),
    "screen-3p-seat2": lambda: render_screen(samples.mid_game(3, viewer=1)),
    "final-4p": lambda: render_final(samples.ended(4)),
    "card-T4": lambda: render_card(samples.machine("T4")),
    "botfactory-board-3p": lambda: render_board(botfactory_samples.mid_game()),
    "botfactory-screen-3p-seat2": lambda: render_screen(botfactory_samples.mid_game(viewer=1)),
    "botfactory-final-3p": lambda: render_final(botfactory_samples.ended()),
}
CASES.update(
    {
        f"phone-{seats}p-{part.name}": (
            lambda seats=seats, index=index: render_board_parts(samples.mid_game(seats))[index]
        )
        for seats in (2, 3, 4, 5)
        for index, part in enumerate(render_board_parts(samples.mid_game(seats)))
    }
)
CASES.update(
    {
        f"botfactory-phone-3p-{part.name}": (
            lambda index=index: render_board_parts(botfactory_samples.mid_game())[index]
        )
        for index, part in enumerate(render_board_parts(botfactory_samples.mid_game()))
    }
)
"""The phone board's parts of each sample table."""


def _small(image: Image.Image) -> Image.Image:
    return image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.Resampling.BOX)


@pytest.mark.parametrize("name", sorted(CASES))
def test_render_matches_its_reference(name: str) -> None:
    current = _small(decode(CASES[name]().png))
    path = FOLDER / f"{name}.png"
    if os.environ.get("BRICABOT_UPDATE_REFERENCE") == "1":
        FOLDER.mkdir(exist_ok=True)
        current.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
        pytest.skip(f"reference {path.name} regenerated")
    assert path.exists(), f"missing {path}; regenerate with BRICABOT_UPDATE_REFERENCE=1 (see module docstring)"
    reference = Image.open(path).convert("RGB")
    assert current.size == reference.size, f"{name}: size {current.size} != reference {reference.size}"
    assert mean_difference(current, reference) <= TOLERANCE
