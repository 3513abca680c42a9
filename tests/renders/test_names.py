"""Display names as players choose them: 32 characters, accents, emoji the bundled font lacks, and the
AI seats' "AI · level" names, on every image of both games."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from engine.core.contract import View
from renders.api import (
    Render,
    render_board,
    render_board_parts,
    render_final,
    render_screen,
    render_zoom,
    zoom_areas,
)
from renders.kit import text as tx
from renders.kit.colours import INK_ON_TABLE, TABLE
from tests.renders import botfactory_samples, samples
from tests.renders.helpers import decode

NAMES = (
    "Maximilienne-Éléonore de Vaux-Lé",
    "Zoë 🎲 Brontë",
    "AI · hard",
    "🎲🎲🎲",
    "Ærøskøbing Łódź Ñandú Çà ßœ ÿ ñ!",
    "W" * 32,
)
assert all(len(name) <= 32 for name in NAMES)


def _every_image(public: View, private: View, ended: View) -> list[tuple[Render, int]]:
    out = [
        (render_board(public, names=NAMES), 1600),
        (render_screen(private, names=NAMES), 640),
        (render_final(ended, names=NAMES), 640),
    ]
    out += [(part, 640) for part in render_board_parts(public, names=NAMES)]
    out += [(render_zoom(public, area, names=NAMES), 0) for area, _ in zoom_areas(public, names=NAMES)]
    return out


@pytest.mark.parametrize("game", ["imaginarium", "botfactory"])
def test_long_accented_and_emoji_names_render_on_every_image(game: str) -> None:
    if game == "imaginarium":
        images = _every_image(samples.mid_game(5), samples.mid_game(5, viewer=1), samples.ended(5))
        seats = 5
    else:
        images = _every_image(
            botfactory_samples.mid_game(), botfactory_samples.mid_game(viewer=1), botfactory_samples.ended()
        )
        seats = 3
    for render, width in images:
        image = decode(render.png)
        assert width == 0 or image.width == width
        assert len(render.png) <= 300 * 1024
    every_text = "\n".join(render.text for render, _ in images)
    for name in NAMES[:seats]:
        assert name in every_text, f"{name!r} missing from the text summaries"


def test_long_names_are_cut_with_an_ellipsis_to_the_space_available() -> None:
    canvas = Image.new("RGB", (400, 40), TABLE)
    drawn = tx.line(ImageDraw.Draw(canvas), (0, 20), NAMES[0], 26, INK_ON_TABLE, bold=True, anchor="lm", max_width=200)
    assert drawn <= 200
    cut, _ = tx.fit(NAMES[0], 200, 26, bold=True)
    assert cut.endswith(tx.ELLIPSIS) and NAMES[0].startswith(cut[:-1])
    # nothing is drawn past the space given
    assert canvas.crop((202, 0, 400, 40)).getcolors() == [(198 * 40, TABLE)]


def test_characters_the_font_lacks_are_left_out_not_drawn_as_boxes() -> None:
    assert tx.printable("Zoë 🎲 Brontë") == "Zoë Brontë"
    assert tx.printable("AI · hard") == "AI · hard"
    assert tx.printable("🎲🎲🎲") == tx.MISSING
    assert tx.width("Zoë 🎲 Brontë", 20) == tx.width("Zoë Brontë", 20)
