"""Setup, planning, order of resolution, checking and resetting, end of the game, two-player saboteurs."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.imaginarium import GAME
from engine.imaginarium.cards import ATTACK, CH, VP
from engine.imaginarium.loader import load
from engine.imaginarium.scoring import add_majorities, outcome
from engine.imaginarium.setup import new_state
from engine.imaginarium.state import EXTRACTOR
from tests.engine.imaginarium.builder import Table


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
    assert state.order == [a * 2 + 1, b * 2 + 1, a * 2, b * 2]
    view = GAME.view(state, None)
    assert [(s.seat, s.piece) for s in view.initiative if s.seat is not None] == [
        (a, "saboteur"),
        (b, "saboteur"),
        (a, "handyman"),
        (b, "handyman"),
    ]


def test_planning_affordability_and_resolution_in_board_order() -> None:
    t = Table(3)
    for seat in range(3):
        t.goods(seat, charcoalium=1)
    first = GAME.pending(t.state)[0]
    # 1 charcoalium held, 1 from the starting Charcoalette in step 1 (the 1 wood pays nothing alone).
    assert all(c.id.startswith("extractor") or c.params["price"] <= 2 for c in first.choices)
    t.goods(0, charcoalium=10).goods(1, charcoalium=10).goods(2, charcoalium=10)
    order = [p // 2 for p in t.state.order]
    t.choose("extractor:2", "reserve:6", "reserve:0")
    # Belt space 0 (nearest the deck) resolves first, then space 6, then the extractors.
    assert t.state.queue == [order[2] * 2, order[1] * 2, order[0] * 2]


def test_saboteurs_discard_machines_and_block_extractors() -> None:
    t = Table(2)
    sab_a, sab_b, hand_a, hand_b = t.state.order
    uid = t.state.belt[2]
    t.choose("reserve:2", "extractor:0", "extractor:1", "reserve:6")
    assert uid in t.state.crusher
    assert t.state.belt[2] == -1
    # Saboteur A (space 2) resolved first and took number 1; saboteur B blocked extractor 1.
    assert t.state.track[0] == sab_a
    assert t.state.queue == [sab_a, hand_b, sab_b, hand_a]
    assert t.state.turn.piece == hand_b


def test_reset_discards_rightmost_slides_and_refills() -> None:
    t = Table(3).workshop(0).goods(0)
    belt = t.state.belt[:]
    t.state.belt[1] = -1  # bought during the round
    t.state.crusher.append(belt[1])
    top = t.state.deck[-1]
    t.turn(0, "menu", ("recruit", "extract"))
    t.choose("end")
    assert t.state.round == 2
    assert belt[6] in t.state.crusher
    assert t.state.belt[2:] == [belt[0], belt[2], belt[3], belt[4], belt[5]]
    assert t.state.belt[1] == top
    assert len(t.state.meeting) == 3


def test_game_ends_after_the_round_with_20_vp_and_majorities_are_added() -> None:
    t = Table(3).goods(0, vp=20, wood=1).goods(1, vp=19, wood=1, copper=2).goods(2, charcoalium=4)
    t.workshop(0).turn(0, "menu", ("recruit", "extract"))
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
    t = Table(2).goods(0, vp=20).goods(1, vp=20).workshop(0, "P1").workshop(1, "P3")
    t.state.phase = "ended"
    assert outcome(t.state).winners == (1,)
    t.workshop(1, "P1")
    assert outcome(t.state).winners == (0, 1)


def test_no_majority_where_nobody_holds_any() -> None:
    t = Table(2).goods(0).goods(1)
    add_majorities(t.state)
    assert t.player(0).goods[VP] == 0 and t.player(1).goods[CH] == 0


def test_game_ends_when_deck_and_belt_are_empty() -> None:
    t = Table(3).workshop(0)
    t.state.crusher += t.state.deck + [u for u in t.state.belt if u >= 0]
    t.state.deck = []
    t.state.belt = [-1] * 7
    t.turn(0, "menu", ("recruit", "extract"))
    t.choose("end")
    assert outcome(t.state).reason == "imaginarium.end.exhausted"


def test_no_free_space_lets_a_handyman_stay_idle() -> None:
    t = Table(5)
    t.state.crusher += [u for u in t.state.belt if u >= 0]
    t.state.belt = [-1] * 7
    t.state.cache = None
    t.choose("extractor:0", "extractor:1", "extractor:2")
    assert t.ids() == ["idle"]
    t.choose("idle", "idle")
    assert t.state.phase == "implementation"
    assert [t.state.spot[p] for p in t.state.queue][:3] == [EXTRACTOR, EXTRACTOR + 1, EXTRACTOR + 2]


def test_a_full_two_player_round_sets_the_next_initiative_order() -> None:
    t = Table(2)
    sab_a, sab_b, hand_a, hand_b = t.state.order
    t.choose("extractor:2", "extractor:1", "extractor:0", "reserve:6")
    assert t.state.queue == [hand_b, hand_a, sab_b, sab_a]
    while t.state.round == 1:
        ids = t.ids()
        t.choose(next((i for i in ("next", "pair:recruit+extract", "end", "finish") if i in ids), ids[0]))
    assert t.state.order == [hand_b, hand_a, sab_b, sab_a]
    assert t.state.phase == "planning"


def test_tanglette_lock_lasts_into_the_next_round_when_the_victim_already_played() -> None:
    t = Table(2).workshop(1, "P1", "P2")
    t.player(1).locked = t.player(1).stacks[0][0]  # tangled after seat 1's turn this round
    t.workshop(0).goods(0).turn(0, "menu", ("recruit", "extract"))
    t.choose("end")
    assert t.state.round == 2
    assert t.player(1).locked == t.player(1).stacks[0][0]
    assert GAME.view(t.state, None).players[1].slots[0].deactivated  # type: ignore[union-attr]


def test_view_shows_the_turn_in_progress() -> None:
    t = Table(3).workshop(0, "P1", "P2").goods(0, copper=2).turn(0, "machines")
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
    t = Table(3)
    for seat in range(3):
        t.goods(seat).workshop(seat)
    piece = t.state.order[0]
    seat = piece // 2
    reserve = [c for c in GAME.pending(t.state)[0].choices if c.id.startswith("reserve")]
    assert reserve == []  # nothing behind the screen, nothing produced
    t.workshop(seat, "P1+P1+P1")  # 7 charcoalium in step 1
    t.state.cache = None
    prices = {c.id: c.params["price"] for c in GAME.pending(t.state)[0].choices if c.id.startswith("reserve")}
    assert prices and all(p <= 7 for p in prices.values())
    assert len(prices) == sum(1 for u in t.state.belt if u >= 0)
    t.player(seat).locked = t.player(seat).stacks[0][0]  # face down: it will not produce this round
    t.state.cache = None
    assert not [c for c in GAME.pending(t.state)[0].choices if c.id.startswith("reserve")]
    t.player(seat).locked = -1
    t.workshop(seat, "P2+P2+P2", "T1").goods(seat, charcoalium=1)  # 5 wood (2.5 ch); T1 needs an input
    t.state.cache = None
    prices = {c.id: c.params["price"] for c in GAME.pending(t.state)[0].choices if c.id.startswith("reserve")}
    assert prices and max(prices.values()) <= 3
