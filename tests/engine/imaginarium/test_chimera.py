"""The Chimera expansion: fragments, daydreams, the dream track, nightmares, new machines,
assistants and projects (Chimera rulebook), with its worked example."""

from __future__ import annotations

import pytest

from engine.imaginarium import GAME
from engine.imaginarium.cards import CH, VP
from engine.imaginarium.projects import met
from engine.imaginarium.scoring import outcome
from tests.engine.imaginarium.builder import Table

RED, GREEN, BLUE, YELLOW = "romance", "glory", "escape", "festivities"


def _space(t: Table, space_id: str) -> int:
    return next(sp.index for sp in t.data.track if sp.id == space_id)


def _daydream(t: Table, seat: int = 0) -> Table:
    t.turn(seat, "menu", ("recruit", "extract"))
    t.choose("daydream:recruit")
    return t


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
    t = Table(3, chimera=True)
    pos = 0
    kind = t.state.belt_fragment[pos]
    t.goods(0).workshop(0).turn(0, "pickup", spot=pos)
    assert t.player(0).held[kind] == 1
    assert t.state.belt_fragment[pos] == -1
    assert t.player(0).yard[-1] != t.state.crusher[-1] or t.data.card[t.state.crusher[-1]]


def test_daydream_worked_example_moves_three_then_two_then_four() -> None:
    # Chimera example: A lays 3 different colours (3 spaces), B one of the last colour (2 spaces),
    # C red then green: red follows two reds (3 spaces), green 1 ("they have broken their series").
    t = Table(3, chimera=True).fragments(0, GREEN, BLUE, RED, RED, RED, GREEN)
    _daydream(t)
    t.choose("place:glory", "place:escape", "place:romance")
    assert t.player(0).position == _space(t, "3")
    _daydream(t)
    t.choose("place:romance")  # 3 -> 4, then the fork for the second space
    t.choose("branch:5a", "stop")
    assert t.player(0).position == _space(t, "5a")
    _daydream(t)
    t.choose("place:romance")
    assert t.player(0).position == _space(t, "9")  # 6a, 7a, 9
    t.choose("place:glory")
    assert t.player(0).position == _space(t, "10")
    red = t.data.colours.index(RED)
    assert t.player(0).dream[-3:] == [red, red, t.data.colours.index(GREEN)]


def test_moves_follow_the_run_of_the_same_colour() -> None:
    t = Table(3, chimera=True).fragments(0, RED, RED, GREEN).dream(0, GREEN, BLUE, RED, RED)
    _daydream(t)
    choices = {c.id: c.params["move"] for c in GAME.pending(t.state)[0].choices if c.id.startswith("place")}
    assert choices == {"place:romance": 3, "place:glory": 1}


def test_the_example_path_and_rewards() -> None:
    t = Table(3, chimera=True).fragments(0, GREEN, BLUE, RED).goods(0)
    _daydream(t)
    t.choose("place:glory", "place:escape")
    assert t.player(0).position == _space(t, "2")
    assert t.player(0).goods[1] == 1  # first on space 2: 1 wood
    t.choose("place:romance")
    assert t.player(0).position == _space(t, "3")
    t.choose("stop") if t.state.step == "place" else None
    # Seat 1 passes space 2 later: 1 charcoalium, once.
    t.fragments(1, GREEN, BLUE).goods(1)
    _daydream(t, 1)
    t.choose("place:glory", "place:escape")
    assert t.player(1).goods[:2] == [1, 0]


def test_a_fork_waits_for_the_choice_of_way() -> None:
    t = Table(3, chimera=True).fragments(0, RED, GREEN).goods(0)
    t.player(0).position = _space(t, "3")
    _daydream(t)
    t.choose("place:romance")
    assert t.state.step == "place"  # reached space 4 exactly: the fork comes with the next move
    t.choose("place:glory")
    assert sorted(t.ids()) == ["branch:5a", "branch:5b"]
    t.choose("branch:5b")
    assert t.player(0).position == _space(t, "5b")
    assert t.player(0).goods[1] == 1  # 5b: 1 wood


def test_a_nightmare_limits_the_next_placement_to_one_fragment() -> None:
    t = Table(3, chimera=True).fragments(0, RED, GREEN, BLUE).dream(0, RED, "nightmare")
    _daydream(t)
    t.choose("place:glory")
    assert t.state.step != "place"
    t = Table(3, chimera=True).fragments(0, RED, GREEN, BLUE).dream(0, RED, "nightmare").assistants(0, "CAS2")
    _daydream(t)
    t.choose("place:glory")
    assert t.state.step == "place"


