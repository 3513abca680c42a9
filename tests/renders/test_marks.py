"""Marks: a picture asked to ring a thing rings it, and only that picture does (nothing drawn while
marking is kept in the caches, nothing kept is taken)."""

from __future__ import annotations

import io

from PIL import Image

from renders.api import render_board_parts
from renders.kit import marks
from renders.kit.colours import TABLE
from tests.renders import samples


def _ringed(png: bytes) -> int:
    colours = Image.open(io.BytesIO(png)).convert("RGB").getcolors(1 << 24) or []
    return sum(n for n, colour in colours if colour == marks.MARK)


def test_spot_rings_only_what_is_asked() -> None:
    canvas = Image.new("RGB", (100, 100), TABLE)
    with marks.marking("belt:1 slot:0") as asked:
        marks.spot("belt:2", canvas, (10, 10, 60, 60))
        assert canvas.getcolors() == [(100 * 100, TABLE)]
        marks.spot("slot:0", canvas, (10, 10, 60, 60))
    assert asked.drawn == ["slot:0"] and not marks.active()
    assert canvas.getpixel((12, 35)) == marks.MARK and canvas.getpixel((35, 35)) == TABLE
    marks.spot("slot:0", canvas, (70, 70, 95, 95))  # outside the block: nothing asked
    assert canvas.getpixel((72, 80)) == TABLE


def test_a_ringed_part_is_drawn_afresh_and_never_kept() -> None:
    view = samples.mid_game(3)
    plain = {part.name: part.png for part in render_board_parts(view)}
    slot = view.belt[0].position
    ringed = {part.name: part.png for part in render_board_parts(view, mark=f"belt:{slot}")}
    assert _ringed(ringed["belt"]) > 0 and ringed["belt"] != plain["belt"]
    assert all(_ringed(png) == 0 for name, png in ringed.items() if name != "belt")
    again = {part.name: part.png for part in render_board_parts(view)}
    assert again == plain and _ringed(again["belt"]) == 0


def test_a_mark_nothing_bears_changes_no_byte() -> None:
    view = samples.mid_game(2)
    plain = [part.png for part in render_board_parts(view)]
    assert [part.png for part in render_board_parts(view, mark="belt:99")] == plain
