"""The positions of Bot Factory's tutorial, one per step (``tutorial/steps.toml`` says which choice
each step teaches; ``tutorial/<lang>.toml`` holds the texts).

Each chapter is one short game told from seat 0, the learner, with a fixed seed: a step either
continues the previous position with the choice it taught, or, across rounds, rebuilds the table
with :class:`~engine.botfactory.scenario.Scenario` as the story left it (what the other seats,
Sandra and Vilela did in between is set down, not played). The other seat of the basics chapter is
an AI opponent; the solo chapter is the Inspection variant with task tile A.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.botfactory import GAME, lesson
from engine.botfactory.scenario import Scenario, choice
from engine.botfactory.state import State

SEED = 1
"""Every position starts from the same set-up, so a step's choice ids never change."""


def _then(state: State, verb: str, **params: object) -> State:
    """The position after the learner's legal choice ``verb`` with these readable parameters."""
    return GAME.apply(state, 0, choice(state, verb, **params), state.flow.version).state


# -- basics: two seats ---------------------------------------------------------------------------------


def _basics() -> Scenario:
    """Set-up: the learner holds a blue project, the opponent a red one; the opponent took the
    red legs as its starting part."""
    return Scenario(2, SEED).hand(0, projects=["blue"]).hand(1, projects=["red"])


def take_part() -> State:
    """Set-up step 8: the learner takes a starting part; the blue head lies on top of its pile."""
    return _basics().pile("blue", top=["blue head"]).starting(0).build()


def _round1() -> Scenario:
    """Round 1: the wheel as set-up filled it, the blue torso at the right exit (a bonus slot)."""
    return (
        _basics()
        .hand(0, parts=["blue head"])
        .wheel({4: "blue torso", 5: "green legs"}, quarter_turns=0)
        .pile("blue", top=["blue legs"])
    )


def place_worker() -> State:
    return _round1().moving(0, round=1).build()


def wheel_exit() -> State:
    """Round 1, actions: the learner on PP3 acts first; the opponent placed on PR1."""
    return _round1().worker(0, "PP3").worker(1, "PR1").acting(0, round=1).build()


def wheel_bonus() -> State:
    return _then(wheel_exit(), "dispense", side="right")


def icon_bonus() -> State:
    return _then(wheel_bonus(), "place", part="blue torso", column="blue")


def rotate() -> State:
    return _then(icon_bonus(), "icon", colour="blue")


def refill() -> State:
    """Two quarter turns later the slot emptied at the right exit reaches the top-left entry."""
    state = _then(rotate(), "rotate")
    return _then(state, "rotate")


def _round2() -> Scenario:
    """After round 1: the blue torso on the assembly board, the blue head and legs in hand, the
    wheel turned twice."""
    return (
        _basics()
        .hand(0, tokens=1, parts=["blue head", "blue legs"])
        .column("blue", "blue torso")
        .wheel(quarter_turns=2)
    )


def move_worker() -> State:
    """Round 2, moving: the learner leaves PP3 first; Sandra still stands on the finance board."""
    return _round2().worker(0, "PP3").worker(1, "PR1").moving(0, round=2).build()


def sandra_toll() -> State:
    """Round 2, actions: Sandra, who followed onto AS1, has acted; the learner on AS2, the opponent on PP2."""
    return _round2().worker(0, "AS2").sandra("AS1").worker(1, "PP2").acting(0, round=2).build()


def place_part() -> State:
    return _then(sandra_toll(), "toll")


def build_robot() -> State:
    return _then(place_part(), "place", part="blue head", column="blue")


def take_project() -> State:
    """Round 3, actions: the blue robot built, its value down to 5 at maintenance; Sandra on PP1
    has refilled the wheel; the learner on PR2 and a blue project at the display's bottom right."""
    return (
        _basics()
        .hand(0, tokens=2, parts=[], projects=[], robots=["blue"])
        .values(blue=5)
        .display(right=["blue"])
        .worker(0, "PR2")
        .sandra("PP1")
        .worker(1, "FI1")
        .acting(0, round=3)
        .build()
    )


def _round4() -> Scenario:
    """After round 3: a blue robot, a blue project, 3 tokens; a contract needing a blue robot at the
    bottom left of the grid."""
    return (
        _basics().hand(0, tokens=3, parts=[], projects=["blue"], robots=["blue"]).values(blue=5).contract(2, 0, "C03")
    )


def move_finance() -> State:
    """Round 4, moving: Sandra moved first, from PP1 to PR1."""
    return _round4().worker(0, "PR2").sandra("PR1").worker(1, "FI1").moving(0, round=4).build()


