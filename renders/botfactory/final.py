"""Final scores: VP by source (robots, contracts won and missed, token pairs, penalties), the
tie-break (robots, then an odd number of tokens), the winner(s), and the solo report (rulebook:
final scoring)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.botfactory.view import BotFactoryView, ScoreLine
from renders.botfactory import labels, pieces, spaces
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, PANEL, PANEL_EDGE, WHITE, mix
from renders.kit.names import seat_name
from renders.kit.phone import INNER, PW, M, blank
from renders.kit.typography import punctuate

COLUMNS = ("col.robots", "col.won", "col.lost", "col.pairs", "col.parts", "col.projects")
"""The score's sources after the total, in the order they are listed."""


def _values(line: ScoreLine) -> tuple[str, ...]:
    return (
        str(line.robots),
        str(line.contracts_won),
        f"−{line.contracts_lost}" if line.contracts_lost else "0",
        str(line.token_pairs),
        f"−{line.parts_penalty}" if line.parts_penalty else "0",
        f"−{line.projects_penalty}" if line.projects_penalty else "0",
    )


def _sources(line: ScoreLine, lang: str, tiebreak: bool) -> str:
    """Every source of the total, each with its label; the tie-break counts (robots, tokens) when
    there is someone to tie with."""
    words = [f"{labels.text(label, lang)} {value}" for label, value in zip(COLUMNS, _values(line), strict=True)]
    if tiebreak:
        words.append(
            labels.text(
                "col.tiebreak",
                lang,
                robots=labels.text("final.robots", lang, n=line.robot_count),
                tokens=labels.text("final.tokens", lang, n=line.tokens),
            )
        )
    return " · ".join(words)


def ranked(lines: Sequence[ScoreLine]) -> list[ScoreLine]:
    """Best first: total, then robots, then an odd number of tokens (rulebook: final scoring); the
    view gives seat order."""
    return sorted(lines, key=lambda s: (-s.total, -s.robot_count, s.tokens % 2 == 0, s.seat))


def _headline(view: BotFactoryView, lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str) -> str:
    """Who won; in solo, how the task ended, in the engine's one sentence ("Task D not achieved (2 of
    3 contracts fulfilled): you're fired, and your 49 VP do not count"), as there is no winner."""
    if view.solo_info is not None and view.solo_info.report_lines:
        return " ".join(labels.rule(key, params, lang) for key, params in view.solo_info.report_lines)
    best = [line for line in lines if line.winner]
    if not best:
        return labels.text("final.nobody", lang)
    key = "final.winner" if len(best) == 1 else "final.winners"
    return punctuate(f"{labels.text(key, lang)}: " + ", ".join(seat_name(b.seat, names, lang) for b in best), lang)


BLOCK_TOP = 52
"""Height of a seat block's first line (marker, name, total)."""
TEXT = 20
STEP = 26


def _block(view: BotFactoryView, line: ScoreLine, lang: str) -> list[tuple[str, bool]]:
    """The lines under a seat's name: every source of the total (the solo end is the headline)."""
    sources = tx.wrap(_sources(line, lang, tiebreak=view.solo_info is None), INNER - 28, TEXT)
    return [(text, False) for text in sources]


def draw(view: BotFactoryView, lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str) -> Image.Image:
    """The final scores, best first, phone-sized: one block per seat with its total and every source;
    in solo, the task's outcome as the headline and its reasons in the block."""
    order = ranked(lines)
    note = tx.wrap(labels.text("tiebreak.note", lang), INNER, 18) if len(lines) > 1 else []
    headline = tx.wrap(_headline(view, lines, names, lang), INNER, 24, bold=True)
    blocks = [_block(view, line, lang) for line in order]
    heights = [BLOCK_TOP + STEP * len(block) + 14 for block in blocks]
    top = M + 72 + 34 * len(headline) + 8
    canvas, d = blank(top + sum(h + 8 for h in heights) + 22 * len(note) + M)
    tx.line(d, (M, M + 18), labels.text("title", lang), 30, HIGHLIGHT, bold=True, anchor="lm")
    tx.line(d, (M, M + 52), labels.text("final.title", lang), 24, INK_ON_TABLE, bold=True, anchor="lm")
    for i, text in enumerate(headline):
        tx.line(d, (M, M + 92 + 34 * i), text, 24, HIGHLIGHT, bold=True, anchor="lm")
    colours = spaces.seat_colours(view)
    y = top
    for line, block, h in zip(order, blocks, heights, strict=True):
        frames.panel(
            d,
            (M, y, PW - M, y + h),
            fill=mix(PANEL, HIGHLIGHT, 0.25) if line.winner else PANEL,
            edge=HIGHLIGHT if line.winner else PANEL_EDGE,
        )
        style = pieces.seat_style(line.seat, colours.get(line.seat, ""))
        icons.paste(canvas, icons.shape(style.shape, 36, style.colour, WHITE), (M + 12, y + 12))
        counted = line.report != "fired"  # a missed task: the score stands, but does not count
        total = labels.text("final.total" if counted else "final.uncounted", lang, n=line.total)
        ink = HIGHLIGHT if counted else MUTED_ON_TABLE
        total_w = tx.line(d, (PW - M - 14, y + 30), total, 32 if counted else 24, ink, bold=counted, anchor="rm")
        name = seat_name(line.seat, names, lang)  # the solo report is the headline already
        tx.line(d, (M + 58, y + 30), name, 26, INK_ON_TABLE, bold=True, anchor="lm", max_width=INNER - 90 - total_w)
        for i, (text, strong) in enumerate(block):
            tx.line(d, (M + 14, y + BLOCK_TOP + 16 + i * STEP), text, TEXT, INK_ON_TABLE, bold=strong, anchor="lm")
        y += h + 8
    for i, text in enumerate(note):
        tx.line(d, (M, y + 4 + i * 22), text, 18, MUTED_ON_TABLE)
    return canvas


def _sentence(text: str) -> str:
    """``text`` ending as a sentence (its own "!" kept)."""
    return text if text.endswith(("!", ".", "?")) else text + "."


def summary(view: BotFactoryView, lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str) -> str:
    """The score table in words."""
    headline = _headline(view, lines, names, lang)
    out = [f"Bot Factory — {labels.text('final.title', lang)}.", _sentence(headline)]
    for line in ranked(lines):
        text = labels.text(
            "final.line",
            lang,
            name=seat_name(line.seat, names, lang),
            total=line.total,
            robots=line.robots,
            won=line.contracts_won,
            lost=line.contracts_lost,
            pairs=line.token_pairs,
            parts=line.parts_penalty,
            projects=line.projects_penalty,
            robot_count=labels.text("final.robots", lang, n=line.robot_count),
            token_count=labels.text("final.tokens", lang, n=line.tokens),
        )
        out.append(text + ".")
    if len(lines) > 1:  # the solo game has nobody to tie with
        out.append(labels.text("tiebreak.note", lang))
    return "\n".join(out)
