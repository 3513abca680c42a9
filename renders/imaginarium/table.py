"""The public table: header, conveyor belt, extractors and initiative, meeting room, crusher, design
office, Chimera's dream track when in play, then every seat's workshop.

Only public fields of the view are read here: never ``view.screen`` nor ``view.final`` screens, so
the public image is the same whoever the viewer is (the leak tests check it byte for byte).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.imaginarium.view import BeltSlot, CurrentTurn, ImaginariumView
from renders.imaginarium import catalogue, dream, labels, workshop
from renders.imaginarium.cards import CARD_H, CARD_W, CHIP_H, LEGEND_ROW, chip, face, legend
from renders.imaginarium.goods import fragment, good
from renders.kit import frames, icons, marks
from renders.kit import text as tx
from renders.kit.colours import (
    ALERT_ON_TABLE,
    CARD,
    HIGHLIGHT,
    INK,
    INK_ON_TABLE,
    MUTED_INK,
    MUTED_ON_TABLE,
    PANEL,
    PANEL_EDGE,
    TABLE,
    mix,
    player,
)
from renders.kit.names import seat_name
from renders.kit.typography import punctuate

W = 1600
M = 20
GAP = 12
HEADER_H = 72
CARDS_H = 380
"""The belt's cards with their prices and pieces."""
BELT_H = CARDS_H + LEGEND_ROW + 8
"""The belt panel: its cards, then one line saying what their codes mean (:func:`cards.legend`)."""
MID_H = 340
OFFICE_H = 200
TOKEN = 32
SLOT_H = 48 + CARD_H + 12 + TOKEN
"""Height of :func:`belt_slot`."""


def token(canvas: Image.Image, seat: int, xy: tuple[int, int], size: int = TOKEN, *, saboteur: bool = False) -> None:
    """A seat's piece: its shape in its colour; a saboteur carries a cross."""
    style = player(seat)
    icons.paste(
        canvas, icons.shape(style.shape, size, style.colour, (255, 255, 255), "✕" if saboteur else "", (20, 20, 20)), xy
    )


def title(d: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, extra: str = "") -> None:
    w = tx.line(d, xy, text, 24, INK_ON_TABLE, bold=True)
    if extra:
        tx.line(d, (xy[0] + w + 12, xy[1] + 3), extra, 20, MUTED_ON_TABLE)


def status(view: ImaginariumView, lang: str) -> str:
    """Round, phase and implementation step in words (shared by every image's header)."""
    if view.phase == "ended":
        return labels.text("phase.ended", lang)
    status = f"{labels.text('round', lang, n=view.round)} · {labels.text(f'phase.{view.phase}', lang)}"
    if view.phase == "implementation" and view.step:
        status = labels.text("phase_step", lang, phase=status, step=labels.text(f"step.{view.step}", lang))
    return status


