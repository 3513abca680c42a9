"""A seat's close-up: its own area under a header, sent to that player on request."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.botfactory.view import BotFactoryView, PlayerArea
from renders.botfactory import labels, players
from renders.botfactory.table import HEADER_H, M, W, status
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, TABLE


def draw(view: BotFactoryView, area: PlayerArea, name: str, lang: str) -> Image.Image:
    """The close-up image, 1600 px wide like the table so both read at the same scale."""
    canvas = Image.new("RGB", (W, HEADER_H + players.height(area) + M), TABLE)
    d = ImageDraw.Draw(canvas)
    tx.line(d, (M, HEADER_H // 2), labels.text("screen.title", lang, name=name), 30, HIGHLIGHT, bold=True,
            anchor="lm", max_width=W - 2 * M - 420)
    tx.line(d, (W - M, HEADER_H // 2), status(view, lang), 24, INK_ON_TABLE, anchor="rm", max_width=400)
    players.draw(canvas, area, (M, HEADER_H), name=name, active=area.seat in view.active)
    return canvas
