"""One seat's public side of the table: machines in their spaces (stacks drawn as stacks), the yard,
assistants, the action pair on the dial, completed projects, and Chimera's dream.

Shared by the public board (one panel per seat) and the private screen (the viewer's own panel).
Nothing here reads a :class:`~engine.imaginarium.view.Screen`: a workshop is public by definition.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from engine.imaginarium.view import CurrentTurn, MachineStack, PlayerBoard
from renders.imaginarium import labels
from renders.imaginarium.cards import (
    BAND,
    CARD_H,
    CARD_W,
    CHIP_H,
    brief,
    briefs,
    chip,
    paste_stack,
    stack_height,
)
from renders.imaginarium.goods import fragment
from renders.kit import frames, icons, marks
from renders.kit import text as tx
from renders.kit.colours import (
    ALERT,
    ALERT_TAG,
    HIGHLIGHT,
    INK_ON_TABLE,
    MUTED_ON_TABLE,
    PANEL_EDGE,
    TABLE,
    mix,
    player,
)

PANEL_W = 774
PAD = 15
GAP = 8
HEADER = 56
DIAL_LINE = 34
LABEL_W = 118
SLOTS_PER_ROW = 4
NARROW_W = 2 * PAD + 3 * CARD_W + 2 * GAP
"""A panel three cards wide, for phone-sized images."""


def _per_row(narrow: bool) -> int:
    return 3 if narrow else SLOTS_PER_ROW


def _slot_rows(board: PlayerBoard, narrow: bool = False) -> list[tuple[MachineStack | None, ...]]:
    slots, n = board.slots, _per_row(narrow)
    return [slots[i : i + n] for i in range(0, len(slots), n)]


def _row_height(row: Sequence[MachineStack | None]) -> int:
    return max((stack_height(len(s.cards)) for s in row if s is not None), default=CARD_H)


def _chip_rows(count: int, per_row: int) -> int:
    return (count + per_row - 1) // per_row


def _info_rows(board: PlayerBoard) -> list[tuple[str, int]]:
    """(label key, number of chip rows) for each information line under the machines."""
    rows = [("yard", max(1, _chip_rows(len(board.yard), 2)))]
    rows.append(("assistants", max(1, len(board.assistants))))
    rows.append(("projects", max(1, len(board.completed_projects))))
    if board.dream:
        rows.append(("dream", 1))
    return rows


def height(board: PlayerBoard, narrow: bool = False) -> int:
    """Height of this seat's panel; the board lays panels out from it before drawing."""
    slots = sum(_row_height(row) + GAP for row in _slot_rows(board, narrow))
    info = sum(n * (CHIP_H + 6) + 4 for _, n in _info_rows(board))
    return HEADER + (DIAL_LINE if narrow else 0) + slots + info + PAD


