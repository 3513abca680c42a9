"""Chimera's dream track: spaces left to right, the two forks as upper and lower lanes, unclaimed
rewards beside their spaces, and each seat's token where its dream has taken it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from engine.imaginarium.view import DreamSpace, ImaginariumView
from renders.imaginarium import labels
from renders.imaginarium.cards import amounts
from renders.kit import frames, icons, marks
from renders.kit import text as tx
from renders.kit.colours import CARD, HIGHLIGHT, INK, INK_ON_TABLE, MUTED_ON_TABLE, PANEL, PANEL_EDGE, mix, player
from renders.kit.names import seat_name

TITLE_H = 40
ROW_H = 230
"""One row of the track: the middle lane, a fork's lanes above and below it, their rewards outside."""
NODE = 36
LANE = 64
GAP = 8
"""The least room between two spaces' circles."""


@cache
def layout(spaces: tuple[DreamSpace, ...]) -> dict[int, tuple[int, int]]:
    """Space index -> (column, lane): the column is the longest way from the start (so both branches
    of a fork end where they merge); at a fork the first branch runs above (-1), the second below.
    Cached: a game's track never changes, and the longest ways take a few milliseconds. Callers
    must not change the returned dict."""
    column = {s.index: 0 for s in spaces}
    for _ in spaces:
        for s in spaces:
            for n in s.next:
                column[n] = max(column[n], column[s.index] + 1)
    incoming: dict[int, int] = {s.index: 0 for s in spaces}
    for s in spaces:
        for n in s.next:
            incoming[n] += 1
    lane = {s.index: 0 for s in spaces}
    for s in sorted(spaces, key=lambda sp: column[sp.index]):
        if len(s.next) > 1:
            for i, n in enumerate(s.next[:2]):
                lane[n] = -1 if i == 0 else 1
        elif s.next and incoming[s.next[0]] == 1:
            lane[s.next[0]] = lane[s.index]
    return {i: (column[i], lane[i]) for i in column}


def rows(spaces: tuple[DreamSpace, ...], width: int) -> int:
    """How many rows the track takes in ``width``: one when its spaces stand apart, else two (a
    phone's 640 px would pack some twenty spaces into overlapping circles)."""
    columns = max((c for c, _ in layout(spaces).values()), default=0)
    return 1 if (width - 40 - NODE) // max(columns, 1) >= NODE + GAP else 2


def height(spaces: tuple[DreamSpace, ...], width: int) -> int:
    """The panel's height for the track drawn ``width`` wide."""
    return TITLE_H + rows(spaces, width) * ROW_H


