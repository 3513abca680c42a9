"""Chimera team play: 4 or 6 players in teams of two sharing a screen, the broken machines and a dream."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.core.errors import BadOptions
from engine.imaginarium import GAME
from engine.imaginarium.cards import CH, VP
from engine.imaginarium.scenario import Scenario
from engine.imaginarium.scoring import add_majorities, outcome
from engine.imaginarium.state import State
from tests.engine.imaginarium.table import Table

TEAMS = {"chimera": True, "teams": True}


def _teams(seats: int = 4) -> Scenario:
    return Scenario(seats, teams=True)


@pytest.mark.parametrize(("seats", "pairs"), [(4, [{1, 4}, {2, 3}]), (6, [{1, 6}, {2, 5}, {3, 4}])])
def test_setup_pairs_the_workshops_and_shares_one_screen(seats: int, pairs: list[set[int]]) -> None:
    state = GAME.new(seats, 3, TEAMS)
    data = state.data
    numbers = [data.workshops[p.workshop].number for p in state.players]
    assert sorted(sorted({numbers[2 * t], numbers[2 * t + 1]}) for t in range(seats // 2)) == sorted(map(sorted, pairs))
    for t in range(seats // 2):
        a, b = state.players[2 * t], state.players[2 * t + 1]
        assert a.goods is b.goods and a.yard is b.yard and a.held is b.held and a.dream is b.dream
        starting = [sum(data.workshops[p.workshop].goods[g] for p in (a, b)) for g in range(4)]
        assert a.goods[:4] == starting
        assert [data.card[u].serial for u in a.yard] == ["P0"]  # one Starteur per team
    assert len(state.box) == 5 - seats // 2
    assert len(state.display) == seats + 4
    GAME.check_invariants(state)
    view = GAME.view(state, 1)
    assert view.screen is not None and GAME.view(state, 0).screen == replace(view.screen, seat=0)
    assert [b.team for b in view.players] == [t // 2 for t in range(seats)]


def test_json_round_trip_keeps_teammates_sharing() -> None:
    state = GAME.new(4, 5, TEAMS)
    again: State = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
    assert again.players[0].goods is again.players[1].goods
    copied = GAME.copy(again)
    assert copied.players[2].yard is copied.players[3].yard and copied.players[2].held is copied.players[3].held
    assert copied.players[2].yard is not again.players[2].yard
    GAME.check_invariants(again)


@pytest.mark.parametrize(
    ("seats", "options"),
    [(6, {"chimera": True}), (4, {"teams": True}), (5, TEAMS), (3, TEAMS), (6, {})],
)
def test_team_play_options_are_checked(seats: int, options: dict[str, bool]) -> None:
    with pytest.raises(BadOptions):
        GAME.new(seats, 1, options)


def test_private_events_reach_both_teammates() -> None:
    t = Table(_teams().goods(0, copper=2).turn(0, "menu", pair=("repair", "transactions")))
    result = t.choose("do:transactions", "sell:cu")
    private = [e for e in result.events if e.to is not None]
    assert private and all(e.to == frozenset({0, 1}) for e in private)


def test_a_team_is_robbed_once_and_a_teammates_defense_protects_it() -> None:
    start = _teams().goods(0, wood=1, copper=1).yard(0, "A1").workshop(0).goods(2, charcoalium=7)
    t = Table(start.turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:A1", "steal")
    assert t.player(2).goods[CH] == 4 and t.player(3).goods[CH] == 4  # one screen, robbed once
    assert t.player(0).goods[CH] == 3
    t = Table(start.workshop(3, "D1"))
    t.choose("do:repair", "repair:A1", "steal")
    assert t.player(2).goods[CH] == 7


def test_tanglette_targets_each_opponent_and_a_patenteur_protects_only_its_owner() -> None:
    start = _teams().goods(0, wood=2, copper=1, crystal=1).yard(0, "A6").workshop(0)
    start.workshop(1, "P1").workshop(2, "P1", "D3").workshop(3, "P2")
    t = Table(start.turn(0, "menu", pair=("extract", "repair")))
    t.choose("do:repair", "repair:A6")
    targets = {i.split(":")[1] for i in t.ids() if i.startswith("tangle")}
    assert targets == {"3"}  # not the teammate (1), not the Patenteur owner (2)


def test_either_teammate_repairs_the_shared_broken_machines() -> None:
    t = Table(_teams().goods(0, wood=2).yard(0, "P1").workshop(1).turn(1, "menu", pair=("extract", "repair")))
    assert t.player(1).yard is t.player(0).yard
    t.choose("do:repair", "repair:P1")
    assert t.serials(1) == ["P1"] and t.player(0).yard == []


def test_teammates_complete_a_project_each_for_the_team() -> None:
    t = Table(_teams().display("PR14").goods(0, charcoalium=15).turn(0, "projects"))
    vp = next(p.vp for p in t.data.projects if p.id == "PR14")
    t.choose("complete:PR14")
    t = Table(Scenario.of(t.state).turn(1, "projects"))
    t.choose("complete:PR14")
    assert t.player(0).goods[VP] == vp + vp - 1 == t.player(1).goods[VP]


def test_teams_win_together_at_25_with_team_majorities() -> None:
    state = _teams().goods(0, vp=24, wood=2).goods(2, vp=24, wood=1).build()
    add_majorities(state)
    assert [p.goods[VP] for p in state.players] == [26, 26, 24, 24]
    t = Table(_teams().goods(0, vp=25).goods(2, vp=24).workshop(0).turn(0, "menu", pair=("recruit", "extract")))
    t.choose("end")
    result = outcome(t.state)
    assert result is not None and result.winners == (0, 1)
    t = Table(_teams().goods(0, vp=24).goods(2, vp=20).workshop(0).turn(0, "menu", pair=("recruit", "extract")))
    t.choose("end")
    assert outcome(t.state) is None  # 24 is not enough in team play


def test_one_dream_token_per_team() -> None:
    t = Table(_teams().fragments(1, "romance", "glory").turn(1, "menu", pair=("recruit", "extract")))
    t.choose("daydream:recruit", "place:romance", "place:glory")
    assert t.player(0).position == t.player(1).position == 2
    assert t.player(0).dream is t.player(1).dream
