"""Chimera's dream track: spaces left to right, the two forks as upper and lower lanes, unclaimed
rewards beside their spaces, and each seat's token where its dream has taken it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from engine.imaginarium.view import DreamSpace, ImaginariumView
from renders.imaginarium import labels
from renders.imaginarium.cards import amounts
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import CARD, HIGHLIGHT, INK, INK_ON_TABLE, MUTED_ON_TABLE, PANEL, PANEL_EDGE, mix, player
from renders.kit.names import seat_name

HEIGHT = 270
NODE = 36
LANE = 64


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


def draw(canvas: Image.Image, view: ImaginariumView, box: tuple[int, int, int, int], lang: str) -> None:
    """The track in ``box``."""
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = box
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
    columns = max((c for c, _ in where.values()), default=0)
    step = (x1 - x0 - 40 - NODE) // max(columns, 1)
    mid = (y0 + 40 + y1) // 2

    def centre(index: int) -> tuple[int, int]:
        col, lane = where[index]
        return x0 + 20 + NODE // 2 + col * step, mid + lane * LANE

    for s in spaces:
        for n in s.next:
            d.line((*centre(s.index), *centre(n)), fill=PANEL_EDGE, width=4)
    for s in spaces:
        cx, cy = centre(s.index)
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
        cx, cy = centre(board.dream_position)
        k = at.get(board.dream_position, 0)
        at[board.dream_position] = k + 1
        style = player(board.seat)
        dx = (0, -16, 16, -8, 8)[k % 5]
        icons.paste(
            canvas, icons.shape(style.shape, 26, style.colour, (255, 255, 255)), (cx - 13 + dx, cy - 13 + (k // 3) * 12)
        )


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
