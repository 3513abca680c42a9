"""Variants 1 and 2: the production tiles and each tile's effect (rulebook: variants page)."""

from __future__ import annotations

from engine.botfactory import GAME
from engine.botfactory.state import EMPTY, State
from tests.engine.botfactory.helpers import Scenario, ids, offers, parts_of, pick, play, prompt, space_of

RED, YELLOW, BLUE, GREEN = range(4)


def _pt(state: State) -> list[str]:
    return [i for i in ids(state) if i.startswith("pt:")]


def test_variant_one_offers_a_tile_on_the_first_reservation_usable_from_a_later_turn() -> None:
    state = Scenario(3, variant=1).hand(0, tokens=4).worker(0, "FI3").sandra("PR1").acting(0).build()
    assert not _pt(state)
    state = pick(state, "reserve", cost=1)
    assert prompt(state) == "offer"
    state = pick(state, "tile", tile="PT4")
    assert state.players[0].production == "PT4" and "PT4" not in state.offer
    assert not _pt(state), "usable from a later turn only"
    state = pick(state, "reserve", cost=1)
    assert prompt(state) == "turn", "only the first contract offers a tile"

    state = Scenario(3, variant=1).production(0, "PT4").worker(0, "AS1").sandra("PR1").acting(0).build()
    state = pick(state, "pt", tile="PT4", colour="blue")
    assert state.values[BLUE] == 7 and state.players[0].production_used
    assert not _pt(state), "used once per game"


def test_variant_two_takes_and_uses_at_once() -> None:
    scenario = Scenario(3, variant=2).values(red=7).hand(0, parts=["red head"]).worker(0, "PR1")
    state = pick(scenario.acting(0).build(), "pt", tile="PT4", colour="red")
    assert prompt(state) == "place", "line bonuses still apply"
    assert "PT4" not in state.offer and state.players[0].production == "PT4"
    assert not _pt(play(state, "skip"))


def test_pt1_waives_sandras_toll_and_gains_a_token() -> None:
    state = Scenario(3, variant=2).hand(0, tokens=1).worker(0, "FI1").acting(0).build()
    assert prompt(state) == "toll" and "pt:PT1" in ids(state)
    state = play(state, "pt:PT1")
    assert state.players[0].tokens == 2 and prompt(state) == "turn"


def test_pt2_spends_one_token_less_on_finance() -> None:
    state = Scenario(3, variant=2).hand(0, tokens=3).worker(0, "FI3").sandra("PR1").acting(0).build()
    state = pick(play(state, "pt:PT2"), "reserve", cost=2)
    assert state.players[0].tokens == 2, "a 2-token contract for 1"
    costs = {c.params["cost"] for c in GAME.pending(state)[0].choices if c.id.startswith("reserve:")}
    assert max(costs) == 2, "the space's cap counts the full cost: 2 of 4 left"


def test_pt3_pays_one_token_for_one_benefit() -> None:
    scenario = Scenario(3, variant=2).hand(0, tokens=1, parts=[]).pile("green", top=["green legs"])
    state = pick(scenario.worker(0, "PR1").acting(0).build(), "pt", tile="PT3", colour="green")
    assert parts_of(state, 0) == ["green legs"] and state.players[0].tokens == 0


def test_pt5_stands_beside_a_full_board() -> None:
    scenario = Scenario(4, variant=2).worker(1, "PR1").worker(2, "PR2").sandra("FI1").worker(3, "FI2")
    state = scenario.worker(0, "FI3").moving(0).build()
    state = pick(state, "over", tile="PT5", board="projects")
    assert space_of(state, 0) == "beside projects"
    assert state.flow.phase == "act" and GAME.pending(state)[0].seat == 1, "right of the board's last space"
    state = play(state, "end", "end")
    assert GAME.pending(state)[0].seat == 0
    for _ in range(2):  # projects from spaces without a bonus
        plain = [c.id for c in GAME.pending(state)[0].choices if c.label == "botfactory.choice.take"]
        state = play(state, plain[0])
    assert not any(i.startswith("take:") for i in ids(state)), "PR2's action: two projects"


def test_pt6_one_project_for_a_universal_part() -> None:
    state = Scenario(3, variant=2).hand(0, parts=[], projects=["red"]).worker(0, "PR1").acting(0).build()
    state = pick(pick(state, "pt", tile="PT6", kind="head"), "dropproj", colour="red")
    assert not state.players[0].projects and parts_of(state, 0) == ["universal head"]


def test_pt7_universal_robot_completes_a_project() -> None:
    scenario = Scenario(3, variant=2).hand(0, parts=["universal head", "universal legs"], projects=["blue"])
    state = scenario.worker(0, "FI1").sandra("PR1").acting(0).build()
    state = pick(state, "pt", tile="PT7", a="head", b="legs", colour="blue")
    player = state.players[0]
    assert player.universal_robot != EMPTY and len(player.robots) == 1 and not state.universal_robot_free
    assert len(state.universal) == 6
    assert state.robots_board == [4, 4, 4, 4], "not a robot from the assembly board"
    assert offers(state, "raise", colour="red")
