"""One machine card shown large with its rules in words, for the ``/rules`` command."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.imaginarium.view import Amount, EffectLine, MachineCard
from renders.imaginarium import catalogue, labels
from renders.imaginarium.cards import CARD_H, CARD_W, face
from renders.kit import frames
from renders.kit import text as tx
from renders.kit.colours import HIGHLIGHT, INK_ON_TABLE, MUTED_ON_TABLE, TABLE

W = 1600
SCALE = 2
M = 30


def _goods(items: tuple[Amount, ...], lang: str) -> str:
    return " + ".join(labels.goods(a.count, a.good, lang) for a in items)


def _effect_line(line: EffectLine, lang: str) -> str:
    head = labels.text("card.on_production", lang) if line.on_production else f"×{line.stack}"
    if line.inputs:
        return f"{head}: {_goods(line.inputs, lang)} → {_goods(line.outputs, lang)}"
    return f"{head}: {_goods(line.outputs, lang)}"


def rules_text(card: MachineCard, lang: str) -> str:
    """The card's rules text from the game's message catalogue, or its short caption when the
    catalogue has none (the drawing must not depend on the engine's translations being complete)."""
    return catalogue.lookup(card.effect_key, lang) or labels.caption(card.serial, lang)


def facts(card: MachineCard, lang: str) -> list[str]:
    """The card in words, one fact per line; shared by the image and its text summary."""
    out = [
        f"{labels.machine(card, lang)} — {card.serial}, {labels.text(f'type.{card.type}', lang)}, "
        f"{labels.text('card.level', lang, n=card.level)}"
    ]
    out.extend(_effect_line(line, lang) for line in card.effect)
    text = rules_text(card, lang)
    if text:
        out.append(text)
    out.append(f"{labels.text('card.repair', lang)}: {_goods(card.repair, lang)}")
    if card.combines_with:
        out.append(labels.text("card.combines", lang, serials=", ".join(card.combines_with)))
    else:
        out.append(labels.text("card.alone", lang))
    if card.lightning:
        out.append("⚡ " + labels.text("card.lightning", lang))
    if not card.dismantlable:
        out.append(labels.text("card.keep", lang))
    return out


def draw(card: MachineCard, lang: str) -> Image.Image:
    """The face, drawn at twice its table size, on the left; its facts on the right."""
    big = face(card, SCALE, lang)
    mask = frames.card_mask(CARD_W * SCALE, CARD_H * SCALE, 12 * SCALE)
    lines = facts(card, lang)
    text_x = M + big.width + 40
    text_w = W - text_x - M
    height = max(big.height + 2 * M, M + 60 + sum(32 * len(tx.wrap(t, text_w, 26)) + 12 for t in lines[1:]) + M)
    canvas = Image.new("RGB", (W, height), TABLE)
    canvas.paste(big, (M, M), mask)
    d = ImageDraw.Draw(canvas)
    tx.line(d, (text_x, M), lines[0], 34, HIGHLIGHT, bold=True, max_width=text_w)
    y = M + 60
    for i, text in enumerate(lines[1:]):
        colour = INK_ON_TABLE if i < len(card.effect) + 1 else MUTED_ON_TABLE
        y += tx.paragraph(d, (text_x, y), text, 26, colour, text_w) + 12
    return canvas