def draw(
    canvas: Image.Image,
    board: PlayerBoard,
    xy: tuple[int, int],
    *,
    name: str,
    active: bool,
    lang: str,
    panel_height: int | None = None,
    turn: CurrentTurn | None = None,
    narrow: bool = False,
) -> None:
    """Draw the panel with its top left corner at ``xy``; ``turn`` (this seat's turn in progress)
    ticks the actions done and marks the machines already used. ``narrow`` lays three spaces a row
    (:data:`NARROW_W` wide) and puts the dial on its own line."""
    x0, y0 = xy
    h = panel_height or height(board, narrow)
    panel_w = NARROW_W if narrow else PANEL_W
    per_row = _per_row(narrow)
    d = ImageDraw.Draw(canvas)
    style = player(board.seat)
    edge = HIGHLIGHT if active else PANEL_EDGE
    frames.panel(d, (x0, y0, x0 + panel_w, y0 + h), fill=mix(TABLE, style.colour, 0.10), edge=edge)
    if active:
        frames.rounded(d, (x0, y0, x0 + panel_w, y0 + h), radius=14, outline=HIGHLIGHT, width=5)
    # header: token, name, workshop number, dial
    icons.paste(canvas, icons.shape(style.shape, 36, style.colour, (255, 255, 255)), (x0 + PAD, y0 + 10))
    nx = x0 + PAD + 46
    name_w = tx.line(d, (nx, y0 + 28), name, 28, INK_ON_TABLE, bold=True, anchor="lm", max_width=260)
    detail = labels.text("workshop", lang, n=board.workshop)
    if board.team is not None:
        detail += " · " + labels.text("team", lang, n=board.team + 1)
    tx.line(d, (nx + name_w + 12, y0 + 30), detail, 20, MUTED_ON_TABLE, anchor="lm", max_width=200)
    done = set(turn.actions_done) if turn is not None else set()
    used = set(turn.used_slots) if turn is not None else set()
    if board.dial is not None:
        pair = " + ".join(("✓ " if a in done else "") + labels.text(f"action.{a}", lang) for a in board.dial)
        colour = HIGHLIGHT if active else INK_ON_TABLE
        if narrow:
            tx.line(
                d,
                (x0 + PAD, y0 + HEADER + DIAL_LINE // 2 - 4),
                pair,
                22,
                colour,
                bold=True,
                anchor="lm",
                max_width=panel_w - 2 * PAD,
            )
        else:
            tx.line(d, (x0 + panel_w - PAD, y0 + 30), pair, 22, colour, bold=True, anchor="rm", max_width=300)
    # machine spaces
    y = y0 + HEADER + (DIAL_LINE if narrow else 0)
    for r, row in enumerate(_slot_rows(board, narrow)):
        for i, stack in enumerate(row):
            sx = x0 + PAD + i * (CARD_W + GAP)
            if stack is None or not stack.cards:
                frames.rounded(d, (sx, y, sx + CARD_W, y + CARD_H), radius=12, outline=PANEL_EDGE, width=2)
                tx.line(
                    d, (sx + CARD_W // 2, y + CARD_H // 2), labels.text("empty", lang), 20, MUTED_ON_TABLE, anchor="mm"
                )
                continue
            paste_stack(canvas, stack.cards, (sx, y), lang)
            if stack.deactivated:
                _tangled(canvas, (sx, y, sx + CARD_W, y + stack_height(len(stack.cards))), lang)
            if r * per_row + i in used:
                _used(d, (sx, y + (len(stack.cards) - 1) * BAND), lang)
            bottom = y + stack_height(len(stack.cards))
            marks.spot(f"slot:{r * per_row + i}", canvas, (sx - 4, y - 4, sx + CARD_W + 4, bottom + 4))
        y += _row_height(row) + GAP
    # yard, assistants, projects, dream
    for key, rows in _info_rows(board):
        tx.line(d, (x0 + PAD, y + CHIP_H // 2), labels.text(key, lang), 20, MUTED_ON_TABLE, bold=True, anchor="lm")
        cx = x0 + PAD + LABEL_W
        avail = panel_w - 2 * PAD - LABEL_W
        if key == "yard":
            # two chips a row: three would leave the longest machine names too little room
            w = (avail - GAP) // 2
            _chips(canvas, [chip(card, w, lang) for card in board.yard], (cx, y), 2, lang)
            for k, card in enumerate(board.yard):
                r, c = divmod(k, 2)
                x, top = cx + c * (w + GAP), y + r * (CHIP_H + 6)
                marks.spot(f"yard:{card.serial}", canvas, (x - 3, top - 3, x + w + 3, top + CHIP_H + 3))
        elif key == "assistants":
            texts = [
                named(labels.assistant_name(a.id, lang), labels.assistant(a.id, lang), avail - 20, 20)
                for a in board.assistants
            ]
            _text_chips(d, texts, (cx, y), avail, lang)
        elif key == "projects":
            texts = [
                named(labels.project_name(p, lang), labels.project(p, lang), avail - 20, 20)
                for p in board.completed_projects
            ]
            _text_chips(d, texts, (cx, y), avail, lang)
        else:
            _dream(canvas, board, (cx, y))
            marks.spot("dream", canvas, (cx - 6, y - 2, cx + len(board.dream) * 36 + 2, y + 42))
        y += rows * (CHIP_H + 6) + 4


def _chips(canvas: Image.Image, chips: list[Image.Image], xy: tuple[int, int], per_row: int, lang: str) -> None:
    if not chips:
        tx.line(
            ImageDraw.Draw(canvas),
            (xy[0], xy[1] + CHIP_H // 2),
            labels.text("none", lang),
            20,
            MUTED_ON_TABLE,
            anchor="lm",
        )
        return
    for i, img in enumerate(chips):
        r, c = divmod(i, per_row)
        canvas.paste(img, (xy[0] + c * (img.width + GAP), xy[1] + r * (CHIP_H + 6)))


def named(name: str, effect: str, max_width: int, size: int) -> str:
    """An assistant or project by its name, followed by its effect when the line has room for both."""
    both = f"{name} — {effect}"
    return both if effect != name and tx.width(both, size) <= max_width else name


def _text_chips(d: ImageDraw.ImageDraw, texts: list[str], xy: tuple[int, int], chip_w: int, lang: str) -> None:
    """One chip a row, ``chip_w`` wide."""
    if not texts:
        tx.line(d, (xy[0], xy[1] + CHIP_H // 2), labels.text("none", lang), 20, MUTED_ON_TABLE, anchor="lm")
        return
    for i, text in enumerate(texts):
        x, y = xy[0], xy[1] + i * (CHIP_H + 6)
        frames.rounded(
            d,
            (x, y, x + chip_w, y + CHIP_H),
            radius=8,
            fill=mix(TABLE, INK_ON_TABLE, 0.12),
            outline=PANEL_EDGE,
            width=1,
        )
        tx.line(d, (x + 10, y + CHIP_H // 2), text, 20, INK_ON_TABLE, anchor="lm", max_width=chip_w - 20)


def _dream(canvas: Image.Image, board: PlayerBoard, xy: tuple[int, int]) -> None:
    """Chimera: the fragments laid in the dream, in order (the token's place is on the dream track)."""
    for i, colour in enumerate(board.dream):
        icons.paste(canvas, fragment(colour, 32), (xy[0] + i * 36, xy[1] + 4))


@cache
def _shade(width: int, height: int) -> Image.Image:
    """A dark, red-hatched veil for face-down stacks; the cards stay faintly readable beneath."""
    shade = Image.new("RGBA", (width, height), (10, 10, 20, 150))
    d = ImageDraw.Draw(shade)
    for off in range(0, width + height, 28):
        d.line((off, 0, off - height, height), fill=(*ALERT, 200), width=2)
    d.rectangle((0, 0, width - 1, height - 1), outline=(*ALERT, 255), width=3)
    return shade


def _tangled(canvas: Image.Image, box: tuple[int, int, int, int], lang: str) -> None:
    """Mark a stack turned face down by a Tanglette (rulebook: Tanglette)."""
    shade = _shade(box[2] - box[0], box[3] - box[1])
    canvas.paste(shade, box[:2], shade)
    d = ImageDraw.Draw(canvas)
    label, face = tx.fit(labels.text("tangled", lang), box[2] - box[0] - 24, 24, bold=True)
    cx, cy = (box[0] + box[2]) // 2, box[1] + BAND + (box[3] - box[1] - BAND) // 2
    w = round(face.getlength(label))
    frames.rounded(d, (cx - w // 2 - 8, cy - 18, cx + w // 2 + 8, cy + 18), radius=6, fill=ALERT_TAG)
    d.text((cx, cy), label, font=face, fill=(255, 255, 255), anchor="mm")


def _used(d: ImageDraw.ImageDraw, top_left: tuple[int, int], lang: str) -> None:
    """A "used" tag on the band of a stack's top card (``top_left``), over its type glyph and
    serial, for a stack already used in this machine phase: the effects, the combinations and the
    repair cost stay readable, and the level beside it too."""
    label = "✓ " + labels.text("used", lang)
    x0, y0 = top_left[0] + 6, top_left[1] + 6
    x1 = top_left[0] + CARD_W - 46
    size = 20 if tx.width(label, 20, True) <= x1 - x0 - 12 else 18
    frames.rounded(d, (x0, y0, x1, y0 + BAND - 12), radius=8, fill=(30, 120, 70), outline=(255, 255, 255), width=2)
    tx.line(
        d,
        ((x0 + x1) // 2, y0 + (BAND - 12) // 2),
        label,
        size,
        (255, 255, 255),
        bold=True,
        anchor="mm",
        max_width=x1 - x0 - 8,
    )


def summary(
    board: PlayerBoard, name: str, lang: str, teammate: tuple[PlayerBoard, str] | None = None, *, short: bool = False
) -> str:
    """The panel in words: one line per seat for the text summary. A team shares its yard and its
    dream (Chimera, team play): when ``teammate`` (a board and its name) was described before, the
    line refers to it instead of listing them again, which keeps a part's text short. ``short``
    names assistants without their effects and counts the dream's fragments by colour, for a part
    whose text would not fit Discord's description otherwise."""
    style = player(board.seat)
    spaces = []
    for stack in board.slots:
        if stack is None or not stack.cards:
            spaces.append(labels.text("empty", lang))
            continue
        text = f" {labels.text('under', lang)} ".join(brief(c, lang) for c in reversed(stack.cards))
        spaces.append(text + (f" [{labels.text('tangled', lang).lower()}]" if stack.deactivated else ""))
    none = labels.text("none", lang)

    same = labels.text("same_as", lang, name=teammate[1]) if teammate else ""

    def topic(key: str, value: str) -> str:
        return f"{labels.text(key, lang).lower()}: {value or none}"

    parts = [
        f"{name} ({labels.text(f'style.{style.name}', lang)}, "
        f"{labels.text('workshop', lang, n=board.workshop).lower()})",
        topic("spaces", labels.counted(spaces, "; ")),
        topic("yard", same if teammate and teammate[0].yard == board.yard else briefs(board.yard, lang)),
        topic(
            "assistants",
            ", ".join(
                labels.assistant_name(a.id, lang) + ("" if short else f" ({labels.assistant(a.id, lang)})")
                for a in board.assistants
            ),
        ),
        topic("dial", " + ".join(labels.text(f"action.{a}", lang) for a in board.dial) if board.dial else ""),
        topic("projects", ", ".join(labels.project_name(p, lang) for p in board.completed_projects)),
    ]
    if board.team is not None:
        parts.insert(1, labels.text("team", lang, n=board.team + 1).lower())
    if board.dream:
        parts.append(
            topic(
                "dream",
                same
                if teammate and teammate[0].dream == board.dream
                else labels.fragment_counts(board.dream, lang)
                if short
                else labels.fragments(board.dream, lang),
            )
        )
    return " — ".join(parts)
