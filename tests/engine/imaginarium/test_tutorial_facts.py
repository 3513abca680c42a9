"""Every number Imaginarium's tutorial states is its position's: each step's ``look``, ``do``,
``done`` and ``why`` in English and in French give exactly the numbers computed here from the
step's position (``before``) and what its taught choice leads to (``after``) - the learner's goods,
prices on the belt, what machines make, cost to repair and give when dismantled, the market's prices,
projects' VP - so a changed scenario or card that makes a lesson untrue fails here instead of being
taught. The names a step gives are checked against its position by ``tests/engine/test_tutorials.py``."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from engine.core.tutorial import LEARNER, tutorial_of
from engine.imaginarium import GAME
from engine.imaginarium.cards import COPPER, WOOD
from engine.imaginarium.state import State
from engine.imaginarium.tutorial import SCENARIOS
from engine.imaginarium.view import ImaginariumView, MachineCard

TUTORIAL = tutorial_of(GAME)
assert TUTORIAL is not None
FIELDS = ("look", "do", "done", "why")
"""The words that speak of the position; ``rule`` quotes the rulebook's general numbers."""


def _view(state: State) -> ImaginariumView:
    return GAME.view(state, LEARNER)


def _goods(state: State, good: str) -> int:
    screen = _view(state).screen
    assert screen is not None
    return int(getattr(screen, good))


def _card(serial: str) -> MachineCard:
    return next(
        card for card in GAME.cards("machine").values() if isinstance(card, MachineCard) and card.serial == serial
    )


def _makes(serial: str, stack: int) -> int:
    """What ``stack`` combined machines ``serial`` produce."""
    return next(sum(a.count for a in line.outputs) for line in _card(serial).effect if line.stack == stack)


def _repair(serial: str) -> set[int]:
    return {a.count for a in _card(serial).repair}


def _reserved_price(state: State) -> int:
    return next(slot.price for slot in _view(state).belt if slot.reserved_by == LEARNER and slot.price is not None)


def _project(state: State, pid: str) -> int:
    return next(p.vp for p in _view(state).projects if p.id == pid)


def _pay(before: State, after: State) -> set[int]:
    """Paying the reserved Charcoalette (belt space 2) with resources: its price, the charcoalium
    already paid and left, the resources owed before and after the taught payment, the goods held,
    and what wood and copper sell for."""
    price = _card("P1").level + before.data.base_costs[1]
    owed = before.flow.turn.owed
    return {
        price,
        price - owed // 2,  # 2 resources stand for each charcoalium missing
        _goods(before, "charcoalium"),
        _goods(before, "wood"),
        _goods(before, "copper"),
        owed,
        owed - after.flow.turn.owed,
        after.flow.turn.owed,
        before.data.sell[WOOD],
        before.data.sell[COPPER],
    }


CLAIMS: dict[str, Callable[[State, State], set[int]]] = {
    "plan_belt": lambda before, after: {_reserved_price(after)},
    "plan_extractor": lambda before, after: {e.amount for e in _view(before).extractors},
    "use_machines": lambda before, after: {_goods(before, "charcoalium"), _reserved_price(before), _makes("P1", 2)},
    "pay_shortfall": _pay,
    "choose_pair": lambda before, after: {_goods(before, "wood"), _goods(before, "copper")},
    "repair_action": lambda before, after: {_goods(before, "wood"), _goods(before, "copper")},
    "repair_pick": lambda before, after: _repair("P1") | _repair("P2") | {_makes("P1", 2), 2 * _makes("P1", 1)},
    "repair_effect": lambda before, after: {_makes("P1", 1)},
    "combine": lambda before, after: {_makes("P1", 2), 2 * _makes("P1", 1)},
    "dismantle_broken": lambda before, after: {_card("P5").level},
    "dismantle_repaired": lambda before, after: {_card("P2").level, before.data.vp_price},
    "trade_sell": lambda before, after: {
        _goods(before, "charcoalium"),
        _goods(before, "copper"),
        before.data.sell[COPPER],
        _goods(after, "charcoalium"),
        after.data.transactions - after.flow.turn.trades,
    },
    "trade_buy_vp": lambda before, after: {
        _goods(before, "charcoalium"),
        _goods(before, "vp"),
        _goods(after, "vp"),
        _goods(after, "vp") - _goods(before, "vp"),
        before.data.vp_price,
    },
    "recruit": lambda before, after: {next(a.price for a in _view(before).meeting_room if a.id == "AS03")},
    "assistant_at_work": lambda before, after: set(),
    "complete_project": lambda before, after: {_project(before, "PR06")},
    "project_second": lambda before, after: {_project(before, "PR06") - 1, _project(before, "PR06")},
    "reach_twenty": lambda before, after: {
        _goods(before, "vp"),
        _goods(before, "charcoalium"),
        _project(before, "PR14"),
        _goods(before, "vp") + _project(before, "PR14"),
        before.data.majority_bonus,
        before.data.target_vp,
    },
    "fragment_plan": lambda before, after: {_goods(before, "charcoalium"), _reserved_price(after)},
    "daydream": lambda before, after: {len(_view(before).screen.fragments), _goods(before, "copper")},  # type: ignore[union-attr]
    "dream_place": lambda before, after: {2, 1},  # a fragment after one of its colour, one after another
    "nightmare": lambda before, after: set(),
    "keep_fragment": lambda before, after: {2, 1},
}
"""Per step, the numbers its words give, each read from the position, the cards or the rules."""


def _stated(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


@pytest.mark.parametrize("step", [s.id for s in TUTORIAL.run()])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_number_a_step_states_is_its_positions(step: str, lang: str) -> None:
    before = SCENARIOS[TUTORIAL.step(step).scenario]()
    after = GAME.apply(before, LEARNER, TUTORIAL.step(step).choice).state
    words = TUTORIAL.texts(lang).steps[step]
    stated = set().union(*(_stated(getattr(words, field)) for field in FIELDS))
    assert stated == CLAIMS[step](before, after), (step, lang)


def test_a_dream_fragment_moves_as_the_steps_say() -> None:
    """The dream steps' 2 and 1: a fragment after one of its colour moves 2 spaces, after another 1."""
    before = SCENARIOS["dream_place"]()
    said = {
        fragment: " ".join(GAME.text(e.key, e.params) for e in GAME.apply(before, LEARNER, f"place:{fragment}").events)
        for fragment in ("romance", "glory")
    }
    assert "moves 2 spaces" in said["romance"] and "moves 1 space" in said["glory"]
