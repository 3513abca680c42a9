"""The positions of Imaginarium's guided tutorial (``tutorial/steps.toml`` names them; see
:mod:`engine.core.tutorial`).

Each is a three-seat table built with the public :class:`Scenario` from seed 0, the learner at seat 0;
a position inside an action (the repair list, the take step) is reached by playing the choices that
lead there, as a player would. The belts, meeting rooms and design offices are written out rather
than left to the seed, so a lesson's words never depend on a shuffle.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.imaginarium import GAME, lesson
from engine.imaginarium.scenario import Scenario
from engine.imaginarium.state import State

BELT = ("P6", "T3", "P3", "T4", "P4", "P1", "P2")
"""The belt of the planning lessons, from the deck side: dear machines near the deck, cheap ones far."""


def _played(state: State, *choices: str) -> State:
    """``state`` after the learner's ``choices``, through the checked API."""
    for choice in choices:
        state = GAME.apply(state, 0, choice).state
    return state


def plan_belt() -> State:
    return Scenario(3).goods(0, charcoalium=3, wood=1, copper=1).belt(*BELT).build()


def plan_extractor() -> State:
    return Scenario(3).goods(0).workshop(0).belt(*BELT).build()


def use_machines() -> State:
    start = Scenario(3).goods(0, charcoalium=1).workshop(0, "P1+P1", "P2").belt("P1", "P1")
    return start.turn(0, "machines", at="reserve:1").build()


def pay_shortfall() -> State:
    start = Scenario(3).goods(0, charcoalium=2, wood=5, copper=2).workshop(0).belt("P1", "P1")
    return start.turn(0, "machines", at="reserve:1").build()


def choose_pair() -> State:
    start = Scenario(3).goods(0, charcoalium=2, wood=2, copper=1).workshop(0, "P1").yard(0, "P2")
    return start.turn(0, "pair").build()


def _repair_turn(*assistants: str) -> State:
    start = Scenario(3).goods(0, charcoalium=2, wood=4, copper=1).workshop(0, "P1").yard(0, "P1", "P2")
    start.assistants(0, *assistants)
    return start.turn(0, "menu", pair=("repair", "transactions")).build()


def repair_action() -> State:
    return _repair_turn()


def repair_pick() -> State:
    return _played(_repair_turn(), "do:repair")


def repair_effect() -> State:
    return _played(_repair_turn(), "do:repair", "repair:P1")


def combine() -> State:
    start = Scenario(3).goods(0, charcoalium=2).workshop(0, "P1", "P1", "P2", "T1").yard(0, "P3")
    return _played(start.turn(0, "menu", pair=("dismantle", "reorganise")).build(), "do:reorganise")


def _dismantle_turn() -> State:
    start = Scenario(3).goods(0, charcoalium=2).workshop(0, "P1", "P2").yard(0, "P5")
    return _played(start.turn(0, "menu", pair=("transactions", "dismantle")).build(), "do:dismantle")


def dismantle_broken() -> State:
    return _dismantle_turn()


def dismantle_repaired() -> State:
    return _played(_dismantle_turn(), "dismantle:w:1")


def _trade_turn(**goods: int) -> State:
    start = Scenario(3).goods(0, **goods).workshop(0, "P1")
    return _played(start.turn(0, "menu", pair=("transactions", "dismantle")).build(), "do:transactions")


def trade_sell() -> State:
    return _trade_turn(charcoalium=1, copper=2)


def trade_buy_vp() -> State:
    return _trade_turn(charcoalium=5, vp=3)


def recruit() -> State:
    start = Scenario(3).goods(0, charcoalium=6).workshop(0, "P1").meeting("AS03", "AS13", "AS01")
    return _played(start.turn(0, "menu", pair=("recruit", "extract")).build(), "do:recruit")


def assistant_at_work() -> State:
    return _played(_repair_turn("AS03"), "do:repair", "repair:P1", "skip")


def _projects_turn(vp: int, charcoalium: int, *completed: int) -> State:
    start = Scenario(3).goods(0, charcoalium=charcoalium, vp=vp).workshop(0, "P1+P1+P1", "P2")
    start.display("PR06", "PR14", "PR01").completed("PR06", *completed)
    return start.turn(0, "projects", pair=("repair", "transactions")).build()


def complete_project() -> State:
    return _projects_turn(3, 3)


def project_second() -> State:
    return _projects_turn(3, 3, 1)


def reach_twenty() -> State:
    return _projects_turn(17, 15, 0)


def _chimera() -> Scenario:
    return Scenario(3, chimera=True)


def fragment_plan() -> State:
    start = _chimera().goods(0, charcoalium=4).belt("P1", "P2", "P3", "P1", "P2")
    return start.belt_fragments("glory", "romance", None, "escape", "nightmare").build()


def _dream_turn() -> Scenario:
    start = _chimera().goods(0, charcoalium=2, copper=1).workshop(0, "P1").fragments(0, "romance", "glory", "nightmare")
    return start.dream(0, "romance").turn(0, "menu", pair=("repair", "transactions"))


def daydream() -> State:
    return _dream_turn().build()


def dream_place() -> State:
    return _played(_dream_turn().build(), "daydream:repair")


def nightmare() -> State:
    return _played(_dream_turn().build(), "daydream:repair", "place:romance", "stop")


def keep_fragment() -> State:
    start = _chimera().goods(0, charcoalium=2).workshop(0, "P1", "P3").fragment_pile(top=["glory", "romance"])
    start.dream(0, "glory")
    state = start.turn(0, "menu", pair=("transactions", "dismantle")).build()
    return _played(state, "do:dismantle", "dismantle:w:1", "take:vp")


SCENARIOS: dict[str, Callable[[], State]] = {
    builder.__name__: builder
    for builder in (
        plan_belt,
        plan_extractor,
        use_machines,
        pay_shortfall,
        choose_pair,
        repair_action,
        repair_pick,
        repair_effect,
        combine,
        dismantle_broken,
        dismantle_repaired,
        trade_sell,
        trade_buy_vp,
        recruit,
        assistant_at_work,
        complete_project,
        project_second,
        reach_twenty,
        fragment_plan,
        daydream,
        dream_place,
        nightmare,
        keep_fragment,
    )
}

COMPARE = lesson.compare
"""What another choice changes against the taught one (see :mod:`engine.imaginarium.lesson`)."""
