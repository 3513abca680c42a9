"""A tiny but complete game implementing the engine contract, for core and service tests.

Rules: a shuffled deck of cards 1..5 (four of each); each seat holds a hidden hand of two cards.
On your turn you may play cards from your hand one at a time (each adds its value to your public
score), then end your turn, which refills your hand from the deck (a draw: an undo checkpoint) and
passes to the next seat. The first to 15 or more wins at once; if the deck and every hand are empty,
the highest score wins (ties share the win).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import Choice, Decision, Game, OptionSpec, Outcome, Rng, View
from engine.core.contract import Transition
from engine.core.state import FLAT, Flow, from_json
from engine.core.text import Catalog

TARGET = 15


@dataclass(slots=True)
class TinyFlow(Flow):
    turn: int = 0
    """The seat playing."""


@dataclass(slots=True)
class TinyState:
    seats: int
    options: Mapping[str, Any]
    deck: list[int]
    hands: list[list[int]]
    scores: list[int]
    flow: TinyFlow = field(metadata=FLAT)


@dataclass(frozen=True)
class TinyView(View):
    scores: tuple[int, ...] = ()
    turn: int = 0
    deck_count: int = 0
    hand_counts: tuple[int, ...] = ()
    hand: tuple[int, ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


class TinyGame(Game[TinyState]):
    kind = "tiny"
    title = "Tiny"
    min_seats = 1
    max_seats = 4
    option_specs = (OptionSpec("hand", "int", 2, "tiny.option.hand", min=1, max=3),)
    catalog = Catalog("tests.support", folder="tinygame_locale")

    def _setup(
        self, seats: int, seed: int, options: Mapping[str, Any], rng: Rng, overrides: dict[str, Any]
    ) -> TinyState:
        deck = [v for v in range(1, 6) for _ in range(4)]
        rng.shuffle(deck)
        hand = int(options["hand"])
        hands = [[deck.pop() for _ in range(hand)] for _ in range(seats)]
        return TinyState(seats, dict(options), deck, hands, [0] * seats, TinyFlow(rng))

    def pending(self, state: TinyState) -> tuple[Decision, ...]:
        if self.outcome(state) is not None:
            return ()
        seat = state.flow.turn
        plays = [Choice(f"play:{i}", "tiny.choice.play", {"value": v}, "play") for i, v in enumerate(state.hands[seat])]
        return (Decision(seat, "tiny.prompt.turn", (*plays, Choice("end", "tiny.choice.end", {}, "end"))),)

    def _apply(self, state: TinyState, seat: int, choice: Choice, tx: Transition) -> None:
        if choice.id.startswith("play:"):
            value = state.hands[seat].pop(int(choice.id.split(":")[1]))
            state.scores[seat] += value
            tx.emit("tiny.event.played", seat=seat, value=value)
            return
        missing = int(state.options["hand"]) - len(state.hands[seat])
        drawn = [state.deck.pop() for _ in range(min(missing, len(state.deck)))]
        if drawn:
            tx.used_randomness()
            state.hands[seat].extend(drawn)
            tx.emit("tiny.event.drew", to={seat}, seat=seat, cards=drawn)
        tx.emit("tiny.event.ended", seat=seat, count=len(drawn))
        state.flow.turn = (seat + 1) % state.seats
        if state.flow.turn == 0:
            state.flow.round += 1

    def outcome(self, state: TinyState) -> Outcome | None:
        leaders = [s for s in range(state.seats) if state.scores[s] >= TARGET]
        exhausted = not state.deck and not any(state.hands)
        if not leaders and not exhausted:
            return None
        best = max(state.scores)
        winners = tuple(leaders) if leaders else tuple(s for s in range(state.seats) if state.scores[s] == best)
        return Outcome(winners, tuple(state.scores), "tiny.end.target" if leaders else "tiny.end.exhausted")

    def view(self, state: TinyState, seat: int | None) -> TinyView:
        return TinyView(
            kind=self.kind,
            viewer=seat,
            version=state.flow.version,
            scores=tuple(state.scores),
            turn=state.flow.turn,
            deck_count=len(state.deck),
            hand_counts=tuple(len(h) for h in state.hands),
            hand=None if seat is None else tuple(state.hands[seat]),
        )

    def from_json(self, data: Mapping[str, Any]) -> TinyState:
        return from_json(TinyState, data)


GAME = TinyGame()
