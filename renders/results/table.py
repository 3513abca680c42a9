"""Ranked tables: the leaderboard and a player's stats, each row with its rating trend as a sparkline."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from renders.api import Render, drawn
from renders.kit import icons
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, PANEL, PANEL_EDGE, PLAYERS, TABLE, mix, player
from renders.kit.text import line, width, wrap
from renders.results.model import WIDTH, TablePicture, TableRow

MARGIN = 16
TITLE = 26
HEAD = 18
CELL = 20
ROW = 44
RANK = 44
CELL_WIDTH = 64
SPARK = 112
MAX_ROWS = 20
"""Rows drawn (the text alternative lists them all)."""


def table(picture: TablePicture) -> Render:
    """The table as a PNG :data:`WIDTH` px wide, with ``picture.text`` as its alternative."""
    return drawn(lambda: _draw(picture), picture.text, keep=(HIGHLIGHT, *(p.colour for p in PLAYERS)))


def _draw(picture: TablePicture) -> Image.Image:
    title = wrap(picture.title, WIDTH - 2 * MARGIN, TITLE, bold=True, max_lines=2)
    footer = wrap(picture.footer, WIDTH - 2 * MARGIN, HEAD, max_lines=4) if picture.footer else []
    rows = picture.rows[:MAX_ROWS]
    height = MARGIN + len(title) * round(TITLE * 1.2) + 10 + 32 + len(rows) * ROW + 12
    height += len(footer) * round(HEAD * 1.25) + MARGIN
    image = Image.new("RGB", (WIDTH, height), TABLE)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    for text in title:
        line(draw, (MARGIN, y), text, TITLE, INK_ON_TABLE, bold=True)
        y += round(TITLE * 1.2)
    y += 10
    headers = picture.headers
    # Each number column is as wide as its header (at least CELL_WIDTH): "Victoires" is not cut.
    widths = [max(CELL_WIDTH, width(h, HEAD) + 14) for h in headers[2:-1]]
    spark_left = WIDTH - MARGIN - SPARK
    cell_right = [spark_left - 10 - sum(widths[i + 1 :]) for i in range(len(widths))]
    name_width = spark_left - 10 - sum(widths) - (MARGIN + RANK + 30) - 6
    line(draw, (MARGIN, y), headers[0], HEAD, MUTED_ON_TABLE, max_width=RANK)
    line(draw, (MARGIN + RANK + 30, y), headers[1], HEAD, MUTED_ON_TABLE, max_width=name_width)
    for right, header, room in zip(cell_right, headers[2:-1], widths, strict=True):
        line(draw, (right, y), header, HEAD, MUTED_ON_TABLE, anchor="ra", max_width=room - 6)
    line(draw, (spark_left, y), headers[-1], HEAD, MUTED_ON_TABLE, max_width=SPARK)
    y += 32
    for index, row in enumerate(rows):
        _row(image, draw, row, y, index, list(zip(cell_right, widths, strict=True)), name_width, spark_left)
        y += ROW
    y += 12
    for text in footer:
        line(draw, (MARGIN, y), text, HEAD, MUTED_ON_TABLE)
        y += round(HEAD * 1.25)
    return image


def _row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    row: TableRow,
    y: int,
    index: int,
    cells: Sequence[tuple[int, int]],
    name_width: int,
    spark_left: int,
) -> None:
    fill = mix(PANEL, HIGHLIGHT, 0.25) if row.highlight else (PANEL if index % 2 == 0 else TABLE)
    draw.rounded_rectangle(
        (MARGIN - 6, y, WIDTH - MARGIN + 6, y + ROW - 4),
        radius=8,
        fill=fill,
        outline=PANEL_EDGE if row.highlight else fill,
    )
    middle = y + (ROW - 4) // 2
    line(
        draw,
        (MARGIN, middle),
        row.rank,
        CELL,
        HIGHLIGHT if row.rank == "1" else INK_ON_TABLE,
        bold=True,
        anchor="lm",
        max_width=RANK,
    )
    if row.seat is not None:
        style = player(row.seat)
        icons.paste(image, icons.shape(style.shape, 20, style.colour, INK_ON_TABLE), (MARGIN + RANK, middle - 10))
    line(draw, (MARGIN + RANK + 30, middle), row.name, CELL, INK_ON_TABLE, anchor="lm", max_width=name_width)
    for (right, room), cell in zip(cells, row.cells, strict=False):
        line(draw, (right, middle), cell, CELL, INK_ON_TABLE, anchor="rm", max_width=room - 6)
    _sparkline(draw, row.trend, (spark_left, y + 8, WIDTH - MARGIN, y + ROW - 12))


def _sparkline(draw: ImageDraw.ImageDraw, values: Sequence[float], box: tuple[int, int, int, int]) -> None:
    """The values as a small line, lowest at the bottom of ``box``, the last one marked."""
    if not values:
        return
    left, top, right, bottom = box
    low, high = min(values), max(values)
    span = high - low or 1.0

    def at(i: int, v: float) -> tuple[float, float]:
        x = left + (right - left) * (i / max(1, len(values) - 1)) if len(values) > 1 else (left + right) / 2
        return x, bottom - (bottom - top) * ((v - low) / span if high > low else 0.5)

    points = [at(i, v) for i, v in enumerate(values)]
    if len(points) > 1:
        draw.line(points, fill=MUTED_ON_TABLE, width=2, joint="curve")
    x, y = points[-1]
    draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=HIGHLIGHT)
