"""Imaginarium drawings: the public board, one seat's private screen, the final scores, one card.

Each entry point checks it was given an :class:`~engine.imaginarium.view.ImaginariumView` (renders
take views, never game states) and returns a :class:`~renders.api.Render`: the PNG and the same
content in words.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.imaginarium.view import AssistantCard, ImaginariumView, MachineCard, ProjectTile
from renders.api import Render
from renders.imaginarium import final as _final
from renders.imaginarium import screen as _screen
from renders.imaginarium import sheet, summaries, table, tiles, workshop
from renders.imaginarium.goods import KEY_COLOURS
from renders.kit.names import seat_name
from renders.kit.png import encode


def _check(view: object) -> ImaginariumView:
    if not isinstance(view, ImaginariumView):
        raise TypeError(f"Imaginarium renders take an ImaginariumView, not {type(view).__name__}")
    return view


def board(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The public table; reads public fields only, so every viewer's view gives the same image."""
    v = _check(view)
    return Render(encode(table.draw(v, names, lang), KEY_COLOURS), summaries.board(v, names, lang))


def screen(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The viewer's screen and workshop: private, for that player only."""
    v = _check(view)
    if v.viewer is None or v.screen is None:
        raise ValueError("a private screen needs the view of a seat, with its screen")
    own = next((p for p in v.players if p.seat == v.viewer), None)
    text = summaries.screen(v, v.screen, lang, seat_name(v.viewer, names))
    if own is not None:
        text += "\n" + workshop.summary(own, seat_name(own.seat, names), lang) + "."
    return Render(encode(_screen.draw(v, v.screen, own, names, lang), KEY_COLOURS), text)


def final(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """Final scores; the screens in it are public once the game has ended (rulebook: End of the game)."""
    v = _check(view)
    if v.final is None:
        raise ValueError("final scores exist only once the game has ended")
    return Render(encode(_final.draw(v.final, names, lang), KEY_COLOURS), _final.summary(v.final, names, lang))


def card(item: object, *, lang: str = "en") -> Render:
    """One machine card, assistant or project, large, with its rules in words (the ``/rules`` command)."""
    if isinstance(item, MachineCard):
        return Render(encode(sheet.draw(item, lang), KEY_COLOURS), "\n".join(sheet.facts(item, lang)))
    if isinstance(item, AssistantCard | ProjectTile):
        return Render(encode(tiles.draw(item, lang), KEY_COLOURS), "\n".join(tiles.facts(item, lang)))
    raise TypeError(f"Imaginarium card renders take a MachineCard, AssistantCard or ProjectTile, "
                    f"not {type(item).__name__}")
