"""Plain-text twins of the images, for embeds, screen readers and logs.

Each summary states the same content as its image and, like it, only what its audience may see: the
board summary reads only public fields.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.imaginarium.view import ImaginariumView, PlayerBoard, Screen
from renders.imaginarium import dream, goal, labels, workshop
from renders.imaginarium.cards import describe
from renders.imaginarium.table import status
from renders.kit.names import seat_name


def board(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> str:
    """The public table in words, one topic per line."""
    return "\n".join(line for lines in sections(view, names, lang).values() for line in lines)


def sections(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> dict[str, list[str]]:
    """The public table in words by part of the phone board: "header" (status, who acts, the goal),
    "belt", "extractors" (with the initiative track), "rooms" (meeting room, crusher), "office",
    "dream" (with Chimera) and "seat:<n>" for each seat."""
    out = {key: words(view, names, lang) for key, words in SECTIONS.items()}
    if view.dream_spaces:
        out["dream"] = [dream.summary(view, names, lang)]
    out.update({f"seat:{seat}": [line] for seat, line in seats(view, names, lang).items()})
    return out


Words = Callable[[ImaginariumView, Sequence[str] | None, str], list[str]]


def _header(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> list[str]:
    lines = [f"Imaginarium — {status(view, lang)}."]
    if view.phase != "ended":
        acting = ", ".join(seat_name(s, names, lang) for s in view.active) or labels.text("nobody", lang)
        lines.append(f"{labels.text('now', lang)} {acting}.")
    turn = view.turn
    if turn is not None:
        text = labels.text("turn", lang, name=seat_name(turn.seat, names, lang))
        if turn.actions_done:
            actions = ", ".join(labels.text(f"action.{a}", lang) for a in turn.actions_done)
            text += ": " + labels.text("turn.done", lang, actions=actions)
        if turn.used_slots:
            text += "; " + labels.text("turn.used", lang, spaces=", ".join(str(i + 1) for i in turn.used_slots))
        lines.append(text + ".")
    lines.append(f"{labels.text('goal', lang)}: " + "; ".join(goal.lines(view, lang)) + ".")
    return lines


def _belt(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> list[str]:
    def t(key: str, **params: object) -> str:
        return labels.text(key, lang, **params)

    belt = []
    for slot in view.belt:
        if slot.card is None:
            text = f"{slot.position + 1}. {t('empty')} ({t('base', n=slot.base_cost)})"
        else:
            text = f"{slot.position + 1}. {describe(slot.card, lang)}, {t('price', n=slot.price)}"
        if slot.reserved_by is not None:
            text += ", " + t("reserved_by", name=seat_name(slot.reserved_by, names, lang))
        if slot.sabotaged_by is not None:
            text += ", " + t("sabotage_by", name=seat_name(slot.sabotaged_by, names, lang))
        if slot.fragment:
            text += ", " + t("fragment", colour=slot.fragment)
        belt.append(text)
    return [f"{t('belt')} ({t('machine_deck', n=view.machine_deck)}): " + "; ".join(belt) + "."]


def _extractors(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> list[str]:
    def t(key: str, **params: object) -> str:
        return labels.text(key, lang, **params)

    def name(seat: int) -> str:
        return seat_name(seat, names, lang)

    extractors = []
    for ext in view.extractors:
        text = f"+{ext.amount} {t('good.charcoalium')}"
        if ext.occupant is not None:
            text += f" ({name(ext.occupant)})"
        if ext.sabotaged_by is not None:
            text += f" ({t('sabotage')}: {name(ext.sabotaged_by)})"
        extractors.append(text)
    track = [
        f"{s.number} {name(s.seat)}" + (f" ({t('saboteur')})" if s.piece == "saboteur" else "")
        for s in view.initiative
        if s.seat is not None
    ]
    return [
        f"{t('extractors')}: " + (", ".join(extractors) or t("none")) + ".",
        f"{t('initiative')}: " + (", ".join(track) or t("none")) + ".",
    ]


def _rooms(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> list[str]:
    def t(key: str, **params: object) -> str:
        return labels.text(key, lang, **params)

    room = [
        f"{t('for_price', id=labels.assistant_name(a.id, lang), price=a.price)} ({labels.assistant(a.id, lang)})"
        for a in view.meeting_room
    ]
    crusher = t("cards", n=len(view.crusher))
    if view.crusher:
        crusher += ", " + t("top", card=describe(view.crusher[-1], lang))
    return [
        f"{t('meeting_room')} ({t('assistant_deck', n=view.assistant_deck)}): " + ("; ".join(room) or t("none")) + ".",
        f"{t('crusher')}: {crusher}.",
    ]


def _office(view: ImaginariumView, names: Sequence[str] | None, lang: str) -> list[str]:
    office = []
    for tile in view.projects:
        vp = labels.text("project_vp", lang, first=tile.vp, later=tile.vp - 1)
        text = f"{labels.project_name(tile.id, lang)} ({vp})"
        if tile.completed_by:
            done = ", ".join(seat_name(s, names, lang) for s in tile.completed_by)
            text += " " + labels.text("done_by", lang, names=done)
        office.append(text)
    return [f"{labels.text('design_office', lang)}: " + ("; ".join(office) or labels.text("none", lang)) + "."]


SECTIONS: dict[str, Words] = {
    "header": _header,
    "belt": _belt,
    "extractors": _extractors,
    "rooms": _rooms,
    "office": _office,
}
"""The sections other than the dream and the seats, each worded from the view alone (a phone part
words only its own)."""


def seats(view: ImaginariumView, names: Sequence[str] | None, lang: str, *, short: bool = False) -> dict[int, str]:
    """Each seat's workshop in words, one line a seat (``short``: the shorter form, see
    :func:`renders.imaginarium.workshop.summary`)."""
    out = {}
    described: dict[int, tuple[PlayerBoard, str]] = {}
    for player in view.players:
        name = seat_name(player.seat, names, lang)
        teammate = described.get(player.team) if player.team is not None else None
        out[player.seat] = workshop.summary(player, name, lang, teammate, short=short) + "."
        if player.team is not None:
            described.setdefault(player.team, (player, name))
    return out


def screen(view: ImaginariumView, screen: Screen, lang: str, name: str) -> str:
    """The private screen in words (for that player only)."""
    goods = ", ".join(
        labels.goods(value, g, lang)
        for g, value in (
            ("charcoalium", screen.charcoalium),
            ("wood", screen.wood),
            ("copper", screen.copper),
            ("crystal", screen.crystal),
            ("vp", screen.vp),
        )
    )
    lines = [
        f"{labels.text('screen.title', lang, name=name)} — {status(view, lang)}.",
        f"{labels.text('screen.reserve', lang)}: {goods}.",
    ]
    if screen.secret_projects:
        secret = "; ".join(
            f"{labels.project_name(t.id, lang)}: {labels.project(t.id, lang)} ({t.vp} {labels.text('good.vp', lang)})"
            for t in screen.secret_projects
        )
        lines.append(f"{labels.text('screen.secret', lang)}: {secret}.")
    if screen.fragments:
        lines.append(f"{labels.text('screen.fragments', lang)}: {labels.fragments(screen.fragments, lang)}.")
    return "\n".join(lines)