@cache
def _split(spaces: tuple[DreamSpace, ...]) -> int:
    """The last column of the first row when the track takes two: the single-lane column nearest the
    middle, so only the track itself crosses to the second row, never a fork."""
    where = layout(spaces)
    columns = max(c for c, _ in where.values())
    single = {c for c in range(columns + 1) if all(lane == 0 for col, lane in where.values() if col == c)}
    return min(single, key=lambda c: (abs(c - columns // 2), c)) if single else columns // 2


def centres(spaces: tuple[DreamSpace, ...], box: tuple[int, int, int, int]) -> dict[int, tuple[int, int, int]]:
    """Space index -> (x, y, row) of its circle in ``box``: on two rows when the box is narrow, the
    second row continuing the first as lines of text do."""
    x0, y0, x1, _ = box
    where = layout(spaces)
    columns = max((c for c, _ in where.values()), default=0)
    two = rows(spaces, x1 - x0) == 2
    first = _split(spaces) if two else columns
    widest = max(first, columns - first - 1) if two else columns
    step = (x1 - x0 - 40 - NODE) // max(widest, 1)
    out = {}
    for index, (col, lane) in where.items():
        r = 1 if two and col > first else 0
        mid = y0 + TITLE_H + r * ROW_H + ROW_H // 2
        out[index] = (x0 + 20 + NODE // 2 + (col - (first + 1 if r else 0)) * step, mid + lane * LANE, r)
    return out


def draw(canvas: Image.Image, view: ImaginariumView, box: tuple[int, int, int, int], lang: str) -> None:
    """The track in ``box``, as tall as :func:`height` (see :func:`centres`)."""
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, _ = box
    frames.panel(d, box)
    w = tx.line(d, (x0 + 16, y0 + 10), labels.text("dream_track", lang), 24, INK_ON_TABLE, bold=True)
    tx.line(
        d,
        (x0 + 28 + w, y0 + 13),
        labels.text("fragments", lang, pile=view.fragment_pile, discard=view.fragment_discard),
        20,
        MUTED_ON_TABLE,
    )
    spaces = view.dream_spaces
    where = layout(spaces)
    placed = centres(spaces, box)
    for s in spaces:
        for n in s.next:
            ax, ay, a_row = placed[s.index]
            bx, by, b_row = placed[n]
            if a_row == b_row:
                d.line((ax, ay, bx, by), fill=PANEL_EDGE, width=4)
            else:  # the track runs off the first row's end and comes back at the second row's start
                d.line((ax, ay, x1 - 8, ay), fill=PANEL_EDGE, width=4)
                d.line((x0 + 8, by, bx, by), fill=PANEL_EDGE, width=4)
    for s in spaces:
        cx, cy, _ = placed[s.index]
        fill = mix(PANEL, INK_ON_TABLE, 0.15) if not s.reward or s.claimed else CARD
        d.ellipse(
            (cx - NODE // 2, cy - NODE // 2, cx + NODE // 2, cy + NODE // 2), fill=fill, outline=PANEL_EDGE, width=2
        )
        label = {"start": "▶", "end": "★"}.get(s.id, s.id)
        tx.line(
            d, (cx, cy), label, 18, INK if fill == CARD else INK_ON_TABLE, bold=True, anchor="mm", max_width=NODE - 2
        )
        if s.reward and not s.claimed:
            _, lane = where[s.index]
            width = sum(24 + 5 + (14 if a.count != 1 else 0) for a in s.reward)
            ry = cy + NODE // 2 + 4 if lane > 0 else cy - NODE // 2 - 28
            amounts(canvas, (cx - width // 2, ry), s.reward, ink=HIGHLIGHT)
    at: dict[int, int] = {}
    for board in view.players:
        if board.dream_position is None or board.dream_position not in where:
            continue
        cx, cy, _ = placed[board.dream_position]
        k = at.get(board.dream_position, 0)
        at[board.dream_position] = k + 1
        style = player(board.seat)
        dx = (0, -16, 16, -8, 8)[k % 5]
        tx_, ty = cx - 13 + dx, cy - 13 + (k // 3) * 12
        icons.paste(canvas, icons.shape(style.shape, 26, style.colour, (255, 255, 255)), (tx_, ty))
        marks.spot(f"dreamer:{board.seat}", canvas, (tx_ - 9, ty - 9, tx_ + 35, ty + 35))


def summary(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> str:
    """The track in words: unclaimed rewards and where each seat stands."""
    ids = {s.index: labels.text(f"dream.{s.id}", lang) if s.id in ("start", "end") else s.id for s in view.dream_spaces}
    rewards = "; ".join(
        f"{s.id}: " + " + ".join(labels.goods(a.count, a.good, lang) for a in s.reward)
        for s in view.dream_spaces
        if s.reward and not s.claimed
    )
    tokens = ", ".join(
        labels.text("dream.on", lang, name=seat_name(b.seat, names, lang), space=ids.get(b.dream_position, "?"))
        for b in view.players
        if b.dream_position is not None
    )
    fragments = labels.text("fragments", lang, pile=view.fragment_pile, discard=view.fragment_discard)
    rewards_text = labels.text("dream.rewards", lang, rewards=rewards or labels.text("none", lang))
    return (
        f"{labels.text('dream_track', lang)} ({fragments}): {rewards_text}; "
        f"{tokens or labels.text('dream.nobody', lang)}."
    )
