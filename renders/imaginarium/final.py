"""Final scores: every seat's VP by source, the tie-break, the winner(s), and the screens revealed at
the end (rulebook: End of the game), phone-sized (see :mod:`renders.imaginarium.phone`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image

from engine.imaginarium.view import ScoreLine
from renders.imaginarium import labels
from renders.imaginarium.goods import good
from renders.imaginarium.table import token
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, PANEL, PANEL_EDGE, mix
from renders.kit.names import seat_name
from renders.kit.phone import INNER, PW, M, blank
from renders.kit.typography import punctuate

RESERVE = ("charcoalium", "wood", "copper", "crystal")


def winners(lines: Sequence[ScoreLine]) -> list[ScoreLine]:
    return [line for line in lines if line.winner]


ROW_H = 150


def draw(
    lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str, teams: Mapping[int, int] | None = None
) -> Image.Image:
    """The final scores, best first: one block per seat with its total, sources and revealed reserve;
    in team play teammates side by side, each block naming its team (``teams``: seat -> team)."""
    note = tx.wrap(labels.text("tiebreak.note", lang), INNER, 18)
    best = winners(lines)
    key = "final.winner" if len(best) == 1 else "final.winners"
    names_text = ", ".join(seat_name(b.seat, names, lang) for b in best)
    # the winners on as many lines as their names need
    crowned = tx.wrap(punctuate(f"{labels.text(key, lang)}: {names_text}", lang), INNER - 46, 26, bold=True)
    height = M + 60 + 56 + 32 * (len(crowned) - 1) + len(lines) * (ROW_H + 8) + 22 * len(note) + M
    canvas, d = blank(height)
    tx.line(d, (M, M + 18), labels.text("title", lang), 30, HIGHLIGHT, bold=True, anchor="lm")
    tx.line(d, (M, M + 52), labels.text("final.title", lang), 24, INK_ON_TABLE, bold=True, anchor="lm")
    y = M + 70
    icons.paste(canvas, good("vp", 36), (M, y))
    for i, text in enumerate(crowned):
        tx.line(d, (M + 46, y + 18 + 32 * i), text, 26, HIGHLIGHT, bold=True, anchor="lm", max_width=INNER - 46)
    y += 56 + 32 * (len(crowned) - 1)
    for line in (line for _, members in by_team(lines, teams) for line in members):
        fill = mix(PANEL, HIGHLIGHT, 0.25) if line.winner else PANEL
        frames.panel(d, (M, y, PW - M, y + ROW_H), fill=fill, edge=HIGHLIGHT if line.winner else PANEL_EDGE)
        tx.line(d, (M + 26, y + 30), str(rank(lines, line)), 28, INK_ON_TABLE, bold=True, anchor="mm")
        token(canvas, line.seat, (M + 50, y + 12), 36)
        total_w = tx.line(d, (PW - M - 14, y + 30), f"{line.total}", 40, HIGHLIGHT, bold=True, anchor="rm")
        who = seat_name(line.seat, names, lang)
        if teams:
            who += f" · {labels.text('team', lang, n=teams[line.seat] + 1)}"
        tx.line(d, (M + 96, y + 30), who, 26, INK_ON_TABLE, bold=True, anchor="lm", max_width=INNER - 96 - total_w - 30)
        parts = [
            (labels.text("col.projects", lang), line.projects),
            (labels.text("col.machines", lang), line.machines),
            (labels.text("col.purchases", lang), line.purchases),
            (labels.text("col.majorities", lang), line.majorities),
            (labels.text("col.other", lang), line.other),
            (labels.text("col.tiebreak", lang), line.tiebreak),
        ]
        words = " · ".join(f"{label} {value}" for label, value in parts)
        for i, text in enumerate(tx.wrap(words, INNER - 28, 20, max_lines=2)):
            tx.line(d, (M + 14, y + 70 + i * 26), text, 20, INK_ON_TABLE, anchor="lm")
        rx = M + 14
        s = line.screen
        for g, value in zip(RESERVE, (s.charcoalium, s.wood, s.copper, s.crystal), strict=True):
            icons.paste(canvas, good(g, 28), (rx, y + ROW_H - 40))
            rx += 34 + tx.line(d, (rx + 34, y + ROW_H - 26), str(value), 22, INK_ON_TABLE, anchor="lm") + 18
        y += ROW_H + 8
    for i, text in enumerate(note):
        tx.line(d, (M, y + 4 + i * 22), text, 18, MUTED_ON_TABLE)
    return canvas


def rank(lines: Sequence[ScoreLine], line: ScoreLine) -> int:
    """Competition ranking (1, 2, 2, 4) by total then tie-break: equal players share a rank."""
    return 1 + sum(1 for other in lines if (other.total, other.tiebreak) > (line.total, line.tiebreak))


def by_team(lines: Sequence[ScoreLine], teams: Mapping[int, int] | None) -> list[tuple[int | None, list[ScoreLine]]]:
    """The lines grouped by team (``teams``: seat -> team), each team where its first line stands;
    one group without a team when the game has no teams."""
    if not teams:
        return [(None, list(lines))]
    groups: dict[int, list[ScoreLine]] = {}
    for line in lines:
        groups.setdefault(teams[line.seat], []).append(line)
    return list(groups.items())


def summary(
    lines: Sequence[ScoreLine], names: Sequence[str] | None, lang: str, teams: Mapping[int, int] | None = None
) -> str:
    """The score table in words, grouped by team in team play (``teams``: seat -> team)."""
    best = winners(lines)
    key = "final.winner" if len(best) == 1 else "final.winners"
    out = [
        f"Imaginarium — {labels.text('final.title', lang)}.",
        f"{labels.text(key, lang)}: " + ", ".join(seat_name(b.seat, names, lang) for b in best) + ".",
    ]
    for team, members in by_team(lines, teams):
        if team is not None:
            together = ", ".join(seat_name(m.seat, names, lang) for m in members)
            out.append(labels.text("final.team", lang, n=team + 1, names=together))
        for i, line in enumerate(members):
            # a team shares its screen and its score: a teammate's equal line is said once
            same = next((m for m in members[:i] if _score(m) == _score(line)), None)
            if same is None:
                out.append(_line(lines, line, names, lang))
            else:
                out.append(
                    labels.text(
                        "final.same",
                        lang,
                        rank=rank(lines, line),
                        name=seat_name(line.seat, names, lang),
                        other=seat_name(same.seat, names, lang),
                    )
                )
    out.append(labels.text("tiebreak.note", lang))
    return "\n".join(out)


def _score(line: ScoreLine) -> tuple[object, ...]:
    """Everything a score line says but whose it is."""
    s = line.screen
    return (
        line.projects,
        line.machines,
        line.purchases,
        line.majorities,
        line.other,
        line.total,
        line.tiebreak,
        s.charcoalium,
        s.wood,
        s.copper,
        s.crystal,
        line.winner,
    )


def _line(lines: Sequence[ScoreLine], line: ScoreLine, names: Sequence[str] | None, lang: str) -> str:
    """One seat's score in words, ranked among ``lines``."""
    s = line.screen
    reserve = ", ".join(
        labels.goods(value, g, lang)
        for g, value in zip(RESERVE, (s.charcoalium, s.wood, s.copper, s.crystal), strict=True)
    )
    return labels.text(
        "final.line",
        lang,
        rank=rank(lines, line),
        name=seat_name(line.seat, names, lang),
        total=line.total,
        projects=line.projects,
        machines=line.machines,
        purchases=line.purchases,
        majorities=line.majorities,
        other=line.other,
        tiebreak=line.tiebreak,
        reserve=reserve,
    )
