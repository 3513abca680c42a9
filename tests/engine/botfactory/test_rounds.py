"""Rounds: moving workers, turn order, Sandra's movement and toll, maintenance and the end."""

from __future__ import annotations

from engine.botfactory import GAME, flow
from engine.botfactory.state import EMPTY, SANDRA
from engine.core.contract import Transition
from tests.engine.botfactory.helpers import ids, new, part, play, space


def _positions(state, **where: str) -> None:  # type: ignore[no-untyped-def]
    for name, space_name in where.items():
        key = 2 * space(state, space_name)
        if name == "sandra":
            state.sandra = key
        else:
            state.players[int(name[1:])].pos = key


def test_round_one_places_in_seating_order_then_acts_left_to_right() -> None:
    state = new(3, 2)
    seating = [(state.first + i) % 3 for i in range(3)]
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.place_worker"
    targets = {seating[0]: "PR2", seating[1]: "AS1", seating[2]: "PP3"}
    for seat in seating:
        assert GAME.pending(state)[0].seat == seat
        state = play(state, f"move:{space(state, targets[seat])}")
    assert state.phase == "act"
    assert state.order == [seating[1], seating[2], seating[0], SANDRA], "meeples left to right, Sandra included"


def test_sandra_movement_example() -> None:
    """Rulebook example: order Blue, Yellow, Violet, Sandra. Blue goes to the free Projects space,
    Yellow to the free Part Production space, Violet to the space Yellow just left, then Sandra to
    the first available space beyond her board."""
    state = new(3, 1)
    state.round, state.phase, state.cursor = 2, "move", 0
    _positions(state, s0="AS1", s1="AS2", s2="PP2", sandra="PR1")
    state.order = [0, 1, 2, SANDRA]
    assert f"move:{space(state, 'PR1')}" not in ids(state), "Sandra's space is not available"
    state = play(state, f"move:{space(state, 'PR2')}")  # Blue -> the available Projects space
    state = play(state, f"move:{space(state, 'PP1')}")  # Yellow -> Part Production
    assert f"move:{space(state, 'AS2')}" in ids(state), "the space Yellow left is available again"
    assert all(not i.endswith(f":{space(state, 'PP3')}") for i in ids(state)), "Violet must change board"
    state = play(state, f"move:{space(state, 'AS2')}")
    assert state.sandra == 2 * space(state, "FI1"), "Sandra moved right of Projects, to Finance"
    assert state.phase == "act"


def test_sandra_skips_a_full_board_and_wraps_around() -> None:
    state = new(4, 1)
    state.round = 2
    _positions(state, sandra="FI2", s0="AS1", s1="AS2", s2="AS3", s3="PP1")
    flow.move_sandra(state, Transition())
    assert state.sandra == 2 * space(state, "PP2"), "wraps from Finance, skips the full Assembly board"


def test_two_players_may_not_move_onto_sandras_board() -> None:
    state = new(2, 3)
    seat = GAME.pending(state)[0].seat
    assert state.sandra == 2 * space(state, "FI3")
    finance = {f"move:{space(state, n)}" for n in ("FI1", "FI2")}
    assert not finance & set(ids(state))
    assert GAME.pending(state)[0].seat == seat


def test_three_players_may_join_sandra_and_pay_or_pass() -> None:
    state = new(3, 3)
    seating = [(state.first + i) % 3 for i in range(3)]
    state = play(state, f"move:{space(state, 'FI1')}", f"move:{space(state, 'AS1')}", f"move:{space(state, 'AS2')}")
    # Order: the two assembly workers, then FI1, then Sandra (FI3).
    for _ in range(2):
        state = play(state, "end")
    decision = GAME.pending(state)[0]
    assert decision.seat == seating[0] and decision.prompt == "botfactory.prompt.toll"
    state.players[seating[0]].tokens = tokens = 3
    paid = play(state, "toll:pay")
    assert paid.players[seating[0]].tokens == tokens - 1
    assert any(i.startswith("raise:") for i in ids(paid))
    passed = play(state, "toll:pass")
    assert passed.players[seating[0]].tokens == tokens
    assert passed.phase == "move" and passed.round == 2, "passing ends the turn; Sandra does not act in round 1"


def test_sandra_finance_action_raises_the_lowest_values() -> None:
    state = new(3, 1)
    state.values = [6, 5, 5, 9]
    state.sandra = 2 * space(state, "FI1")
    flow.sandra_action(state, Transition())
    assert state.values == [6, 6, 6, 9]
    state.values = [7, 7, 7, 7]
    flow.sandra_action(state, Transition())
    assert state.values == [7, 7, 7, 7], "all tied: nothing happens"


