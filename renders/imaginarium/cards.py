"""Machine card faces drawn from card data, cached per card kind.

A face shows the type (band colour and glyph), serial, level, name, the effect as glyph lines
(inputs → outputs, one line per stack size), the combinable serials, the repair cost as resource
icons, and the lightning and "cannot be dismantled" marks. Physical copies share one cached face.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.imaginarium.view import Amount, EffectLine, MachineCard
from renders.imaginarium import labels
from renders.imaginarium.goods import good, type_style
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import (
    ALERT,
    CARD_EDGE,
    HIGHLIGHT,
    INK,
    INK_ON_TABLE,
    MUTED_INK,
    MUTED_ON_TABLE,
    RGB,
    TABLE,
    WHITE,
    mix,
)
from renders.kit.layers import layer

CARD_W = 180
CARD_H = 256
BAND = 44
"""Height of the coloured band; in a stack only this band of the covered cards shows."""
ICON = 24
CHIP_H = 40


def amounts(
    canvas: Image.Image,
    xy: tuple[int, int],
    items: Sequence[Amount],
    *,
    size: int = ICON,
    ink: tuple[int, int, int] = INK,
) -> int:
    """Draw goods left to right from ``xy`` (top left); a count above 1 is written before its icon.

    Returns the x just past the last icon.
    """
    draw = ImageDraw.Draw(canvas)
    x, y = xy
    for item in items:
        if item.count != 1:
            x += tx.line(draw, (x, y + size // 2), str(item.count), max(18, size - 2), ink, bold=True, anchor="lm")
            x += 1
        icons.paste(canvas, good(item.good, size), (x, y))
        x += size + 5
    return x


def repeat_goods(items: Sequence[Amount]) -> list[Amount]:
    """A repair list as single icons (2 wood -> two wood icons): costs are read by counting."""
    return [Amount(item.good, 1) for item in items for _ in range(item.count)]


def _effect_tag(line: EffectLine, card: MachineCard, lang: str) -> str:
    if line.on_production:
        return labels.text("card.on_p", lang)
    if len({ln.stack for ln in card.effect}) > 1 or line.stack > 1:
        return f"×{line.stack}"
    return ""


def _draw_effects(canvas: Image.Image, card: MachineCard, top: int, bottom: int, k: int, lang: str) -> None:
    draw = ImageDraw.Draw(canvas)
    lines = card.effect
    if not lines:
        caption = labels.caption(card.serial, lang)
        if caption:
            max_lines = max(1, (bottom - top) // (22 * k))
            tx.paragraph(draw, (10 * k, top + 2 * k), caption, 18 * k, INK, (CARD_W - 20) * k, max_lines=max_lines)
        return
    icon = ICON * k
    step = min(34 * k, (bottom - top) // len(lines))
    for i, line in enumerate(lines):
        y = top + i * step
        tag = _effect_tag(line, card, lang)
        x = 52 * k
        if tag:  # a longer tag ("sur P") pushes the goods right rather than under it
            w = tx.line(draw, (8 * k, y + icon // 2), tag, 18 * k, MUTED_INK, bold=True, anchor="lm")
            x = max(x, 8 * k + w + 6 * k)
        if line.inputs:
            x = amounts(canvas, (x, y), line.inputs, size=icon)
            tx.line(draw, (x, y + icon // 2), "→", 20 * k, INK, bold=True, anchor="lm")
            x += 24 * k
        amounts(canvas, (x, y), line.outputs, size=icon)


@layer
def _face(card: MachineCard, k: int, lang: str) -> Image.Image:
    """The face at ``k`` times its table size (``k`` = 2 for the ``/rules`` card sheet)."""
    colour, glyph = type_style(card.type)
    w, h, band = CARD_W * k, CARD_H * k, BAND * k
    img = frames.card(w, h, colour, band, radius=12 * k).copy()
    draw = ImageDraw.Draw(img)
    # band: type glyph, serial, level
    tx.line(draw, (12 * k, band // 2 + k), glyph, 26 * k, WHITE, bold=True, anchor="lm")
    tx.line(draw, (44 * k, band // 2 + k), card.serial, 24 * k, WHITE, bold=True, anchor="lm")
    cx, r = w - 26 * k, 17 * k
    draw.ellipse((cx - r, band // 2 - r, cx + r, band // 2 + r), fill=WHITE, outline=CARD_EDGE, width=2 * k)
    tx.line(draw, (cx, band // 2 + k), str(card.level), 24 * k, INK, bold=True, anchor="mm")
    # name
    # in bold, or in the regular weight when the longest names would not fit the card in bold
    name = labels.machine(card, lang)
    bold = tx.width(name, 18 * k, True) <= w - 12 * k
    tx.line(draw, (w // 2, band + 20 * k), name, 22 * k, INK, bold=bold, anchor="mm", max_width=w - 12 * k)
    # effect
    footer = h - 40 * k
    combos_y = footer - 26 * k
    _draw_effects(img, card, band + 40 * k, combos_y - 4 * k, k, lang)
    # combinable serials
    combos = "+ " + " ".join(card.combines_with) if card.combines_with else labels.text("card.alone_short", lang)
    tx.line(draw, (10 * k, combos_y + 11 * k), combos, 18 * k, MUTED_INK, anchor="lm", max_width=w - 20 * k)
    # footer: repair cost, lightning, cannot be dismantled
    draw.line((8 * k, footer, w - 8 * k, footer), fill=mix(CARD_EDGE, WHITE, 0.6), width=k)
    amounts(img, (8 * k, footer + 7 * k), repeat_goods(card.repair), size=22 * k)
    x = w - 12 * k
    if not card.dismantlable:
        x -= 28 * k
        _no_dismantle(draw, (x, footer + 6 * k), 26 * k, k)
    if card.lightning:
        x -= 26 * k
        tx.line(draw, (x + 12 * k, footer + 19 * k), "⚡", 26 * k, mix(HIGHLIGHT, INK, 0.25), bold=True, anchor="mm")
    return img


LEGEND_ROW = 32
"""One line of the card legend: a letter tag and its word, 18 px text."""
SERIAL_LETTERS = {"production": "P", "transformation": "T", "attack": "A", "defense": "D", "special": "S"}
"""A serial's letter for each machine type, as the cards print it in every language (rulebook: each
card's serial number), in the order the legend tells them."""


