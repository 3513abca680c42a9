"""Phone-sized Imaginarium images: the board split into parts 640 px wide, the private screen leading
with the decision, and the final scores.

Discord shows an image about 400 px wide on a phone. At 640 px wide the kit's smallest text (18 px)
is still 11 px tall there, so every part reuses the table's own pieces (cards, badges, rooms) at
their drawn size and only lays them out in a narrow column; what does not fit one portrait image
goes to the next part. Workshops become compact strips (one chip per machine); the full board keeps
every card face (see :mod:`renders.imaginarium.table`).

Like the full board, the board parts read public fields only; only :func:`screen` reads the
viewer's screen.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from PIL import Image, ImageDraw

from engine.imaginarium.view import (
    AssistantCard,
    BeltSlot,
    CurrentTurn,
    ImaginariumView,
    MachineCard,
    MachineStack,
    PlayerBoard,
    Screen,
)
from renders.imaginarium import dream, goal, labels, table, workshop
from renders.imaginarium.cards import CARD_W, CHIP_H, chip, legend, legend_height
from renders.imaginarium.goods import fragment, good
from renders.kit import frames, icons, layers, marks
from renders.kit import text as tx
from renders.kit.colours import (
    ALERT_TAG,
    HIGHLIGHT,
    INK_ON_TABLE,
    MUTED_ON_TABLE,
    PANEL,
    PANEL_EDGE,
    TABLE,
    mix,
    player,
)
from renders.kit.layers import Band, band
from renders.kit.names import seat_name
from renders.kit.phone import CAPTION_H, GAP, INNER, PW, M, blank, caption, title_band

SEATS_PER_PART = 2
STRIP_PAD = 12
USED = (30, 120, 70)


# -- shared pieces -----------------------------------------------------------------------------------


def _goal_band(said: tuple[str, ...], lang: str) -> Image.Image:
    """The goal panel (its words change with the round, not with who acts) and the margin under it."""
    body = [line for text in said for line in tx.wrap(text, INNER - 70, 20)]
    height = 16 + 30 + 24 * len(body) + 12
    canvas, d = blank(height + M)
    frames.panel(d, (M, 0, PW - M, height), fill=mix(PANEL, HIGHLIGHT, 0.10))
    icons.paste(canvas, good("vp", 40), (M + 14, 14))
    tx.line(d, (M + 66, 30), labels.text("goal", lang), 24, HIGHLIGHT, bold=True, anchor="lm")
    for i, text in enumerate(body):
        tx.line(d, (M + 66, 52 + i * 24), text, 20, INK_ON_TABLE)
    return canvas


def _now_band(active: tuple[tuple[int, str], ...], lang: str) -> Image.Image:
    """Who must decide now (``active``: seats and names), as tokens and names wrapping over lines."""
    canvas, d = blank(44 + 40 * len(active))
    x = M + tx.line(d, (M, 18), labels.text("now", lang), 22, INK_ON_TABLE, anchor="lm") + 10
    row = 0
    if not active:
        tx.line(d, (x, 18), labels.text("nobody", lang), 22, MUTED_ON_TABLE, anchor="lm")
    for seat, name in active:
        w = min(tx.width(name, 22, True), 200) + table.TOKEN + 24
        if x + w > PW - M and x > M + 100:
            row += 1
            x = M + 100
        table.token(canvas, seat, (x, row * 40 + 2))
        x += table.TOKEN + 6
        x += tx.line(d, (x, row * 40 + 18), name, 22, HIGHLIGHT, bold=True, anchor="lm", max_width=200) + 18
    return canvas.crop((0, 0, PW, 44 + row * 40))


def _belt_grid(canvas: Image.Image, view: ImaginariumView, y: int, names: Sequence[str] | None, lang: str) -> int:
    """The machine deck then the belt spaces, three a row, and under them what the cards' codes
    mean; returns the height used."""
    h = belt_height(view, lang)
    canvas.paste(_belt_frame(h, view.machine_deck, lang), (0, y))
    step = (INNER - 28 - 3 * CARD_W) // 2 + CARD_W
    top = y + 50
    for i, slot in enumerate(view.belt, start=1):
        r, c = divmod(i, 3)
        x, sy = M + 14 + c * step, top + r * (table.SLOT_H + GAP)
        canvas.paste(_slot_layer(slot, names, lang), (x, sy))
        marks.spot(f"belt:{slot.position}", canvas, (x - 7, sy - 7, x + CARD_W + 7, sy + table.SLOT_H + 2))
    return h


def _belt_frame(height: int, deck: int, lang: str) -> Image.Image:
    """The belt's panel without its spaces: title, the machine deck and its count, the legend of the
    cards' codes. Kept between moves, which change the spaces far more often than the deck."""

    def draw() -> Image.Image:
        canvas, d = blank(height + 1)  # the panel's box takes in its last row
        frames.panel(d, (M, 0, PW - M, height))
        table.title(d, (M + 14, 10), labels.text("belt", lang))
        table.deck_pile(canvas, (M + 14 + 20, 50 + 48, M + 14 + 160, 50 + 48 + 210), deck, lang)
        tx.line(d, (M + 14 + 90, 50 + 300), "→", 40, MUTED_ON_TABLE, bold=True, anchor="mm")
        key = legend(INNER - 28, lang, PANEL)
        canvas.paste(key, (M + 14, height - 8 - key.height))
        return canvas

    return layers.recent(("belt-frame", height, deck, lang), draw)


