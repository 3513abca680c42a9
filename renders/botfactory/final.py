"""Final scores: VP by source (robots, contracts won and missed, token pairs, penalties), the
tie-break (robots, then an odd number of tokens), the winner(s), and the solo report (rulebook:
final scoring)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.botfactory.view import BotFactoryView, ScoreLine
from renders.botfactory import labels, pieces, spaces
from renders.botfactory.table import HEADER_H, M, W
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, PANEL, TABLE, WHITE, mix
from renders.kit.names import seat_name

ROW_H = 72
COLUMNS = (("col.robots", 120), ("col.won", 130), ("col.lost", 110), ("col.pairs", 130), ("col.parts", 100),
           ("col.projects", 110), ("col.total", 130), ("col.tiebreak", 170))


def _values(line: ScoreLine) -> tuple[str, ...]:
    return (str(line.robots), str(line.contracts_won), f"−{line.contracts_lost}" if line.contracts_lost else "0",
            str(line.token_pairs), f"−{line.parts_penalty}" if line.parts_penalty else "0",
            f"−{line.projects_penalty}" if line.projects_penalty else "0", str(line.total),
            f"{line.robot_count} · {line.tokens}")


def ranked(lines: Sequence[ScoreLine]) -> list[ScoreLine]:
    """Best first: total, then robots, then an odd number of tokens (rulebook: final scoring); the
    view gives seat order."""
    return sorted(lines, key=lambda s: (-s.total, -s.robot_count, s.tokens % 2 == 0, s.seat))


def _headline(lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str) -> str:
    best = [line for line in lines if line.winner]
    if not best:
        return labels.text("final.nobody", lang)
    key = "final.winner" if len(best) == 1 else "final.winners"
    return f"{labels.text(key, lang)}: " + ", ".join(seat_name(b.seat, names) for b in best)


def draw(view: BotFactoryView, lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str) -> Image.Image:
    """The score table, best first, winners highlighted."""
    order = ranked(lines)
    top = HEADER_H + 64
    height = top + 56 + ROW_H * len(order) + 70
    canvas = Image.new("RGB", (W, height), TABLE)
    d = ImageDraw.Draw(canvas)
    w = tx.line(d, (M, HEADER_H // 2), labels.text("title", lang), 34, HIGHLIGHT, bold=True, anchor="lm")
    tx.line(d, (M + w + 24, HEADER_H // 2), labels.text("final.title", lang), 30, INK_ON_TABLE, bold=True,
            anchor="lm")
    tx.line(d, (M, HEADER_H + 26), _headline(lines, names, lang), 30, HIGHLIGHT, bold=True, anchor="lm",
            max_width=W - 2 * M)
    frames.panel(d, (M, top, W - M, height - 60))
    colours = spaces.seat_colours(view)
    name_w = W - 2 * M - 80 - sum(cw for _, cw in COLUMNS)
    x = M + 80 + name_w
    tx.line(d, (M + 80, top + 28), labels.text("col.player", lang), 20, MUTED_ON_TABLE, bold=True, anchor="lm")
    for label, cw in COLUMNS:
        tx.line(d, (x + cw // 2, top + 28), labels.text(label, lang), 20, MUTED_ON_TABLE, bold=True, anchor="mm",
                max_width=cw - 6)
        x += cw
    for i, line in enumerate(order):
        y = top + 56 + i * ROW_H
        cy = y + ROW_H // 2
        if line.winner:
            d.rounded_rectangle((M + 6, y + 4, W - M - 6, y + ROW_H - 4), radius=10, fill=mix(PANEL, HIGHLIGHT, 0.25),
                                outline=HIGHLIGHT, width=3)
        style = pieces.seat_style(line.seat, colours.get(line.seat, ""))
        icons.paste(canvas, icons.shape(style.shape, 36, style.colour, WHITE), (M + 24, cy - 18))
        name = seat_name(line.seat, names)
        if line.report:
            name += f" — {labels.text('solo.report', lang, report=line.report)}"
        tx.line(d, (M + 80, cy), name, 28, INK_ON_TABLE, bold=True, anchor="lm", max_width=name_w - 10)
        x = M + 80 + name_w
        for (label, cw), value in zip(COLUMNS, _values(line), strict=True):
            big = label == "col.total"
            tx.line(d, (x + cw // 2, cy), value, 34 if big else 28, HIGHLIGHT if big else INK_ON_TABLE, bold=big,
                    anchor="mm")
            x += cw
    tx.line(d, (M, height - 30), labels.text("tiebreak.note", lang), 22, MUTED_ON_TABLE, anchor="lm")
    return canvas


def summary(lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str) -> str:
    """The score table in words."""
    out = [f"Bot Factory — {labels.text('final.title', lang)}.", _headline(lines, names, lang) + "."]
    for line in ranked(lines):
        text = labels.text(
            "final.line", lang, name=seat_name(line.seat, names), total=line.total, robots=line.robots,
            won=line.contracts_won, lost=line.contracts_lost, pairs=line.token_pairs, parts=line.parts_penalty,
            projects=line.projects_penalty, count=line.robot_count, tokens=line.tokens)
        if line.report:
            text += f"; {labels.text('solo.report', lang, report=line.report).lower()}"
        out.append(text + ".")
    out.append(labels.text("tiebreak.note", lang))
    return "\n".join(out)
