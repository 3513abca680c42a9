"""Choices that explain themselves on built positions: what a placement gives, which wheel exit is
the bonus slot, alike choices merged, why an expected option is missing, and the second click
asked before giving something up."""

from __future__ import annotations

from engine.botfactory import GAME
from engine.botfactory.state import State
from engine.core.contract import Choice
from tests.engine.botfactory.helpers import Scenario, ids, pick, play


def _choices(state: State, verb: str) -> list[Choice]:
    return [c for c in GAME.pending(state)[0].choices if c.id.split(":")[0] == verb]


def _missing(state: State, lang: str = "en") -> list[str]:
    decision = GAME.pending(state)[0]
    return [GAME.text(key, params, lang) for key, params in decision.missing]


def _described(choice: Choice, lang: str = "en") -> tuple[str, str]:
    return GAME.text(choice.label, choice.params, lang), GAME.text(choice.description, choice.params, lang)


def test_a_placement_says_what_it_gives() -> None:
    scenario = Scenario(3).hand(0, tokens=1, parts=["red head", "blue legs", "green torso"], projects=["blue"])
    state = scenario.column("blue", "blue head", "blue torso").worker(0, "AS3").sandra("PR1").acting(0).build()
    state = play(state, "pay")
    texts = dict(_described(c) for c in _choices(state, "place"))
    assert texts["Place the red head in the red column"] == "Starts the red robot: gain 2 tokens"
    assert texts["Place the blue legs in the blue column"] == "Completes a blue robot on your blue project"
    assert texts["Place the green torso in the green column"].endswith("icon: 1 token for a top part")
    french = dict(_described(c, "fr") for c in _choices(state, "place"))
    assert french["Placer les jambes bleues dans la colonne bleue"] == "Termine un robot bleu sur votre projet bleu"


def test_wheel_exits_say_which_is_the_bonus_slot_and_alike_exits_merge() -> None:
    base = Scenario(3).worker(0, "PP3").sandra("PR1")
    state = base.wheel({4: "red legs", 5: "blue head"}).acting(0).build()
    texts = {c.id: _described(c) for c in _choices(state, "dispense")}
    assert texts["dispense:4"][0] == "Dispense the red legs (right exit)"
    assert texts["dispense:5"][0] == "Dispense the blue head (left exit)"
    assert {texts["dispense:4"][1], texts["dispense:5"][1]} == {
        "1 credit (5 left); bonus slot: then 1 token to place a part",
        "1 credit (5 left); a plain slot, no bonus",
    }
    alike = base.wheel({4: "red legs", 5: "red legs"}, quarter_turns=1).acting(0).build()
    assert ids(alike).count("dispense:4") == 1 and "dispense:5" not in ids(alike), "two plain slots, one choice"
    bonus = base.wheel({4: "red legs", 5: "red legs"}, quarter_turns=0).acting(0).build()
    assert "dispense:4" in ids(bonus) and "dispense:5" in ids(bonus), "a bonus slot and a plain one differ"


def test_identical_spares_and_twin_swaps_are_not_offered_twice() -> None:
    scenario = Scenario(3).hand(0, tokens=2, parts=["red head", "yellow torso"]).spares("yellow torso", "yellow torso")
    state = scenario.worker(0, "AS1").sandra("PR1").acting(0).build()
    swaps = [_described(c)[0] for c in _choices(state, "swap")]
    assert swaps == ["Swap your red head for the spare yellow torso"]


def test_missing_placements_say_why() -> None:
    scenario = Scenario(3).hand(0, tokens=0, parts=["red head", "blue legs", "universal torso"], projects=[])
    scenario = scenario.column("red", "red head", "red torso").column("blue", "blue head", "blue torso")
    scenario = scenario.column("yellow", "yellow torso").column("green", "green torso")
    state = scenario.worker(0, "AS1").sandra("PR1").acting(0).build()
    lines = _missing(state)
    assert "The red head cannot go in: that space of the red column is taken" in lines
    assert "The blue legs would finish a blue robot: you need a blue project" in lines
    assert "Swapping with a spare part costs 1 speech token: you have none" in lines
    assert any(line.startswith("No room for the universal torso") for line in lines)
    assert "Impossible de placer la tête rouge\u00a0: la place est prise dans la colonne rouge" in _missing(state, "fr")


def test_moves_say_which_boards_are_closed() -> None:
    state = Scenario(2).worker(0, "AS1").worker(1, "PP1").sandra("FI1").moving(0).build()
    assert _missing(state) == [
        "You cannot go to the assembly board: your worker must change board",
        "You cannot go to the finance board: Sandra is there (2-player rule)",
    ]


def test_ending_the_turn_asks_while_the_main_action_has_a_step() -> None:
    scenario = Scenario(3).hand(0, tokens=2, parts=["red head"]).worker(0, "AS1").sandra("PR1")
    state = scenario.acting(0).build()
    end = GAME.pending(state)[0].get("end")
    assert end is not None and GAME.text(end.confirm, end.params) == "End your turn? You can still place a part."
    state = pick(state, "place", part="red head", column="red")
    end = GAME.pending(state)[0].get("end")
    assert end is not None and end.confirm == "", "nothing of the main action is left"


def test_passing_sandras_toll_asks_only_when_it_could_be_paid() -> None:
    state = Scenario(3).hand(0, tokens=1).worker(0, "FI1").acting(0).build()
    passing = GAME.pending(state)[0].get("toll:pass")
    assert passing is not None and passing.confirm == "botfactory.confirm.toll_pass"
    broke = Scenario(3).hand(0, tokens=0).worker(0, "FI1").acting(0).build()
    passing = GAME.pending(broke)[0].get("toll:pass")
    assert passing is not None and passing.confirm == ""
    assert _missing(broke) == ["Paying Sandra takes 1 speech token: you have none"]


def test_a_contract_says_what_it_needs_and_pays() -> None:
    scenario = Scenario(3).hand(0, tokens=4).contract(2, 0, "C07").worker(0, "FI3").sandra("PR1")
    state = scenario.acting(0).build()
    reserve = next(c for c in _choices(state, "reserve") if c.params["contract"] == "C07")
    assert _described(reserve) == (
        "Reserve the red + green contract",
        "1 token; needs a red robot and a green robot; fulfilled: +5 VP, else −4 VP",
    )
    assert _described(reserve, "fr")[1] == (
        "1 jeton\u00a0; demande un robot rouge et un robot vert\u00a0; rempli\u00a0: +5 PV, sinon −4 PV"
    )
