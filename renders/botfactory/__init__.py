"""Bot Factory drawings: the public table, one seat's own area, the final scores.

Each entry point checks it was given a :class:`~engine.botfactory.view.BotFactoryView` (renders take
views, never game states) and returns a :class:`~renders.api.Render`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.botfactory.view import BotFactoryView
from renders.api import Render
from renders.botfactory import final as _final
from renders.botfactory import labels, players, summaries, table
from renders.botfactory import screen as _screen
from renders.botfactory.pieces import KEY_COLOURS
from renders.kit.names import seat_name
from renders.kit.png import encode


def _check(view: object) -> BotFactoryView:
    if not isinstance(view, BotFactoryView):
        raise TypeError(f"Bot Factory renders take a BotFactoryView, not {type(view).__name__}")
    return view


def board(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The public table."""
    v = _check(view)
    return Render(encode(table.draw(v, names, lang), KEY_COLOURS), summaries.board(v, names, lang))


def screen(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """The viewer's own area, large: Bot Factory hides nothing per seat, so this is a close-up."""
    v = _check(view)
    own = next((p for p in v.players if p.seat == v.viewer), None)
    if own is None:
        raise ValueError("a seat's close-up needs the view of a seat at the table")
    name = seat_name(own.seat, names)
    text = players.summary(own, name, lang) + "."
    mine = _screen.reserved(v, own.seat)
    if mine:
        text += f"\n{labels.text('sum.reserved_contracts', lang)}: " + "; ".join(
            labels.text("sum.for_vp", lang, name=contract.name, vp=vp,
                        needs=" + ".join(labels.colour(n, lang) for n in contract.needs))
            for contract, vp, _ in mine) + "."
    text += f"\n{labels.text('sum.values', lang)}: " + ", ".join(
        f"{labels.colour(t.colour, lang)} {t.value}" for t in v.values) + "."
    return Render(encode(_screen.draw(v, own, name, lang), KEY_COLOURS), text)


def final(view: object, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    """Final scores by source, tie-break and winner(s) (or the solo report)."""
    v = _check(view)
    if v.final is None:
        raise ValueError("final scores exist only once the game has ended")
    return Render(encode(_final.draw(v, v.final, names, lang), KEY_COLOURS), _final.summary(v.final, names, lang))
