"""The public table: header with whose turn it is, the meeples' order, the four boards, every seat's
area. Bot Factory has no per-seat secrets; the hidden part is only what lies under pile tops and in
face-down decks, which views give as counts."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.botfactory.view import BotFactoryView
from renders.botfactory import floor, labels, pieces, players, spaces
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, TABLE
from renders.kit.names import seat_name

W = 1600
M = 20
GAP = 12
HEADER_H = 72
ORDER_H = 52
ROW1_H = 470
ROW2_H = 580
COL_W = (W - 2 * M - GAP) // 2


def status(view: BotFactoryView, lang: str) -> str:
    """Round and phase in words (plus the solo task)."""
    if view.phase == "over":
        return labels.text("phase.over", lang)
    text = f"{labels.text('round', lang, n=view.round)} · {labels.text(f'phase.{view.phase}', lang)}"
    if view.solo_info is not None:
        text += " · " + labels.text("solo.task", lang, task=view.solo_info.task)
    return text


def _header(canvas: Image.Image, view: BotFactoryView, names: Sequence[str] | None, lang: str) -> None:
    d = ImageDraw.Draw(canvas)
    w = tx.line(d, (M, HEADER_H // 2), labels.text("title", lang), 34, HIGHLIGHT, bold=True, anchor="lm")
    tx.line(d, (M + w + 24, HEADER_H // 2), status(view, lang), 28, INK_ON_TABLE, bold=True, anchor="lm",
            max_width=620)
    if view.phase == "over":
        return
    colours = spaces.seat_colours(view)
    x = W - M
    for seat in reversed(view.active):
        x -= tx.line(d, (x, HEADER_H // 2), seat_name(seat, names), 26, HIGHLIGHT, bold=True, anchor="rm",
                     max_width=220) + 40
        icons.paste(canvas, pieces.who_icon(f"seat:{seat}", colours, 32), (x, HEADER_H // 2 - 16))
        x -= 18
    if not view.active:
        x -= tx.line(d, (x, HEADER_H // 2), labels.text("nobody", lang), 26, MUTED_ON_TABLE, anchor="rm") + 8
    tx.line(d, (x, HEADER_H // 2), labels.text("now", lang), 26, INK_ON_TABLE, anchor="rm")


def _order(canvas: Image.Image, view: BotFactoryView, y: int, names: Sequence[str] | None, lang: str) -> None:
    d = ImageDraw.Draw(canvas)
    colours = spaces.seat_colours(view)
    x = M - 12
    if view.turn_order:
        x = M + tx.line(d, (M, y + ORDER_H // 2), labels.text("order", lang), 22, MUTED_ON_TABLE, bold=True,
                        anchor="lm") + 12
    for who in view.turn_order:
        icons.paste(canvas, pieces.who_icon(who, colours, 30), (x, y + ORDER_H // 2 - 15))
        x += 36 + tx.line(d, (x + 36, y + ORDER_H // 2), labels.who_name(who, names, lang), 20, INK_ON_TABLE,
                          anchor="lm", max_width=180) + 18
    if view.production_offer:
        offer = labels.text("offer", lang, tiles=", ".join(view.production_offer))
        tx.line(d, (x + 12, y + ORDER_H // 2), offer, 20, MUTED_ON_TABLE, anchor="lm", max_width=W // 2 - x)
    if view.turn is not None:
        turn = view.turn
        text = labels.text("turn", lang, name=seat_name(turn.seat, names), space=view.spaces[turn.space].name,
                           left=turn.main_left)
        tx.line(d, (W - M, y + ORDER_H // 2), text, 22, HIGHLIGHT, bold=True, anchor="rm", max_width=560)


SOLO_H = 200


def _solo(canvas: Image.Image, view: BotFactoryView, xy: tuple[int, int], lang: str) -> None:
    """Vilela, the solo inspector: her current action and robot tiles, the decks, the inspection."""
    solo = view.solo_info
    if solo is None:
        return
    d = ImageDraw.Draw(canvas)
    x0, y0 = xy
    frames.panel(d, (x0, y0, x0 + players.PANEL_W, y0 + SOLO_H))
    icons.paste(canvas, pieces.who_icon("vilela", {}, 36), (x0 + 15, y0 + 10))
    tx.line(d, (x0 + 61, y0 + 28), labels.text("vilela", lang), 28, INK_ON_TABLE, bold=True, anchor="lm")
    tx.line(d, (x0 + players.PANEL_W - 15, y0 + 30), labels.text("solo.task", lang, task=solo.task), 22, HIGHLIGHT,
            bold=True, anchor="rm")
    board = labels.text(f"board.{solo.vilela_action}", lang) if solo.vilela_action else "—"
    tx.line(d, (x0 + 15, y0 + 80), labels.text("solo.action", lang, board=board), 22, INK_ON_TABLE, anchor="lm")
    if solo.vilela_robot:
        tx.line(d, (x0 + 420, y0 + 80), labels.text("solo.robot", lang), 22, INK_ON_TABLE, anchor="lm")
        icons.paste(canvas, pieces.robot(solo.vilela_robot, 40), (x0 + 560, y0 + 60))
    decks = labels.text("solo.decks", lang, a=solo.action_deck, r=solo.robot_deck, i=solo.inspection_deck)
    tx.line(d, (x0 + 15, y0 + 124), decks, 20, MUTED_ON_TABLE, anchor="lm", max_width=players.PANEL_W - 30)
    if solo.inspection:
        shown = ", ".join(str(p + 1) for p in solo.inspection)
        tx.line(d, (x0 + 15, y0 + 164), labels.text("solo.inspection", lang, spaces=shown), 20, INK_ON_TABLE,
                anchor="lm", max_width=players.PANEL_W - 30)


def draw(view: BotFactoryView, names: Sequence[str] | None, lang: str) -> Image.Image:
    """The whole public table, 1600 px wide; height grows with the seat count."""
    panels = [players.height(p) for p in view.players]
    if view.solo_info is not None:
        panels.append(SOLO_H)
    rows = [max(panels[i : i + 2]) for i in range(0, len(panels), 2)]
    y_floor = HEADER_H + ORDER_H
    y_players = y_floor + ROW1_H + GAP + ROW2_H + GAP
    height = y_players + sum(r + GAP for r in rows) + M - GAP
    canvas = Image.new("RGB", (W, height), TABLE)
    _header(canvas, view, names, lang)
    _order(canvas, view, HEADER_H, names, lang)
    right = M + COL_W + GAP
    floor.assembly(canvas, view, (M, y_floor, M + COL_W, y_floor + ROW1_H), lang)
    floor.production(canvas, view, (right, y_floor, W - M, y_floor + ROW1_H), lang)
    y2 = y_floor + ROW1_H + GAP
    floor.projects(canvas, view, (M, y2, M + COL_W, y2 + ROW2_H), lang)
    floor.finance(canvas, view, (right, y2, W - M, y2 + ROW2_H), lang)
    y = y_players
    for r, row_h in enumerate(rows):
        for c, area in enumerate(view.players[2 * r : 2 * r + 2]):
            players.draw(canvas, area, (M + c * (players.PANEL_W + GAP), y), name=seat_name(area.seat, names),
                         active=area.seat in view.active, lang=lang, panel_height=row_h)
        y += row_h + GAP
    if view.solo_info is not None:
        slot = len(view.players)
        sy = y_players + sum(r + GAP for r in rows[: slot // 2])
        _solo(canvas, view, (M + (slot % 2) * (players.PANEL_W + GAP), sy), lang)
    return canvas