def test_placing_nightmares_on_opponents_dreams() -> None:
    t = Table(3, chimera=True).fragments(0, "nightmare").dream(1, RED).dream(2, RED, "nightmare")
    _daydream(t)
    assert sorted(t.ids()) == ["nightmare:1", "skip"]  # not on a dream already ending with a nightmare
    t.choose("nightmare:1")
    assert t.player(1).dream[-1] == 4
    t = Table(3, chimera=True).fragments(0, "nightmare").workshop(1, "D4").workshop(2, "D4")
    _daydream(t)
    assert t.state.step == "menu"  # every opponent owns a Reposette


def test_reorganise_may_discard_a_nightmare_ending_the_dream() -> None:
    t = Table(3, chimera=True).dream(0, RED, "nightmare").workshop(0, "P1", "P1")
    t.turn(0, "menu", ("dismantle", "reorganise"))
    t.choose("do:reorganise")
    assert "wake" in t.ids()
    t.choose("wake")
    assert t.player(0).dream == [t.data.colours.index(RED)]
    assert 4 in t.state.discard


def test_reorganise_to_discard_a_nightmare_needs_nothing_to_combine() -> None:
    """Chimera: "Carry out the action as described in the core rulebook, then, if the last fragment of
    your dream is a nightmare, you can discard it" - even with nothing in the workshop to move."""
    t = Table(3, chimera=True).dream(0, RED, "nightmare").workshop(0, "P1", "P2")
    t.turn(0, "menu", ("dismantle", "reorganise"))
    assert "do:reorganise" in t.ids()
    t.choose("do:reorganise")
    assert sorted(t.ids()) == ["done", "wake"]
    t.choose("wake")
    assert t.player(0).dream == [t.data.colours.index(RED)]
    t = Table(3, chimera=True).dream(0, RED).workshop(0, "P1", "P2")
    t.turn(0, "menu", ("dismantle", "reorganise"))
    assert "do:reorganise" not in t.ids()  # nothing to do at all


def test_dismantling_draws_fragments() -> None:
    t = Table(3, chimera=True).yard(0, "P3").workshop(0, "P6").goods(0)
    t.turn(0, "menu", ("transactions", "dismantle"))
    before = sum(t.player(0).held)
    result = t.choose("do:dismantle", "dismantle:y:P3", "take:wd2")
    assert result.randomness and sum(t.player(0).held) == before + 1
    t = Table(3, chimera=True).workshop(0, "P6").goods(0).assistants(0, "AS03")
    t.turn(0, "menu", ("transactions", "dismantle"))
    t.choose("do:dismantle", "dismantle:w:0", "take:vp")
    assert t.state.step == "keep" and len(t.state.turn.drawn) == 3  # level 3: draw 3, keep 1
    t.choose(t.ids()[0])
    assert sum(t.player(0).held) == 1 and len(t.state.discard) == 2


def test_chimera_dismantling_assistants() -> None:
    t = Table(3, chimera=True).yard(0, "P3", "S2").goods(0).assistants(0, "CAS3", "CAS4", "CAS5")
    t.turn(0, "menu", ("transactions", "dismantle"))
    assert "dismantle:y:S2" in t.ids() if t.state.step == "dismantle" else True
    t.choose("do:dismantle")
    assert "dismantle:y:S2" in t.ids()  # CAS3: special machines too
    t.choose("dismantle:y:P3", "take:wd2")
    assert sum(t.player(0).held) == 2  # one for the broken machine, one more with CAS4
    assert t.player(0).goods[CH] == 3  # CAS5
    t = Table(3, chimera=True).yard(0, "P3").goods(0).assistants(0, "CAS6", "CAS7")
    t.turn(0, "menu", ("transactions", "dismantle"))
    t.choose("do:dismantle", "dismantle:y:P3")
    assert t.ids() == ["take:wd2+cr1"]  # CAS7: the whole repair list
    t.choose("take:wd2+cr1")
    assert t.player(0).goods[VP] == 1  # CAS6


