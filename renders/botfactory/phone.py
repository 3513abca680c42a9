"""Phone-sized Bot Factory images: the table split into parts 640 px wide, the close-up leading with
the board the decision is about, and the final scores.

As for Imaginarium (see :mod:`renders.imaginarium.phone`), 640 px keeps the kit's 18 px text at
11 px once Discord shows the image 400 px wide: the four boards and the seat areas are drawn by the
table's own functions in a 608 px column, two boards to an image, the seats a few to an image.
Only public fields are read (Bot Factory has no per-seat secrets; hidden piles are counts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from PIL import Image

from engine.botfactory.view import BotFactoryView, PlayerArea
from renders.botfactory import floor, goal, labels, pieces, players, spaces, table
from renders.botfactory.screen import reserved
from renders.kit import frames, icons, marks
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, PANEL, mix
from renders.kit.layers import Band, band
from renders.kit.names import seat_name
from renders.kit.phone import GAP, INNER, PW, M, blank, title_band

SEATS_PER_PART = 2
BOARD_H = {"assembly": table.ROW1_H, "parts": table.ROW1_H, "projects": table.ROW2_H, "finance": table.ROW2_H}


def _goal_band(texts: tuple[str, ...], solo: bool, lang: str) -> Image.Image:
    """The goal panel under a 4 px gap, and the margin under it. Solo: the task and how far the
    player is from it (or how it ended) lead, in bold."""
    bold = 2 if solo else 0
    body = [(line, i < bold) for i, text in enumerate(texts) for line in tx.wrap(text, INNER - 76, 20, bold=i < bold)]
    h = 16 + 30 + 24 * len(body) + 12
    canvas, d = blank(4 + h + M)
    y = 4
    frames.panel(d, (M, y, PW - M, y + h), fill=mix(PANEL, HIGHLIGHT, 0.10))
    icons.paste(canvas, icons.shape("star", 40, HIGHLIGHT, (40, 40, 40)), (M + 14, y + 14))
    tx.line(d, (M + 66, y + 30), labels.text("goal", lang), 24, HIGHLIGHT, bold=True, anchor="lm")
    for i, (text, strong) in enumerate(body):
        tx.line(d, (M + 66, y + 52 + i * 24), text, 20, INK_ON_TABLE, bold=strong)
    if solo:
        marks.spot("task", canvas, (M, y, PW - M, y + h))
    return canvas


Who = tuple[tuple[str, str, str | None], ...]
"""People in a row (who acts, the meeples' order): each one's key (``seat:N``, ``vilela``...), name
and colour."""


def _people_band(label: str, who: Who, lang: str) -> Image.Image:
    """A label then icons and names wrapping over lines."""
    canvas, d = blank(40 + 38 * len(who))
    x = M + tx.line(d, (M, 18), label, 20, MUTED_ON_TABLE, bold=True, anchor="lm") + 10
    start, row = x, 0
    colours = {int(key[5:]): colour for key, _, colour in who if key.startswith("seat:") and colour is not None}
    for item, name, _ in who:
        room = PW - M - start - 36  # a name longer than a whole line is the kit's to cut
        w = 36 + min(tx.width(name, 20, True), room) + 16
        if x + w > PW - M + 16 and x > start:
            row += 1
            x = start
        icons.paste(canvas, pieces.who_icon(item, colours, 30), (x, row * 38 + 3))
        tx.line(d, (x + 36, row * 38 + 18), name, 20, INK_ON_TABLE, bold=True, anchor="lm", max_width=room)
        x += w
    return canvas.crop((0, 0, PW, 40 + row * 38))


def _line_band(text: str, colour: tuple[int, int, int], bold: bool) -> Image.Image:
    """One line of the header (the turn in progress, the production tiles on offer)."""
    canvas, d = blank(36)
    tx.line(d, (M, 16), text, 20, colour, bold=bold, anchor="lm", max_width=INNER)
    return canvas


def status_part(view: BotFactoryView, names: Sequence[str] | None, lang: str) -> tuple[Band, ...]:
    """Part 1, small and changing with every move: title, round and phase, who acts, the meeples'
    order, the turn in progress, the goal; a band each, so a move redraws and encodes only the lines
    it changed."""
    colours = spaces.seat_colours(view)

    def who(items: Sequence[str]) -> Who:
        return tuple(
            (item, labels.who_name(item, names, lang), colours.get(int(item[5:])) if item.startswith("seat:") else None)
            for item in items
        )

    bands = [band(title_band, labels.text("title", lang), table.status(view, lang))]
    if view.phase != "over":
        bands.append(band(_people_band, labels.text("now", lang), who([f"seat:{s}" for s in view.active]), lang))
    if view.turn_order:
        bands.append(band(_people_band, labels.text("order", lang), who(view.turn_order), lang))
    if view.turn is not None:
        turn = view.turn
        text = labels.text(
            "turn",
            lang,
            name=seat_name(turn.seat, names, lang),
            space=spaces.caption(view.spaces[turn.space], lang),
            left=turn.main_left,
        )
        bands.append(band(_line_band, text, HIGHLIGHT, True))
    if view.production_offer:
        offer = labels.text("offer", lang, tiles=", ".join(view.production_offer))
        bands.append(band(_line_band, offer, MUTED_ON_TABLE, False))
    texts = tuple(goal.lines(view, names, lang))
    bands.append(band(_goal_band, texts, view.solo_info is not None, lang))
    return tuple(bands)


def board_part(view: BotFactoryView, board: str, lang: str) -> Image.Image | tuple[Band, ...]:
    """One board of the factory floor (each has its own part, so that a move redraws only the board
    it changed; the board's panel carries its title), as two bands: what lies on the board, and its
    row of action spaces with the meeples, so that a meeple moved redraws and encodes its row alone.
    The part production board is one image: its wheel's exit reaches down beside its spaces."""
    if board not in BANDED:
        canvas, _ = blank(M + BOARD_H[board] + M)
        floor.board(canvas, view, board, (M, M, PW - M, M + BOARD_H[board]), lang)
        return canvas
    cut = M + BOARD_H[board] - spaces.ROW_H - SPACES_MARGIN
    lying = replace(view, meeples=())
    standing = BotFactoryView(
        kind=view.kind, viewer=None, version=0, spaces=view.spaces, meeples=view.meeples, players=view.players
    )
    return band(_board_content, lying, board, cut, lang), band(_board_spaces, standing, board, cut, lang)


BANDED = ("assembly", "projects", "finance")
"""The boards whose action spaces have their rows to themselves."""
SPACES_MARGIN = 10
"""Rows of a board's panel drawn with its action spaces, above them: the ring of a marked space."""


def _board_content(view: BotFactoryView, board: str, cut: int, lang: str) -> Image.Image:
    """The board part's rows above ``cut``: the panel's top and what lies on the board."""
    canvas, _ = blank(cut)
    floor.CONTENT[board](canvas, view, (M, M, PW - M, M + BOARD_H[board]), lang)
    return canvas


def _board_spaces(view: BotFactoryView, board: str, cut: int, lang: str) -> Image.Image:
    """The board part's rows from ``cut`` down: the panel's bottom, the action spaces and the margin."""
    canvas, d = blank(M + BOARD_H[board] + M - cut)
    box = (M, M - cut, PW - M, M + BOARD_H[board] - cut)
    frames.panel(d, box)
    floor.action_spaces(canvas, view, board, box, lang)
    return canvas


def players_part(view: BotFactoryView, start: int, names: Sequence[str] | None, lang: str) -> tuple[Band, ...]:
    """The view's seats' areas (a few of the table's, ``start`` being the first's index) and Vilela
    when the view has the solo information, as bands: the title, then an area each, so a move that
    changed one seat's area draws and encodes that area alone (see :func:`renders.api.drawn_parts`)."""
    areas = view.players
    title = (
        labels.text("part.players", lang, first=start + 1, last=start + len(areas))
        if len(areas) > 1
        else labels.text("part.player", lang, n=start + 1)
    )
    bands = [band(title_band, title)]
    for k, area in enumerate(areas):
        name = seat_name(area.seat, names, lang)
        active = area.seat in view.active
        below = GAP if k < len(areas) - 1 or view.solo_info is not None else M
        bands.append(band(_area_band, area, name, active, below, lang))
    if view.solo_info is not None:
        solo = replace(view, players=(), active=())
        bands.append(band(_solo_band, solo, lang))
    return tuple(bands)


def _area_band(area: PlayerArea, name: str, active: bool, below: int, lang: str) -> Image.Image:
    """One seat's area and the ``below`` pixels of table under it."""
    canvas, _ = blank(players.height(area, INNER) + below)
    players.draw(canvas, area, (M, 0), name=name, active=active, lang=lang, width=INNER)
    return canvas


def _solo_band(view: BotFactoryView, lang: str) -> Image.Image:
    """Vilela's side of a solo game and the margin under it."""
    canvas, _ = blank(table.SOLO_H + M)
    table.solo(canvas, view, (M, 0), lang, width=INNER)
    return canvas


Part = tuple[str, BotFactoryView, Callable[[BotFactoryView], Image.Image | tuple[Band, ...]]]
"""A part of the phone table: its name, the sub-view it is drawn from, and how it is drawn."""


def board_parts(view: BotFactoryView, names: Sequence[str] | None, lang: str) -> list[Part]:
    """Every part of the phone table, named, each with the sub-view it is drawn from (a part reads
    only its sub-view: see :func:`renders.api.drawn_parts`)."""
    base = BotFactoryView(kind=view.kind, viewer=None, version=0)
    colours = tuple(PlayerArea(p.seat, p.colour, 0, 0, (), (), ()) for p in view.players)
    builders = tuple(PlayerArea(p.seat, p.colour, 0, 0, (), (), p.robots) for p in view.players)
    header = replace(
        base,
        seats=view.seats,
        solo=view.solo,
        round=view.round,
        phase=view.phase,
        active=view.active,
        turn_order=view.turn_order,
        turn=view.turn,
        spaces=view.spaces,
        production_offer=view.production_offer,
        robots_to_end=view.robots_to_end,
        solo_info=view.solo_info,
        players=builders,
        assembly=view.assembly,
        final=view.final,
    )

    def floor_view(board: str) -> BotFactoryView:
        """The board's action spaces with only the meeples standing on them."""
        here = tuple(m for m in view.meeples if view.spaces[m.space].board == board)
        return replace(base, spaces=view.spaces, meeples=here, players=colours)

    boards = {
        "assembly": replace(floor_view("assembly"), assembly=view.assembly, spares=view.spares),
        "parts": replace(floor_view("parts"), piles=view.piles, marker=view.marker, wheel=view.wheel),
        "projects": replace(
            floor_view("projects"),
            projects=view.projects,
            project_deck=view.project_deck,
            project_discard=view.project_discard,
            universal_parts=view.universal_parts,
        ),
        "finance": replace(
            floor_view("finance"),
            values=view.values,
            value_min=view.value_min,
            value_max=view.value_max,
            lines=view.lines,
            contracts=view.contracts,
        ),
    }
    parts: list[Part] = [("status", header, partial(status_part, names=names, lang=lang))]
    parts += [(board, sub, partial(board_part, board=board, lang=lang)) for board, sub in boards.items()]
    for i, start in enumerate(range(0, len(view.players), SEATS_PER_PART), start=1):
        areas = view.players[start : start + SEATS_PER_PART]
        seats = {a.seat for a in areas}
        last = start + SEATS_PER_PART >= len(view.players)
        chunk = replace(
            base,
            players=areas,
            active=tuple(s for s in view.active if s in seats),
            solo_info=view.solo_info if last else None,
        )
        parts.append((f"players-{i}", chunk, partial(players_part, start=start, names=names, lang=lang)))
    return parts


# -- a seat's close-up -------------------------------------------------------------------------------

ROW = 52
BOARD_OF_PROMPT = {
    "start": "parts",
    "refill": "parts",
    "icon": "parts",
    "place": "assembly",
    "project": "projects",
    "xproj": "projects",
    "vremove": "finance",
    "offer": "finance",
}
"""Which board a decision is about, by the last part of its prompt key (the rest: the seat's area)."""


def decision_board(view: BotFactoryView) -> str | None:
    """The board the current decision is about, or ``None`` when it is about the seat's own area."""
    if view.turn is not None and view.prompt.endswith(".turn"):
        return view.turn.board
    return BOARD_OF_PROMPT.get(view.prompt.rsplit(".", 1)[-1])


def screen(view: BotFactoryView, area: PlayerArea, name: str, lang: str) -> Image.Image:
    """The board the seat's decision is about first (the part production board and its wheel when
    refilling it, the assembly board when placing a part...), then the seat's own area, its reserved
    contracts and the robot values."""
    mine = reserved(view, area.seat)
    board = decision_board(view) if area.seat in view.active else None
    board = board if board in floor.CONTENT else None
    own_h = players.height(area, INNER)
    side_h = 50 + ROW * max(1, len(mine)) + 50 + 56
    board_h = 44 + BOARD_H[board] if board else 0
    canvas, d = blank(M + 76 + own_h + GAP + side_h + GAP + board_h + M)
    title = tx.wrap(labels.text("screen.title", lang, name=name), INNER, 24, bold=True, max_lines=1)[0]
    tx.line(d, (M, M + 20), title, 24, HIGHLIGHT, bold=True, anchor="lm")
    tx.line(d, (M, M + 54), table.status(view, lang), 20, INK_ON_TABLE, anchor="lm", max_width=INNER)
    y = M + 76
    if board:
        tx.line(
            d,
            (M, y + 18),
            labels.text("decision.board", lang, board=labels.text(f"board.{board}", lang)),
            24,
            HIGHLIGHT,
            bold=True,
            anchor="lm",
            max_width=INNER,
        )
        floor.board(canvas, view, board, (M, y + 44, PW - M, y + 44 + BOARD_H[board]), lang)
        y += board_h + GAP
    players.draw(canvas, area, (M, y), name=name, active=area.seat in view.active, lang=lang, width=INNER)
    y += own_h + GAP
    frames.panel(d, (M, y, PW - M, y + side_h))
    tx.line(d, (M + 14, y + 10), labels.text("screen.reserved", lang), 22, INK_ON_TABLE, bold=True)
    ry = y + 46
    if not mine:
        tx.line(d, (M + 14, ry + ROW // 2 - 6), labels.text("none", lang), 20, MUTED_ON_TABLE, anchor="lm")
    for contract, vp, row_vp in mine:
        for i, colour in enumerate(contract.needs):
            icons.paste(canvas, pieces.robot(colour, 36), (M + 14 + i * 40, ry))
        text = labels.text("screen.contract", lang, needs=labels.needs(contract.needs, lang), vp=vp, row=row_vp)
        lines = tx.wrap(text, INNER - 160, 20, max_lines=2)
        for i, text_line in enumerate(lines):
            tx.line(
                d,
                (M + 14 + 3 * 40 + 10, ry + 18 + (i - (len(lines) - 1) / 2) * 22),
                text_line,
                20,
                INK_ON_TABLE,
                anchor="lm",
            )
        ry += ROW
    ry = y + 50 + ROW * max(1, len(mine))
    tx.line(d, (M + 14, ry + 14), labels.text("screen.values", lang), 22, INK_ON_TABLE, bold=True, anchor="lm")
    x = M + 14 + tx.width(labels.text("screen.values", lang), 22, True) + 16
    for track in view.values:
        icons.paste(canvas, pieces.robot(track.colour, 40), (x, ry - 6))
        x += 44 + tx.line(d, (x + 44, ry + 14), str(track.value), 24, INK_ON_TABLE, bold=True, anchor="lm") + 14
    return canvas
