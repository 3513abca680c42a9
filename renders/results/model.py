"""The values the results pictures are drawn from: numbers and text already in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass

from renders.kit.colours import PlayerStyle

WIDTH = 640
"""Width of the report and table pictures: the smallest text (18 px) reads as 11 px at phone size."""


@dataclass(frozen=True, slots=True)
class Line:
    """One seat's curve on a chart: its value at each point of the x axis."""

    seat: int
    name: str
    values: tuple[int, ...]
    style: PlayerStyle | None = None
    """The seat's colour and shape as the game's board draws them (``None``: the kit's for the seat)."""
    final: int | None = None
    """The seat's final score, shown in the legend (``None``: the curve's last value)."""
    uncounted: str = ""
    """The legend's words for a final score that does not count (a solo task missed: "49, not
    counted"), drawn muted in its place; "" for a score that counts."""


@dataclass(frozen=True, slots=True)
class Panel:
    """One chart of the report: a quantity over the rounds, a line per seat."""

    title: str
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class ReportPicture:
    """The post-game report: charts over the rounds, then the turning points in words."""

    title: str
    axis: str
    """What the x axis counts ("Round")."""
    ticks: tuple[str, ...]
    """The label of each point of the x axis (the round at its start, then the end)."""
    panels: tuple[Panel, ...]
    notes: tuple[str, ...]
    """Turning points, one line each."""
    text: str
    """The text alternative: everything the picture says."""
    ending: tuple[str, ...] = ()
    """How the game ended (the winners, or the solo report, and why), drawn in full under the title."""
    final: str = ""
    """The legend's label for the number beside each name ("Final score")."""


@dataclass(frozen=True, slots=True)
class TableRow:
    """One line of a ranked table; ``cells`` follow the table's headers after the name."""

    rank: str
    name: str
    cells: tuple[str, ...]
    trend: tuple[float, ...] = ()
    """Values drawn as a sparkline in the last column (oldest first)."""
    seat: int | None = None
    """Colour and shape of the player's marker (``None``: no marker)."""
    highlight: bool = False


@dataclass(frozen=True, slots=True)
class TablePicture:
    """A ranked table (leaderboard, a player's stats): title, headers, rows, a footnote."""

    title: str
    headers: tuple[str, ...]
    """Column titles: rank, name, then one per cell, then the sparkline's."""
    rows: tuple[TableRow, ...]
    footer: str
    text: str
