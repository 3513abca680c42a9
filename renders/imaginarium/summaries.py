"""Plain-text twins of the images, for embeds, screen readers and logs.

Each summary states the same content as its image and, like it, only what its audience may see: the
board summary reads only public fields.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.imaginarium.view import ImaginariumView, Screen
from renders.imaginarium import dream, labels, workshop
from renders.imaginarium.cards import describe
from renders.imaginarium.table import status
from renders.kit.names import seat_name


def board(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> str:
    """The public table in words, one topic per line."""
    def name(seat: int) -> str:
        return seat_name(seat, names)

    lines = [f"Imaginarium — {status(view, lang)}."]
    if view.phase != "ended":
        acting = ", ".join(name(s) for s in view.active) or labels.text("nobody", lang)
        lines.append(f"{labels.text('now', lang)} {acting}.")
    turn = view.turn
    if turn is not None:
        text = f"Turn of {name(turn.seat)}"
        if turn.actions_done:
            text += ": done " + ", ".join(labels.text(f"action.{a}", lang) for a in turn.actions_done)
        if turn.used_slots:
            text += "; machines used: space " + ", ".join(str(i + 1) for i in turn.used_slots)
        lines.append(text + ".")
    belt = []
    for slot in view.belt:
        if slot.card is None:
            text = f"{slot.position + 1}. {labels.text('empty', lang)} ({labels.text('base', lang, n=slot.base_cost)})"
        else:
            text = f"{slot.position + 1}. {describe(slot.card, lang)}, price {slot.price}"
        if slot.reserved_by is not None:
            text += f", {labels.text('reserved', lang)} by {name(slot.reserved_by)}"
        if slot.sabotaged_by is not None:
            text += f", {labels.text('sabotage', lang)} by {name(slot.sabotaged_by)}"
        if slot.fragment:
            text += f", fragment {slot.fragment}"
        belt.append(text)
    lines.append(f"{labels.text('belt', lang)} (machine deck: {view.machine_deck}): " + "; ".join(belt) + ".")
    extractors = []
    for ext in view.extractors:
        text = f"+{ext.amount} charcoalium"
        if ext.occupant is not None:
            text += f" ({name(ext.occupant)})"
        if ext.sabotaged_by is not None:
            text += f" ({labels.text('sabotage', lang)}: {name(ext.sabotaged_by)})"
        extractors.append(text)
    lines.append(f"{labels.text('extractors', lang)}: " + ", ".join(extractors) + ".")
    track = [f"{s.number} {name(s.seat)}" + (" (saboteur)" if s.piece == "saboteur" else "")
             for s in view.initiative if s.seat is not None]
    lines.append(f"{labels.text('initiative', lang)}: " + (", ".join(track) or labels.text("none", lang)) + ".")
    room = [f"{a.id} for {a.price} ({labels.ASSISTANTS.get(a.id, a.effect_key)})" for a in view.meeting_room]
    lines.append(f"{labels.text('meeting_room', lang)} (deck: {view.assistant_deck}): "
                 + ("; ".join(room) or labels.text("none", lang)) + ".")
    office = []
    for tile in view.projects:
        text = f"{tile.id} {labels.PROJECTS.get(tile.id, tile.condition_key)} ({tile.vp}/{tile.vp - 1} VP)"
        if tile.completed_by:
            text += " done by " + ", ".join(name(s) for s in tile.completed_by)
        office.append(text)
    lines.append(f"{labels.text('design_office', lang)}: " + ("; ".join(office) or labels.text("none", lang)) + ".")
    crusher = labels.text("cards", lang, n=len(view.crusher))
    if view.crusher:
        crusher += ", top: " + describe(view.crusher[-1], lang)
    lines.append(f"{labels.text('crusher', lang)}: {crusher}.")
    if view.dream_spaces:
        lines.append(dream.summary(view, names))
    for player in view.players:
        lines.append(workshop.summary(player, name(player.seat), lang) + ".")
    return "\n".join(lines)


def screen(view: ImaginariumView, screen: Screen, lang: str, name: str) -> str:
    """The private screen in words (for that player only)."""
    goods = ", ".join(
        f"{value} {labels.text(f'good.{g}', lang)}"
        for g, value in (("charcoalium", screen.charcoalium), ("wood", screen.wood), ("copper", screen.copper),
                         ("crystal", screen.crystal), ("vp", screen.vp))
    )
    lines = [f"{labels.text('screen.title', lang, name=name)} — {status(view, lang)}.",
             f"{labels.text('screen.reserve', lang)}: {goods}."]
    if screen.secret_projects:
        secret = "; ".join(f"{t.id} {labels.PROJECTS.get(t.id, t.condition_key)} ({t.vp} VP)"
                           for t in screen.secret_projects)
        lines.append(f"{labels.text('screen.secret', lang)}: {secret}.")
    if screen.fragments:
        lines.append(f"{labels.text('screen.fragments', lang)}: {', '.join(screen.fragments)}.")
    return "\n".join(lines)
