"""Bot Factory drawings: the public table (whole, in phone-sized parts, or a close-up of one area), one
seat's own area, the final scores.

Each entry point checks it was given a :class:`~engine.botfactory.view.BotFactoryView` (renders take
views, never game states) and returns a :class:`~renders.api.Render`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from engine.botfactory.view import BotFactoryView
from renders.api import Drawings, Part, Render, drawn, drawn_parts
from renders.botfactory import final as _final
from renders.botfactory import labels, phone, players, standings, summaries, table
from renders.botfactory.pieces import KEY_COLOURS, seat_style
from renders.botfactory.screen import reserved
from renders.kit.colours import PlayerStyle
from renders.kit.names import seat_name


def _check(view: object) -> BotFactoryView:
    if not isinstance(view, BotFactoryView):
        raise TypeError(f"Bot Factory renders take a BotFactoryView, not {type(view).__name__}")
    return view


def board(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The public table."""
    v = _check(view)
    return drawn(lambda: table.draw(v, names, lang), summaries.board(v, names, lang), KEY_COLOURS, lang=lang)


def board_parts(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> tuple[Render, ...]:
    """The public table for phones: who acts and the goal, each of the four boards, then the seats'
    areas a few to an image."""
    v = _check(view)
    text = summaries.sections(v, names, lang)
    out: list[Part] = []
    for name, part, draw in phone.board_parts(v, names, lang):
        if name.startswith("players-"):
            first = (int(name.split("-")[1]) - 1) * phone.SEATS_PER_PART
            lines = [line for p in v.players[first : first + phone.SEATS_PER_PART] for line in text[f"seat:{p.seat}"]]
            if first + phone.SEATS_PER_PART >= len(v.players):
                lines += text.get("vilela", [])
        else:
            lines = _board_lines(text, name)
        said = "\n".join(lines)  # worded from the whole view: the key holds it too
        out.append((name, (part, lang, names, said), partial(draw, part), partial(str, said)))
    return drawn_parts(out, KEY_COLOURS, lang)


def _board_lines(text: dict[str, list[str]], name: str) -> list[str]:
    """The summary lines about one phone part ("status") or one board."""
    return {
        "status": text["header"],
        "assembly": text["assembly"][:1],
        "parts": text["assembly"][1:],
        "projects": text["projects"][:1],
        "finance": text["projects"][1:],
    }[name]


def zoom_areas(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> tuple[tuple[str, str], ...]:
    """The areas :func:`zoom` can show, as (key, label) pairs: the four boards, each seat, Vilela."""
    v = _check(view)
    out = []
    for key in table.areas(v):
        if key.startswith("seat:"):
            label = labels.text("zoom.seat", lang, name=seat_name(int(key[5:]), names, lang))
        else:
            label = labels.text("zoom.vilela" if key == "vilela" else f"board.{key}", lang)
        out.append((key, label))
    return tuple(out)


def zoom(view: object, area: str, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """One area of the full table at its full size, with the table's text."""
    v = _check(view)
    boxes = table.areas(v)
    if area not in boxes:
        raise LookupError(f"no area {area!r} on this table; known: {', '.join(boxes)}")
    text = summaries.sections(v, names, lang)
    lines = text[area] if area.startswith("seat:") or area == "vilela" else _board_lines(text, area)
    return drawn(
        lambda: table.draw(v, names, lang).crop(boxes[area]),
        "\n".join(lines),
        KEY_COLOURS,
        area.replace(":", "-"),
        lang,
    )


def screen(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The viewer's own area: Bot Factory hides nothing per seat, so this is a close-up, led by the
    board the viewer's decision is about."""
    v = _check(view)
    own = next((p for p in v.players if p.seat == v.viewer), None)
    if own is None:
        raise ValueError("a seat's close-up needs the view of a seat at the table")
    name = seat_name(own.seat, names, lang)
    text = players.summary(own, name, lang) + "."
    mine = reserved(v, own.seat)
    if mine:
        text += (
            f"\n{labels.text('sum.reserved_contracts', lang)}: "
            + "; ".join(
                labels.text("sum.for_vp", lang, vp=vp, needs=labels.needs(contract.needs, lang))
                for contract, vp, _ in mine
            )
            + "."
        )
    text += (
        f"\n{labels.text('sum.values', lang)}: "
        + ", ".join(f"{labels.colour(t.colour, lang)} {t.value}" for t in v.values)
        + "."
    )
    return drawn(lambda: phone.screen(v, own, name, lang), text, KEY_COLOURS, lang=lang)


def final(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """Final scores by source, tie-break and winner(s) (or the solo report)."""
    v = _check(view)
    scores = v.final
    if scores is None:
        raise ValueError("final scores exist only once the game has ended")
    return drawn(
        lambda: _final.draw(v, scores, names, lang), _final.summary(v, scores, names, lang), KEY_COLOURS, lang=lang
    )


def seat_styles(view: object) -> dict[int, PlayerStyle]:
    """Each seat's marker as the board draws it: the engine's player colour, the kit's shape."""
    v = _check(view)
    return {p.seat: seat_style(p.seat, p.colour) for p in v.players}


DRAWINGS = Drawings(
    kind="botfactory",
    board=board,
    board_parts=board_parts,
    zoom_areas=zoom_areas,
    zoom=zoom,
    screen=screen,
    final=final,
    seat_styles=seat_styles,
    headline=standings.headline,
    standings=standings.standings,
    task=standings.task,
    goal=standings.goal,
    caption=standings.caption,
)
"""What Bot Factory draws, and the words shown beside it (:class:`renders.api.Drawings`)."""