def raise_value() -> State:
    """Round 4, actions: the opponent (AS1) and Sandra (PR1) have acted; the learner on FI2 is last."""
    return _round4().worker(0, "FI2").sandra("PR1").worker(1, "AS1").acting(0, round=4).build()


def reserve() -> State:
    return _then(raise_value(), "raise", colour="blue")


# -- solo: Inspection, task A --------------------------------------------------------------------------


def _solo() -> Scenario:
    return Scenario(1, SEED, task="A")


def solo_start() -> State:
    """Round 1: Vilela on FI1 and Sandra on FI3 close the finance board."""
    return _solo().hand(0, projects=["blue"], parts=["blue head"]).moving(0, round=1).build()


def vilela_projects() -> State:
    """Round 5: one blue robot built, a second on its way; Vilela, showing the projects board and
    blue, stands on PR2 to act right after the learner on PR1; two blue projects are displayed."""
    return (
        _solo()
        .hand(0, tokens=3, parts=["blue legs"], projects=["blue"], robots=["blue"])
        .column("blue", "blue head")
        .display(left=["red", "blue", "yellow"], right=["green", "blue", "red"])
        .worker(0, "PR1")
        .vilela("PR2", action="projects", robot="blue")
        .sandra("AS1")
        .acting(0, round=5)
        .build()
    )


def _round6() -> Scenario:
    """Round 6: two blue robots, a third blue project; three unreserved contracts on the bottom row."""
    return (
        _solo()
        .hand(0, tokens=3, parts=[], projects=["blue"], robots=["blue", "blue"])
        .contract(2, 0, "C03")
        .contract(2, 1, "C01")
        .contract(2, 2, "C05")
        .worker(0, "FI3")
        .sandra("AS1")
    )


def inspection() -> State:
    """Vilela on FI1 (green) acts before the learner on FI3: he lowers green and reveals the
    inspection tile of the bottom row."""
    return (
        _round6()
        .vilela("FI1", action="finance", robot="green")
        .vilela_next(inspections=["I3"])
        .acting("vilela", round=6)
        .build()
    )


def protect_contract() -> State:
    state = _then(inspection(), "vremove", contract="C01")
    return _then(state, "vremove", contract="C05")


def vilela_wheel() -> State:
    """Round 7: the learner on PP1, Vilela showing the part production board and blue on PP2."""
    return (
        _solo()
        .hand(0, tokens=2, parts=[], projects=["blue"], robots=["blue", "blue"])
        .contract(2, 0, "C03", reserved_by=[0])
        .column("blue", "blue head", "blue torso")
        .wheel({4: "blue legs", 5: "red head", 2: "blue head"}, quarter_turns=1)
        .worker(0, "PP1")
        .vilela("PP2", action="parts", robot="blue")
        .sandra("PR1")
        .acting(0, round=7)
        .build()
    )


def third_robot() -> State:
    """Round 8: the learner on AS2 with the blue legs; Sandra (PP1) and Vilela (PR2) act after."""
    return (
        _solo()
        .hand(0, tokens=3, parts=["blue legs"], projects=["blue"], robots=["blue", "blue"])
        .contract(2, 0, "C03", reserved_by=[0])
        .column("blue", "blue head", "blue torso")
        .values(blue=10)
        .worker(0, "AS2")
        .sandra("PP1")
        .vilela("PR2", action="projects", robot="green")
        .acting(0, round=8)
        .build()
    )


def promoted() -> State:
    return _then(third_robot(), "place", part="blue legs", column="blue")


SCENARIOS: dict[str, Callable[[], State]] = {
    "take_part": take_part,
    "place_worker": place_worker,
    "wheel_exit": wheel_exit,
    "wheel_bonus": wheel_bonus,
    "icon_bonus": icon_bonus,
    "rotate": rotate,
    "refill": refill,
    "move_worker": move_worker,
    "sandra_toll": sandra_toll,
    "place_part": place_part,
    "build_robot": build_robot,
    "take_project": take_project,
    "move_finance": move_finance,
    "raise_value": raise_value,
    "reserve": reserve,
    "solo_start": solo_start,
    "vilela_projects": vilela_projects,
    "inspection": inspection,
    "protect_contract": protect_contract,
    "vilela_wheel": vilela_wheel,
    "third_robot": third_robot,
    "promoted": promoted,
}
"""Each step's position, by the step's scenario key."""

COMPARE = lesson.compare
"""What another choice changes against the taught one (see :mod:`engine.botfactory.lesson`)."""
