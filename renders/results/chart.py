"""The post-game report: how the game ended, one line chart per quantity (a curve per seat over the
rounds), then the turning points in words.

Each seat's curve has the colour and shape the game's board gives that seat (at every point, or at
its end when the rounds are many), so players tell the curves apart without colour and recognise
them from the board; the legend names them with their final score under its label. Nothing is cut:
every line of text wraps in full, and axis labels that would touch are left out.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from renders.api import Render, drawn
from renders.kit import icons
from renders.kit.colours import (
    HIGHLIGHT,
    INK_ON_TABLE,
    MUTED_ON_TABLE,
    PANEL,
    PANEL_EDGE,
    PLAYERS,
    TABLE,
    PlayerStyle,
    mix,
    player,
)
from renders.kit.frames import panel as panel_frame
from renders.kit.text import fit, line, width, wrap
from renders.results.model import WIDTH, Line, Panel, ReportPicture

MARGIN = 16
TITLE = 26
LABEL = 18
NOTE = 20
PLOT_HEIGHT = 190
MARKER = 16
MARKED_POINTS = 16
"""Up to this many points every point carries the seat's shape; beyond, only the last one does."""
TICK_GAP = 10
"""Least space between two labels of the x axis."""
INNER = WIDTH - 2 * MARGIN


def report(picture: ReportPicture) -> Render:
    """The report as a PNG at most :data:`WIDTH` px wide, with ``picture.text`` as its alternative."""
    styles = {_style(curve).colour for chart in picture.panels for curve in chart.lines}
    return drawn(lambda: _draw(picture), picture.text, keep=(HIGHLIGHT, *(p.colour for p in PLAYERS), *styles))


def _style(curve: Line) -> PlayerStyle:
    return curve.style if curve.style is not None else player(curve.seat)


def _wrapped(texts: Sequence[str], size: int, bold: bool = False) -> list[str]:
    return [part for text in texts for part in wrap(text, INNER, size, bold=bold)]


def _draw(picture: ReportPicture) -> Image.Image:
    title = wrap(picture.title, INNER, TITLE, bold=True)
    ended = _wrapped(picture.ending, NOTE, bold=True)
    seats = max((len(p.lines) for p in picture.panels), default=0)
    legend = (30 if picture.final else 0) + seats * 30 + 8
    panel_height = 42 + PLOT_HEIGHT + 34
    notes = _wrapped(picture.notes, NOTE)
    step = round(NOTE * 1.25)
    height = (
        MARGIN
        + len(title) * round(TITLE * 1.2)
        + 8
        + len(ended) * step
        + (8 if ended else 0)
        + legend
        + len(picture.panels) * (panel_height + 10)
        + len(notes) * step
        + MARGIN
    )
    image = Image.new("RGB", (WIDTH, height), TABLE)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    for text in title:
        line(draw, (MARGIN, y), text, TITLE, INK_ON_TABLE, bold=True)
        y += round(TITLE * 1.2)
    y += 8
    for text in ended:
        line(draw, (MARGIN, y), text, NOTE, HIGHLIGHT, bold=True)
        y += step
    y += 8 if ended else 0
    if picture.panels:
        y = _legend(image, draw, picture.panels[0], picture.final, y)
    for chart in picture.panels:
        _panel(image, draw, chart, picture, (MARGIN, y, WIDTH - MARGIN, y + panel_height))
        y += panel_height + 10
    for text in notes:
        line(draw, (MARGIN, y), text, NOTE, INK_ON_TABLE)
        y += step
    return image


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, chart: Panel, label: str, y: int) -> int:
    """The seats, each with its marker, its name and its final score (under ``label``)."""
    if label:
        line(draw, (WIDTH - MARGIN, y + 1), label, LABEL, MUTED_ON_TABLE, bold=True, anchor="ra")
        y += 30
    for curve in chart.lines:
        style = _style(curve)
        icons.paste(image, icons.shape(style.shape, 22, style.colour, INK_ON_TABLE), (MARGIN, y + 2))
        final = curve.final if curve.final is not None else (curve.values[-1] if curve.values else None)
        shown = curve.uncounted or ("" if final is None else str(final))
        ink = MUTED_ON_TABLE if curve.uncounted else INK_ON_TABLE
        score = width(shown, LABEL + 2, True)
        line(draw, (MARGIN + 32, y + 1), curve.name, LABEL + 2, INK_ON_TABLE, max_width=INNER - 48 - score)
        line(draw, (WIDTH - MARGIN, y + 1), shown, LABEL + 2, ink, bold=True, anchor="ra")
        y += 30
    return y + 8


STRIDES = (1, 2, 5, 10, 20, 50, 100)
"""How many rounds apart the labelled points may stand: a regular stride reads as an axis (1, 3, 5…
or 1, 6, 11…), where fitting labels one by one would skip some at random (9, 12, 14…)."""


def ticks(xs: Sequence[float], labels: Sequence[str], size: int = LABEL) -> list[int]:
    """Which points of the x axis get their label: the last one always (right-aligned on its
    point), and every stride-th from the first, centred on theirs, at the smallest stride of
    :data:`STRIDES` that keeps :data:`TICK_GAP` between all of them (the first label alone if none
    does)."""
    if not xs:
        return []
    last = len(xs) - 1
    spans = [(xs[i] - width(labels[i], size) / 2, xs[i] + width(labels[i], size) / 2) for i in range(last)]
    end = (xs[last] - width(labels[last], size), xs[last])
    for stride in STRIDES:
        shown = list(range(0, last, stride))
        boxes = [spans[i] for i in shown] + [end]
        if all(a[1] + TICK_GAP <= b[0] for a, b in itertools.pairwise(boxes)):
            return [*shown, last]
    return [0, last] if last and spans[0][1] + TICK_GAP <= end[0] else [last]


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
        line(draw, (plot[0] - 14, y), str(value), LABEL, MUTED_ON_TABLE, anchor="rm")
    labels = [picture.ticks[i] if i < len(picture.ticks) else "" for i in range(points)]
    xs = [at(i, low)[0] for i in range(points)]
    for index in ticks(xs, labels):
        anchor = "ra" if index == points - 1 else "ma"
        line(draw, (xs[index], plot[3] + 8), labels[index], LABEL, MUTED_ON_TABLE, anchor=anchor)
    for curve in chart.lines:
        style = _style(curve)
        xy = [at(i, v) for i, v in enumerate(curve.values)]
        if len(xy) > 1:
            draw.line(xy, fill=style.colour, width=3, joint="curve")
        marked = xy if len(xy) <= MARKED_POINTS else xy[-1:]
        for x, y in marked:
            mark = icons.shape(style.shape, MARKER, style.colour, INK_ON_TABLE)
            icons.paste(image, mark, (round(x) - MARKER // 2, round(y) - MARKER // 2))
