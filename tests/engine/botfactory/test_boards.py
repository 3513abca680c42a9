"""The four boards: main actions, executive actions and their rewards (rulebook: boards 1-4)."""

from __future__ import annotations

from engine.botfactory import GAME, board, flow
from engine.botfactory.state import EMPTY
from engine.core.contract import Transition
from tests.engine.botfactory.helpers import at_turn, ids, new, part, play, project, space

RED, YELLOW, BLUE, GREEN = range(4)


# -- assembly ----------------------------------------------------------------------------------------


def test_placement_rewards_and_the_third_part_needs_a_free_project() -> None:
    state = new(3, 1)
    seat = 0
    state.players[seat].parts.clear()
    state.players[seat].projects.clear()
    head = part(state, "red", "head", owner=seat)
    legs = part(state, "red", "legs", owner=seat)
    torso = part(state, "universal", "torso", owner=seat)
    state.players[seat].tokens = 0
    state = at_turn(state, seat, "AS3")
    assert not any(i.startswith(("place:", "pay")) for i in ids(state)), "AS3 needs its token"
    state.players[seat].tokens = 1
    assert ids(state)[0] == "pay"
    state = play(state, "pay", f"place:{head}:{RED}")
    assert state.players[seat].tokens == 2, "1st part: 2 tokens"
    state = play(state, f"place:{legs}:{RED}")
    assert state.players[seat].tokens == 4, "2nd part: 2 tokens"
    assert f"place:{torso}:{RED}" not in ids(state), "no red project: the 3rd part cannot go in"
    assert f"place:{torso}:{BLUE}" in ids(state), "a universal part fits any column"
    state.players[seat].projects.append(next(t for t in state.deck if state.rules.projects[t] == RED))
    state.deck.remove(state.players[seat].projects[-1])
    state = play(state, f"place:{torso}:{RED}")
    player = state.players[seat]
    assert len(player.robots) == 1 and not player.projects and state.robots_board[RED] == 3
    assert not any(i.startswith("place:") for i in ids(state)), "AS3's 3 placements are used"


def test_icon_bonus_pays_a_token_for_the_top_of_any_pile() -> None:
    state = new(3, 1)
    torso = part(state, "green", "torso", owner=0)
    state.players[0].tokens = 0
    state = at_turn(state, 0, "AS1")
    state = play(state, f"place:{torso}:{GREEN}")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.icon", "the torso space bears the icon"
    top = state.piles[YELLOW][-1]
    state = play(state, f"icon:{YELLOW}")
    assert top in state.players[0].parts and state.players[0].tokens == 1, "paid 1 of the 2 tokens just won"


def test_icon_bonuses_come_after_all_placements_of_the_action_by_default() -> None:
    state = new(3, 1)
    torso = part(state, "green", "torso", owner=0)
    head = part(state, "blue", "head", owner=0)
    state.players[0].tokens = 0
    state = at_turn(state, 0, "AS2")
    state = play(state, f"place:{torso}:{GREEN}")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.turn", "not yet: one more placement to make"
    state = play(state, f"place:{head}:{BLUE}")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.icon"
    assert state.players[0].tokens == 4, "both placements' rewards are in hand first"


def test_pending_icon_bonuses_are_offered_when_the_turn_ends() -> None:
    state = new(3, 1)
    torso = part(state, "green", "torso", owner=0)
    state = at_turn(state, 0, "AS3")
    state.players[0].tokens = 1
    state = play(state, "pay", f"place:{torso}:{GREEN}", "end")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.icon"


def test_assembly_executive_swaps_with_a_spare_any_number_of_times() -> None:
    state = new(3, 1)
    mine = state.players[0].parts[0]
    state.players[0].tokens = 2
    state = at_turn(state, 0, "AS1")
    spare = state.spares[1]
    state = play(state, f"swap:{mine}:1")
    assert state.spares[1] == mine and spare in state.players[0].parts and state.players[0].tokens == 1
    assert any(i.startswith("swap:") for i in ids(state))
    state = play(state, f"swap:{spare}:1")
    assert state.players[0].tokens == 0 and not any(i.startswith("swap:") for i in ids(state))


# -- part production -----------------------------------------------------------------------------------


