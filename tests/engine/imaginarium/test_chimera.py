"""The Chimera expansion: fragments, daydreams, the dream track, nightmares, new machines,
assistants and projects (Chimera rulebook), with its worked example."""

from __future__ import annotations

import pytest

from engine.imaginarium import GAME
from engine.imaginarium.cards import CH, VP
from engine.imaginarium.loader import load
from engine.imaginarium.projects import met
from engine.imaginarium.scenario import Scenario
from engine.imaginarium.scoring import outcome
from engine.imaginarium.state import State
from tests.engine.imaginarium.table import Table

RED, GREEN, BLUE, YELLOW = "romance", "glory", "escape", "festivities"
DATA = load(chimera=True)


def _space(space_id: str) -> int:
    return next(sp.index for sp in DATA.track if sp.id == space_id)


def _chimera(seats: int = 3) -> Scenario:
    return Scenario(seats, chimera=True)


def _daydream(start: Scenario | State, seat: int = 0) -> Table:
    """``seat`` gives up recruiting to daydream (from a scenario, or from a position reached in play)."""
    scenario = start if isinstance(start, Scenario) else Scenario.of(start)
    t = Table(scenario.turn(seat, "menu", pair=("recruit", "extract")))
    t.choose("daydream:recruit")
    return t


def _met(project: str, state: State) -> bool:
    return met(DATA, state.players[0], next(p for p in DATA.projects if p.id == project))


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_setup_gives_a_broken_starteur_and_lays_fragments_on_the_belt(seats: int) -> None:
    state = GAME.new(seats, 7, {"chimera": True})
    data = state.data
    assert len(data.card) == 75 and len(data.assistants) == 20 and len(data.projects) == 18
    assert all([data.card[u].serial for u in p.yard] == ["P0"] for p in state.players)
    assert [data.card[u].serial for u in state.box] == ["P0"] * (5 - seats)
    assert all(f >= 0 for f in state.belt_fragment)
    assert len(state.pile) == 56 - 7
    GAME.check_invariants(state)
    view = GAME.view(state, None)
    assert all(slot.fragment is not None for slot in view.belt)
    assert len(view.dream_spaces) == len(data.track) and view.players[0].dream_position == 0


def test_core_game_has_no_expansion_cards() -> None:
    state = GAME.new(3, 7)
    assert len(state.data.card) == 61 and state.pile == [] and state.belt_fragment == [-1] * 7
    assert all(not p.yard for p in state.players)


def test_picking_up_a_machine_takes_its_fragment_even_when_payment_fails() -> None:
    start = _chimera().belt("T3").belt_fragments(BLUE).goods(0).workshop(0).yard(0)
    t = Table(start.turn(0, at="reserve:0"))
    assert t.player(0).held == [0, 0, 1, 0, 0]
    assert t.state.belt_fragment[0] == -1
    assert t.player(0).yard == [] and t.data.card[t.state.crusher[-1]].serial == "T3"


def test_daydream_worked_example_moves_three_then_two_then_four() -> None:
    # Chimera example: A lays 3 different colours (3 spaces), B one of the last colour (2 spaces),
    # C red then green: red follows two reds (3 spaces), green 1 ("they have broken their series").
    t = _daydream(_chimera().fragments(0, GREEN, BLUE, RED, RED, RED, GREEN))
    t.choose("place:glory", "place:escape", "place:romance")
    assert t.player(0).position == _space("3")
    t = _daydream(t.state)
    t.choose("place:romance")  # 3 -> 4, then the fork for the second space
    t.choose("branch:5a", "stop")
    assert t.player(0).position == _space("5a")
    t = _daydream(t.state)
    t.choose("place:romance")
    assert t.player(0).position == _space("9")  # 6a, 7a, 9
    t.choose("place:glory")
    assert t.player(0).position == _space("10")
    red = t.data.colours.index(RED)
    assert t.player(0).dream[-3:] == [red, red, t.data.colours.index(GREEN)]


def test_moves_follow_the_run_of_the_same_colour() -> None:
    t = _daydream(_chimera().fragments(0, RED, RED, GREEN).dream(0, GREEN, BLUE, RED, RED))
    choices = {c.id: c.params["move"] for c in GAME.pending(t.state)[0].choices if c.id.startswith("place")}
    assert choices == {"place:romance": 3, "place:glory": 1}


def test_the_example_path_and_rewards() -> None:
    t = _daydream(_chimera().fragments(0, GREEN, BLUE, RED).goods(0))
    t.choose("place:glory", "place:escape")
    assert t.player(0).position == _space("2")
    assert t.player(0).goods[1] == 1  # first on space 2: 1 wood
    t.choose("place:romance")
    assert t.player(0).position == _space("3")
    # Seat 1 passes space 2 later: 1 charcoalium, once.
    t = _daydream(Scenario.of(t.state).fragments(1, GREEN, BLUE).goods(1), 1)
    t.choose("place:glory", "place:escape")
    assert t.player(1).goods[:2] == [1, 0]


