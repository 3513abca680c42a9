"""Final scores: every seat's VP by source, the tie-break, the winner(s), and the screens revealed at
the end (rulebook: End of the game)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.imaginarium.view import ScoreLine
from renders.imaginarium import labels
from renders.imaginarium.goods import good
from renders.imaginarium.table import HEADER_H, M, W, token
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, PANEL, TABLE, mix
from renders.kit.names import seat_name

ROW_H = 72
COLUMNS = (("col.projects", 110), ("col.machines", 110), ("col.purchases", 100), ("col.majorities", 120),
           ("col.other", 90), ("col.total", 130), ("col.tiebreak", 110))
"""Score columns after the player's name: label key and width."""
RESERVE = ("charcoalium", "wood", "copper", "crystal")


def winners(lines: Sequence[ScoreLine]) -> list[ScoreLine]:
    return [line for line in lines if line.winner]


def draw(lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str) -> Image.Image:
    """The score table, best first, winners highlighted."""
    top = HEADER_H + 70
    height = top + 56 + ROW_H * len(lines) + 70
    canvas = Image.new("RGB", (W, height), TABLE)
    d = ImageDraw.Draw(canvas)
    w = tx.line(d, (M, HEADER_H // 2), labels.text("title", lang), 34, HIGHLIGHT, bold=True, anchor="lm")
    tx.line(d, (M + w + 24, HEADER_H // 2), labels.text("final.title", lang), 30, INK_ON_TABLE, bold=True,
            anchor="lm")
    best = winners(lines)
    key = "final.winner" if len(best) == 1 else "final.winners"
    x = M
    icons.paste(canvas, good("vp", 44), (x, HEADER_H + 6))
    x += 56
    x += tx.line(d, (x, HEADER_H + 28), labels.text(key, lang) + ":", 30, INK_ON_TABLE, bold=True, anchor="lm") + 12
    for line in best:
        token(canvas, line.seat, (x, HEADER_H + 10), 36)
        x += 44
        x += tx.line(d, (x, HEADER_H + 28), seat_name(line.seat, names), 32, HIGHLIGHT, bold=True,
                     anchor="lm", max_width=400) + 24
    frames.panel(d, (M, top, W - M, height - 60))
    # column heads
    name_w = W - 2 * M - 60 - sum(cw for _, cw in COLUMNS) - 300
    x = M + 60 + name_w
    tx.line(d, (M + 60, top + 28), labels.text("col.player", lang), 20, MUTED_ON_TABLE, bold=True, anchor="lm")
    for label, cw in COLUMNS:
        tx.line(d, (x + cw // 2, top + 28), labels.text(label, lang), 20, MUTED_ON_TABLE, bold=True, anchor="mm",
                max_width=cw - 6)
        x += cw
    tx.line(d, (x + 150, top + 28), labels.text("col.reserve", lang), 20, MUTED_ON_TABLE, bold=True, anchor="mm",
            max_width=290)
    reserve_x = x
    for i, line in enumerate(lines):
        y = top + 56 + i * ROW_H
        if line.winner:
            d.rounded_rectangle((M + 6, y + 4, W - M - 6, y + ROW_H - 4), radius=10, fill=mix(PANEL, HIGHLIGHT, 0.25),
                                outline=HIGHLIGHT, width=3)
        cy = y + ROW_H // 2
        tx.line(d, (M + 30, cy), str(_rank(lines, line)), 28, INK_ON_TABLE, bold=True, anchor="mm")
        token(canvas, line.seat, (M + 60, cy - 18), 36)
        tx.line(d, (M + 108, cy), seat_name(line.seat, names), 28, INK_ON_TABLE, bold=True, anchor="lm",
                max_width=name_w - 56)
        x = M + 60 + name_w
        values = (line.projects, line.machines, line.purchases, line.majorities, line.other, line.total, line.tiebreak)
        for (label, cw), value in zip(COLUMNS, values, strict=True):
            big = label == "col.total"
            tx.line(d, (x + cw // 2, cy), str(value), 34 if big else 28, HIGHLIGHT if big else INK_ON_TABLE,
                    bold=big, anchor="mm")
            x += cw
        rx = reserve_x + 10
        for g, value in zip(RESERVE, (line.screen.charcoalium, line.screen.wood, line.screen.copper,
                                      line.screen.crystal), strict=True):
            icons.paste(canvas, good(g, 28), (rx, cy - 14))
            rx += 32 + tx.line(d, (rx + 32, cy), str(value), 24, INK_ON_TABLE, anchor="lm") + 14
    tx.line(d, (M, height - 30), labels.text("tiebreak.note", lang), 22, MUTED_ON_TABLE, anchor="lm")
    return canvas


def _rank(lines: Sequence[ScoreLine], line: ScoreLine) -> int:
    """Competition ranking (1, 2, 2, 4) by total then tie-break: equal players share a rank."""
    return 1 + sum(1 for other in lines if (other.total, other.tiebreak) > (line.total, line.tiebreak))


def summary(lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str) -> str:
    """The score table in words."""
    best = winners(lines)
    key = "final.winner" if len(best) == 1 else "final.winners"
    out = [f"Imaginarium — {labels.text('final.title', lang)}.",
           f"{labels.text(key, lang)}: " + ", ".join(seat_name(b.seat, names) for b in best) + "."]
    for line in lines:
        s = line.screen
        reserve = ", ".join(f"{value} {labels.text(f'good.{g}', lang)}" for g, value in zip(
            RESERVE, (s.charcoalium, s.wood, s.copper, s.crystal), strict=True))
        out.append(labels.text(
            "final.line", lang, rank=_rank(lines, line), name=seat_name(line.seat, names), total=line.total,
            projects=line.projects, machines=line.machines, purchases=line.purchases, majorities=line.majorities,
            other=line.other, tiebreak=line.tiebreak, reserve=reserve))
    out.append(labels.text("tiebreak.note", lang))
    return "\n".join(out)
