"""Final scores: VP by source (robots, contracts won and missed, token pairs, penalties), the
tie-break (robots, then an odd number of tokens), the winner(s), and the solo report (rulebook:
final scoring)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.botfactory.view import BotFactoryView, ScoreLine
from renders.botfactory import labels, pieces, spaces
from renders.botfactory.phone import INNER, PW, M, blank
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, PANEL, PANEL_EDGE, WHITE, mix
from renders.kit.names import seat_name

COLUMNS = ("col.robots", "col.won", "col.lost", "col.pairs", "col.parts", "col.projects", "col.tiebreak")
"""The score's sources after the total, in the order they are listed."""


def _values(line: ScoreLine) -> tuple[str, ...]:
    return (str(line.robots), str(line.contracts_won), f"−{line.contracts_lost}" if line.contracts_lost else "0",
            str(line.token_pairs), f"−{line.parts_penalty}" if line.parts_penalty else "0",
            f"−{line.projects_penalty}" if line.projects_penalty else "0", f"{line.robot_count} · {line.tokens}")


def ranked(lines: Sequence[ScoreLine]) -> list[ScoreLine]:
    """Best first: total, then robots, then an odd number of tokens (rulebook: final scoring); the
    view gives seat order."""
    return sorted(lines, key=lambda s: (-s.total, -s.robot_count, s.tokens % 2 == 0, s.seat))


def _headline(lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str) -> str:
    """Who won; "" in the solo game, which has no winner to name: its report says how it went."""
    if len(lines) == 1:
        return ""
    best = [line for line in lines if line.winner]
    if not best:
        return labels.text("final.nobody", lang)
    key = "final.winner" if len(best) == 1 else "final.winners"
    return f"{labels.text(key, lang)}: " + ", ".join(seat_name(b.seat, names, lang) for b in best)


def _report(report: str, lang: str) -> str:
    """The solo report ("Report: satisfactory performance") in the reader's language."""
    return labels.text("solo.report", lang, report=labels.text(f"solo.band.{report}", lang))


FINAL_ROW = 132


def draw(view: BotFactoryView, lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str) -> Image.Image:
    """The final scores, best first, phone-sized: one block per seat with its total and every source."""
    order = ranked(lines)
    note = tx.wrap(labels.text("tiebreak.note", lang), INNER, 18) if len(lines) > 1 else []
    canvas, d = blank(M + 130 + len(order) * (FINAL_ROW + 8) + 22 * len(note) + M)
    tx.line(d, (M, M + 18), labels.text("title", lang), 30, HIGHLIGHT, bold=True, anchor="lm")
    tx.line(d, (M, M + 52), labels.text("final.title", lang), 24, INK_ON_TABLE, bold=True, anchor="lm")
    tx.line(d, (M, M + 92), _headline(lines, names, lang), 24, HIGHLIGHT, bold=True, anchor="lm", max_width=INNER)
    colours = spaces.seat_colours(view)
    y = M + 126
    for line in order:
        frames.panel(d, (M, y, PW - M, y + FINAL_ROW), fill=mix(PANEL, HIGHLIGHT, 0.25) if line.winner else PANEL,
                     edge=HIGHLIGHT if line.winner else PANEL_EDGE)
        style = pieces.seat_style(line.seat, colours.get(line.seat, ""))
        icons.paste(canvas, icons.shape(style.shape, 36, style.colour, WHITE), (M + 12, y + 12))
        total_w = tx.line(d, (PW - M - 14, y + 30), str(line.total), 40, HIGHLIGHT, bold=True, anchor="rm")
        name = seat_name(line.seat, names, lang)
        if line.report:
            name += f" — {_report(line.report, lang)}"
        tx.line(d, (M + 58, y + 30), name, 26, INK_ON_TABLE, bold=True, anchor="lm", max_width=INNER - 90 - total_w)
        words = " · ".join(f"{labels.text(label, lang)} {value}" for label, value in zip(COLUMNS, _values(line),
                                                                                          strict=True))
        for i, text in enumerate(tx.wrap(words, INNER - 28, 20, max_lines=3)):
            tx.line(d, (M + 14, y + 68 + i * 26), text, 20, INK_ON_TABLE, anchor="lm")
        y += FINAL_ROW + 8
    for i, text in enumerate(note):
        tx.line(d, (M, y + 4 + i * 22), text, 18, MUTED_ON_TABLE)
    return canvas


def summary(lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str) -> str:
    """The score table in words."""
    headline = _headline(lines, names, lang)
    out = [f"Bot Factory — {labels.text('final.title', lang)}.", *([headline + "."] if headline else [])]
    for line in ranked(lines):
        text = labels.text(
            "final.line", lang, name=seat_name(line.seat, names, lang), total=line.total, robots=line.robots,
            won=line.contracts_won, lost=line.contracts_lost, pairs=line.token_pairs, parts=line.parts_penalty,
            projects=line.projects_penalty, robot_count=labels.text("final.robots", lang, n=line.robot_count),
            token_count=labels.text("final.tokens", lang, n=line.tokens))
        if line.report:
            text += f"; {_report(line.report, lang).lower()}"
        out.append(text + ".")
    if len(lines) > 1:  # the solo game has nobody to tie with
        out.append(labels.text("tiebreak.note", lang))
    return "\n".join(out)
