"""The factory floor: the Assembly, Part production, Projects and Finance boards, left to right in
the box, drawn here as a 2 × 2 grid so the image stays 1600 px wide."""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image, ImageDraw

from engine.botfactory.view import BotFactoryView, ContractSpace, PartTile
from renders.botfactory import labels, pieces, spaces
from renders.kit import frames, icons, marks
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, PANEL, PANEL_EDGE, WHITE, mix

TILE = 56
KINDS = ("head", "torso", "legs")

Box = tuple[int, int, int, int]


def _title(d: ImageDraw.ImageDraw, box: Box, text: str) -> None:
    tx.line(d, (box[0] + 16, box[1] + 10), text, 24, INK_ON_TABLE, bold=True)


def _tile(
    canvas: Image.Image, tile: PartTile | None, xy: tuple[int, int], size: int = TILE, kind: str | None = None
) -> None:
    """A part tile, or the empty outline of a space (with its kind's name when it has one)."""
    if tile is not None:
        icons.paste(canvas, pieces.part(tile.colour, tile.kind, size), xy)
        return
    d = ImageDraw.Draw(canvas)
    frames.rounded(d, (xy[0], xy[1], xy[0] + size, xy[1] + size), radius=size // 6, outline=PANEL_EDGE, width=2)
    if kind:
        tx.line(d, (xy[0] + size // 2, xy[1] + size // 2), kind, 18, MUTED_ON_TABLE, anchor="mm", max_width=size + 12)


def assembly(canvas: Image.Image, view: BotFactoryView, box: Box, lang: str) -> None:
    """Robot groups, the head/torso/legs spaces of each colour, the spare parts, AS1-AS3."""
    d = ImageDraw.Draw(canvas)
    frames.panel(d, box)
    _title(d, box, labels.text("board.assembly", lang))
    x0, y0, x1, _ = box
    sx = x1 - 16 - 2 * (TILE + 8)
    tx.line(d, (sx - 10, y0 + 26), labels.text("spares", lang), 20, MUTED_ON_TABLE, anchor="rm")
    for i, spare in enumerate(view.spares):
        _tile(canvas, spare, (sx + i * (TILE + 8), y0 + 8))
    columns = view.assembly
    cw = (x1 - x0 - 32) // max(len(columns), 1)
    for c, column in enumerate(columns):
        cx = x0 + 16 + c * cw
        top = y0 + 76
        fill, ink = pieces.label(column.colour)
        frames.rounded(d, (cx + 4, top - 20, cx + cw - 8, top + 6), radius=6, fill=fill)
        icons.paste(canvas, icons.shape(pieces.BOT_SHAPES[column.colour], 18, ink, fill), (cx + 9, top - 16))
        tx.line(
            d,
            (cx + 32, top - 7),
            labels.colour(column.colour, lang).capitalize(),
            18,
            ink,
            bold=True,
            anchor="lm",
            max_width=cw - 44,
        )
        size = min(38, (cw - 14) // max(column.group_size, 1) - 3)
        for r in range(column.group_size):
            robot = pieces.robot(column.colour, size, ghost=r >= column.robots_left)
            icons.paste(canvas, robot, (cx + 6 + r * (size + 3), top + 12 + (38 - size) // 2))
        for k, (tile, icon) in enumerate(zip(column.parts, column.icons, strict=True)):
            ty = top + 58 + k * (TILE + 10)
            tx_ = cx + (cw - TILE) // 2 - 8
            _tile(canvas, tile, (tx_, ty), kind=labels.text(f"kind.{KINDS[k]}", lang))
            if icon:
                d.ellipse((tx_ + TILE + 6, ty + 16, tx_ + TILE + 30, ty + 40), fill=HIGHLIGHT)
                tx.line(d, (tx_ + TILE + 18, ty + 28), "+", 20, (20, 20, 20), bold=True, anchor="mm")
        bottom = top + 58 + len(column.parts) * (TILE + 10)
        marks.spot(f"column:{column.colour}", canvas, (cx - 2, top - 26, cx + cw - 2, bottom))


WHEEL_R = 118
NARROW = 700
"""Boxes narrower than this (phone images) get smaller piles and wheel."""


def _wheel_angle(position: int) -> float:
    """Slot ``position`` 0 sits at 11 o'clock, then clockwise every 45°: 0-1 are the top entries,
    4-5 the bottom exits (rulebook: the wheel)."""
    return math.radians(-112.5 + 45 * position)


def production(canvas: Image.Image, view: BotFactoryView, box: Box, lang: str) -> None:
    """The four part piles with the distribution marker and discards, the wheel, PP1-PP3."""
    d = ImageDraw.Draw(canvas)
    frames.panel(d, box)
    _title(d, box, labels.text("board.parts", lang))
    x0, y0, x1, _ = box
    narrow = x1 - x0 < NARROW
    pile_w, step, radius = (56, 70, 110) if narrow else (64, 96, WHEEL_R)
    for i, pile in enumerate(view.piles):
        px = x0 + 20 + i * step
        top = y0 + 86
        if pile.colour == view.marker:
            mid = px + pile_w // 2
            d.polygon([(mid - 14, top - 30), (mid + 14, top - 30), (mid, top - 8)], fill=HIGHLIGHT)
        for depth in range(min(pile.count - 1, 3), 0, -1):
            frames.rounded(
                d,
                (px + depth * 3, top - depth * 3, px + pile_w + depth * 3, top + pile_w - depth * 3),
                radius=10,
                fill=mix(PANEL, WHITE, 0.15),
                outline=PANEL_EDGE,
                width=2,
            )
        _tile(canvas, pile.top, (px, top), pile_w)
        tx.line(d, (px + pile_w // 2, top + pile_w + 20), f"×{pile.count}", 22, INK_ON_TABLE, bold=True, anchor="mm")
        # the discards, under one row caption: a label per pile would not fit a phone's narrow columns
        discard_y = top + pile_w + 58
        if pile.discard:
            _tile(canvas, pile.discard[-1], (px + 8, discard_y), pile_w - 16)
        else:
            frames.rounded(
                d, (px + 8, discard_y, px + pile_w - 8, discard_y + pile_w - 16), radius=8, outline=PANEL_EDGE, width=2
            )
        tx.line(
            d,
            (px + pile_w // 2, discard_y + pile_w - 16 + 16),
            f"×{len(pile.discard)}",
            18,
            MUTED_ON_TABLE,
            bold=True,
            anchor="mm",
        )
        marks.spot(f"pile:{pile.colour}", canvas, (px - 7, top - 15, px + pile_w + 16, top + pile_w + 36))
    if view.piles:
        tx.line(
            d,
            (x0 + 20, top + pile_w + 44),
            labels.text("discards", lang),
            18,
            MUTED_ON_TABLE,
            anchor="lm",
            max_width=len(view.piles) * step,
        )
    cx, cy = x1 - 30 - radius - 30, y0 + 40 + radius + 30
    d.ellipse(
        (cx - radius - 34, cy - radius - 34, cx + radius + 34, cy + radius + 34),
        fill=mix(PANEL, WHITE, 0.06),
        outline=PANEL_EDGE,
        width=3,
    )
    tx.line(d, (cx, cy), labels.text("wheel", lang), 20, MUTED_ON_TABLE, anchor="mm")
    tx.line(d, (cx, cy - radius - 52), labels.text("wheel.in", lang), 18, MUTED_ON_TABLE, anchor="mm")
    tx.line(
        d,
        (cx + (60 if narrow else 0), cy + radius + 50),
        labels.text("wheel.out", lang),
        18,
        MUTED_ON_TABLE,
        anchor="mm",
    )
    for slot in view.wheel:
        angle = _wheel_angle(slot.position)
        sx = round(cx + radius * math.cos(angle)) - 26
        sy = round(cy + radius * math.sin(angle)) - 26
        _tile(canvas, slot.tile, (sx, sy), 52)
        if slot.bonus:
            icons.paste(canvas, icons.shape("star", 24, HIGHLIGHT, (40, 40, 40)), (sx + 38, sy - 10))
        marks.spot(f"wheel:{slot.position}", canvas, (sx - 8, sy - 8, sx + 60, sy + 60))


def projects(canvas: Image.Image, view: BotFactoryView, box: Box, lang: str) -> None:
    """The six project spaces (bottom row with its bonuses), deck, discard, universal parts, PR1-PR2."""
    d = ImageDraw.Draw(canvas)
    frames.panel(d, box)
    _title(d, box, labels.text("board.projects", lang))
    x0, y0, x1, _ = box
    tw, th = 86, 104
    rows = max((p.row for p in view.projects), default=2) + 1
    for space in view.projects:
        px = x0 + 24 + space.column * (tw + 16)
        py = y0 + 56 + (rows - 1 - space.row) * (th + 10)
        if space.tile is not None:
            icons.paste(canvas, pieces.project(space.tile.colour, tw, th), (px, py))
        else:
            frames.rounded(d, (px, py, px + tw, py + th), radius=10, outline=PANEL_EDGE, width=2)
        if space.bonus:
            _bonus_badge(canvas, space.bonus, (px + tw - 16, py + th - 16))
        marks.spot(f"project:{space.column * rows + space.row}", canvas, (px - 7, py - 7, px + tw + 7, py + th + 7))
    legend_y = y0 + 56 + rows * (th + 10) + 4
    lx = x0 + 24
    for bonus in ("place", "token"):
        _bonus_badge(canvas, bonus, (lx, legend_y))
        lx += (
            34
            + tx.line(
                d,
                (lx + 34, legend_y + 14),
                labels.text(f"bonus.{bonus}", lang),
                18,
                INK_ON_TABLE,
                anchor="lm",
                max_width=x1 - lx - 50,
            )
            + 24
        )
    rx = x0 + 24 + 2 * (tw + 16) + 150
    frames.rounded(d, (rx, y0 + 60, rx + 90, y0 + 170), radius=10, fill=(70, 78, 110), outline=(160, 170, 210), width=3)
    tx.line(d, (rx + 45, y0 + 115), str(view.project_deck), 34, INK_ON_TABLE, bold=True, anchor="mm")
    tx.line(d, (rx + 45, y0 + 186), labels.text("deck", lang, n="").strip(), 18, MUTED_ON_TABLE, anchor="mm")
    tx.line(
        d,
        (rx + 150, y0 + 115),
        labels.text("discard", lang, n=len(view.project_discard)),
        20,
        MUTED_ON_TABLE,
        anchor="mm",
    )
    tx.line(d, (rx, y0 + 222), labels.text("universal", lang), 20, MUTED_ON_TABLE)
    for i, tile in enumerate(view.universal_parts):
        r, c = divmod(i, 4)
        _tile(canvas, tile, (rx + c * 54, y0 + 252 + r * 54), 48)


def _bonus_badge(canvas: Image.Image, bonus: str, xy: tuple[int, int]) -> None:
    """The mark of a bottom-row project space: "+" (pay 1 to place a part) or a token (gain 1)."""
    if bonus == "place":
        icons.paste(canvas, icons.shape("circle", 28, HIGHLIGHT, (40, 40, 40), "+", (20, 20, 20)), xy)
    else:
        icons.paste(canvas, pieces.speech_token(HIGHLIGHT, 28), xy)


def finance(canvas: Image.Image, view: BotFactoryView, box: Box, lang: str) -> None:
    """Robot value tracks with their bonus lines, the contract grid and its reservations, FI1-FI3."""
    d = ImageDraw.Draw(canvas)
    frames.panel(d, box)
    _title(d, box, labels.text("board.finance", lang))
    x0, y0, x1, y1 = box
    cells = view.value_max - view.value_min + 1
    cell = min(40, (x1 - x0 - 90) // cells)
    left = x0 + 60
    top = y0 + 70
    for line in view.lines:
        lx = left + (line.reach - view.value_min) * cell
        d.line((lx, top - 18, lx, top + 4 * 34), fill=HIGHLIGHT, width=2)
        tx.line(d, (lx + 3, top - 20), labels.text(f"line.{line.bonus}", lang), 18, HIGHLIGHT, anchor="ls")
    for r, track in enumerate(view.values):
        ty = top + r * 34
        icons.paste(canvas, pieces.robot(track.colour, 30), (x0 + 20, ty))
        fill, ink = pieces.label(track.colour)
        for v in range(view.value_min, view.value_max + 1):
            vx = left + (v - view.value_min) * cell
            here = v == track.value
            d.rectangle(
                (vx, ty + 2, vx + cell - 2, ty + 30),
                fill=fill if here else mix(PANEL, WHITE, 0.08),
                outline=PANEL_EDGE if not here else WHITE,
                width=1 if not here else 2,
            )
            if here:
                tx.line(d, (vx + cell // 2 - 1, ty + 16), str(v), 18, ink, bold=True, anchor="mm")
        marks.spot(f"track:{track.colour}", canvas, (x0 + 12, ty - 4, left + cells * cell + 4, ty + 36))
    grid_top = top + 4 * 34 + 16
    _contracts(canvas, view, (x0 + 16, grid_top, x1 - 16, y1 - spaces.ROW_H - 8), lang)


def _contracts(canvas: Image.Image, view: BotFactoryView, box: Box, lang: str) -> None:
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = box
    rows = max((c.row for c in view.contracts), default=0) + 1
    per_row = max(1, math.ceil(len(view.contracts) / rows))
    row_h = (y1 - y0) // rows
    cw = (x1 - x0 - 140) // per_row
    colours = spaces.seat_colours(view)
    for space in view.contracts:
        col = space.position - space.row * per_row
        cx = x0 + 70 + col * cw
        cy = y0 + space.row * row_h
        if col == 0:
            icons.paste(canvas, pieces.speech_token((200, 200, 210), 26), (x0, cy + row_h // 2 - 16))
            tx.line(d, (x0 + 32, cy + row_h // 2), str(space.cost), 22, INK_ON_TABLE, bold=True, anchor="lm")
            tx.line(
                d,
                (x1, cy + row_h // 2),
                labels.text("row_vp", lang, n=space.row_vp),
                20,
                HIGHLIGHT,
                bold=True,
                anchor="rm",
            )
        box_ = (cx + 4, cy + 3, cx + cw - 4, cy + row_h - 3)
        if space.contract is None:
            frames.rounded(d, box_, radius=8, outline=PANEL_EDGE, width=2)
        else:
            _contract(canvas, space, box_, colours)
        marks.spot(f"contract:{space.position}", canvas, (cx - 2, cy - 3, cx + cw + 2, cy + row_h + 3))


def _contract(canvas: Image.Image, space: ContractSpace, box: Box, colours: dict[int, str]) -> None:
    """The contract on a grid space, in ``box``: the robots it needs, then its reservation slots with
    their VP or the token of who took each."""
    assert space.contract is not None
    d = ImageDraw.Draw(canvas)
    x0, y0, _, y1 = box
    frames.rounded(d, box, radius=8, fill=(246, 242, 230), outline=(60, 60, 66), width=2)
    for i, colour in enumerate(space.contract.needs):
        icons.paste(canvas, pieces.robot(colour, 30), (x0 + 6 + i * 32, y0 + 5))
    sy = y1 - 31
    for i, vp in enumerate(space.contract.slots):
        sx = x0 + 6 + i * 48
        held = space.reservations[i] if i < len(space.reservations) else None
        if held is None:
            frames.rounded(d, (sx, sy, sx + 42, sy + 28), radius=6, outline=(90, 90, 100), width=2)
            tx.line(d, (sx + 21, sy + 14), str(vp), 18, (20, 22, 28), bold=True, anchor="mm")
        else:
            style = pieces.seat_style(held.seat, colours.get(held.seat, ""))
            icons.paste(canvas, icons.shape(style.shape, 28, style.colour, (30, 30, 30)), (sx + 7, sy))


CONTENT: dict[str, Callable[[Image.Image, BotFactoryView, Box, str], None]] = {
    "assembly": assembly,
    "parts": production,
    "projects": projects,
    "finance": finance,
}
"""Each board's panel and what lies on it, above its row of action spaces."""
SPACES_W = {"parts": 420, "projects": 420, "finance": 460}
"""How wide each board's row of action spaces is drawn (the assembly board's spans the panel)."""


def board(canvas: Image.Image, view: BotFactoryView, name: str, box: Box, lang: str) -> None:
    """The board ``name`` in ``box``: its panel and what lies on it, then its action spaces."""
    CONTENT[name](canvas, view, box, lang)
    action_spaces(canvas, view, name, box, lang)


def action_spaces(canvas: Image.Image, view: BotFactoryView, name: str, box: Box, lang: str) -> None:
    """The row of action spaces along the bottom of the board ``name`` drawn in ``box``, with the
    meeples on them."""
    x0, _, x1, y1 = box
    spaces.draw(canvas, view, name, (x0 + 16, y1 - spaces.ROW_H), SPACES_W.get(name, x1 - x0 - 32), lang)
