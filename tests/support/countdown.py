"""A third game, defined outside ``engine/`` and ``renders/`` in a few dozen lines: a pile of counters,
each player in turn takes one or two, whoever takes the last one wins. What the service, the renders'
entry points and the Discord layer need of it comes only through the contracts (``Game``, ``Drawings``).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Choice, Decision, Game, Outcome, Rng, View
from engine.core.contract import Transition
from engine.core.state import FLAT, Flow, from_json
from engine.core.text import Catalog
from renders.api import Drawings, Render

PILE = 7


@dataclass(slots=True)
class Turns(Flow):
    turn: int = 0
    """The seat taking next."""


@dataclass(slots=True)
class State:
    seats: int
    flow: Turns = field(metadata=FLAT)
    pile: int = PILE
    taken: tuple[int, ...] = ()
    last: int | None = None


@dataclass(frozen=True)
class CountdownView(View):
    pile: int = PILE
    scores: tuple[int, ...] = ()
    turn: int = 0


class Countdown(Game[State]):
    kind, title, min_seats, max_seats = "countdown", "Countdown", 2, 3
    catalog = Catalog("tests.support", folder="countdown_locale")

    def _setup(self, seats: int, seed: int, options: Mapping[str, Any], rng: Rng, overrides: dict[str, Any]) -> State:
        return State(seats, Turns(rng), taken=(0,) * seats)

    def pending(self, state: State) -> tuple[Decision, ...]:
        if not state.pile:
            return ()
        takes = range(1, min(2, state.pile) + 1)
        choices = tuple(
            Choice(f"take:{n}", "countdown.choice.take", {"n": n}, description="countdown.desc.take") for n in takes
        )
        return (Decision(state.flow.turn, "countdown.prompt.turn", choices),)

    def _apply(self, state: State, seat: int, choice: Choice, tx: Transition) -> None:
        n = int(choice.params["n"])
        state.pile -= n
        state.taken = tuple(t + n if s == seat else t for s, t in enumerate(state.taken))
        state.last, state.flow.turn = seat, (seat + 1) % state.seats
        tx.emit("countdown.event.took", seat=seat, n=n)

    def outcome(self, state: State) -> Outcome | None:
        if state.pile or state.last is None:
            return None
        return Outcome((state.last,), state.taken, "countdown.end.last", {"seat": state.last})

    def view(self, state: State, seat: int | None) -> CountdownView:
        flow = state.flow
        active = (flow.turn,) if state.pile else ()
        return CountdownView(
            self.kind, seat, flow.version, active=active, pile=state.pile, scores=state.taken, turn=flow.turn
        )

    def from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(State, data)


GAME = Countdown()


def _picture(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> Render:
    assert isinstance(view, CountdownView)
    text = f"{view.pile} counters left"
    image = Image.new("RGB", (400, 60), "white")
    ImageDraw.Draw(image).text((10, 20), text, fill="black")
    out = io.BytesIO()
    image.save(out, "PNG")
    return Render(out.getvalue(), text)


DRAWINGS = Drawings(
    "countdown",
    board=_picture,
    board_parts=lambda view, **kw: (_picture(view, **kw),),
    zoom_areas=lambda view, **kw: (("pile", "The pile"),),
    zoom=lambda view, area, **kw: _picture(view, **kw),
    screen=_picture,
    final=_picture,
)
