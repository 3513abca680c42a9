"""Setup, planning, order of resolution, checking and resetting, end of the game, two-player saboteurs."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.imaginarium import GAME
from engine.imaginarium.cards import ATTACK, VP
from engine.imaginarium.flow import ROUND_LIMIT
from engine.imaginarium.loader import load
from engine.imaginarium.scenario import Scenario
from engine.imaginarium.scoring import add_majorities, outcome, ranking
from engine.imaginarium.setup import new_state
from engine.imaginarium.state import EXTRACTOR
from tests.engine.imaginarium.table import Table


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(8))
def test_setup(seats: int, seed: int) -> None:
    state = GAME.new(seats, seed)
    data = state.data
    levels = [data.card[u].level for u in state.belt]
    assert len(state.belt) == 7 and -1 not in state.belt
    assert levels == sorted(levels, reverse=True)  # level 1 furthest right
    assert all(data.card[u].type != ATTACK for u in state.belt)  # no attack in the first round
    assert len(state.display) == seats + 4
    assert len(state.meeting) == 3
    numbers = [data.workshops[p.workshop].number for p in state.players]
    assert len(set(numbers)) == seats
    for p in state.players:
        assert [data.card[s[0]].serial for s in p.stacks] == ["P1", "P2"]
    GAME.check_invariants(state)


def test_two_player_pieces_start_saboteur_first_lower_workshop_first() -> None:
    state = GAME.new(2, 3)
    numbers = [state.data.workshops[p.workshop].number for p in state.players]
    a = numbers.index(min(numbers))
    b = 1 - a
    assert state.flow.order == [a * 2 + 1, b * 2 + 1, a * 2, b * 2]
    view = GAME.view(state, None)
    assert [(s.seat, s.piece) for s in view.initiative if s.seat is not None] == [
        (a, "saboteur"),
        (b, "saboteur"),
        (a, "handyman"),
        (b, "handyman"),
    ]


def test_planning_affordability_and_resolution_in_board_order() -> None:
    first = GAME.pending(Scenario(3).goods(0, charcoalium=1).goods(1, charcoalium=1).goods(2, charcoalium=1).build())[0]
    # 1 charcoalium held, 1 from the starting Charcoalette in step 1 (the 1 wood pays nothing alone).
    assert all(c.id.startswith("extractor") or c.params["price"] <= 2 for c in first.choices)
    t = Table(Scenario(3).goods(0, charcoalium=10).goods(1, charcoalium=10).goods(2, charcoalium=10))
    order = [p // 2 for p in t.state.flow.order]
    t.choose("extractor:2", "reserve:6", "reserve:0")
    # Belt space 0 (nearest the deck) resolves first, then space 6, then the extractors.
    assert t.state.flow.queue == [order[2] * 2, order[1] * 2, order[0] * 2]


def test_saboteurs_discard_machines_and_block_extractors() -> None:
    t = Table(Scenario(2))
    sab_a, sab_b, hand_a, hand_b = t.state.flow.order
    uid = t.state.belt[2]
    t.choose("reserve:2", "extractor:0", "extractor:1", "reserve:6")
    assert uid in t.state.crusher
    assert t.state.belt[2] == -1
    # Saboteur A (space 2) resolved first and took number 1; saboteur B blocked extractor 1.
    assert t.state.flow.track[0] == sab_a
    assert t.state.flow.queue == [sab_a, hand_b, sab_b, hand_a]
    assert t.state.flow.turn.piece == hand_b


def test_reset_discards_rightmost_slides_and_refills() -> None:
    start = Scenario(3).workshop(0).goods(0).belt("T3", None, "P2", "P3", "P4", "P5", "P6").deck(top=["T1", "T2"])
    t = Table(start.turn(0, "menu", pair=("recruit", "extract")))  # space 1 was bought this round
    t.choose("end")
    assert t.state.flow.round == 2
    assert t.data.card[t.state.crusher[-1]].serial == "P6"
    assert [t.data.card[u].serial for u in t.state.belt] == ["T2", "T1", "T3", "P2", "P3", "P4", "P5"]
    assert len(t.state.meeting) == 3


def test_game_ends_after_the_round_with_20_vp_and_majorities_are_added() -> None:
    start = Scenario(3).goods(0, vp=20, wood=1).goods(1, vp=19, wood=1, copper=2).goods(2, charcoalium=4)
    t = Table(start.workshop(0).turn(0, "menu", pair=("recruit", "extract")))
    t.choose("end")
    result = outcome(t.state)
    assert result is not None and result.reason == "imaginarium.end.target"
    assert t.player(0).goods[VP] == 22  # tied wood
    assert t.player(1).goods[VP] == 23  # tied wood + copper
    assert result.winners == (1,)
    assert GAME.pending(t.state) == ()
    final = GAME.view(t.state, None).final
    assert final is not None and final[0].seat == 1 and final[0].majorities == 4 and final[0].winner


def test_tie_break_by_levels_of_repaired_machines() -> None:
    state = Scenario(2).goods(0, vp=20).goods(1, vp=20).workshop(0, "P1").workshop(1, "P3").build()
    assert [seat for seat, _, _ in ranking(state)] == [1, 0]
    state = Scenario(2).goods(0, vp=20).goods(1, vp=20).workshop(0, "P1").workshop(1, "P1").build()
    assert ranking(state)[0][1:] == ranking(state)[1][1:]  # a shared win


def test_no_majority_where_nobody_holds_any() -> None:
    state = Scenario(2).goods(0).goods(1).build()
    add_majorities(state)
    assert state.players[0].goods[VP] == 0 and state.players[1].goods[VP] == 0


def test_play_goes_on_when_deck_and_belt_are_empty() -> None:
    """The rulebook's only end is a player with 20 VP (or the dream track's End): with no machine left
    to buy, players still extract, trade, buy VP and complete projects."""
    start = Scenario(3).workshop(0).goods(0, charcoalium=5, vp=19).belt().deck(empty=True)
    t = Table(start.turn(0, "menu", pair=("repair", "transactions")))
    t.choose("end")
    assert outcome(t.state) is None
    assert t.state.flow.round == 2 and t.state.flow.phase == "planning"
    while t.state.flow.round == 2:
        ids = t.ids()
        t.choose(ids[-1])  # an extractor, idle, the last pair, "next", "end", "finish"...
    assert outcome(t.state) is None
    start = Scenario.of(t.state).goods(0, charcoalium=5, vp=19).turn(0, "menu", pair=("repair", "transactions"))
    t = Table(start)
    t.choose("do:transactions", "buy:vp", "done")  # nothing else to do: the round ends
    result = outcome(t.state)
    assert result is not None and result.reason == "imaginarium.end.target"


def test_a_safety_end_after_the_round_limit() -> None:
    """Far above real lengths (see ``ROUND_LIMIT``), a game whose players never score still ends."""
    t = Table(Scenario(3).round(ROUND_LIMIT).workshop(0).goods(0).turn(0, "menu", pair=("recruit", "extract")))
    t.choose("end")
    result = outcome(t.state)
    assert result is not None and result.reason == "imaginarium.end.limit"
    t = Table(Scenario(3).round(ROUND_LIMIT - 1).workshop(0).goods(0).turn(0, "menu", pair=("recruit", "extract")))
    t.choose("end")
    assert outcome(t.state) is None and t.state.flow.round == ROUND_LIMIT


def test_no_free_space_lets_a_handyman_stay_idle() -> None:
    t = Table(Scenario(5).belt())
    t.choose("extractor:0", "extractor:1", "extractor:2")
    assert t.ids() == ["idle"]
    t.choose("idle", "idle")
    assert t.state.flow.phase == "implementation"
    assert [t.state.spot[p] for p in t.state.flow.queue][:3] == [EXTRACTOR, EXTRACTOR + 1, EXTRACTOR + 2]


def test_a_full_two_player_round_sets_the_next_initiative_order() -> None:
    t = Table(Scenario(2))
    sab_a, sab_b, hand_a, hand_b = t.state.flow.order
    t.choose("extractor:2", "extractor:1", "extractor:0", "reserve:6")
    assert t.state.flow.queue == [hand_b, hand_a, sab_b, sab_a]
    while t.state.flow.round == 1:
        ids = t.ids()
        t.choose(next((i for i in ("next", "pair:recruit+extract", "end", "finish") if i in ids), ids[0]))
    assert t.state.flow.order == [hand_b, hand_a, sab_b, sab_a]
    assert t.state.flow.phase == "planning"


def test_tanglette_lock_lasts_into_the_next_round_when_the_victim_already_played() -> None:
    start = Scenario(2).workshop(1, "P1", "P2").face_down(1, 0)  # tangled after seat 1's turn this round
    t = Table(start.workshop(0).goods(0).turn(0, "menu", pair=("recruit", "extract")))
    t.choose("end")
    assert t.state.flow.round == 2
    assert t.player(1).locked == t.player(1).stacks[0][0]
    assert GAME.view(t.state, None).players[1].slots[0].deactivated  # type: ignore[union-attr]


def test_view_shows_the_turn_in_progress() -> None:
    t = Table(Scenario(3).workshop(0, "P1", "P2").goods(0, copper=2).turn(0))
    t.choose("use:1", "next")
    t.choose("pair:repair+transactions", "do:transactions", "sell:cu")
    view = GAME.view(t.state, 2)
    assert view.turn is not None
    assert (view.turn.seat, view.turn.step, view.turn.used_slots) == (0, "trade", (1,))
    assert view.turn.pair == ("repair", "transactions") and view.turn.actions_done == ("transactions",)
    assert view.turn.transactions == 1 and view.step == "actions"


def test_handymen_start_on_the_initiative_space_of_their_workshop_number() -> None:
    """Setup 4: each handyman goes "on the initiative track (in the space dictated by their workshop)"."""
    for seats in (3, 4, 5):
        for seed in range(6):
            state = GAME.new(seats, seed)
            view = GAME.view(state, None)
            for space in view.initiative:
                if space.seat is not None:
                    workshop = state.data.workshops[state.players[space.seat].workshop]
                    assert space.number == workshop.number
            assert len([s for s in view.initiative if s.seat is not None]) == seats


class _Stacked(Rng):
    """An Rng that leaves every pile in file order except the machine deck, whose attack cards it puts
    on top, and that puts cards back at the bottom of the deck."""

    def shuffle(self, items: MutableSequence[Any]) -> None:
        if len(items) > 30:  # the machine deck
            cards = load().card
            items[:] = sorted(items, key=lambda u: cards[u].type == ATTACK)

    def randbelow(self, n: int) -> int:
        return 0


def test_setup_puts_attacks_back_and_orders_the_belt_by_level_then_reveal_order() -> None:
    """Setup 5: an attack card drawn goes back into the deck and another is drawn; the belt runs in
    descending level, equal levels in the order they were revealed."""
    data = load()
    state = new_state(data, 3, {}, _Stacked(0), {})
    workshops = {u for p in state.players for s in p.stacks for u in s}
    revealed = []
    deck = sorted((u for u in range(len(data.card)) if u not in workshops), key=lambda u: data.card[u].type == ATTACK)
    while len(revealed) < 7:  # the top of the deck is the end of the list
        uid = deck.pop()
        if data.card[uid].type == ATTACK:
            deck.insert(0, uid)
        else:
            revealed.append(uid)
    assert state.belt == sorted(revealed, key=lambda u: -data.card[u].level)
    levels = [data.card[u].level for u in state.belt]
    assert levels == sorted(levels, reverse=True) and len(set(levels)) < 7  # some levels repeat
    assert state.deck == deck
    assert all(data.card[u].type == ATTACK for u in state.deck[: sum(c.type == ATTACK for c in data.card)])


def test_planning_counts_what_the_workshop_will_produce_before_paying() -> None:
    """Planning: players "must ensure that they will be able to pay for it during the implementation
    phase" - and step 1 (using the machines) comes before paying in step 2. Only what needs no input
    counts; a face-down stack does not."""
    empty = Scenario(3)
    for seat in range(3):
        empty.goods(seat).workshop(seat)
    seat = empty.build().flow.order[0] // 2
    assert _prices(empty) == {}  # nothing behind the screen, nothing produced
    prices = _prices(Scenario.of(empty.build()).workshop(seat, "P1+P1+P1"))  # 7 charcoalium in step 1
    assert prices and all(p <= 7 for p in prices.values())
    assert len(prices) == 7
    assert _prices(Scenario.of(empty.build()).workshop(seat, "P1+P1+P1").face_down(seat, 0)) == {}  # face down
    # 5 wood (2.5 charcoalium) and 1 charcoalium; the Combusteur needs an input.
    prices = _prices(Scenario.of(empty.build()).workshop(seat, "P2+P2+P2", "T1").goods(seat, charcoalium=1))
    assert prices and max(prices.values()) <= 3


def _prices(start: Scenario) -> dict[str, int]:
    """The prices of the belt spaces the first planner may reserve."""
    choices = GAME.pending(start.build())[0].choices
    return {c.id: c.params["price"] for c in choices if c.id.startswith("reserve")}
