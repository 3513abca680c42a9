"""A seat's close-up: its own area beside the contracts it has reserved and the robot values, sent to
that player on request (Bot Factory hides nothing per seat, so this is a summary, not a secret)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.botfactory.view import BotFactoryView, ContractTile, PlayerArea
from renders.botfactory import labels, pieces, players
from renders.botfactory.table import GAP, HEADER_H, M, W, status
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, TABLE

ROW = 52


def reserved(view: BotFactoryView, seat: int) -> list[tuple[ContractTile, int, int]]:
    """The contracts ``seat`` has reserved: tile, VP of the slot its token holds, VP of the row."""
    out = []
    for space in view.contracts:
        for reservation in space.reservations:
            if reservation.seat == seat and space.contract is not None:
                out.append((space.contract, reservation.vp, space.row_vp))
    return out


def draw(view: BotFactoryView, area: PlayerArea, name: str, lang: str) -> Image.Image:
    """The close-up image, 1600 px wide like the table so both read at the same scale."""
    mine = reserved(view, area.seat)
    right_h = 60 + ROW * max(1, len(mine)) + 60 + ROW * len(view.values) + 20
    body = max(players.height(area), right_h)
    canvas = Image.new("RGB", (W, HEADER_H + body + M), TABLE)
    d = ImageDraw.Draw(canvas)
    tx.line(d, (M, HEADER_H // 2), labels.text("screen.title", lang, name=name), 30, HIGHLIGHT, bold=True,
            anchor="lm", max_width=W - 2 * M - 420)
    tx.line(d, (W - M, HEADER_H // 2), status(view, lang), 24, INK_ON_TABLE, anchor="rm", max_width=400)
    players.draw(canvas, area, (M, HEADER_H), name=name, active=area.seat in view.active, lang=lang)
    x0, y0 = M + players.PANEL_W + GAP, HEADER_H
    frames.panel(d, (x0, y0, W - M, y0 + body))
    tx.line(d, (x0 + 16, y0 + 12), labels.text("screen.reserved", lang), 24, INK_ON_TABLE, bold=True)
    y = y0 + 56
    if not mine:
        tx.line(d, (x0 + 16, y + ROW // 2), labels.text("none", lang), 22, MUTED_ON_TABLE, anchor="lm")
    for contract, vp, row_vp in mine:
        for i, colour in enumerate(contract.needs):
            icons.paste(canvas, pieces.robot(colour, 40), (x0 + 16 + i * 44, y))
        text = labels.text("screen.contract", lang, name=contract.name, vp=vp, row=row_vp)
        tx.line(d, (x0 + 16 + 3 * 44 + 12, y + 20), text, 22, INK_ON_TABLE, anchor="lm", max_width=560)
        y += ROW
    y = y0 + 56 + ROW * max(1, len(mine)) + 10
    tx.line(d, (x0 + 16, y), labels.text("screen.values", lang), 24, INK_ON_TABLE, bold=True)
    y += 46
    for track in view.values:
        icons.paste(canvas, pieces.robot(track.colour, 40), (x0 + 16, y))
        tx.line(d, (x0 + 70, y + 20), str(track.value), 28, INK_ON_TABLE, bold=True, anchor="lm")
        y += ROW
    return canvas
