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


def _rows(area: PlayerArea) -> int:
    per_row = (PANEL_W - 2 * PAD - LABEL_W) // (PART + 6)
    return max(1, -(-len(area.parts) // per_row)) + 2


def height(area: PlayerArea) -> int:
    """Height of the seat's panel (parts wrap onto more rows when there are many)."""
    return HEADER + _rows(area) * ROW + PAD


def draw(canvas: Image.Image, area: PlayerArea, xy: tuple[int, int], *, name: str, active: bool,
         panel_height: int | None = None) -> None:
    """Draw the panel with its top left corner at ``xy``."""
    x0, y0 = xy
    h = panel_height or height(area)
    d = ImageDraw.Draw(canvas)
    style = pieces.seat_style(area.seat, area.colour)
    frames.panel(d, (x0, y0, x0 + PANEL_W, y0 + h), fill=mix(TABLE, style.colour, 0.10),
                 edge=HIGHLIGHT if active else PANEL_EDGE)
    if active:
        d.rounded_rectangle((x0, y0, x0 + PANEL_W, y0 + h), radius=14, outline=HIGHLIGHT, width=5)
    icons.paste(canvas, icons.shape(style.shape, 36, style.colour, WHITE), (x0 + PAD, y0 + 10))
    name_w = tx.line(d, (x0 + PAD + 46, y0 + 28), name, 28, INK_ON_TABLE, bold=True, anchor="lm", max_width=300)
    tx.line(d, (x0 + PAD + 58 + name_w, y0 + 30), area.colour, 20, MUTED_ON_TABLE, anchor="lm")
    # speech tokens: held, then on contracts
    rx = x0 + PANEL_W - PAD
    rx -= tx.line(d, (rx, y0 + 30), labels.text("on_contracts", n=area.tokens_on_contracts), 20, MUTED_ON_TABLE,
                  anchor="rm") + 16
    rx -= tx.line(d, (rx, y0 + 28), str(area.tokens), 30, INK_ON_TABLE, bold=True, anchor="rm") + 6
    icons.paste(canvas, pieces.speech_token(style.colour, 36), (rx - 36, y0 + 10))
    y = y0 + HEADER
    per_row = (PANEL_W - 2 * PAD - LABEL_W) // (PART + 6)
    tx.line(d, (x0 + PAD, y + PART // 2), labels.text("parts"), 20, MUTED_ON_TABLE, bold=True, anchor="lm")
    if not area.parts:
        tx.line(d, (x0 + PAD + LABEL_W, y + PART // 2), labels.text("none"), 20, MUTED_ON_TABLE, anchor="lm")
    for i, tile in enumerate(area.parts):
        r, c = divmod(i, per_row)
        icons.paste(canvas, pieces.part(tile.colour, tile.kind, PART), (x0 + PAD + LABEL_W + c * (PART + 6),
                                                                       y + r * ROW))
    y += (_rows(area) - 2) * ROW
    tx.line(d, (x0 + PAD, y + PROJECT_H // 2), labels.text("projects"), 20, MUTED_ON_TABLE, bold=True, anchor="lm")
    x = x0 + PAD + LABEL_W
    if not area.projects:
        tx.line(d, (x, y + PROJECT_H // 2), labels.text("none"), 20, MUTED_ON_TABLE, anchor="lm")
    for project in area.projects:
        icons.paste(canvas, pieces.project(project.colour, PROJECT_W, PROJECT_H), (x, y))
        x += PROJECT_W + 6
    if area.production_tile:
        text = labels.text("production", tile=area.production_tile)
        if area.production_used:
            text += f" ({labels.text('production.used')})"
        tx.line(d, (x0 + PANEL_W - PAD, y + PROJECT_H // 2), text, 20, INK_ON_TABLE, anchor="rm", max_width=260)
    y += ROW
    tx.line(d, (x0 + PAD, y + PROJECT_H // 2), labels.text("robots"), 20, MUTED_ON_TABLE, bold=True, anchor="lm")
    x = x0 + PAD + LABEL_W
    if not area.robots:
        tx.line(d, (x, y + PROJECT_H // 2), labels.text("none"), 20, MUTED_ON_TABLE, anchor="lm")
    for built in area.robots:
        icons.paste(canvas, pieces.project(built.project.colour, PROJECT_W, PROJECT_H, built=True), (x, y))
        if built.universal:
            icons.paste(canvas, icons.shape("star", 22, HIGHLIGHT, (40, 40, 40)), (x + PROJECT_W - 14, y - 6))
        x += PROJECT_W + 6


def summary(area: PlayerArea, name: str) -> str:
    """The seat's area in words."""
    def count(items: list[str]) -> str:
        return ", ".join(f"{items.count(k)} {k}" for k in dict.fromkeys(items)) or "none"

    parts = count([f"{t.colour} {t.kind}" for t in area.parts])
    projects = count([t.colour for t in area.projects])
    robots = count([r.project.colour + (" (universal robot)" if r.universal else "") for r in area.robots])
    text = (f"{name} ({area.colour}): {area.tokens} tokens, {area.tokens_on_contracts} on contracts — parts: {parts}"
            f" — projects: {projects} — robots: {robots}")
    if area.production_tile:
        text += f" — production tile {area.production_tile}" + (" (used)" if area.production_used else "")
    return text
