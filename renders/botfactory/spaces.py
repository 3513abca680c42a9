"""The action spaces along the bottom of each board, with the meeples standing or lying on them."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.botfactory.view import ActionSpace, BotFactoryView
from renders.botfactory import labels
from renders.botfactory.labels import who_name
from renders.botfactory.pieces import who_icon
from renders.kit import icons, marks
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, PANEL, PANEL_EDGE, mix

ROW_H = 122
CIRCLE = 64


def caption(space: ActionSpace, lang: str) -> str:
    """What the space's main action allows, in a few words (rulebook: each board's main action)."""
    n = space.amount
    if space.board == "assembly":
        text = labels.text("space.part", lang) if n == 1 else labels.text("space.parts", lang, n=n)
    elif space.board == "parts":
        text = labels.text("space.moves", lang, n=n)
    elif space.board == "projects":
        text = labels.text("space.project", lang) if n == 1 else labels.text("space.projects", lang, n=n)
    else:
        text = labels.text("space.spend", lang, n=n)
    if space.cost:
        text = f"{labels.text('space.pay', lang, n=space.cost)} · {text}"
    if space.gain:
        text = f"+{space.gain} · {text}"
    return text


def tag(space: ActionSpace, spaces: Sequence[ActionSpace], lang: str) -> str:
    """The space's small tag, its board's initials in the reader's language and its place on the
    board ("LM2" for the assembly board's second space in French): the words under it say what it
    does, the tag only lets players point at it."""
    place = [s.index for s in spaces if s.board == space.board].index(space.index) + 1
    return labels.text(f"space.tag.{space.board}", lang, n=place)


def seat_colours(view: BotFactoryView) -> dict[int, str]:
    return {p.seat: p.colour for p in view.players}


def draw(canvas: Image.Image, view: BotFactoryView, board: str, xy: tuple[int, int], width: int, lang: str) -> None:
    """The board's action spaces in a row from ``xy``; a standing meeple (moved, not yet acted) is
    ringed, an overflow meeple (variant PT5) stands after the last space."""
    d = ImageDraw.Draw(canvas)
    spaces = [s for s in view.spaces if s.board == board]
    if not spaces:
        return
    colours = seat_colours(view)
    step = min(150, width // len(spaces))
    x0, y0 = xy
    for i, space in enumerate(spaces):
        cx = x0 + i * step + step // 2
        d.ellipse(
            (cx - CIRCLE // 2, y0, cx + CIRCLE // 2, y0 + CIRCLE),
            fill=mix(PANEL, INK_ON_TABLE, 0.12),
            outline=PANEL_EDGE,
            width=3,
        )
        here = [m for m in view.meeples if m.space == space.index and not m.overflow]
        if here:
            meeple = here[0]
            if meeple.standing:
                d.ellipse(
                    (cx - CIRCLE // 2 - 4, y0 - 4, cx + CIRCLE // 2 + 4, y0 + CIRCLE + 4), outline=HIGHLIGHT, width=4
                )
            icons.paste(canvas, who_icon(meeple.who, colours, 44), (cx - 22, y0 + 10))
        else:
            tx.line(d, (cx, y0 + CIRCLE // 2), tag(space, view.spaces, lang), 18, MUTED_ON_TABLE, anchor="mm")
        lines = tx.wrap(caption(space, lang), step - 6, 20, bold=True, max_lines=2)
        for i_line, text in enumerate(lines):
            tx.line(d, (cx, y0 + CIRCLE + 18 + 24 * i_line), text, 20, INK_ON_TABLE, bold=True, anchor="mm")
        marks.spot(f"space:{space.name}", canvas, (cx - step // 2 + 2, y0 - 9, cx + step // 2 - 2, y0 + ROW_H - 3))
    overflow = [m for m in view.meeples if m.overflow and view.spaces[m.space].board == board]
    for j, meeple in enumerate(overflow):
        icons.paste(canvas, who_icon(meeple.who, colours, 40), (x0 + len(spaces) * step + 10 + j * 46, y0 + 12))


def occupant_names(view: BotFactoryView, names: Sequence[str] | None, lang: str) -> dict[int, str]:
    """Space index -> who is on it, for the text summary."""
    standing = f" ({labels.text('standing', lang)})"
    return {m.space: who_name(m.who, names, lang) + (standing if m.standing else "") for m in view.meeples}