def test_six_credit_wheel_example() -> None:
    """Rulebook example: on the 6-credit space Violet rotates (1), dispenses (1), pays a token for the
    bonus placement, then still has 4 credits."""
    state = new(3, 1)
    state.turns = 1  # the bonus slot reaches the exit with this quarter turn
    state.players[0].tokens = 1
    state = at_turn(state, 0, "PP3")
    assert state.turn is not None and state.turn.left == 6
    incoming = state.wheel[2]
    state = play(state, "rotate")
    assert state.wheel[4] == incoming, "a quarter turn moves each tile two slots clockwise"
    assert state.turn is not None and state.turn.left == 5
    state = play(state, "dispense:4")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.place"
    placeable = [i for i in ids(state) if i.startswith("place:")]
    assert placeable, "the dispensed part may be placed"
    state = play(state, placeable[0])
    assert state.players[0].tokens == 2, "paid 1, then 2 for starting a robot"
    assert state.turn is not None and state.turn.left == 4
    for _ in range(4):
        state = play(state, "rotate" if "rotate" in ids(state) else next(i for i in ids(state) if i != "end"))
        while GAME.pending(state)[0].prompt == "botfactory.prompt.refill":
            state = play(state, ids(state)[0])
    assert state.turn is not None and state.turn.left == 0
    assert "rotate" not in ids(state) and not any(i.startswith("dispense") for i in ids(state))


def test_rotation_refills_empty_entries_left_first_from_chosen_piles() -> None:
    state = new(3, 1)
    state.wheel[6] = state.wheel[7] = EMPTY
    state.discards[0].extend([])
    marker = state.marker
    state = at_turn(state, 0, "PP2")
    state = play(state, "rotate")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.refill"
    top_blue, top_red = state.piles[BLUE][-1], state.piles[RED][-1]
    state = play(state, f"refill:{BLUE}", f"refill:{RED}")
    assert state.wheel[0] == top_blue and state.wheel[1] == top_red
    assert state.marker == marker, "the marker does not move"


def test_empty_pile_reshuffles_its_discards() -> None:
    state = new(3, 1)
    state.discards[GREEN].extend(state.piles[GREEN])
    state.piles[GREEN].clear()
    state.wheel[6] = state.wheel[7] = EMPTY
    state = at_turn(state, 0, "PP1")
    state = play(state, "rotate")
    result = GAME.apply(state, 0, f"refill:{GREEN}", state.version)
    assert result.randomness and result.state.wheel[0] != EMPTY
    assert result.state.discards[GREEN] == []


def test_parts_executive_discards_three_for_a_pile_top() -> None:
    state = new(3, 1)
    for kind in ("head", "torso", "legs"):
        part(state, "blue", kind, owner=0)
    state = at_turn(state, 0, "PP1")
    assert state.players[0].tokens >= 1
    top = state.piles[RED][-1]
    state = play(state, f"xparts:{RED}")
    for _ in range(3):
        state = play(state, ids(state)[0])
    assert top in state.players[0].parts and len(state.players[0].parts) == 2
    assert not any(i.startswith("xparts") for i in ids(state)), "once per turn"


# -- projects ------------------------------------------------------------------------------------------


def test_bottom_row_bonuses_and_no_refill() -> None:
    state = new(3, 1)
    state.players[0].tokens = 1
    state = at_turn(state, 0, "PR2")
    rows = state.rules.display_rows
    state = play(state, f"take:{rows}")
    assert state.players[0].tokens == 2, "bottom right: +1 token"
    assert state.display[rows] == EMPTY
    state = play(state, "take:0")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.place", "bottom left: pay 1 to place a part"
    assert "skip" in ids(state)
    state = play(state, "skip")
    assert not any(i.startswith("take:") for i in ids(state)), "PR2 takes at most 2"


def test_projects_executive_two_projects_for_a_universal_part() -> None:
    state = new(3, 1)
    project(state, "red", 0)
    state = at_turn(state, 0, "PR1")
    state = play(state, "xproj:2")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.xproj"
    state = play(state, ids(state)[0])
    state = play(state, ids(state)[0])
    player = state.players[0]
    assert not player.projects and any(state.rules.parts[t] == (-1, 2) for t in player.parts)
    assert len([t for t in state.universal if state.rules.parts[t][1] == 2]) == 1


