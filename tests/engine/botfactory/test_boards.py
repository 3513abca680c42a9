"""The four boards: main actions, executive actions and their rewards (rulebook: boards 1-4)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.botfactory import GAME, flow, procedures
from engine.botfactory.state import EMPTY, State
from engine.core.contract import Transition
from tests.engine.botfactory.helpers import Scenario, choice, ids, named, offers, parts_of, pick, play, prompt


def _turn(space: str, *, tokens: int = 1, parts: Sequence[str] = (), projects: Sequence[str] = ()) -> Scenario:
    """Seat 0 about to act on ``space`` (Sandra on another board), holding exactly this."""
    sandra = "FI3" if space.startswith("PR") else "PR1"
    return Scenario(3).hand(0, tokens=tokens, parts=parts, projects=projects).worker(0, space).sandra(sandra)


# -- assembly ----------------------------------------------------------------------------------------


def test_placement_rewards_and_the_third_part_needs_a_free_project() -> None:
    assert ids(_turn("AS3", tokens=0, parts=["red head"]).acting(0).build()) == ["end"], "AS3 needs its token"
    state = _turn("AS3", parts=["red head", "red legs", "universal torso"]).acting(0).build()
    state = play(state, "pay")
    state = pick(state, "place", part="red head", column="red")
    assert state.players[0].tokens == 2, "1st part: 2 tokens"
    state = pick(state, "place", part="red legs", column="red")
    assert state.players[0].tokens == 4, "2nd part: 2 tokens"
    columns = {c.params["column"] for c in GAME.pending(state)[0].choices if c.id.startswith("place:")}
    assert columns == {"yellow", "blue", "green"}, "no red project: the 3rd part cannot go in; a universal fits any"

    scenario = _turn("AS1", parts=["universal torso"], projects=["red"]).column("red", "red head", "red legs")
    state = pick(scenario.acting(0).build(), "place", part="universal torso", column="red")
    player = state.players[0]
    assert len(player.robots) == 1 and not player.projects and state.robots_board[0] == 3, "3rd part: a robot"


def test_icon_bonus_pays_a_token_for_the_top_of_any_pile() -> None:
    state = _turn("AS1", tokens=0, parts=["green torso"]).pile("yellow", top=["yellow legs"]).acting(0).build()
    state = pick(state, "place", part="green torso", column="green")
    assert prompt(state) == "icon", "the torso space bears the icon"
    state = pick(state, "icon", colour="yellow")
    assert parts_of(state, 0) == ["yellow legs"] and state.players[0].tokens == 1, "paid 1 of the 2 tokens just won"


def test_icon_bonuses_come_after_all_placements_of_the_action() -> None:
    """Rulebook: "après avoir reçu toutes les récompenses": both placements' rewards first, and the part
    the icon brings cannot be placed by the same action."""
    state = _turn("AS2", tokens=0, parts=["green torso", "blue head"]).acting(0).build()
    state = pick(state, "place", part="green torso", column="green")
    assert prompt(state) == "turn", "not yet: one more placement to make"
    state = pick(state, "place", part="blue head", column="blue")
    assert prompt(state) == "icon" and state.players[0].tokens == 4
    state = pick(state, "icon", colour="red")
    assert prompt(state) == "turn" and not any(i.startswith("place:") for i in ids(state))


def test_pending_icon_bonuses_are_offered_when_the_turn_ends() -> None:
    state = _turn("AS3", parts=["green torso"]).acting(0).build()
    state = play(state, "pay")
    state = play(state, choice(state, "place", part="green torso"), "end")
    assert prompt(state) == "icon"


def test_assembly_executive_swaps_with_a_spare_any_number_of_times() -> None:
    state = _turn("AS1", tokens=2, parts=["red head"]).spares("blue legs", "green head").acting(0).build()
    state = pick(state, "swap", part="red head", spare="green head")
    assert named(state, state.spares[1]) == "red head" and parts_of(state, 0) == ["green head"]
    assert state.players[0].tokens == 1 and any(i.startswith("swap:") for i in ids(state))
    state = pick(state, "swap", part="green head", spare="red head")
    assert state.players[0].tokens == 0 and not any(i.startswith("swap:") for i in ids(state))


# -- part production -----------------------------------------------------------------------------------


def _refill_all(state: State) -> State:
    while prompt(state) == "refill":
        state = play(state, ids(state)[0])
    return state


def test_six_credit_wheel_example() -> None:
    """Rulebook example: on the 6-credit space Violet rotates (1), dispenses (1), pays a token for the
    bonus placement, then still has 4 credits."""
    state = _turn("PP3").wheel({2: "blue head"}, quarter_turns=1).acting(0).build()
    state = pick(state, "rotate", left=6)
    assert named(state, state.wheel[4]) == "blue head", "a quarter turn moves each tile two slots clockwise"
    state = pick(state, "dispense", part="blue head", bonus=True)
    assert prompt(state) == "place", "the bonus slot reached the exit with this quarter turn"
    state = pick(state, "place", part="blue head", column="blue")
    assert state.players[0].tokens == 2, "paid 1, then 2 for starting a robot"
    for left in (4, 3, 2, 1):
        state = _refill_all(pick(state, "rotate", left=left))
    assert "rotate" not in ids(state) and not any(i.startswith("dispense") for i in ids(state)), "credits spent"


def test_rotation_refills_empty_entries_left_first_from_chosen_piles() -> None:
    scenario = _turn("PP2").wheel({6: None, 7: None}).marker("green")
    state = scenario.pile("blue", top=["blue legs"]).pile("red", top=["red head"]).acting(0).build()
    state = play(state, "rotate")
    assert prompt(state) == "refill"
    state = pick(pick(state, "refill", colour="blue"), "refill", colour="red")
    assert [named(state, state.wheel[0]), named(state, state.wheel[1])] == ["blue legs", "red head"]
    assert state.rules.colours[state.marker] == "green", "the marker does not move"


def test_empty_pile_reshuffles_its_discards() -> None:
    state = _turn("PP1").pile("green", empty=True).wheel({6: None, 7: None}).acting(0).build()
    state = play(state, "rotate")
    result = GAME.apply(state, 0, choice(state, "refill", colour="green"), state.flow.version)
    assert result.randomness and result.state.wheel[0] != EMPTY
    assert result.state.discards[3] == []


def test_parts_executive_discards_three_for_a_pile_top() -> None:
    parts = ["blue head", "blue torso", "blue legs"]
    state = _turn("PP1", parts=parts).pile("red", top=["red torso"]).acting(0).build()
    state = pick(state, "xparts", colour="red")
    for _ in range(3):
        state = play(state, ids(state)[0])
    assert parts_of(state, 0) == ["red torso"]
    assert not any(i.startswith("xparts") for i in ids(state)), "once per turn"


# -- projects ------------------------------------------------------------------------------------------


def test_bottom_row_bonuses_and_no_refill() -> None:
    state = _turn("PR2", parts=["red head"]).acting(0).build()
    state = pick(state, "take", column=1, row=0)
    assert state.players[0].tokens == 2, "bottom right: +1 token"
    assert not offers(state, "take", column=1, row=0), "the display is not refilled"
    state = pick(state, "take", column=0, row=0)
    assert prompt(state) == "place" and "skip" in ids(state), "bottom left: pay 1 to place a part"
    state = play(state, "skip")
    assert not any(i.startswith("take:") for i in ids(state)), "PR2 takes at most 2"


def test_projects_executive_two_projects_for_a_universal_part() -> None:
    state = _turn("PR1", projects=["red", "blue"]).acting(0).build()
    state = pick(state, "xproj", kind="legs")
    assert prompt(state) == "xproj"
    state = play(state, ids(state)[0])
    state = play(state, ids(state)[0])
    assert not state.players[0].projects and parts_of(state, 0) == ["universal legs"]
    assert sum(named(state, t) == "universal legs" for t in state.universal) == 1


# -- finance -------------------------------------------------------------------------------------------


def _reserve_costs(state: State) -> list[int]:
    return sorted(c.params["cost"] for c in GAME.pending(state)[0].choices if c.id.startswith("reserve:"))


def test_finance_cap_example_top_row_needs_three_allowed() -> None:
    """Rulebook: with only 2 more tokens allowed you cannot reserve a top-row contract, even with 3."""
    state = _turn("FI1", tokens=3).acting(0).build()
    assert _reserve_costs(state) == [1, 1, 1, 2, 2, 2]
    state = pick(state, "raise", colour="red")
    assert _reserve_costs(state) == [1, 1, 1]


def test_reservation_slots_and_two_reservers_at_most() -> None:
    base = _turn("FI3", tokens=5).hand(2, tokens=5).contract(1, 1, "C05", reserved_by=[1])
    state = pick(base.acting(0).build(), "reserve", contract="C05")
    assert state.reservations[4] == [1, 0] and state.players[0].tokens == 3, "cost 2, one token on the tile"
    assert not offers(state, "reserve", contract="C05"), "one token of yours on a contract at most"
    full = Scenario(3).hand(2, tokens=5).worker(2, "FI3").sandra("PR1").contract(1, 1, "C05", reserved_by=[1, 0])
    assert not offers(full.acting(2).build(), "reserve", contract="C05"), "at most 2 reservers"


def test_raise_crossing_a_line_offers_its_bonus_once() -> None:
    state = _turn("FI2", tokens=4, parts=["red head"]).values(blue=7).acting(0).build()
    state = pick(state, "raise", colour="blue")
    assert state.values[2] == 8 and prompt(state) == "place", "line 7|8 gives a free placement"
    state = pick(play(state, "skip"), "raise", colour="blue")
    assert state.values[2] == 9 and prompt(state) == "turn", "no line at 8|9"
    state = pick(state, "raise", colour="blue")
    assert prompt(state) == "project", "line 9|10 gives a free project"
    assert state.players[0].tokens == 1 and not any(i.startswith("raise") for i in ids(state))


def test_token_cap_counts_tokens_on_contracts() -> None:
    state = _turn("AS1", tokens=8, parts=["red head"]).contract(2, 0, "C01", reserved_by=[0]).acting(0).build()
    state = pick(state, "place", part="red head", column="red")
    assert state.players[0].tokens == 8, "9 tokens in use: no more gains"


def test_end_of_turn_limits_five_parts_five_projects_completed_included() -> None:
    parts = [f"{c} {k}" for c in ("red", "yellow", "blue", "green") for k in ("legs", "head")]
    state = _turn("PR1", parts=parts, projects=["red", "blue"]).hand(0, robots=["green"] * 3).acting(0).build()
    state = play(state, "end")
    assert prompt(state) == "limit"
    while prompt(state) == "limit":
        state = play(state, ids(state)[0])
    player = state.players[0]
    assert len(player.parts) == 5 and len(player.projects) + len(player.robots) == 5
    assert len(player.robots) == 3, "completed projects are never discarded"


def test_sandra_projects_with_an_empty_bottom_space_still_slides_and_refills() -> None:
    state = Scenario(3).display(left=[None, "red", "blue"]).sandra("PR2").build()
    flow.sandra_action(state, Transition())
    colours = [state.rules.colours[state.rules.projects[t]] for t in state.display[:2]]
    assert colours == ["red", "blue"] and state.display[2] != EMPTY


def test_project_deck_reshuffles_its_discards_when_empty() -> None:
    state = Scenario(3).deck(empty=True).display(left=[None]).build()
    tx = Transition()
    procedures.slide_and_refill(state, tx)
    assert all(t != EMPTY for t in state.display) and tx.randomness
    GAME.check_invariants(state)
