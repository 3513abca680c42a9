"""The post-game report: one line chart per quantity (a curve per seat over the rounds), then the
turning points in words.

Each seat's curve has its colour and, at every point (or at its end when the rounds are many), its
shape, so players tell the curves apart without colour; the legend names them with their final value.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from renders.api import Render, drawn
from renders.kit import icons
from renders.kit.colours import (
    INK_ON_TABLE,
    MUTED_ON_TABLE,
    PANEL,
    PANEL_EDGE,
    PLAYERS,
    TABLE,
    mix,
    player,
)
from renders.kit.frames import panel as panel_frame
from renders.kit.text import fit, line, paragraph, wrap
from renders.results.model import WIDTH, Panel, ReportPicture

MARGIN = 16
TITLE = 26
LABEL = 18
NOTE = 20
PLOT_HEIGHT = 190
MARKER = 16
MARKED_POINTS = 16
"""Up to this many points every point carries the seat's shape; beyond, only the last one does."""
MAX_NOTES = 14
"""Turning-point lines drawn (the text alternative keeps them all)."""


def report(picture: ReportPicture) -> Render:
    """The report as a PNG at most :data:`WIDTH` px wide, with ``picture.text`` as its alternative."""
    return drawn(lambda: _draw(picture), picture.text, keep=tuple(p.colour for p in PLAYERS))


def _notes(picture: ReportPicture) -> list[str]:
    lines: list[str] = []
    for note in picture.notes:
        lines.extend(wrap(note, WIDTH - 2 * MARGIN, NOTE, max_lines=3))
    if len(lines) > MAX_NOTES:
        lines = [*lines[: MAX_NOTES - 1], "…"]
    return lines


def _draw(picture: ReportPicture) -> Image.Image:
    title = wrap(picture.title, WIDTH - 2 * MARGIN, TITLE, bold=True, max_lines=2)
    seats = max((len(p.lines) for p in picture.panels), default=0)
    legend = seats * 30 + 8
    panel_height = 42 + PLOT_HEIGHT + 34
    notes = _notes(picture)
    height = (
        MARGIN
        + len(title) * round(TITLE * 1.2)
        + 8
        + legend
        + len(picture.panels) * (panel_height + 10)
        + len(notes) * round(NOTE * 1.25)
        + MARGIN
    )
    image = Image.new("RGB", (WIDTH, height), TABLE)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    for text in title:
        line(draw, (MARGIN, y), text, TITLE, INK_ON_TABLE, bold=True)
        y += round(TITLE * 1.2)
    y += 8
    if picture.panels:
        y = _legend(image, draw, picture.panels[0], y)
    for chart in picture.panels:
        _panel(image, draw, chart, picture, (MARGIN, y, WIDTH - MARGIN, y + panel_height))
        y += panel_height + 10
    for text in notes:
        paragraph(draw, (MARGIN, y), text, NOTE, INK_ON_TABLE, WIDTH - 2 * MARGIN, max_lines=1)
        y += round(NOTE * 1.25)
    return image


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, chart: Panel, y: int) -> int:
    for curve in chart.lines:
        style = player(curve.seat)
        icons.paste(image, icons.shape(style.shape, 22, style.colour, INK_ON_TABLE), (MARGIN, y + 2))
        final = str(curve.values[-1]) if curve.values else ""
        line(draw, (MARGIN + 32, y + 1), curve.name, LABEL + 2, INK_ON_TABLE, max_width=WIDTH - 2 * MARGIN - 110)
        line(draw, (WIDTH - MARGIN, y + 1), final, LABEL + 2, INK_ON_TABLE, bold=True, anchor="ra")
        y += 30
    return y + 8


def _panel(
    image: Image.Image, draw: ImageDraw.ImageDraw, chart: Panel, picture: ReportPicture, box: tuple[int, int, int, int]
) -> None:
    left, top, right, _ = box
    panel_frame(draw, box, fill=PANEL, edge=PANEL_EDGE, radius=10)
    axis = line(draw, (right - 12, top + 12), picture.axis, LABEL, MUTED_ON_TABLE, anchor="ra")
    text, face = fit(chart.title, right - left - 36 - axis, 22, bold=True)
    line(draw, (left + 12, top + 10), text, round(face.size), INK_ON_TABLE, bold=True)
    values = [v for curve in chart.lines for v in curve.values] or [0]
    low, high = min(0, *values), max(1, *values)
    plot = (left + 56, top + 46, right - 18, top + 46 + PLOT_HEIGHT)
    points = max((len(c.values) for c in chart.lines), default=0)

    def at(index: int, value: int) -> tuple[float, float]:
        x = plot[0] + (plot[2] - plot[0]) * (index / max(1, points - 1))
        y = plot[3] - (plot[3] - plot[1]) * ((value - low) / (high - low))
        return x, y

    grid = mix(PANEL, INK_ON_TABLE, 0.15)
    for value in sorted({low, (low + high) // 2, high}):
        _, y = at(0, value)
        draw.line((plot[0], y, plot[2], y), fill=grid, width=1)
        line(draw, (plot[0] - 8, y), str(value), LABEL, MUTED_ON_TABLE, anchor="rm")
    step = max(1, -(-points // 7))
    for index in range(points):
        last = index == points - 1
        if (index % step == 0 and points - 1 - index >= step / 2) or last:
            x, _ = at(index, low)
            label = picture.ticks[index] if index < len(picture.ticks) else ""
            line(draw, (x, plot[3] + 8), label, LABEL, MUTED_ON_TABLE, anchor="ra" if last else "ma")
    for curve in chart.lines:
        style = player(curve.seat)
        xy = [at(i, v) for i, v in enumerate(curve.values)]
        if len(xy) > 1:
            draw.line(xy, fill=style.colour, width=3, joint="curve")
        marked = xy if len(xy) <= MARKED_POINTS else xy[-1:]
        for x, y in marked:
            mark = icons.shape(style.shape, MARKER, style.colour, INK_ON_TABLE)
            icons.paste(image, mark, (round(x) - MARKER // 2, round(y) - MARKER // 2))
