"""The public table: header with whose turn it is, the meeples' order, the four boards, every seat's
area. Bot Factory has no per-seat secrets; the hidden part is only what lies under pile tops and in
face-down decks, which views give as counts."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.botfactory.view import BotFactoryView
from renders.botfactory import floor, goal, labels, pieces, players, spaces
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
    tx.line(d, (M + w + 24, HEADER_H // 2), status(view, lang), 28, INK_ON_TABLE, bold=True, anchor="lm", max_width=620)
    if view.phase == "over":
        return
    colours = spaces.seat_colours(view)
    x = W - M
    for seat in reversed(view.active):
        x -= (
            tx.line(
                d,
                (x, HEADER_H // 2),
                seat_name(seat, names, lang),
                26,
                HIGHLIGHT,
                bold=True,
                anchor="rm",
                max_width=220,
            )
            + 40
        )
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
        x = (
            M
            + tx.line(d, (M, y + ORDER_H // 2), labels.text("order", lang), 22, MUTED_ON_TABLE, bold=True, anchor="lm")
            + 12
        )
    for who in view.turn_order:
        icons.paste(canvas, pieces.who_icon(who, colours, 30), (x, y + ORDER_H // 2 - 15))
        x += (
            36
            + tx.line(
                d,
                (x + 36, y + ORDER_H // 2),
                labels.who_name(who, names, lang),
                20,
                INK_ON_TABLE,
                anchor="lm",
                max_width=180,
            )
            + 18
        )
    right = W - M
    if view.turn is not None:  # the turn in progress at the right end, the offer between
        turn = view.turn
        text = labels.text(
            "turn",
            lang,
            name=seat_name(turn.seat, names, lang),
            space=spaces.caption(view.spaces[turn.space], lang),
            left=turn.main_left,
        )
        right -= tx.line(d, (W - M, y + ORDER_H // 2), text, 22, HIGHLIGHT, bold=True, anchor="rm", max_width=560) + 24
    if view.production_offer:
        offer = labels.text("offer", lang, tiles=", ".join(view.production_offer))
        tx.line(d, (x + 12, y + ORDER_H // 2), offer, 20, MUTED_ON_TABLE, anchor="lm", max_width=right - x - 12)


SOLO_H = 298
TASK_LINES = 3
"""Lines the task takes at the panel's foot: what it asks and how far along it is, or how it ended."""


def solo(
    canvas: Image.Image, view: BotFactoryView, xy: tuple[int, int], lang: str, width: int = players.PANEL_W
) -> None:
    """Vilela, the solo inspector (a panel ``width`` wide): her current action and robot tiles, the
    decks, the inspection, and the task tile she inspects against: what it asks and how far the
    player is, or once over how it ended."""
    solo = view.solo_info
    if solo is None:
        return
    d = ImageDraw.Draw(canvas)
    x0, y0 = xy
    frames.panel(d, (x0, y0, x0 + width, y0 + SOLO_H))
    icons.paste(canvas, pieces.who_icon("vilela", {}, 36), (x0 + 15, y0 + 10))
    tx.line(d, (x0 + 61, y0 + 28), labels.text("vilela", lang), 28, INK_ON_TABLE, bold=True, anchor="lm")
    board = labels.text(f"board.{solo.vilela_action}", lang) if solo.vilela_action else "—"
    tx.line(d, (x0 + 15, y0 + 80), labels.text("solo.action", lang, board=board), 22, INK_ON_TABLE, anchor="lm")
    if solo.vilela_robot:
        tx.line(d, (x0 + 420, y0 + 80), labels.text("solo.robot", lang), 22, INK_ON_TABLE, anchor="lm")
        icons.paste(canvas, pieces.robot(solo.vilela_robot, 40), (x0 + 560, y0 + 60))
    decks = labels.text("solo.decks", lang, a=solo.action_deck, r=solo.robot_deck, i=solo.inspection_deck)
    tx.line(d, (x0 + 15, y0 + 124), decks, 20, MUTED_ON_TABLE, anchor="lm", max_width=width - 30)
    if solo.inspection:
        shown = ", ".join(str(p + 1) for p in solo.inspection)
        tx.line(
            d,
            (x0 + 15, y0 + 164),
            labels.text("solo.inspection", lang, spaces=shown),
            20,
            INK_ON_TABLE,
            anchor="lm",
            max_width=width - 30,
        )
    said = " — ".join(goal.solo_lines(view, solo, lang)[:2])
    for i, text in enumerate(tx.wrap(said, width - 30, 20, bold=True, max_lines=TASK_LINES)):
        tx.line(d, (x0 + 15, y0 + 206 + i * 28), text, 20, HIGHLIGHT, bold=True, anchor="lm")


def areas(view: BotFactoryView) -> dict[str, tuple[int, int, int, int]]:
    """Where each part of the table lies on the full board (boxes to crop for a close-up): the four
    boards by name ("assembly", "parts", "projects", "finance"), "seat:<n>", and "vilela" in solo."""
    panels = [players.height(p) for p in view.players]
    if view.solo_info is not None:
        panels.append(SOLO_H)
    rows = [max(panels[i : i + 2]) for i in range(0, len(panels), 2)]
    y1 = HEADER_H + ORDER_H
    y2 = y1 + ROW1_H + GAP
    right = M + COL_W + GAP
    out = {
        "assembly": (M, y1, M + COL_W, y1 + ROW1_H),
        "parts": (right, y1, W - M, y1 + ROW1_H),
        "projects": (M, y2, M + COL_W, y2 + ROW2_H),
        "finance": (right, y2, W - M, y2 + ROW2_H),
    }
    y = y2 + ROW2_H + GAP
    keys = [f"seat:{p.seat}" for p in view.players] + (["vilela"] if view.solo_info is not None else [])
    for i, key in enumerate(keys):
        x = M + (i % 2) * (players.PANEL_W + GAP)
        row_y = y + sum(r + GAP for r in rows[: i // 2])
        out[key] = (x, row_y, x + players.PANEL_W, row_y + (rows[i // 2] if key != "vilela" else SOLO_H))
    return out


def draw(view: BotFactoryView, names: Sequence[str] | None, lang: str) -> Image.Image:
    """The whole public table, 1600 px wide; height grows with the seat count."""
    where = areas(view)
    canvas = Image.new("RGB", (W, max(box[3] for box in where.values()) + M), TABLE)
    _header(canvas, view, names, lang)
    _order(canvas, view, HEADER_H, names, lang)
    for name in floor.CONTENT:
        floor.board(canvas, view, name, where[name], lang)
    for area in view.players:
        box = where[f"seat:{area.seat}"]
        players.draw(
            canvas,
            area,
            box[:2],
            name=seat_name(area.seat, names, lang),
            active=area.seat in view.active,
            lang=lang,
            panel_height=box[3] - box[1],
        )
    if view.solo_info is not None:
        solo(canvas, view, where["vilela"][:2], lang)
    return canvas
