"""One seat's private screen: charcoalium, resources, VP, secret projects and dream fragments, beside
that seat's own workshop. Sent only to that player (an ephemeral reply)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.imaginarium.view import ImaginariumView, PlayerBoard, Screen
from renders.imaginarium import labels, workshop
from renders.imaginarium.goods import fragment, good
from renders.imaginarium.table import GAP, HEADER_H, M, W, status, token
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import CARD, HIGHLIGHT, INK, INK_ON_TABLE, MUTED_INK, MUTED_ON_TABLE, TABLE
from renders.kit.names import seat_name

GOODS = ("charcoalium", "wood", "copper", "crystal", "vp")
ROW = 84
TILE_H = 120


def _left_height(screen: Screen) -> int:
    h = 60 + ROW * len(GOODS) + 10
    if screen.secret_projects:
        h += 50 + TILE_H + 10
    if screen.fragments:
        h += 50 + 44
    return h


def draw(view: ImaginariumView, screen: Screen, board: PlayerBoard | None, names: Sequence[str] | None,
         lang: str) -> Image.Image:
    """The screen image; ``board`` is the viewer's workshop (teammates share a screen, not a workshop)."""
    left_w = W - 2 * M - workshop.PANEL_W - GAP
    left_h = _left_height(screen)
    right_h = workshop.height(board) if board is not None else 0
    canvas = Image.new("RGB", (W, HEADER_H + max(left_h, right_h) + M), TABLE)
    d = ImageDraw.Draw(canvas)
    seat = board.seat if board is not None else screen.seat
    name = seat_name(seat, names)
    token(canvas, seat, (M, HEADER_H // 2 - 18), 36)
    tx.line(d, (M + 48, HEADER_H // 2), labels.text("screen.title", lang, name=name), 30, HIGHLIGHT, bold=True,
            anchor="lm", max_width=W - 2 * M - 48 - 420)
    tx.line(d, (W - M, HEADER_H // 2), status(view, lang), 24, INK_ON_TABLE, anchor="rm", max_width=400)
    x0, y0 = M, HEADER_H
    frames.panel(d, (x0, y0, x0 + left_w, y0 + left_h))
    tx.line(d, (x0 + 16, y0 + 12), labels.text("screen.reserve", lang), 24, INK_ON_TABLE, bold=True)
    values = {"charcoalium": screen.charcoalium, "wood": screen.wood, "copper": screen.copper,
              "crystal": screen.crystal, "vp": screen.vp}
    y = y0 + 60
    for g in GOODS:
        icons.paste(canvas, good(g, 60), (x0 + 20, y))
        tx.line(d, (x0 + 100, y + 30), str(values[g]), 52, INK_ON_TABLE, bold=True, anchor="lm")
        tx.line(d, (x0 + 200, y + 32), labels.text(f"good.{g}", lang), 28, MUTED_ON_TABLE, anchor="lm")
        y += ROW
    y += 10
    if screen.secret_projects:
        tx.line(d, (x0 + 16, y + 10), labels.text("screen.secret", lang), 24, INK_ON_TABLE, bold=True)
        y += 50
        tile_w = (left_w - 32 - GAP) // 2
        for i, tile in enumerate(screen.secret_projects[:2]):
            x = x0 + 16 + i * (tile_w + GAP)
            d.rounded_rectangle((x, y, x + tile_w, y + TILE_H), radius=10, fill=CARD, outline=(60, 60, 66), width=2)
            icons.paste(canvas, good("vp", 30), (x + 8, y + 8))
            tx.line(d, (x + 44, y + 23), str(tile.vp), 26, INK, bold=True, anchor="lm")
            tx.line(d, (x + tile_w - 10, y + 23), tile.id, 20, MUTED_INK, bold=True, anchor="rm")
            tx.paragraph(d, (x + 10, y + 46), labels.project(tile.id, lang), 20, INK,
                         tile_w - 20, max_lines=3)
        y += TILE_H + 10
    if screen.fragments:
        tx.line(d, (x0 + 16, y + 10), labels.text("screen.fragments", lang), 24, INK_ON_TABLE, bold=True)
        y += 50
        for i, colour in enumerate(screen.fragments):
            icons.paste(canvas, fragment(colour, 36), (x0 + 16 + i * 42, y))
    if board is not None:
        turn = view.turn if view.turn is not None and view.turn.seat == board.seat else None
        workshop.draw(canvas, board, (x0 + left_w + GAP, y0), name=name, active=board.seat in view.active,
                      lang=lang, turn=turn)
    return canvas
