"""Machine card faces drawn from card data, cached per card kind.

A face shows the type (band colour and glyph), serial, level, name, the effect as glyph lines
(inputs → outputs, one line per stack size), the combinable serials, the repair cost as resource
icons, and the lightning and "cannot be dismantled" marks. Physical copies share one cached face.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from engine.imaginarium.view import Amount, EffectLine, MachineCard
from renders.imaginarium import labels
from renders.imaginarium.goods import good, type_style
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import ALERT, CARD_EDGE, HIGHLIGHT, INK, MUTED_INK, WHITE, mix

CARD_W = 180
CARD_H = 256
BAND = 44
"""Height of the coloured band; in a stack only this band of the covered cards shows."""
ICON = 24
CHIP_H = 40


def amounts(canvas: Image.Image, xy: tuple[int, int], items: Sequence[Amount], *, size: int = ICON,
            ink: tuple[int, int, int] = INK) -> int:
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


def _effect_tag(line: EffectLine, card: MachineCard) -> str:
    if line.on_production:
        return "on P"
    if len({ln.stack for ln in card.effect}) > 1 or line.stack > 1:
        return f"×{line.stack}"
    return ""


def _draw_effects(canvas: Image.Image, card: MachineCard, top: int, bottom: int) -> None:
    draw = ImageDraw.Draw(canvas)
    lines = card.effect
    if not lines:
        caption = labels.CARD_CAPTIONS.get(card.serial, "")
        if caption:
            max_lines = max(1, (bottom - top) // 22)
            tx.paragraph(draw, (10, top + 2), caption, 18, INK, CARD_W - 20, max_lines=max_lines)
        return
    step = min(34, (bottom - top) // len(lines))
    for i, line in enumerate(lines):
        y = top + i * step
        tag = _effect_tag(line, card)
        x = 8
        if tag:
            tx.line(draw, (x, y + ICON // 2), tag, 18, MUTED_INK, bold=True, anchor="lm")
        x = 50
        if line.inputs:
            x = amounts(canvas, (x, y), line.inputs)
            tx.line(draw, (x, y + ICON // 2), "→", 20, INK, bold=True, anchor="lm")
            x += 24
        amounts(canvas, (x, y), line.outputs)


@cache
def _face(card: MachineCard) -> Image.Image:
    colour, glyph = type_style(card.type)
    img = frames.card(CARD_W, CARD_H, colour, BAND).copy()
    draw = ImageDraw.Draw(img)
    # band: type glyph, serial, level
    tx.line(draw, (12, BAND // 2 + 1), glyph, 26, WHITE, bold=True, anchor="lm")
    tx.line(draw, (44, BAND // 2 + 1), card.serial, 24, WHITE, bold=True, anchor="lm")
    cx = CARD_W - 26
    draw.ellipse((cx - 17, BAND // 2 - 17, cx + 17, BAND // 2 + 17), fill=WHITE, outline=CARD_EDGE, width=2)
    tx.line(draw, (cx, BAND // 2 + 1), str(card.level), 24, INK, bold=True, anchor="mm")
    # name
    tx.line(draw, (CARD_W // 2, BAND + 20), card.name, 22, INK, bold=True, anchor="mm", max_width=CARD_W - 16)
    # effect
    footer = CARD_H - 40
    combos_y = footer - 26
    _draw_effects(img, card, BAND + 40, combos_y - 4)
    # combinable serials
    combos = "+ " + " ".join(card.combines_with) if card.combines_with else "alone"
    tx.line(draw, (10, combos_y + 11), combos, 18, MUTED_INK, anchor="lm", max_width=CARD_W - 20)
    # footer: repair cost, lightning, cannot be dismantled
    draw.line((8, footer, CARD_W - 8, footer), fill=mix(CARD_EDGE, WHITE, 0.6), width=1)
    amounts(img, (8, footer + 7), repeat_goods(card.repair), size=22)
    x = CARD_W - 12
    if not card.dismantlable:
        x -= 28
        _no_dismantle(draw, (x, footer + 6), 26)
    if card.lightning:
        x -= 26
        tx.line(draw, (x + 12, footer + 19), "⚡", 26, mix(HIGHLIGHT, INK, 0.25), bold=True, anchor="mm")
    return img


def _no_dismantle(draw: ImageDraw.ImageDraw, xy: tuple[int, int], size: int) -> None:
    """A hammer glyph struck through by a red circle: "this card cannot be dismantled"."""
    x, y = xy
    tx.line(draw, (x + size // 2, y + size // 2), "⚒", 20, INK, anchor="mm")
    draw.ellipse((x, y, x + size, y + size), outline=ALERT, width=3)
    draw.line((x + 5, y + size - 5, x + size - 5, y + 5), fill=ALERT, width=3)


def face(card: MachineCard) -> Image.Image:
    """The full face of ``card`` (``CARD_W`` × ``CARD_H``), shared by every copy of its kind."""
    return _face(dataclasses.replace(card, uid=0))


def stack_height(count: int) -> int:
    """Height of a stack of ``count`` cards drawn as a cascade (covered cards show their band)."""
    return CARD_H + (count - 1) * BAND if count else CARD_H


def paste_stack(canvas: Image.Image, cards: Sequence[MachineCard], xy: tuple[int, int]) -> None:
    """Cards bottom to top as a cascade: each covered card's band stays visible above the next."""
    mask = frames.card_mask(CARD_W, CARD_H)
    for i, card in enumerate(cards):
        canvas.paste(face(card), (xy[0], xy[1] + i * BAND), mask)


@cache
def _chip(serial: str, name: str, machine_type: str, level: int, width: int) -> Image.Image:
    colour, glyph = type_style(machine_type)
    img = frames.card(width, CHIP_H, colour, CHIP_H - 2).copy()
    draw = ImageDraw.Draw(img)
    tx.line(draw, (8, CHIP_H // 2), f"{glyph} {serial}", 20, WHITE, bold=True, anchor="lm")
    tx.line(draw, (68, CHIP_H // 2), name, 18, WHITE, anchor="lm", max_width=width - 68 - 30)
    tx.line(draw, (width - 16, CHIP_H // 2), str(level), 20, HIGHLIGHT, bold=True, anchor="mm")
    return img


def chip(card: MachineCard, width: int) -> Image.Image:
    """A one-line card (type colour, serial, name, level) for yards and lists."""
    return _chip(card.serial, card.name, card.type, card.level, width)


def describe(card: MachineCard, lang: str = "en") -> str:
    """The card in words for text summaries: "Copperette (P3, production, level 2)"."""
    kind = labels.text(f"type.{card.type}", lang)
    return f"{card.name} ({card.serial}, {kind}, {labels.text('card.level', lang, n=card.level)})"