def test_a_fork_waits_for_the_choice_of_way() -> None:
    t = _daydream(_chimera().fragments(0, RED, GREEN).goods(0).token(0, "3"))
    t.choose("place:romance")
    assert t.state.flow.step == "place"  # reached space 4 exactly: the fork comes with the next move
    t.choose("place:glory")
    assert sorted(t.ids()) == ["branch:5a", "branch:5b"]
    t.choose("branch:5b")
    assert t.player(0).position == _space("5b")
    assert t.player(0).goods[1] == 1  # 5b: 1 wood


def test_a_nightmare_limits_the_next_placement_to_one_fragment() -> None:
    t = _daydream(_chimera().fragments(0, RED, GREEN, BLUE).dream(0, RED, "nightmare"))
    t.choose("place:glory")
    assert t.state.flow.step != "place"
    t = _daydream(_chimera().fragments(0, RED, GREEN, BLUE).dream(0, RED, "nightmare").assistants(0, "CAS2"))
    t.choose("place:glory")
    assert t.state.flow.step == "place"


def test_placing_nightmares_on_opponents_dreams() -> None:
    t = _daydream(_chimera().fragments(0, "nightmare").dream(1, RED).dream(2, RED, "nightmare").workshop(1, "D4"))
    # "You can then place a nightmare on an opponent's dream": one already ending with one too.
    assert sorted(t.ids()) == ["nightmare:2", "skip"]  # seat 1 owns a Reposette
    t.choose("nightmare:2")
    assert t.player(2).dream[-2:] == [4, 4]
    t = _daydream(_chimera().fragments(0, "nightmare").workshop(1, "D4").workshop(2, "D4"))
    assert t.state.flow.step == "menu"  # every opponent owns a Reposette


def test_reorganise_may_discard_a_nightmare_ending_the_dream() -> None:
    t = Table(
        _chimera().dream(0, RED, "nightmare").workshop(0, "P1", "P1").turn(0, "menu", pair=("dismantle", "reorganise"))
    )
    t.choose("do:reorganise")
    assert "wake" in t.ids()
    t.choose("wake")
    assert t.player(0).dream == [t.data.colours.index(RED)]
    assert 4 in t.state.discard


def test_reorganise_to_discard_a_nightmare_needs_nothing_to_combine() -> None:
    """Chimera: "Carry out the action as described in the core rulebook, then, if the last fragment of
    your dream is a nightmare, you can discard it" - even with nothing in the workshop to move."""
    t = Table(
        _chimera().dream(0, RED, "nightmare").workshop(0, "P1", "P2").turn(0, "menu", pair=("dismantle", "reorganise"))
    )
    assert "do:reorganise" in t.ids()
    t.choose("do:reorganise")
    assert sorted(t.ids()) == ["done", "wake"]
    t.choose("wake")
    assert t.player(0).dream == [t.data.colours.index(RED)]
    t = Table(_chimera().dream(0, RED).workshop(0, "P1", "P2").turn(0, "menu", pair=("dismantle", "reorganise")))
    assert "do:reorganise" not in t.ids()  # nothing to do at all


def test_dismantling_draws_fragments() -> None:
    t = Table(_chimera().yard(0, "P3").workshop(0, "P6").goods(0).turn(0, "menu", pair=("transactions", "dismantle")))
    before = sum(t.player(0).held)
    result = t.choose("do:dismantle", "dismantle:y:P3", "take:wd2")
    assert result.randomness and sum(t.player(0).held) == before + 1
    start = _chimera().workshop(0, "P6").yard(0).goods(0).assistants(0, "AS03")
    t = Table(start.turn(0, "menu", pair=("transactions", "dismantle")))
    t.choose("do:dismantle", "dismantle:w:0", "take:vp")
    assert t.state.flow.step == "keep" and len(t.state.flow.turn.drawn) == 3  # level 3: draw 3, keep 1
    t.choose(t.ids()[0])
    assert sum(t.player(0).held) == 1 and len(t.state.discard) == 2


def test_chimera_dismantling_assistants() -> None:
    start = _chimera().yard(0, "P3", "S2").goods(0).assistants(0, "CAS3", "CAS4", "CAS5")
    t = Table(start.turn(0, "menu", pair=("transactions", "dismantle")))
    t.choose("do:dismantle")
    assert "dismantle:y:S2" in t.ids()  # CAS3: special machines too
    t.choose("dismantle:y:P3", "take:wd2")
    assert sum(t.player(0).held) == 2  # one for the broken machine, one more with CAS4
    assert t.player(0).goods[CH] == 3  # CAS5
    start = _chimera().yard(0, "P3").goods(0).assistants(0, "CAS6", "CAS7")
    t = Table(start.turn(0, "menu", pair=("transactions", "dismantle")))
    t.choose("do:dismantle", "dismantle:y:P3")
    assert t.ids() == ["take:wd2+cr1"]  # CAS7: the whole repair list
    t.choose("take:wd2+cr1")
    assert t.player(0).goods[VP] == 1  # CAS6