def _header(canvas: Image.Image, view: ImaginariumView, names: Sequence[str] | None, lang: str) -> None:
    d = ImageDraw.Draw(canvas)
    w = tx.line(d, (M, HEADER_H // 2), labels.text("title", lang), 34, HIGHLIGHT, bold=True, anchor="lm")
    tx.line(d, (M + w + 24, HEADER_H // 2), status(view, lang), 28, INK_ON_TABLE, bold=True, anchor="lm", max_width=560)
    if view.phase == "ended":
        return
    x = W - M
    for seat in reversed(view.active):
        name = seat_name(seat, names, lang)
        x -= tx.line(d, (x, HEADER_H // 2), name, 26, HIGHLIGHT, bold=True, anchor="rm", max_width=220)
        x -= TOKEN + 8
        token(canvas, seat, (x, HEADER_H // 2 - TOKEN // 2))
        x -= 18
    if not view.active:
        x -= tx.line(d, (x, HEADER_H // 2), labels.text("nobody", lang), 26, MUTED_ON_TABLE, anchor="rm")
        x -= 8
    tx.line(d, (x, HEADER_H // 2), labels.text("now", lang), 26, INK_ON_TABLE, anchor="rm")


def deck_pile(canvas: Image.Image, box: tuple[int, int, int, int], count: int, lang: str) -> None:
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = box
    for i in range(min(3, count), 0, -1):
        frames.rounded(
            d,
            (x0 + i * 4, y0 - i * 4, x1 + i * 4, y1 - i * 4),
            radius=12,
            fill=(60, 52, 90),
            outline=(150, 140, 200),
            width=2,
        )
    frames.rounded(d, box, radius=12, fill=(78, 66, 120), outline=(190, 180, 240), width=3)
    frames.rounded(d, (x0 + 10, y0 + 10, x1 - 10, y1 - 10), radius=8, outline=(150, 140, 200), width=2)
    cx = (x0 + x1) // 2
    tx.line(d, (cx, y0 + 40), labels.text("deck", lang), 24, INK_ON_TABLE, bold=True, anchor="mm")
    tx.line(d, (cx, (y0 + y1) // 2 + 10), str(count), 44, INK_ON_TABLE, bold=True, anchor="mm")
    tx.line(d, (cx, y1 - 36), labels.text("cards", lang, n="").strip(), 20, MUTED_ON_TABLE, anchor="mm")


def price_badge(canvas: Image.Image, slot: BeltSlot, xy: tuple[int, int], lang: str) -> None:
    d = ImageDraw.Draw(canvas)
    x, y = xy
    if slot.card is None or slot.price is None:
        tx.line(
            d, (x + CARD_W // 2, y + 20), labels.text("base", lang, n=slot.base_cost), 20, MUTED_ON_TABLE, anchor="mm"
        )
        return
    frames.rounded(d, (x, y, x + CARD_W, y + 40), radius=10, fill=HIGHLIGHT)
    w = tx.line(d, (x + 12, y + 20), str(slot.price), 30, INK, bold=True, anchor="lm")
    icons.paste(canvas, good("charcoalium", 28), (x + 16 + w, y + 6))
    tx.line(d, (x + CARD_W - 10, y + 21), f"{slot.card.level} + {slot.base_cost}", 20, MUTED_INK, anchor="rm")


def _belt(canvas: Image.Image, view: ImaginariumView, y0: int, names: Sequence[str] | None, lang: str) -> None:
    d = ImageDraw.Draw(canvas)
    frames.panel(d, (M, y0, W - M, y0 + BELT_H))
    deck_pile(canvas, (M + 16, y0 + 60, M + 16 + 140, y0 + 60 + 210), view.machine_deck, lang)
    tx.line(d, (M + 16 + 70, y0 + 300), "→", 40, MUTED_ON_TABLE, bold=True, anchor="mm")
    x_start = M + 16 + 140 + 24
    count = max(len(view.belt), 1)
    step = (W - M - 16 - x_start - CARD_W) // max(count - 1, 1)
    for i, slot in enumerate(view.belt):
        belt_slot(canvas, slot, (x_start + i * step, y0 + 12), names, lang)
    canvas.paste(legend(W - 2 * M - 32, lang, PANEL), (M + 16, y0 + CARDS_H))


def belt_slot(canvas: Image.Image, slot: BeltSlot, xy: tuple[int, int], names: Sequence[str] | None, lang: str) -> None:
    """One belt space from its top left corner: price badge, card, the piece on it and its fragment
    (:data:`SLOT_H` tall)."""
    d = ImageDraw.Draw(canvas)
    x, top = xy
    price_badge(canvas, slot, (x, top), lang)
    cy = top + 48
    if slot.card is None:
        frames.rounded(d, (x, cy, x + CARD_W, cy + CARD_H), radius=12, outline=PANEL_EDGE, width=2)
        tx.line(d, (x + CARD_W // 2, cy + CARD_H // 2), labels.text("empty", lang), 20, MUTED_ON_TABLE, anchor="mm")
    else:
        canvas.paste(face(slot.card, 1, lang), (x, cy), frames.card_mask(CARD_W, CARD_H))
    my = cy + CARD_H + 12
    piece = slot.reserved_by if slot.reserved_by is not None else slot.sabotaged_by
    if piece is not None:
        saboteur = slot.reserved_by is None
        token(canvas, piece, (x, my), saboteur=saboteur)
        text = seat_name(piece, names, lang)
        room = CARD_W - TOKEN - 8 - (36 if slot.fragment else 0)
        colour = ALERT_ON_TABLE if saboteur else INK_ON_TABLE
        laid = tx.name_lines(text, room, 22, bold=True)
        if laid is not None:
            tx.lines(d, (x + TOKEN + 8, my + TOKEN // 2), laid, colour)
        else:  # a name too long for two lines: the kit's last guard cuts it
            tx.line(d, (x + TOKEN + 8, my + TOKEN // 2), text, 22, colour, bold=True, anchor="lm", max_width=room)
    if slot.fragment:
        icons.paste(canvas, fragment(slot.fragment, 32), (x + CARD_W - 32, my))


def _occupant_name(name: str) -> tx.Laid | None:
    """An extractor's occupant's name beside its token, when it fits on two lines."""
    return tx.name_lines(name, 86, 20, bold=True)


def _initiative_size(view: ImaginariumView, width: int) -> int:
    return min(100, (width - 32 - 8 * (len(view.initiative) - 1)) // max(1, len(view.initiative)))


def _initiative_name(name: str, size: int) -> tx.Laid | None:
    """A name under its token on an initiative space ``size`` wide, when it fits on two lines."""
    return tx.name_lines(name, size - 8, 18)


def unnamed(view: ImaginariumView, width: int, names: Sequence[str] | None, lang: str) -> list[int]:
    """The seats whose names :func:`extractors` (``width`` wide) has no room for beside their pieces,
    in the order the pieces stand, for a legend."""
    size = _initiative_size(view, width)
    out = [
        p
        for e in view.extractors
        if (p := e.occupant if e.occupant is not None else e.sabotaged_by) is not None
        and _occupant_name(seat_name(p, names, lang)) is None
    ]
    out += [
        s.seat
        for s in view.initiative
        if s.seat is not None and _initiative_name(seat_name(s.seat, names, lang), size) is None
    ]
    return list(dict.fromkeys(out))


def extractors(
    canvas: Image.Image, view: ImaginariumView, box: tuple[int, int, int, int], names: Sequence[str] | None, lang: str
) -> None:
    """The extractors and the initiative track; a seat's name goes beside its piece when it fits
    there on at most two lines (:func:`unnamed` lists those that do not)."""
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, _ = box
    frames.panel(d, box)
    title(d, (x0 + 16, y0 + 10), labels.text("extractors", lang))
    for i, ext in enumerate(view.extractors):
        cx = x0 + 16 + i * 176
        cy = y0 + 48
        d.ellipse((cx, cy, cx + 78, cy + 78), fill=mix(PANEL, INK_ON_TABLE, 0.15), outline=PANEL_EDGE, width=3)
        w = tx.width(f"+{ext.amount}", 28, True)
        tx.line(d, (cx + 39 - (w + 26) // 2, cy + 39), f"+{ext.amount}", 28, INK_ON_TABLE, bold=True, anchor="lm")
        icons.paste(canvas, good("charcoalium", 24), (cx + 39 - (w + 26) // 2 + w + 2, cy + 27))
        piece = ext.occupant if ext.occupant is not None else ext.sabotaged_by
        if piece is not None:
            saboteur = ext.occupant is None
            token(canvas, piece, (cx + 84, cy + 6), saboteur=saboteur)
            laid = _occupant_name(seat_name(piece, names, lang))
            if laid is not None:
                tx.lines(d, (cx + 84, cy + 60), laid, ALERT_ON_TABLE if saboteur else INK_ON_TABLE)
        marks.spot(f"extractor:{i}", canvas, (cx - 8, cy - 8, cx + 166, cy + 94))
    ty = y0 + 148
    title(d, (x0 + 16, ty), labels.text("initiative", lang))
    spaces = view.initiative
    size = _initiative_size(view, x1 - x0)
    for i, space in enumerate(spaces):
        bx = x0 + 16 + i * (size + 8)
        by = ty + 40
        frames.rounded(
            d,
            (bx, by, bx + size, by + 110),
            radius=10,
            fill=mix(PANEL, INK_ON_TABLE, 0.08),
            outline=PANEL_EDGE,
            width=2,
        )
        tx.line(d, (bx + 8, by + 4), str(space.number), 22, MUTED_ON_TABLE, bold=True)
        if space.seat is not None:
            token(canvas, space.seat, (bx + size // 2 - 18, by + 30), 36, saboteur=space.piece == "saboteur")
            laid = _initiative_name(seat_name(space.seat, names, lang), size)
            if laid is not None:
                tx.lines(d, (bx + size // 2, by + 88), laid, INK_ON_TABLE, anchor="mm")


def meeting_room(canvas: Image.Image, view: ImaginariumView, box: tuple[int, int, int, int], lang: str) -> None:
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = box
    frames.panel(d, box)
    deck = punctuate(f"{labels.text('deck', lang)}: {view.assistant_deck}", lang)
    title(d, (x0 + 16, y0 + 10), labels.text("meeting_room", lang), deck)
    w = (x1 - x0 - 32 - 2 * GAP) // 3
    for i, card in enumerate(view.meeting_room[:3]):
        cx = x0 + 16 + i * (w + GAP)
        cy = y0 + 50
        canvas.paste(frames.card(w, y1 - cy - 14, (96, 84, 140), 44), (cx, cy), frames.card_mask(w, y1 - cy - 14))
        tx.line(
            d,
            (cx + 12, cy + 23),
            labels.text("assistant", lang),
            20,
            (255, 255, 255),
            bold=True,
            anchor="lm",
            max_width=w - 80,
        )
        pw = tx.width(str(card.price), 26, True)
        tx.line(d, (cx + w - 40 - pw, cy + 23), str(card.price), 26, HIGHLIGHT, bold=True, anchor="lm")
        icons.paste(canvas, good("charcoalium", 26), (cx + w - 34, cy + 10))
        # the name (as the menus give it), then the rules text, or its short form when that is too long
        body_lines = (y1 - cy - 14 - 70) // 24
        name_h = tx.paragraph(
            d,
            (cx + 12, cy + 54),
            labels.assistant_name(card.id, lang),
            20,
            INK,
            w - 24,
            bold=True,
            max_lines=body_lines,
        )
        body_lines -= name_h // 24
        text = catalogue.lookup(card.effect_key, lang)
        if text is None or len(tx.wrap(text, w - 24, 20)) > body_lines:
            text = labels.assistant(card.id, lang)
        tx.paragraph(d, (cx + 12, cy + 60 + name_h), text, 20, INK, w - 24, max_lines=body_lines)
        marks.spot(f"assistant:{card.id}", canvas, (cx - 5, cy - 5, cx + w + 5, y1 - 9))


CRUSHER_CHIP_W = 200
"""The narrowest chip beside the crusher's top card that leaves machine names their room."""


def crusher(canvas: Image.Image, view: ImaginariumView, box: tuple[int, int, int, int], lang: str) -> None:
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = box
    frames.panel(d, box)
    title(d, (x0 + 16, y0 + 10), labels.text("crusher", lang), labels.text("cards", lang, n=len(view.crusher)))
    if not view.crusher:
        tx.line(d, (x0 + 16, y0 + 70), labels.text("empty", lang), 22, MUTED_ON_TABLE)
        return
    cx = x0 + 16 + CARD_W + GAP
    below = list(reversed(view.crusher[:-1]))
    if x1 - cx - 16 >= CRUSHER_CHIP_W:  # the top card's face, the others as chips beside it
        canvas.paste(face(view.crusher[-1], 1, lang), (x0 + 16, y0 + 52), frames.card_mask(CARD_W, CARD_H))
    else:  # too narrow for both: every card as a chip, the top one first
        cx, below = x0 + 16, list(reversed(view.crusher))
    chip_w = x1 - cx - 16
    fits = (y1 - y0 - 52 - 14) // (CHIP_H + 6)
    shown = below if len(below) <= fits else below[: fits - 1]
    for i, card in enumerate(shown):
        canvas.paste(chip(card, chip_w, lang), (cx, y0 + 52 + i * (CHIP_H + 6)))
    if len(shown) < len(below):
        tx.line(
            d,
            (cx, y0 + 52 + len(shown) * (CHIP_H + 6) + 8),
            f"+ {len(below) - len(shown)}",
            22,
            MUTED_ON_TABLE,
            bold=True,
        )


def office(
    canvas: Image.Image, view: ImaginariumView, box: tuple[int, int, int, int], lang: str, per_row: int = 0
) -> None:
    """The design office's project tiles in ``box``; ``per_row`` tiles a row (0: all in one row)."""
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, _ = box
    frames.panel(d, box)
    title(d, (x0 + 16, y0 + 10), labels.text("design_office", lang))
    n = per_row or max(len(view.projects), 1)
    w = min(240, (x1 - x0 - 32 - GAP * (n - 1)) // n)
    h = OFFICE_H - 58
    for i, tile in enumerate(view.projects):
        r, c = divmod(i, n)
        x = x0 + 16 + c * (w + GAP)
        y = y0 + 46 + r * (h + GAP)
        project_tile(
            canvas,
            tile.id,
            tile.vp,
            (x, y, x + w, y + h - (34 if tile.completed_by else 0)),
            lang,
            later=True,
            height=h,
        )
        for j, seat in enumerate(tile.completed_by):
            token(canvas, seat, (x + 8 + j * 30, y + h - 34), 28)
        marks.spot(f"project:{tile.id}", canvas, (x - 5, y - 5, x + w + 5, y + h + 5))


def project_tile(
    canvas: Image.Image,
    pid: str,
    vp: int,
    box: tuple[int, int, int, int],
    lang: str,
    *,
    later: bool = False,
    height: int | None = None,
) -> None:
    """A project tile: its VP (and, with ``later``, the later completers' value, always one less),
    its name, then its condition in a few words when ``box`` has room for them. ``height`` is the
    tile's own height when ``box`` keeps its bottom free for other marks."""
    d = ImageDraw.Draw(canvas)
    x, y, x1, y1 = box
    w = x1 - x
    frames.rounded(d, (x, y, x1, y + (height or y1 - y)), radius=10, fill=CARD, outline=(60, 60, 66), width=2)
    icons.paste(canvas, good("vp", 30), (x + 6, y + 6))
    vw = tx.line(d, (x + 40, y + 21), str(vp), 26, INK, bold=True, anchor="lm")
    if later:
        tx.line(d, (x + 44 + vw, y + 23), f"/ {vp - 1}", 20, MUTED_INK, anchor="lm")
    step = round(19 * 1.2)
    room = max(1, (y1 - 6 - (y + 42)) // step)
    name = labels.project_name(pid, lang)
    bold = len(tx.wrap(name, w - 16, 19, bold=True)) <= room  # the regular weight when bold would not fit
    top = y + 42 + tx.paragraph(d, (x + 8, y + 42), name, 19, INK, w - 16, bold=bold, max_lines=room)
    condition = labels.project(pid, lang)
    lines = tx.wrap(condition, w - 16, 19)
    if condition != name and top + step * len(lines) <= y1 - 6:
        tx.paragraph(d, (x + 8, top), condition, 19, MUTED_INK, w - 16)


def office_height(view: ImaginariumView, per_row: int = 0) -> int:
    """Height of :func:`office` for this many tiles a row."""
    rows = 1 if not per_row else max(1, -(-len(view.projects) // per_row))
    return OFFICE_H + (rows - 1) * (OFFICE_H - 58 + GAP)


def _turn_of(view: ImaginariumView, seat: int) -> CurrentTurn | None:
    return view.turn if view.turn is not None and view.turn.seat == seat else None


def areas(view: ImaginariumView) -> dict[str, tuple[int, int, int, int]]:
    """Where each part of the table lies on the full board (boxes to crop for a close-up): "belt",
    "rooms" (extractors, meeting room, crusher), "office", "dream" with Chimera, and "seat:<n>"."""
    panels = [workshop.height(p) for p in view.players]
    rows = [max(panels[i : i + 2]) for i in range(0, len(panels), 2)]
    y_belt = HEADER_H
    y_mid = y_belt + BELT_H + GAP
    y_office = y_mid + MID_H + GAP
    y_dream = y_office + OFFICE_H + GAP
    out = {
        "belt": (M, y_belt, W - M, y_belt + BELT_H),
        "rooms": (M, y_mid, W - M, y_mid + MID_H),
        "office": (M, y_office, W - M, y_office + OFFICE_H),
    }
    if view.dream_spaces:
        out["dream"] = (M, y_dream, W - M, y_dream + dream.height(view.dream_spaces, W - 2 * M))
    y = y_dream + (dream.height(view.dream_spaces, W - 2 * M) + GAP if view.dream_spaces else 0)
    for r, row_h in enumerate(rows):
        for c, board in enumerate(view.players[2 * r : 2 * r + 2]):
            x = M + c * (workshop.PANEL_W + GAP)
            out[f"seat:{board.seat}"] = (x, y, x + workshop.PANEL_W, y + row_h)
        y += row_h + GAP
    return out


def draw(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> Image.Image:
    """The whole public table as an RGB image, 1600 px wide; height grows with the seat count."""
    where = areas(view)
    height = max(box[3] for box in where.values()) + M
    canvas = Image.new("RGB", (W, height), TABLE)
    _header(canvas, view, names, lang)
    _belt(canvas, view, where["belt"][1], names, lang)
    y_mid = where["rooms"][1]
    left, mid = 560, 560
    extractors(canvas, view, (M, y_mid, M + left, y_mid + MID_H), names, lang)
    meeting_room(canvas, view, (M + left + GAP, y_mid, M + left + GAP + mid, y_mid + MID_H), lang)
    crusher(canvas, view, (M + left + mid + 2 * GAP, y_mid, W - M, y_mid + MID_H), lang)
    office(canvas, view, where["office"], lang)
    if view.dream_spaces:
        dream.draw(canvas, view, where["dream"], lang)
    for board in view.players:
        box = where[f"seat:{board.seat}"]
        workshop.draw(
            canvas,
            board,
            box[:2],
            name=seat_name(board.seat, names, lang),
            active=board.seat in view.active,
            lang=lang,
            panel_height=box[3] - box[1],
            turn=_turn_of(view, board.seat),
        )
    return canvas
