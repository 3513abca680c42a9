"""One seat's area: speech tokens (held and on contracts), parts, projects, built robots and the
variants' production tile. Everything in it is public (rulebook: set-up, tiles lie face up)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.botfactory.view import PlayerArea
from renders.botfactory import labels, pieces
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, PANEL_EDGE, TABLE, WHITE, mix

PANEL_W = 774
PAD = 15
HEADER = 56
ROW = 66
LABEL_W = 110
PART = 52
PROJECT_W, PROJECT_H = 46, 56


def _rows(area: PlayerArea, width: int = PANEL_W) -> int:
    per_row = (width - 2 * PAD - LABEL_W) // (PART + 6)
    return max(1, -(-len(area.parts) // per_row)) + 2


def height(area: PlayerArea, width: int = PANEL_W) -> int:
    """Height of the seat's panel (parts wrap onto more rows when there are many)."""
    return HEADER + _rows(area, width) * ROW + PAD


def draw(
    canvas: Image.Image,
    area: PlayerArea,
    xy: tuple[int, int],
    *,
    name: str,
    active: bool,
    lang: str,
    panel_height: int | None = None,
    width: int = PANEL_W,
) -> None:
    """Draw the panel, ``width`` wide, with its top left corner at ``xy``."""
    x0, y0 = xy
    h = panel_height or height(area, width)
    d = ImageDraw.Draw(canvas)
    style = pieces.seat_style(area.seat, area.colour)
    frames.panel(
        d, (x0, y0, x0 + width, y0 + h), fill=mix(TABLE, style.colour, 0.10), edge=HIGHLIGHT if active else PANEL_EDGE
    )
    if active:
        frames.rounded(d, (x0, y0, x0 + width, y0 + h), radius=14, outline=HIGHLIGHT, width=5)
    icons.paste(canvas, icons.shape(style.shape, 36, style.colour, WHITE), (x0 + PAD, y0 + 10))
    name_w = tx.line(
        d, (x0 + PAD + 46, y0 + 28), name, 28, INK_ON_TABLE, bold=True, anchor="lm", max_width=min(300, width - 380)
    )
    tx.line(d, (x0 + PAD + 58 + name_w, y0 + 30), labels.colour(area.colour, lang), 20, MUTED_ON_TABLE, anchor="lm")
    # speech tokens: held, then on contracts
    rx = x0 + width - PAD
    rx -= (
        tx.line(
            d,
            (rx, y0 + 30),
            labels.text("on_contracts", lang, n=area.tokens_on_contracts),
            20,
            MUTED_ON_TABLE,
            anchor="rm",
        )
        + 16
    )
    rx -= tx.line(d, (rx, y0 + 28), str(area.tokens), 30, INK_ON_TABLE, bold=True, anchor="rm") + 6
    icons.paste(canvas, pieces.speech_token(style.colour, 36), (rx - 36, y0 + 10))
    y = y0 + HEADER
    per_row = (width - 2 * PAD - LABEL_W) // (PART + 6)
    tx.line(d, (x0 + PAD, y + PART // 2), labels.text("parts", lang), 20, MUTED_ON_TABLE, bold=True, anchor="lm")
    if not area.parts:
        tx.line(
            d, (x0 + PAD + LABEL_W, y + PART // 2), labels.text("none_parts", lang), 20, MUTED_ON_TABLE, anchor="lm"
        )
    for i, tile in enumerate(area.parts):
        r, c = divmod(i, per_row)
        icons.paste(
            canvas, pieces.part(tile.colour, tile.kind, PART), (x0 + PAD + LABEL_W + c * (PART + 6), y + r * ROW)
        )
    y += (_rows(area, width) - 2) * ROW
    tx.line(
        d, (x0 + PAD, y + PROJECT_H // 2), labels.text("projects", lang), 20, MUTED_ON_TABLE, bold=True, anchor="lm"
    )
    x = x0 + PAD + LABEL_W
    if not area.projects:
        tx.line(d, (x, y + PROJECT_H // 2), labels.text("none", lang), 20, MUTED_ON_TABLE, anchor="lm")
    for project in area.projects:
        icons.paste(canvas, pieces.project(project.colour, PROJECT_W, PROJECT_H), (x, y))
        x += PROJECT_W + 6
    if area.production_tile:
        text = labels.text("production", lang, tile=area.production_tile)
        if area.production_used:
            text += f" ({labels.text('production.used', lang)})"
        tx.line(d, (x0 + width - PAD, y + PROJECT_H // 2), text, 20, INK_ON_TABLE, anchor="rm", max_width=260)
    y += ROW
    tx.line(d, (x0 + PAD, y + PROJECT_H // 2), labels.text("robots", lang), 20, MUTED_ON_TABLE, bold=True, anchor="lm")
    x = x0 + PAD + LABEL_W
    if not area.robots:
        tx.line(d, (x, y + PROJECT_H // 2), labels.text("none", lang), 20, MUTED_ON_TABLE, anchor="lm")
    for built in area.robots:
        icons.paste(canvas, pieces.project(built.project.colour, PROJECT_W, PROJECT_H, built=True), (x, y))
        if built.universal:
            icons.paste(canvas, icons.shape("star", 22, HIGHLIGHT, (40, 40, 40)), (x + PROJECT_W - 14, y - 6))
        x += PROJECT_W + 6


def summary(area: PlayerArea, name: str, lang: str) -> str:
    """The seat's area in words."""
    none = labels.text("none", lang)

    def count(items: list[str]) -> str:
        return ", ".join(f"{items.count(k)} {k}" for k in dict.fromkeys(items)) or none

    parts = (
        count([labels.part(t.colour, t.kind, lang) for t in area.parts])
        if area.parts
        else labels.text("none_parts", lang)
    )
    projects = count([labels.colour(t.colour, lang) for t in area.projects])
    universal = f" ({labels.text('sum.universal_robot', lang)})"
    robots = count([labels.colour(r.project.colour, lang) + (universal if r.universal else "") for r in area.robots])
    text = labels.text(
        "sum.player",
        lang,
        name=name,
        colour=labels.colour(area.colour, lang),
        tokens=area.tokens,
        on=area.tokens_on_contracts,
    )
    text += (
        f" — {labels.text('parts', lang).lower()}: {parts} — {labels.text('projects', lang).lower()}: "
        f"{projects} — {labels.text('robots', lang).lower()}: {robots}"
    )
    if area.production_tile:
        text += " — " + labels.text("production", lang, tile=area.production_tile)
        if area.production_used:
            text += f" ({labels.text('production.used', lang)})"
    return text