def test_exhausteur_collects_one_fragment_and_reposette_protects() -> None:
    start = _chimera().goods(0, wood=1, crystal=1).yard(0, "A7").workshop(0)
    start.fragments(1, RED, "nightmare").fragments(2, GREEN).workshop(2, "D4")
    t = Table(start.turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:A7", "steal")
    decision = GAME.pending(t.state)[0]
    assert decision.seat == 1 and sorted(c.id for c in decision.choices) == ["submit:nightmare", "submit:romance"]
    t.choose("submit:nightmare")
    assert t.ids() == ["collect:nightmare"]
    t.choose("collect:nightmare")
    assert t.player(0).held[4] == 1 and t.player(1).held[4] == 0 and t.player(2).held[1] == 1


def test_achievette_lays_fragments_in_the_machine_phase() -> None:
    t = Table(_chimera().workshop(0, "S4+S4").fragments(0, RED, GREEN, BLUE, YELLOW).goods(0).turn(0))
    t.choose("use:0", "place:romance", "place:glory", "place:escape")
    assert len(t.player(0).dream) == 3 and t.state.flow.step != "place"
    t = Table(_chimera().workshop(0, "S4").fragments(0, RED, GREEN).goods(0).turn(0))
    t.choose("use:0", "place:romance")
    assert len(t.player(0).dream) == 1
    t = Table(_chimera().workshop(0, "S4").face_down(0, 0).fragments(0, RED).goods(0).turn(0))
    assert t.state.flow.step != "machines"  # tangled: cannot be used


def test_catch_fragment_assistant() -> None:
    start = (
        _chimera().assistants(0, "CAS1").workshop(0).belt("T3", "T2", "T1", "P2").belt_fragments(RED, RED, RED, BLUE)
    )
    # Seat 0 reserved space 0 and seat 2's handyman still stands on space 1: both are reserved.
    t = Table(start.turn(0, "catch", at="reserve:0", later={2: "reserve:1"}))
    assert sorted(t.ids()) == ["catch:2", "catch:3", "next"]
    t.choose("catch:3")
    # The escape fragment caught, then the romance fragment of the machine it picks up.
    assert t.player(0).held == [1, 0, 1, 0, 0] and t.state.belt_fragment[3] == -1


@pytest.mark.parametrize(
    ("project", "yes", "no"),
    [("PR15", ("S2", "S4"), ("S2", "P1")), ("PR18", ("P1", "T1", "A1", "D1"), ("P2+T1", "A1", "D1"))],
)
def test_machine_projects(project: str, yes: tuple[str, ...], no: tuple[str, ...]) -> None:
    assert _met(project, _chimera(2).workshop(0, *yes).build())
    assert not _met(project, _chimera(2).workshop(0, *no).build())


def test_goods_and_dream_projects() -> None:
    short = _chimera(2).goods(0, wood=5, copper=5, crystal=4).dream(0, RED, RED, "nightmare", RED).build()
    assert not _met("PR16", short) and not _met("PR17", short)
    enough = _chimera(2).goods(0, wood=5, copper=5, crystal=5).dream(0, GREEN, RED, RED, RED).build()
    assert _met("PR16", enough) and _met("PR17", enough)


def test_game_ends_when_a_token_reaches_the_end() -> None:
    t = Table(_chimera().workshop(0).token(1, DATA.track[-1].id).turn(0, "menu", pair=("recruit", "extract")))
    t.choose("end")
    assert outcome(t.state).reason == "imaginarium.end.dream"  # type: ignore[union-attr]


def test_reset_lays_fragments_only_on_new_machines_and_reshuffles_when_short() -> None:
    start = _chimera().workshop(0).belt("T3", "T2", None, "T1", "P2", "P3", "P4")
    start.belt_fragments(RED, GREEN, None, BLUE, YELLOW, RED, GREEN)
    start.fragment_pile(empty=True)  # the pile runs out: the discards are shuffled into a new one
    t = Table(start.turn(0, "menu", pair=("recruit", "extract")))
    t.choose("end")
    kinds = DATA.colours
    assert t.state.belt_fragment[2:] == [kinds.index(k) for k in (RED, GREEN, BLUE, YELLOW, RED)]
    assert t.state.belt_fragment[0] >= 0 and t.state.belt_fragment[1] >= 0
    GAME.check_invariants(t.state)