def test_sandra_assembly_replaces_the_spares_from_the_marker() -> None:
    state = new(3, 1)
    state.sandra = 2 * space(state, "AS1")
    old = list(state.spares)
    marker = state.marker
    expected = [state.piles[marker][-1], state.piles[(marker + 1) % 4][-1]]
    flow.sandra_action(state, Transition())
    assert state.spares == expected
    assert state.marker == (marker + 2) % 4
    assert all(t in state.discards[state.rules.parts[t][0]] for t in old)


def test_sandra_parts_fills_empty_wheel_slots_clockwise() -> None:
    state = new(3, 1)
    state.sandra = 2 * space(state, "PP1")
    for pos in (1, 5):
        state.discards[state.rules.parts[state.wheel[pos]][0]].append(state.wheel[pos])
        state.wheel[pos] = EMPTY
    marker = state.marker
    expected = [state.piles[marker][-1], state.piles[(marker + 1) % 4][-1]]
    flow.sandra_action(state, Transition())
    assert [state.wheel[1], state.wheel[5]] == expected


def test_sandra_projects_and_maintenance_slide_and_refill() -> None:
    state = new(3, 1)
    rows = state.rules.display_rows
    left = state.display[:rows]
    state.display[rows + 1] = EMPTY  # a taken tile in the right column's middle row
    state.sandra = 2 * space(state, "PR1")
    top = state.deck[-1]
    flow.sandra_action(state, Transition())
    assert state.display[:2] == left[1:], "the left column slid down one row"
    assert left[0] in state.project_discard
    assert state.display[2] == top, "refilled from the deck, left column first"


def test_maintenance_clears_complete_robots_and_lowers_the_value() -> None:
    state = new(3, 1)
    tiles = [part(state, "yellow", kind) for kind in ("head", "torso", "legs")]
    state.columns[1] = list(tiles)
    flow.maintenance(state, Transition())
    assert state.columns[1] == [EMPTY] * 3 and state.values[1] == 5
    assert all(t in state.discards[1] for t in tiles)


def test_end_trigger_checked_after_maintenance() -> None:
    state = new(3, 1)
    assert not flow.game_ends(state)
    state.robots_board[2] = 0
    assert flow.game_ends(state)
    state.robots_board[2] = 1
    state.players[0].robots = state.deck[-5:]
    assert flow.game_ends(state)


def test_two_player_sandra_may_join_a_worker_who_then_pays_or_passes() -> None:
    state = new(2, 5)
    state.round, state.phase, state.cursor = 2, "move", 0
    _positions(state, s0="AS1", s1="PP1", sandra="FI2")
    state.order = [0, 1, SANDRA]
    state = play(state, f"move:{space(state, 'PR1')}", f"move:{space(state, 'AS2')}")
    assert state.sandra == 2 * space(state, "AS1"), "wrapped to the first free space, beside a worker"
    assert state.phase == "act" and state.order == [SANDRA, 1, 0]
    decision = GAME.pending(state)[0]
    assert decision.seat == 1 and decision.prompt == "botfactory.prompt.toll"


def test_sandra_acts_from_round_two_and_draws_are_checkpoints() -> None:
    state = new(3, 5)
    for name in ("AS1", "AS2", "AS3"):
        state = play(state, f"move:{space(state, name)}")
    spares = list(state.spares)
    for _ in range(3):
        state = play(state, "end")
    assert state.round == 2 and state.spares == spares, "round 1: Sandra lies down without acting"
    assert state.sandra == 2 * space(state, "FI3")
    order = list(state.order)
    assert order[-1] == SANDRA
    for seat in order[:-1]:
        names = [n for n in ("PP1", "PP2", "PP3") if 2 * space(state, n) not in {p.pos for p in state.players}]
        result = GAME.apply(state, seat, f"move:{space(state, names[0])}", state.version)
        state = result.state
    # Sandra left Finance and wrapped to the empty Assembly board; first in order, she has already
    # replaced the spares when the last worker moved.
    assert state.sandra == 2 * space(state, "AS1") and state.order[0] == SANDRA
    assert state.spares != spares
    assert any(e.key == "botfactory.event.sandra_action" for e in result.events)
    assert result.checkpoint, "Sandra drew from a pile: hidden information came to light"
