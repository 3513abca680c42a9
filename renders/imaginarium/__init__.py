"""Imaginarium drawings: the public board (whole, in phone-sized parts, or a close-up of one area),
one seat's private screen, the final scores, one card.

Each entry point checks it was given an :class:`~engine.imaginarium.view.ImaginariumView` (renders
take views, never game states) and returns a :class:`~renders.api.Render`: the PNG and the same
content in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from engine.imaginarium.view import AssistantCard, ImaginariumView, MachineCard, ProjectTile
from renders.api import DESCRIPTION_LIMIT, Drawings, Part, Render, drawn, drawn_parts
from renders.imaginarium import dream, labels, phone, sheet, standings, summaries, table, tiles, workshop
from renders.imaginarium import final as _final
from renders.imaginarium.goods import KEY_COLOURS
from renders.kit.names import seat_name
from renders.kit.typography import punctuate


def _check(view: object) -> ImaginariumView:
    if not isinstance(view, ImaginariumView):
        raise TypeError(f"Imaginarium renders take an ImaginariumView, not {type(view).__name__}")
    return view


def board(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The public table; reads public fields only, so every viewer's view gives the same image."""
    v = _check(view)
    return drawn(lambda: table.draw(v, names, lang), summaries.board(v, names, lang), KEY_COLOURS, lang=lang)


def board_parts(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> tuple[Render, ...]:
    """The public table for phones: who acts and the goal, the belt, the rooms, the office, then the
    seats' strips a few to an image; each part's text says what that part shows, worded from the
    part's own sub-view (so an unchanged part keeps its words with its image)."""
    v = _check(view)
    out: list[Part] = [
        (name, (part, lang, names), partial(draw, part), partial(_part_text, name, part, names, lang))
        for name, part, draw in phone.board_parts(v, names, lang)
    ]
    return drawn_parts(out, KEY_COLOURS, lang)


def _part_text(name: str, part: ImaginariumView, names: Sequence[str] | None, lang: str) -> str:
    """What the phone part ``name`` shows, in words, from its sub-view ``part``."""
    if name.startswith("players-"):
        lines = list(summaries.seats(part, names, lang).values())
        if len(punctuate("\n".join(lines), lang)) > DESCRIPTION_LIMIT:
            lines = list(summaries.seats(part, names, lang, short=True).values())
        return "\n".join(lines)
    section = {"status": "header"}.get(name, name)
    lines = summaries.SECTIONS[section](part, names, lang)
    if name == "office" and part.dream_spaces:
        lines.append(dream.summary(part, names, lang))
    return "\n".join(lines)


def zoom_areas(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> tuple[tuple[str, str], ...]:
    """The areas :func:`zoom` can show, as (key, label) pairs: belt, rooms, office, dream, each seat."""
    v = _check(view)
    out = []
    for key in table.areas(v):
        if key.startswith("seat:"):
            label = labels.text("zoom.seat", lang, name=seat_name(int(key[5:]), names, lang))
        else:
            label = labels.text(f"zoom.{key}", lang)
        out.append((key, label))
    return tuple(out)


def zoom(view: object, area: str, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """One area of the full board at its full size (every card face), with that area's text."""
    v = _check(view)
    boxes = table.areas(v)
    if area not in boxes:
        raise LookupError(f"no area {area!r} on this board; known: {', '.join(boxes)}")
    text = summaries.sections(v, names, lang)
    lines = text["extractors"] + text["rooms"] if area == "rooms" else text[area]
    return drawn(
        lambda: table.draw(v, names, lang).crop(boxes[area]),
        "\n".join(lines),
        KEY_COLOURS,
        area.replace(":", "-"),
        lang,
    )


def screen(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The viewer's screen, then what the decision is about (the belt while planning, the meeting room
    while they recruit, the viewer's workshop otherwise): private, for that player only."""
    v = _check(view)
    hidden = v.screen
    if v.viewer is None or hidden is None:
        raise ValueError("a private screen needs the view of a seat, with its screen")
    own = next((p for p in v.players if p.seat == v.viewer), None)
    text = summaries.screen(v, hidden, lang, seat_name(v.viewer, names, lang))
    if own is not None and own.team is not None:  # team play: the screen is shared with the teammate
        for mate in (p.seat for p in v.players if p.team == own.team and p.seat != own.seat):
            text += "\n" + labels.text("screen.team", lang, name=seat_name(mate, names, lang)) + "."
    if own is not None:
        text += "\n" + workshop.summary(own, seat_name(own.seat, names, lang), lang) + "."
    if v.turn is not None and v.turn.seat == v.viewer and v.turn.step == "recruit":  # the room they recruit from
        text += "\n" + summaries.sections(v, names, lang)["rooms"][0]
    return drawn(lambda: phone.screen(v, hidden, own, names, lang), text, KEY_COLOURS, lang=lang)


def final(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """Final scores; the screens in it are public once the game has ended (rulebook: End of the game)."""
    v = _check(view)
    scores = v.final
    if scores is None:
        raise ValueError("final scores exist only once the game has ended")
    teams = {p.seat: p.team for p in v.players if p.team is not None}
    text = _final.summary(scores, names, lang, teams)
    return drawn(lambda: _final.draw(scores, names, lang, teams), text, KEY_COLOURS, lang=lang)


def card(item: object, *, lang: str = "en") -> Render:
    """One machine card, assistant or project, large, with its rules in words (the ``/rules`` command)."""
    if isinstance(item, MachineCard):
        return drawn(lambda: sheet.draw(item, lang), "\n".join(sheet.facts(item, lang)), KEY_COLOURS, lang=lang)
    if isinstance(item, AssistantCard | ProjectTile):
        return drawn(lambda: tiles.draw(item, lang), "\n".join(tiles.facts(item, lang)), KEY_COLOURS, lang=lang)
    raise TypeError(
        f"Imaginarium card renders take a MachineCard, AssistantCard or ProjectTile, not {type(item).__name__}"
    )


DRAWINGS = Drawings(
    kind="imaginarium",
    board=board,
    board_parts=board_parts,
    zoom_areas=zoom_areas,
    zoom=zoom,
    screen=screen,
    final=final,
    card=card,
    cards=(MachineCard, AssistantCard, ProjectTile),
    headline=standings.headline,
    standings=standings.standings,
    goal=standings.goal,
    caption=standings.caption,
)
"""What Imaginarium draws, and the words shown beside it (:class:`renders.api.Drawings`)."""