# -- finance -------------------------------------------------------------------------------------------


def test_finance_cap_example_top_row_needs_three_allowed() -> None:
    """Rulebook: with only 2 more tokens allowed you cannot reserve a top-row contract, even with 3."""
    state = new(3, 1)
    state.players[0].tokens = 3
    state = at_turn(state, 0, "FI1")
    reservable = {i for i in ids(state) if i.startswith("reserve:")}
    assert reservable == {f"reserve:{p}" for p in range(3, 9)}
    state = play(state, "raise:0")
    assert {i for i in ids(state) if i.startswith("reserve:")} == {f"reserve:{p}" for p in range(6, 9)}


def test_reservation_slots_and_two_reservers_at_most() -> None:
    state = new(3, 1)
    for seat in range(3):
        state.players[seat].tokens = 5
    state.reservations[4] = [1]
    state = at_turn(state, 0, "FI3")
    state = play(state, "reserve:4")
    assert state.reservations[4] == [1, 0] and state.players[0].tokens == 3, "cost 2, one token on the tile"
    assert "reserve:4" not in ids(state)
    state = at_turn(state, 2, "FI3")
    assert "reserve:4" not in ids(state), "at most 2 reservers"


def test_raise_crossing_a_line_offers_its_bonus_once() -> None:
    state = new(3, 1)
    state.values[BLUE] = 7
    state.players[0].tokens = 4
    state = at_turn(state, 0, "FI2")
    state = play(state, f"raise:{BLUE}")
    assert state.values[BLUE] == 8
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.place", "line 7|8 gives a free placement"
    state = play(state, "skip", f"raise:{BLUE}")
    assert state.values[BLUE] == 9 and GAME.pending(state)[0].prompt == "botfactory.prompt.turn", "no line at 8|9"
    state = play(state, f"raise:{BLUE}")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.project", "line 9|10 gives a free project"
    assert state.players[0].tokens == 1 and not any(i.startswith("raise") for i in ids(state))


def test_token_cap_counts_tokens_on_contracts() -> None:
    state = new(3, 1)
    state.players[0].tokens = 8
    state.reservations[6] = [0]
    torso = part(state, "red", "head", owner=0)
    state = at_turn(state, 0, "AS1")
    state = play(state, f"place:{torso}:{RED}")
    assert state.players[0].tokens == 8, "9 tokens in use: no more gains"


def test_end_of_turn_limits_five_parts_five_projects_completed_included() -> None:
    state = new(3, 1)
    player = state.players[0]
    for colour in ("red", "yellow", "blue", "green"):
        part(state, colour, "legs", owner=0)
        part(state, colour, "head", owner=0)
    player.robots = [t for t in state.deck if state.rules.projects[t] == GREEN][:3]
    for t in player.robots:
        state.deck.remove(t)
    project(state, "red", 0)
    project(state, "blue", 0)
    state = at_turn(state, 0, "PR1")
    state = play(state, "end")
    assert GAME.pending(state)[0].prompt == "botfactory.prompt.limit"
    while GAME.pending(state)[0].prompt == "botfactory.prompt.limit":
        state = play(state, ids(state)[0])
    player = state.players[0]
    assert len(player.parts) == 5 and len(player.projects) + len(player.robots) == 5
    assert len(player.robots) == 3, "completed projects are never discarded"


def test_sandra_projects_with_an_empty_bottom_space_still_slides_and_refills() -> None:
    state = new(3, 1)
    state.display[0] = EMPTY
    middle, top = state.display[1], state.display[2]
    state.sandra = 2 * space(state, "PR2")
    flow.sandra_action(state, Transition())
    assert state.display[0] == middle and state.display[1] == top and state.display[2] != EMPTY


def test_project_deck_reshuffles_its_discards_when_empty() -> None:
    state = new(3, 1)
    state.project_discard.extend(state.deck)
    state.deck.clear()
    tx = Transition()
    board.slide_and_refill(state, tx)
    assert all(t != EMPTY for t in state.display) and tx.randomness
    GAME.check_invariants(state)