def _slot_layer(slot: BeltSlot, names: Sequence[str] | None, lang: str) -> Image.Image:
    """One belt space (price, card, the piece on it) as a layer: a reservation redraws its space
    only."""
    piece = slot.reserved_by if slot.reserved_by is not None else slot.sabotaged_by
    shown = seat_name(piece, names, lang) if piece is not None else ""

    def draw() -> Image.Image:
        canvas = Image.new("RGB", (CARD_W + 1, table.SLOT_H + 1), PANEL)  # boxes take in their last pixel
        table.belt_slot(canvas, slot, (0, 0), names, lang)
        return canvas

    return layers.recent(pickle.dumps(("slot", slot, shown, lang), pickle.HIGHEST_PROTOCOL), draw)


def belt_height(view: ImaginariumView, lang: str) -> int:
    """The belt panel's height: its title, the rows of cards, the legend of their codes."""
    rows = -(-(len(view.belt) + 1) // 3)
    return 54 + rows * (table.SLOT_H + GAP) + legend_height(INNER - 28, lang) + 8


# -- board parts -------------------------------------------------------------------------------------


def status_part(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> tuple[Band, ...]:
    """Part 1, small and changing with every move: title, round and phase, who acts now, the goal;
    a band each, so a move that only passes the turn draws and encodes who acts alone."""
    bands = [band(title_band, labels.text("title", lang), table.status(view, lang))]
    if view.phase != "ended":
        active = tuple((seat, seat_name(seat, names, lang)) for seat in view.active)
        bands.append(band(_now_band, active, lang))
    bands.append(band(_goal_band, tuple(goal.lines(view, lang)), lang))
    return tuple(bands)


def belt_part(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> tuple[Band, ...]:
    """Part 2: the machine deck and the belt, as bands: the panel's title, a row of belt spaces each
    (the deck's pile with the first), the codes' legend. A reservation redraws and encodes its row,
    a purchase the rows after the space bought."""
    h = belt_height(view, lang)
    shown = tuple(names or ())
    rows: list[list[tuple[int, BeltSlot]]] = [[] for _ in range(-(-(len(view.belt) + 1) // 3))]
    for i, slot in enumerate(view.belt, start=1):
        rows[i // 3].append((i % 3, slot))
    bands = [band(_belt_rows, 0, BELT_TOP, 0, (), h, shown, lang)]
    for r, row in enumerate(rows):
        top = BELT_TOP + r * BELT_ROW
        bands.append(
            band(_belt_rows, top, top + BELT_ROW, view.machine_deck if r == 0 else 0, tuple(row), h, shown, lang)
        )
    bands.append(band(_belt_rows, BELT_TOP + len(rows) * BELT_ROW, M + h + M, 0, (), h, shown, lang))
    return tuple(bands)


BELT_ROW = table.SLOT_H + GAP
"""A row of belt spaces and the gap under it."""
BELT_TOP = M + 50 - 8
"""Where the belt part's first row band starts: 8 px above the spaces, for their rings."""


def _belt_rows(
    top: int,
    bottom: int,
    deck: int,
    slots: tuple[tuple[int, BeltSlot], ...],
    height: int,
    names: tuple[str, ...],
    lang: str,
) -> Image.Image:
    """Rows ``top`` to ``bottom`` of the belt part: the panel's (its title, the deck's pile in the
    first row, its legend) and the belt ``slots`` of a row, by column. Other bands than the first
    row's are drawn with ``deck`` 0: the pile lies in the first row alone."""
    canvas, _ = blank(bottom - top)
    canvas.paste(_belt_frame(height, deck, lang), (0, M - top))
    step = (INNER - 28 - 3 * CARD_W) // 2 + CARD_W
    for column, slot in slots:
        x, sy = M + 14 + column * step, M + 50 - BELT_TOP  # a row band's spaces stand 8 px under its top
        canvas.paste(_slot_layer(slot, names or None, lang), (x, sy))
        marks.spot(f"belt:{slot.position}", canvas, (x - 7, sy - 7, x + CARD_W + 7, sy + table.SLOT_H + 2))
    return canvas


MID_H = 340


LEGEND_ROW = 40


def _legend(canvas: Image.Image | None, seats: Sequence[int], y: int, names: Sequence[str] | None, lang: str) -> int:
    """Tokens and names of ``seats`` wrapping over lines from ``y``, for pieces whose places are too
    narrow for their names; returns the height used (``canvas`` ``None``: only measures)."""
    if not seats:
        return 0
    d = ImageDraw.Draw(canvas) if canvas is not None else None
    x, row = M + 14, 0
    for seat in seats:
        name = seat_name(seat, names, lang)
        w = table.TOKEN + 8 + min(tx.width(name, 20, True), INNER - 28 - table.TOKEN - 8)
        if x + w > PW - M - 14 and x > M + 14:
            row, x = row + 1, M + 14
        if canvas is not None and d is not None:
            table.token(canvas, seat, (x, y + row * LEGEND_ROW + 4))
            tx.line(
                d,
                (x + table.TOKEN + 8, y + row * LEGEND_ROW + 4 + table.TOKEN // 2),
                name,
                20,
                INK_ON_TABLE,
                bold=True,
                anchor="lm",
                max_width=INNER - 28 - table.TOKEN - 8,
            )
        x += w + 20
    return (row + 1) * LEGEND_ROW + 4


def extractors_part(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> Image.Image:
    """The extractors and the initiative track (they change with almost every placement); the
    names too long for their pieces' places follow in a legend inside the panel."""
    seats = table.unnamed(view, INNER, names, lang)
    legend_h = _legend(None, seats, 0, names, lang)
    canvas, d = blank(M + CAPTION_H + MID_H + legend_h + M)
    y = caption(d, M, labels.text("part.extractors", lang)) + M
    table.extractors(canvas, view, (M, y, PW - M, y + MID_H + legend_h), names, lang)
    _legend(canvas, seats, y + MID_H - 14, names, lang)
    return canvas


def rooms_part(view: ImaginariumView, lang: str) -> Image.Image:
    """The meeting room and the crusher, each a layer kept while it does not change (a recruit
    changes the room, a discarded machine the crusher)."""
    canvas, d = blank(M + CAPTION_H + 2 * (MID_H + GAP) + M - GAP)
    y = caption(d, M, labels.text("part.rooms", lang)) + M
    meeting = replace(view, crusher=())
    crushed = replace(view, meeting_room=(), assistant_deck=0)
    canvas.paste(_panel_layer("meeting", meeting, MID_H, table.meeting_room, lang), (0, y))
    canvas.paste(_panel_layer("crusher", crushed, MID_H, table.crusher, lang), (0, y + MID_H + GAP))
    return canvas


def _panel_layer(
    name: str,
    view: ImaginariumView,
    height: int,
    draw_panel: Callable[[Image.Image, ImaginariumView, tuple[int, int, int, int], str], None],
    lang: str,
) -> Image.Image:
    """A panel of the board drawn from ``view`` (which holds only what it shows) as a layer."""

    def draw() -> Image.Image:
        canvas, _ = blank(height + 1)  # the panel's box takes in its last row
        draw_panel(canvas, view, (M, 0, PW - M, height), lang)
        return canvas

    return layers.recent(pickle.dumps((name, view, height, lang), pickle.HIGHEST_PROTOCOL), draw)


def office_part(view: ImaginariumView, lang: str) -> Image.Image:
    """Part 3: the design office and, with Chimera, the dream track."""
    office_h = table.office_height(view, 3)
    dream_h = dream.height(view.dream_spaces, INNER) + GAP if view.dream_spaces else 0
    canvas, d = blank(M + CAPTION_H + office_h + dream_h + M)
    y = caption(d, M, labels.text("design_office", lang)) + M
    projects = replace(view, dream_spaces=(), players=(), fragment_pile=0, fragment_discard=0)
    canvas.paste(_panel_layer("office", projects, office_h, partial(table.office, per_row=3), lang), (0, y))
    if view.dream_spaces:
        track = replace(view, projects=())
        canvas.paste(_panel_layer("dream", track, dream_h - GAP, dream.draw, lang), (0, y + office_h + GAP))
    return canvas


def _stack_h(stack: MachineStack | None) -> int:
    return max(1, len(stack.cards) if stack is not None else 1) * (CHIP_H + 4)


def _strip_rows(board: PlayerBoard) -> list[tuple[str, int]]:
    rows = [
        ("yard", max(1, -(-len(board.yard) // 2))),
        ("assistants", max(1, len(board.assistants))),
        ("projects", max(1, len(board.completed_projects))),
    ]
    if board.dream:
        rows.append(("dream", 1))
    return rows


LEGEND_H = 28
"""The line under a strip's machines saying what its marks mean (see :func:`_marks`)."""


def _marks(board: PlayerBoard, turn: CurrentTurn | None) -> dict[int, str]:
    """Slot index -> mark of the stacks a strip marks: "tangled" (face down) or "used" this phase."""
    used = set(turn.used_slots) if turn is not None else set()
    out = {}
    for i, stack in enumerate(board.slots):
        if stack is not None and stack.cards and (stack.deactivated or i in used):
            out[i] = "tangled" if stack.deactivated else "used"
    return out


MARKS = {"tangled": ("✕", ALERT_TAG), "used": ("✓", USED)}
"""A mark's symbol and colour; the symbol sits on the chip, its word once in the strip's legend."""


def strip_height(board: PlayerBoard, turn: CurrentTurn | None = None) -> int:
    """Height of one seat's strip."""
    slots = board.slots
    machines = sum(max(_stack_h(s) for s in slots[i : i + 2]) + 4 for i in range(0, len(slots), 2))
    info = sum(n * (CHIP_H + 4) + 4 for _, n in _strip_rows(board))
    legend = LEGEND_H if _marks(board, turn) else 0
    return 52 + (32 if board.dial is not None else 0) + machines + legend + info + STRIP_PAD


def _mark(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], mark: str) -> None:
    """A mark on a chip's type glyph (left end): symbol, shape and colour say the same; the strip's
    legend gives its word, which would hide the machine's name on the chip itself."""
    symbol, fill = MARKS[mark]
    x0, y0, _, y1 = box
    frames.rounded(d, (x0 + 3, y0 + 5, x0 + 29, y1 - 5), radius=6, fill=fill, outline=(255, 255, 255), width=2)
    tx.line(d, (x0 + 16, (y0 + y1) // 2), symbol, 18, (255, 255, 255), bold=True, anchor="mm")


def strip(
    canvas: Image.Image, board: PlayerBoard, y: int, *, name: str, active: bool, turn: CurrentTurn | None, lang: str
) -> int:
    """One seat's public side as a compact strip: a chip per machine, then yard, assistants,
    completed projects and dream. Returns its height.

    The panel is drawn here; its three sections (who, machines, the rest) are layers pasted inside
    it, each kept while what it shows is unchanged: a turn's step marks a machine used or an action
    done, and redraws only the section that says so."""
    d = ImageDraw.Draw(canvas)
    h = strip_height(board, turn)
    fill = mix(TABLE, player(board.seat).colour, 0.10)
    x0, x1 = M, PW - M
    frames.panel(d, (x0, y, x1, y + h), fill=fill, edge=HIGHLIGHT if active else PANEL_EDGE)
    if active:
        frames.rounded(d, (x0, y, x1, y + h), radius=14, outline=HIGHLIGHT, width=4)
    done = turn.actions_done if turn is not None else ()
    marks = tuple(sorted(_marks(board, turn).items()))
    top = _strip_top(board.seat, name, board.workshop, board.team, board.dial, done, active, lang)
    canvas.paste(top, (x0 + STRIP_PAD - SLACK, y + STRIP_TOP))
    cy = y + STRIP_TOP + top.height
    machines = _strip_machines(board.seat, board.slots, marks, lang)
    canvas.paste(machines, (x0 + STRIP_PAD - SLACK, cy))
    cy += machines.height
    info = _strip_info(board.seat, board.yard, board.assistants, board.completed_projects, board.dream, lang)
    canvas.paste(info, (x0 + STRIP_PAD - SLACK, cy))
    return h


STRIP_TOP = 6
"""Where a strip's sections start under its top edge (the active seat's outline is 4 px wide)."""
STRIP_W = INNER - 2 * STRIP_PAD
"""Width of a strip's content, between its paddings."""
SLACK = 2
"""A section's margin each side of the content, for the pixels drawn just outside it: a glyph's
overhang, an outline on the right edge (Pillow's boxes take in their last pixel). Sections are
drawn with the content's left edge at ``x = SLACK``."""


def _section(seat: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    canvas = Image.new("RGB", (SLACK + STRIP_W + SLACK, height), mix(TABLE, player(seat).colour, 0.10))
    return canvas, ImageDraw.Draw(canvas)


def _strip_top(
    seat: int,
    name: str,
    workshop_n: int,
    team: int | None,
    dial: tuple[str, str] | None,
    done: tuple[str, ...],
    active: bool,
    lang: str,
) -> Image.Image:
    """A strip's first lines: the seat's token and name, its workshop (and team), the action pair."""

    def draw() -> Image.Image:
        canvas, d = _section(seat, 52 - STRIP_TOP + (32 if dial is not None else 0))
        style = player(seat)
        icons.paste(canvas, icons.shape(style.shape, 32, style.colour, (255, 255, 255)), (SLACK, 10 - STRIP_TOP))
        detail = labels.text("workshop", lang, n=workshop_n)
        if team is not None:
            detail += " · " + labels.text("team", lang, n=team + 1)
        dw = tx.line(d, (SLACK + STRIP_W, 27 - STRIP_TOP), detail, 18, MUTED_ON_TABLE, anchor="rm", max_width=200)
        tx.line(
            d, (SLACK + 42, 26 - STRIP_TOP), name, 26, INK_ON_TABLE, bold=True, anchor="lm", max_width=STRIP_W - 54 - dw
        )
        if dial is not None:
            pair = " + ".join(("✓ " if a in done else "") + labels.text(f"action.{a}", lang) for a in dial)
            colour = HIGHLIGHT if active else INK_ON_TABLE
            tx.line(d, (SLACK, 52 - STRIP_TOP + 12), pair, 20, colour, bold=True, anchor="lm", max_width=STRIP_W)
        return canvas

    return layers.recent(("strip-top", seat, name, workshop_n, team, dial, done, active, lang), draw)


def _strip_machines(
    seat: int, slots: tuple[MachineStack | None, ...], marks: tuple[tuple[int, str], ...], lang: str
) -> Image.Image:
    """A strip's machines, a chip each two to a row, marked used or tangled, and the marks' legend."""

    def draw() -> Image.Image:
        rows = [slots[i : i + 2] for i in range(0, len(slots), 2)]
        height = sum(max(_stack_h(s) for s in row) + 4 for row in rows) + (LEGEND_H if marks else 0)
        canvas, d = _section(seat, height)
        marked = dict(marks)
        cell_w = (STRIP_W - 8) // 2
        cy = 0
        for i, row in zip(range(0, len(slots), 2), rows, strict=True):
            for j, stack in enumerate(row):
                cx = SLACK + j * (cell_w + 8)
                if stack is None or not stack.cards:
                    frames.rounded(d, (cx, cy, cx + cell_w, cy + CHIP_H), radius=8, outline=PANEL_EDGE, width=2)
                    empty = labels.text("empty", lang)
                    tx.line(d, (cx + cell_w // 2, cy + CHIP_H // 2), empty, 18, MUTED_ON_TABLE, anchor="mm")
                    continue
                for k, card in enumerate(reversed(stack.cards)):
                    canvas.paste(chip(card, cell_w, lang), (cx, cy + k * (CHIP_H + 4)))
                if i + j in marked:
                    _mark(d, (cx, cy, cx + cell_w, cy + CHIP_H), marked[i + j])
            cy += max(_stack_h(s) for s in row) + 4
        lx = SLACK
        for mark in dict.fromkeys(marked.values()):
            symbol, fill = MARKS[mark]
            frames.rounded(d, (lx, cy + 2, lx + 24, cy + 24), radius=5, fill=fill, outline=(255, 255, 255), width=2)
            tx.line(d, (lx + 12, cy + 13), symbol, 18, (255, 255, 255), bold=True, anchor="mm")
            word = labels.text(mark, lang).lower()
            lx += 32 + tx.line(d, (lx + 32, cy + 13), word, 18, MUTED_ON_TABLE, anchor="lm") + 20
        return canvas

    return layers.recent(pickle.dumps(("strip-machines", seat, slots, marks, lang), pickle.HIGHEST_PROTOCOL), draw)


def _strip_info(
    seat: int,
    yard: tuple[MachineCard, ...],
    assistants: tuple[AssistantCard, ...],
    projects: tuple[str, ...],
    fragments: tuple[str, ...],
    lang: str,
) -> Image.Image:
    """A strip's other rows: the yard's broken machines, the assistants, the completed projects and,
    with Chimera, the dream."""
    board = PlayerBoard(seat, 0, "", (), yard, assistants, None, projects, dream=fragments)

    def draw() -> Image.Image:
        rows = _strip_rows(board)
        canvas, d = _section(seat, sum(n * (CHIP_H + 4) + 4 for _, n in rows))
        info_w = STRIP_W - 110
        cy = 0
        for key, n in rows:
            tx.line(
                d,
                (SLACK, cy + CHIP_H // 2),
                labels.text(key, lang),
                18,
                MUTED_ON_TABLE,
                bold=True,
                anchor="lm",
                max_width=104,
            )
            ix = SLACK + 110
            if key == "yard":
                w = (info_w - 8) // 2
                for k, card in enumerate(yard):
                    r, c = divmod(k, 2)
                    canvas.paste(chip(card, w, lang), (ix + c * (w + 8), cy + r * (CHIP_H + 4)))
                items: list[str] = [] if yard else [labels.text("none", lang)]
            elif key == "assistants":
                items = [
                    workshop.named(labels.assistant_name(a.id, lang), labels.assistant(a.id, lang), info_w, 20)
                    for a in assistants
                ] or [labels.text("none", lang)]
            elif key == "projects":
                items = [
                    workshop.named(labels.project_name(p, lang), labels.project(p, lang), info_w, 20) for p in projects
                ] or [labels.text("none", lang)]
            else:
                for k, colour in enumerate(fragments):
                    icons.paste(canvas, fragment(colour, 32), (ix + k * 36, cy + 4))
                items = []
            for k, text in enumerate(items):
                y = cy + k * (CHIP_H + 4) + CHIP_H // 2
                tx.line(d, (ix, y), text, 20, INK_ON_TABLE, anchor="lm", max_width=info_w)
            cy += n * (CHIP_H + 4) + 4
        return canvas

    key = ("strip-info", seat, yard, assistants, projects, fragments, lang)
    return layers.recent(pickle.dumps(key, pickle.HIGHEST_PROTOCOL), draw)


def players_part(view: ImaginariumView, start: int, names: Sequence[str] | None, lang: str) -> tuple[Band, ...]:
    """The strips of the view's seats (a few of the table's), ``start`` being the first's index, as
    bands: the title, then a strip each, so a move that changed one seat's side draws and encodes
    that strip alone (see :func:`renders.api.drawn_parts`). The seat whose turn is being played is
    outlined; who must decide now is in the status part only, so a strip changes with its seat's own
    play."""
    boards = view.players
    title = (
        labels.text("part.players", lang, first=start + 1, last=start + len(boards))
        if len(boards) > 1
        else labels.text("part.player", lang, n=start + 1)
    )
    bands = [band(title_band, title)]
    for k, board in enumerate(boards):
        turn = view.turn if view.turn is not None and view.turn.seat == board.seat else None
        name = seat_name(board.seat, names, lang)
        below = M if k == len(boards) - 1 else GAP
        bands.append(band(_strip_band, board, name, turn, below, lang))
    return tuple(bands)


def _strip_band(board: PlayerBoard, name: str, turn: CurrentTurn | None, below: int, lang: str) -> Image.Image:
    """One seat's strip and the ``below`` pixels of table under it."""
    canvas, _ = blank(strip_height(board, turn) + below)
    strip(canvas, board, 0, name=name, active=turn is not None, turn=turn, lang=lang)
    return canvas


Part = tuple[str, ImaginariumView, Callable[[ImaginariumView], Image.Image | tuple[Band, ...]]]
"""A part of the phone board: its name, the sub-view it is drawn from, and how it is drawn."""


def _shown(turn: CurrentTurn) -> CurrentTurn:
    """What a strip shows of the turn being played: whose it is, the actions done, the machines used
    (not the step deciding now, nor the transactions made, which change without changing it)."""
    return CurrentTurn(turn.seat, "", turn.used_slots, actions_done=turn.actions_done)


def _bare(board: PlayerBoard) -> PlayerBoard:
    """What the header's goal reads of a seat: its team and dream position."""
    return PlayerBoard(
        board.seat, board.workshop, board.colour, (), (), (), None, (), board.team, (), board.dream_position
    )


def board_parts(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> list[Part]:
    """Every part of the phone board, named (the names become file names), each with the sub-view it
    is drawn from: a part reads only its sub-view, so equal sub-views give equal images and a part
    the last move did not touch need not be drawn again (see :func:`renders.api.drawn_parts`)."""
    base = ImaginariumView(kind=view.kind, viewer=None, version=0)
    header = replace(
        base,
        seats=view.seats,
        round=view.round,
        phase=view.phase,
        step=view.step,
        active=view.active,
        players=tuple(_bare(p) for p in view.players),
        dream_spaces=view.dream_spaces,
        target_vp=view.target_vp,
        turn=view.turn,  # its text says what the turn has done
    )
    belt = replace(base, belt=view.belt, machine_deck=view.machine_deck)
    extractors = replace(base, extractors=view.extractors, initiative=view.initiative)
    rooms = replace(base, meeting_room=view.meeting_room, assistant_deck=view.assistant_deck, crusher=view.crusher)
    dreaming = tuple(_bare(p) for p in view.players) if view.dream_spaces else ()
    office = replace(
        base,
        projects=view.projects,
        dream_spaces=view.dream_spaces,
        players=dreaming,
        fragment_pile=view.fragment_pile,
        fragment_discard=view.fragment_discard,
    )
    parts: list[Part] = [
        ("status", header, partial(status_part, names=names, lang=lang)),
        ("belt", belt, partial(belt_part, names=names, lang=lang)),
        ("extractors", extractors, partial(extractors_part, names=names, lang=lang)),
        ("rooms", rooms, partial(rooms_part, lang=lang)),
        ("office", office, partial(office_part, lang=lang)),
    ]
    for i, start in enumerate(range(0, len(view.players), SEATS_PER_PART), start=1):
        boards = view.players[start : start + SEATS_PER_PART]
        seats = {b.seat for b in boards}
        turn = _shown(view.turn) if view.turn is not None and view.turn.seat in seats else None
        chunk = replace(base, players=boards, turn=turn)
        parts.append((f"players-{i}", chunk, partial(players_part, start=start, names=names, lang=lang)))
    return parts


# -- private screen ----------------------------------------------------------------------------------

TILE_H = 120


def _reserve(canvas: Image.Image, d: ImageDraw.ImageDraw, screen: Screen, y: int, lang: str) -> int:
    values = {
        "charcoalium": screen.charcoalium,
        "wood": screen.wood,
        "copper": screen.copper,
        "crystal": screen.crystal,
        "vp": screen.vp,
    }
    h = 50 + 96
    frames.panel(d, (M, y, PW - M, y + h))
    tx.line(d, (M + 14, y + 10), labels.text("screen.reserve", lang), 24, INK_ON_TABLE, bold=True)
    cell = INNER // len(values)
    for i, (g, value) in enumerate(values.items()):
        cx = M + i * cell + cell // 2
        icons.paste(canvas, good(g, 40), (cx - 44, y + 52))
        tx.line(d, (cx + 4, y + 72), str(value), 36, INK_ON_TABLE, bold=True, anchor="lm")
        tx.line(d, (cx, y + 118), labels.text(f"good.{g}", lang), 18, MUTED_ON_TABLE, anchor="mm", max_width=cell - 6)
        marks.spot(f"good:{g}", canvas, (cx - cell // 2 + 4, y + 44, cx + cell // 2 - 4, y + h - 6))
    return h


def _secrets(canvas: Image.Image, d: ImageDraw.ImageDraw, screen: Screen, y: int, lang: str) -> int:
    h = 0
    if screen.secret_projects:
        tx.line(d, (M, y + 14), labels.text("screen.secret", lang), 22, INK_ON_TABLE, bold=True, anchor="lm")
        y += 32
        tile_w = (INNER - GAP) // 2
        for i, tile in enumerate(screen.secret_projects[:2]):
            x = M + i * (tile_w + GAP)
            table.project_tile(canvas, tile.id, tile.vp, (x, y, x + tile_w, y + TILE_H), lang)
        h += 32 + TILE_H + GAP
        y += TILE_H + GAP
    if screen.fragments:
        tx.line(d, (M, y + 18), labels.text("screen.fragments", lang), 22, INK_ON_TABLE, bold=True, anchor="lm")
        x = M + tx.width(labels.text("screen.fragments", lang), 22, True) + 14
        for i, colour in enumerate(screen.fragments):
            icons.paste(canvas, fragment(colour, 36), (x + i * 42, y))
        marks.spot("fragments", canvas, (x - 8, y - 4, x + len(screen.fragments) * 42 + 2, y + 40))
        h += 44
    return h


def _secrets_height(screen: Screen) -> int:
    return (32 + TILE_H + GAP if screen.secret_projects else 0) + (44 if screen.fragments else 0)


def screen(
    view: ImaginariumView, own: Screen, board: PlayerBoard | None, names: Sequence[str] | None, lang: str
) -> Image.Image:
    """The viewer's screen first, then what the decision is about: the belt while planning, the meeting
    room while they recruit an assistant, the viewer's own workshop (every card face) otherwise."""
    seat = board.seat if board is not None else own.seat
    name = seat_name(seat, names, lang)
    title = tx.wrap(labels.text("screen.title", lang, name=name), INNER - 48, 24, bold=True, max_lines=2)
    top = M + 34 * len(title) + 34
    planning = view.phase == "planning"
    recruiting = view.turn is not None and view.turn.seat == seat and view.turn.step == "recruit"
    if planning:
        decision_h = 40 + belt_height(view, lang)
    elif recruiting:
        decision_h = 40 + MID_H
    else:
        decision_h = 40 + (workshop.height(board, narrow=True) if board else 0)
    height = top + 146 + GAP + _secrets_height(own) + decision_h + M
    canvas, d = blank(height)
    table.token(canvas, seat, (M, M), 32)
    for i, text in enumerate(title):
        tx.line(d, (M + 44, M + 16 + i * 34), text, 24, HIGHLIGHT, bold=True, anchor="lm")
    tx.line(d, (M, top - 14), table.status(view, lang), 20, INK_ON_TABLE, anchor="lm", max_width=INNER)
    y = top + 4
    y += _reserve(canvas, d, own, y, lang) + GAP
    y += _secrets(canvas, d, own, y, lang)
    key = "decision.belt" if planning else "decision.meeting_room" if recruiting else "decision.workshop"
    tx.line(d, (M, y + 18), labels.text(key, lang), 24, HIGHLIGHT, bold=True, anchor="lm")
    y += 40
    if planning:
        canvas.paste(_belt_layer(view, names, lang), (0, y))
    elif recruiting:
        table.meeting_room(canvas, view, (M, y, PW - M, y + MID_H), lang)
    elif board is not None:
        turn = view.turn if view.turn is not None and view.turn.seat == board.seat else None
        canvas.paste(
            _workshop_layer(board, name, board.seat in view.active, turn, lang), ((PW - workshop.NARROW_W) // 2, y)
        )
    return canvas


def _belt_layer(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> Image.Image:
    """The belt grid as a layer, kept while the belt does not change (see :func:`layers.recent`)."""

    def draw() -> Image.Image:
        canvas, _ = blank(belt_height(view, lang))
        _belt_grid(canvas, view, 0, names, lang)
        return canvas

    return layers.recent(pickle.dumps(("belt", view.belt, view.machine_deck, tuple(names or ()), lang)), draw)


def _workshop_layer(board: PlayerBoard, name: str, active: bool, turn: CurrentTurn | None, lang: str) -> Image.Image:
    """A seat's narrow workshop as a layer, kept while it does not change."""

    def draw() -> Image.Image:
        canvas = Image.new("RGB", (workshop.NARROW_W, workshop.height(board, narrow=True)), TABLE)
        workshop.draw(canvas, board, (0, 0), name=name, active=active, lang=lang, turn=turn, narrow=True)
        return canvas

    return layers.recent(pickle.dumps(("workshop", board, name, active, turn, lang)), draw)
