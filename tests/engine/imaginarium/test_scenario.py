"""The public scenario builder: positions in the rulebook's terms, every piece in one place, clear
refusals for what cannot be placed."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import InvariantBroken
from engine.imaginarium import GAME
from engine.imaginarium.scenario import Scenario, ScenarioError
from engine.imaginarium.state import EXTRACTOR, IDLE, OFF


def _serials(state: object, uids: list[int]) -> list[str]:
    return [GAME.copy(state).data.card[u].serial for u in uids]  # type: ignore[arg-type]


def test_a_described_position_is_built_and_checked() -> None:
    start = Scenario(3, seed=4).goods(1, charcoalium=2, crystal=1, vp=7).workshop(1, "P2+T3", "S2")
    start.yard(1, "T1").belt("T3", None, "P5").crusher("A2").deck(top=["S1", "P6"]).meeting("AS01", "AS05")
    start.display("PR01", "PR02").completed("PR02", 0).assistants(1, "AS03").secret(2, "PR10", "PR11")
    state = start.turn(
        1, "menu", pair=("repair", "transactions"), at="reserve:1", later={0: "reserve:2", 2: "idle"}
    ).build()
    p = state.players[1]
    assert p.goods == [2, 0, 0, 1, 7] and p.vp_from[4] == 7
    assert [_serials(state, s) for s in p.stacks] == [["P2", "T3"], ["S2"]]
    assert _serials(state, p.yard) == ["T1"] and _serials(state, state.crusher) == ["A2"]
    assert [None if u < 0 else _serials(state, [u])[0] for u in state.belt[:3]] == ["T3", None, "P5"]
    assert _serials(state, state.deck[-2:]) == ["P6", "S1"]  # S1 is drawn next
    flow = state.flow
    assert (flow.step, flow.queue, state.spot[2], state.spot[0], state.spot[4]) == ("menu", [2, 0, 4], 1, 2, IDLE)
    assert state.flow.track == [] and all(s == OFF for i, s in enumerate(state.spot) if i not in (0, 2, 4))
    GAME.check_invariants(state)


def test_build_leaves_the_scenario_and_of_leaves_the_state_untouched() -> None:
    start = Scenario(2).goods(0, charcoalium=4)
    first = start.build()
    frozen = json.dumps(GAME.to_json(first), sort_keys=True)
    changed = Scenario.of(first).goods(0, charcoalium=9).turn(0, at="extractor:1").build()
    assert json.dumps(GAME.to_json(first), sort_keys=True) == frozen
    assert changed.players[0].goods[0] == 9 and changed.flow.step == "machines"  # extracting comes after
    assert start.build().players[0].goods[0] == 4
    assert changed.spot[0] == EXTRACTOR + 1


@pytest.mark.parametrize(
    ("describe", "message"),
    [
        (lambda s: s.workshop(0, "Z9"), "no machine 'Z9'"),
        (lambda s: s.workshop(0, "S1", "S1"), "Every S1 is already placed"),
        (lambda s: s.goods(0, gold=1), "Goods are"),
        (lambda s: s.assistants(0, "AS99"), "no assistant 'AS99'"),
        (lambda s: s.display("PR99"), "no project 'PR99'"),
        (lambda s: s.fragments(0, "romance"), "only with the Chimera expansion"),
        (lambda s: s.turn(0, "trade"), "A turn can be set at"),
        (lambda s: s.turn(0, "menu"), "needs the action pair"),
        (lambda s: s.turn(0, "machines", pair=("repair", "extract")), "only from the menu on"),
        (lambda s: s.turn(0, at="belt:2").build(), "not a place"),
        (lambda s: s.belt("P2").turn(0, at="reserve:1").build(), "belt space 1"),
        (lambda s: s.belt("P2").turn(0, "pair", at="reserve:0").build(), "already bought"),
        (lambda s: s.turn(0, later={1: "extractor:0", 2: "extractor:0"}).build(), "same place"),
        (lambda s: s.turn(0, at="extractor:1", later={1: "reserve:0"}).build(), "board order"),
        (lambda s: s.turn(7), "Seat 7 does not exist"),
        (lambda s: s.round(0), "Rounds count from 1"),
    ],
)
def test_what_cannot_be_placed_is_refused_in_plain_words(describe: object, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        describe(Scenario(3))  # type: ignore[operator]


def test_an_illegal_position_fails_the_invariant_checks() -> None:
    with pytest.raises(InvariantBroken, match="completion tokens"):
        start = Scenario(2).display("PR01", "PR02", "PR03", "PR04", "PR05", "PR06")
        for project in ("PR01", "PR02", "PR03", "PR04", "PR05", "PR06"):
            start.completed(project, 0)  # six tiles, but the saboteur is one of the six tokens
        start.build()
    with pytest.raises(InvariantBroken, match="stack the rules forbid"):
        Scenario(2).workshop(0, "P1+P2").build()


def test_chimera_pieces_and_team_play() -> None:
    start = Scenario(4, teams=True).fragments(0, "romance", "nightmare").dream(1, "glory", "glory")
    state = start.token(3, "5a", "2").belt_fragments("escape").fragment_pile(top=["festivities"]).build()
    assert state.players[1].held == [1, 0, 0, 0, 1]  # one screen per team
    assert state.players[0].dream == [1, 1] and state.players[2].position == state.players[3].position
    assert state.data.track[state.players[2].position].id == "5a" and state.players[3].visited
    assert state.belt_fragment[0] == 2 and state.pile[-1] == 3
    GAME.check_invariants(state)