def test_exhausteur_collects_one_fragment_and_reposette_protects() -> None:
    t = Table(3, chimera=True).goods(0, wood=1, crystal=1).yard(0, "A7").workshop(0)
    t.fragments(1, RED, "nightmare").fragments(2, GREEN).workshop(2, "D4")
    t.turn(0, "menu", ("extract", "repair"))
    t.choose("do:repair", "repair:A7", "steal")
    decision = GAME.pending(t.state)[0]
    assert decision.seat == 1 and sorted(c.id for c in decision.choices) == ["submit:nightmare", "submit:romance"]
    t.choose("submit:nightmare")
    assert t.ids() == ["collect:nightmare"]
    t.choose("collect:nightmare")
    assert t.player(0).held[4] == 1 and t.player(1).held[4] == 0 and t.player(2).held[1] == 1


def test_achievette_lays_fragments_in_the_machine_phase() -> None:
    t = Table(3, chimera=True).workshop(0, "S4+S4").fragments(0, RED, GREEN, BLUE, YELLOW).goods(0)
    t.turn(0, "machines")
    t.choose("use:0", "place:romance", "place:glory", "place:escape")
    assert len(t.player(0).dream) == 3 and t.state.step != "place"
    t = Table(3, chimera=True).workshop(0, "S4").fragments(0, RED, GREEN).goods(0)
    t.turn(0, "machines")
    t.choose("use:0", "place:romance")
    assert len(t.player(0).dream) == 1
    t = Table(3, chimera=True).workshop(0, "S4").fragments(0, RED).goods(0)
    t.player(0).locked = t.player(0).stacks[0][0]
    t.turn(0, "machines")
    assert t.state.step != "machines"  # tangled: cannot be used


def test_catch_fragment_assistant() -> None:
    t = Table(3, chimera=True).assistants(0, "CAS1").workshop(0)
    t.state.spot[4] = 0  # seat 2's handyman still reserves space 0
    kind = t.state.belt_fragment[3]
    t.turn(0, "catch")
    t.state.spot[4] = 0
    t.state.cache = None
    assert "catch:0" not in t.ids() and "catch:3" in t.ids()
    t.choose("catch:3")
    assert t.player(0).held[kind] == 1 and t.state.belt_fragment[3] == -1


@pytest.mark.parametrize(
    ("project", "yes", "no"),
    [("PR15", ("S2", "S4"), ("S2", "P1")), ("PR18", ("P1", "T1", "A1", "D1"), ("P2+T1", "A1", "D1"))],
)
def test_machine_projects(project: str, yes: tuple[str, ...], no: tuple[str, ...]) -> None:
    t = Table(2, chimera=True)
    p = next(p for p in t.data.projects if p.id == project)
    t.workshop(0, *yes)
    assert met(t.data, t.player(0), p)
    t.workshop(0, *no)
    assert not met(t.data, t.player(0), p)


def test_goods_and_dream_projects() -> None:
    t = Table(2, chimera=True).goods(0, wood=5, copper=5, crystal=4).dream(0, RED, RED, "nightmare", RED)
    pr16 = next(p for p in t.data.projects if p.id == "PR16")
    pr17 = next(p for p in t.data.projects if p.id == "PR17")
    assert not met(t.data, t.player(0), pr16) and not met(t.data, t.player(0), pr17)
    t.goods(0, wood=5, copper=5, crystal=5).dream(0, GREEN, RED, RED, RED)
    assert met(t.data, t.player(0), pr16) and met(t.data, t.player(0), pr17)


def test_game_ends_when_a_token_reaches_the_end() -> None:
    t = Table(3, chimera=True).workshop(0)
    t.player(1).position = len(t.data.track) - 1
    t.turn(0, "menu", ("recruit", "extract"))
    t.choose("end")
    assert outcome(t.state).reason == "imaginarium.end.dream"  # type: ignore[union-attr]


def test_reset_lays_fragments_only_on_new_machines_and_reshuffles_when_short() -> None:
    t = Table(3, chimera=True).workshop(0)
    t.state.crusher.append(t.state.belt[2])
    t.state.discard.append(t.state.belt_fragment[2])
    t.state.belt[2] = -1
    t.state.belt_fragment[2] = -1
    old = t.state.belt_fragment[:]
    t.state.discard += t.state.pile
    t.state.pile = []  # the pile runs out: the discards are shuffled into a new one
    t.turn(0, "menu", ("recruit", "extract"))
    t.choose("end")
    assert t.state.belt_fragment[2:] == [old[0], old[1], old[3], old[4], old[5]]
    assert t.state.belt_fragment[0] >= 0 and t.state.belt_fragment[1] >= 0
    GAME.check_invariants(t.state)
