"""Unusual but legal tables still render whole: empty areas, crowded yards, long names, six spaces."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.imaginarium.view import MachineStack
from renders.api import render_board, render_board_parts, render_screen
from tests.renders import samples
from tests.renders.helpers import decode


def test_an_empty_table_renders() -> None:
    view = samples.mid_game(2)
    bare = dataclasses.replace(
        view,
        belt=(),
        extractors=(),
        initiative=(),
        meeting_room=(),
        projects=(),
        crusher=(),
        active=(),
        players=tuple(
            dataclasses.replace(p, slots=(None,) * 4, yard=(), assistants=(), dial=None, completed_projects=())
            for p in view.players
        ),
    )
    render = render_board(bare)
    assert decode(render.png).width == 1600
    assert "Now: nobody." in render.text
    assert "Crusher: 0 cards." in render.text


@pytest.mark.parametrize("seed", range(6))
def test_crowded_workshops_and_long_names_stay_inside_the_image(seed: int) -> None:
    rng = random.Random(seed)
    view = samples.mid_game(5, viewer=seed % 5)
    serials = sorted(samples.CARDS)
    players = []
    for board in view.players:
        slots = tuple(
            MachineStack(
                tuple(samples.machine(rng.choice(serials)) for _ in range(rng.randint(1, 4))),
                deactivated=rng.random() < 0.2,
            )
            for _ in range(rng.choice((4, 6)))
        )
        yard = tuple(samples.machine(rng.choice(serials)) for _ in range(rng.randint(0, 12)))
        done = tuple(sorted(rng.sample(sorted(samples.PROJECT_VP), rng.randint(0, 6))))
        players.append(dataclasses.replace(board, slots=slots, yard=yard, completed_projects=done))
    crowded = dataclasses.replace(
        view, players=tuple(players), crusher=tuple(samples.machine(rng.choice(serials)) for _ in range(30))
    )
    names = ["A rather long display name that will not fit anywhere " * 2] * 5
    board = render_board(crowded, names=names)
    screen = render_screen(crowded, names=names)
    for render, width in (
        (board, 1600),
        (screen, 640),
        *((part, 640) for part in render_board_parts(crowded, names=names)),
    ):
        image = decode(render.png)
        assert image.width == width
        assert len(render.png) <= 600 * 1024
    # every stack is drawn, so the tallest stack sets the panel height
    assert decode(board.png).height > decode(render_board(view).png).height