def _legend_items(lang: str) -> list[tuple[str, str, RGB | None]]:
    """What the legend says, in reading order: each type's serial letter (on its band colour) with
    its name, then what the "+" line of a card lists."""
    items: list[tuple[str, str, RGB | None]] = [
        (letter, labels.text(f"type.{kind}", lang), type_style(kind)[0]) for kind, letter in SERIAL_LETTERS.items()
    ]
    items.append(("+ P2 T1", labels.text("legend.combines", lang), None))
    return items


def _legend_lines(width: int, lang: str) -> list[list[tuple[int, str, str, RGB | None]]]:
    """The legend laid out in lines ``width`` wide: (x, tag, word, colour) per item."""
    title = labels.text("legend.title", lang)
    lines: list[list[tuple[int, str, str, RGB | None]]] = [[]]
    x = tx.width(title, 18, True) + 12
    for tag, word, colour in _legend_items(lang):
        tag_w = tx.width(tag, 18, True) + (16 if colour is not None else 0)
        item_w = tag_w + 6 + tx.width(word, 18) + 18
        if x + item_w - 18 > width and lines[-1]:
            lines.append([])
            x = 0
        lines[-1].append((x, tag, word, colour))
        x += item_w
    return lines


def legend_height(width: int, lang: str) -> int:
    """Height of :func:`legend` drawn ``width`` wide."""
    return len(_legend_lines(width, lang)) * LEGEND_ROW


