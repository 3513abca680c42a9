"""An assistant card or a project tile shown large with its rules text, for the ``/rules`` command."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.imaginarium.view import AssistantCard, ProjectTile
from renders.imaginarium import catalogue, labels
from renders.imaginarium.goods import good
from renders.kit import frames, icons
from renders.kit import text as tx
from renders.kit.colours import CARD, HIGHLIGHT, INK, INK_ON_TABLE, MUTED_INK, TABLE, WHITE

W = 1600
M = 30
TILE_W, TILE_H = 340, 440
ASSISTANT_BAND = (96, 84, 140)


def facts(item: AssistantCard | ProjectTile, lang: str) -> list[str]:
    """The tile in words, one fact per line; shared by the image and its text summary."""
    if isinstance(item, AssistantCard):
        caption = labels.assistant(item.id, lang)
        head = f"{labels.assistant_name(item.id, lang)} — {labels.text('costs', lang, n=item.price)}"
        key = item.effect_key
    else:
        caption = labels.project(item.id, lang)
        vp = labels.text("project.vp", lang, first=item.vp, later=item.vp - 1)
        head = f"{labels.project_name(item.id, lang)} — {vp}"
        key = item.condition_key
    text = catalogue.lookup(key, lang) or caption
    return [head, text] if text else [head]


def draw(item: AssistantCard | ProjectTile, lang: str) -> Image.Image:
    """The tile on the left, its facts on the right."""
    lines = facts(item, lang)
    canvas = Image.new("RGB", (W, TILE_H + 2 * M), TABLE)
    d = ImageDraw.Draw(canvas)
    x, y = M, M
    if isinstance(item, AssistantCard):
        canvas.paste(
            frames.card(TILE_W, TILE_H, ASSISTANT_BAND, 80, radius=20), (x, y), frames.card_mask(TILE_W, TILE_H, 20)
        )
        tx.line(
            d,
            (x + 24, y + 42),
            labels.text("assistant", lang),
            36,
            WHITE,
            bold=True,
            anchor="lm",
            max_width=TILE_W - 130,
        )
        pw = tx.width(str(item.price), 48, True)
        tx.line(d, (x + TILE_W - 80 - pw, y + 42), str(item.price), 48, HIGHLIGHT, bold=True, anchor="lm")
        icons.paste(canvas, good("charcoalium", 52), (x + TILE_W - 70, y + 16))
        body = labels.assistant_name(item.id, lang)
    else:
        d.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), radius=20, fill=CARD, outline=(60, 60, 66), width=4)
        icons.paste(canvas, good("vp", 64), (x + 20, y + 20))
        w = tx.line(d, (x + 96, y + 52), str(item.vp), 56, INK, bold=True, anchor="lm")
        tx.line(d, (x + 104 + w, y + 56), f"/ {item.vp - 1}", 36, MUTED_INK, anchor="lm")
        body = labels.project_name(item.id, lang)
    # the name as the menus give it, then the effect or condition in a few words
    used = tx.paragraph(d, (x + 24, y + 120), body, 36, INK, TILE_W - 48, bold=True, max_lines=4)
    short = labels.assistant(item.id, lang) if isinstance(item, AssistantCard) else labels.project(item.id, lang)
    tx.paragraph(d, (x + 24, y + 136 + used), short, 30, MUTED_INK, TILE_W - 48, max_lines=(TILE_H - 150 - used) // 36)
    text_x = M + TILE_W + 40
    tx.line(d, (text_x, M), lines[0], 34, HIGHLIGHT, bold=True, max_width=W - text_x - M)
    ty = M + 60
    for text in lines[1:]:
        ty += tx.paragraph(d, (text_x, ty), text, 26, INK_ON_TABLE, W - text_x - M) + 12
    return canvas