@layer
def legend(width: int, lang: str, fill: RGB = TABLE) -> Image.Image:
    """What a card's codes mean, to print under cards wherever they first meet the eye: the serial's
    letter is the machine's type (P production, T transformation, A attack, D defense, S special, as
    the rulebook's serial numbers read), and "+ P2 T1" lists the serials it combines with."""
    lines = _legend_lines(width, lang)
    img = Image.new("RGB", (width, len(lines) * LEGEND_ROW), fill)
    d = ImageDraw.Draw(img)
    tx.line(d, (0, LEGEND_ROW // 2), labels.text("legend.title", lang), 18, INK_ON_TABLE, bold=True, anchor="lm")
    for row, items in enumerate(lines):
        cy = row * LEGEND_ROW + LEGEND_ROW // 2
        for x, tag, word, colour in items:
            if colour is not None:
                w = tx.width(tag, 18, True) + 16
                frames.rounded(d, (x, cy - 12, x + w, cy + 12), radius=6, fill=colour)
                tx.line(d, (x + w // 2, cy), tag, 18, WHITE, bold=True, anchor="mm")
            else:
                w = tx.line(d, (x, cy), tag, 18, INK_ON_TABLE, bold=True, anchor="lm")
            tx.line(d, (x + w + 6, cy), word, 18, MUTED_ON_TABLE, anchor="lm")
    return img


def _no_dismantle(draw: ImageDraw.ImageDraw, xy: tuple[int, int], size: int, k: int) -> None:
    """A hammer glyph struck through by a red circle: "this card cannot be dismantled"."""
    x, y = xy
    tx.line(draw, (x + size // 2, y + size // 2), "⚒", 20 * k, INK, anchor="mm")
    draw.ellipse((x, y, x + size, y + size), outline=ALERT, width=3 * k)
    draw.line((x + 5 * k, y + size - 5 * k, x + size - 5 * k, y + 5 * k), fill=ALERT, width=3 * k)


def face(card: MachineCard, scale: int = 1, lang: str = "en") -> Image.Image:
    """The full face of ``card`` (``CARD_W`` × ``CARD_H`` times ``scale``), shared by every copy of its kind."""
    return _face(dataclasses.replace(card, uid=0), scale, lang)


def stack_height(count: int) -> int:
    """Height of a stack of ``count`` cards drawn as a cascade (covered cards show their band)."""
    return CARD_H + (count - 1) * BAND if count else CARD_H


def paste_stack(canvas: Image.Image, cards: Sequence[MachineCard], xy: tuple[int, int], lang: str) -> None:
    """Cards bottom to top as a cascade: each covered card's band stays visible above the next."""
    mask = frames.card_mask(CARD_W, CARD_H)
    for i, card in enumerate(cards):
        canvas.paste(face(card, 1, lang), (xy[0], xy[1] + i * BAND), mask)


@layer
def _chip(name: str, machine_type: str, level: int, width: int) -> Image.Image:
    colour, glyph = type_style(machine_type)
    img = frames.card(width, CHIP_H, colour, CHIP_H - 2).copy()
    draw = ImageDraw.Draw(img)
    # the type's glyph and the name the menus give (the serial is on the card face)
    x = 8 + tx.line(draw, (8, CHIP_H // 2), glyph, 20, WHITE, bold=True, anchor="lm") + 6
    room = width - x - 34
    size, bold = next(
        ((s, b) for s, b in ((20, True), (18, True), (20, False)) if tx.width(name, s, b) <= room), (18, False)
    )
    tx.line(draw, (x, CHIP_H // 2), name, size, WHITE, bold=bold, anchor="lm", max_width=room)
    # the level in dark ink on a light badge: yellow on the type colours is below 4.5:1
    draw.rounded_rectangle((width - 30, 7, width - 4, CHIP_H - 8), radius=6, fill=HIGHLIGHT)
    tx.line(draw, (width - 17, CHIP_H // 2), str(level), 20, INK, bold=True, anchor="mm")
    return img


def chip(card: MachineCard, width: int, lang: str) -> Image.Image:
    """A one-line card (type colour and glyph, name, level) for yards and lists."""
    return _chip(labels.machine(card, lang), card.type, card.level, width)


def describe(card: MachineCard, lang: str = "en") -> str:
    """The card in words for text summaries: "Copperette (P3, production, level 2)"."""
    kind = labels.text(f"type.{card.type}", lang)
    return f"{labels.machine(card, lang)} ({card.serial}, {kind}, {labels.text('card.level', lang, n=card.level)})"


def brief(card: MachineCard, lang: str = "en") -> str:
    """The card in a few words for a seat's line of the text summary: "Copperette (lvl 2)" (the
    board's text gives each card's type and serial where it is offered)."""
    return f"{labels.machine(card, lang)} ({labels.text('card.level_short', lang, n=card.level)})"


def briefs(cards: Sequence[MachineCard], lang: str = "en") -> str:
    """Cards in a few words, by level, equal names counted ("Achievette ×2, Diplomatrice (lvl 3)")."""
    levels = sorted({card.level for card in cards})
    return ", ".join(
        labels.counted(sorted(labels.machine(c, lang) for c in cards if c.level == level), ", ")
        + f" ({labels.text('card.level_short', lang, n=level)})"
        for level in levels
    )
