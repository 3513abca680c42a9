"""What another choice changes, as Imaginarium's guided tutorial tells it (the game's ``COMPARE``, see
:meth:`engine.core.tutorial.Tutorial.contrast`).

Two positions reached from the same step are weighed by what the learner holds or has committed to:
the machine reserved (its price, whether it combines with one of the learner's, the fragment on it)
or the extractor taken, the machines working, broken, combined or dismantled, the goods behind the
screen (and what the resources would sell for), the assistants, the completed projects, the dream,
and whether the turn is over. Which action pair the dial shows is a means, not an outcome, and is
not weighed. Each difference is an event in the game's catalogue (``imaginarium.lesson.*``) whose
codes the localiser writes as words, so it reads in the learner's language.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.core.contract import Event
from engine.imaginarium import GAME
from engine.imaginarium.cards import CH, CODES, COPPER, CRYSTAL, NIGHTMARE, VP, WOOD
from engine.imaginarium.dream import kind_name
from engine.imaginarium.machines import spaces, valid_stack
from engine.imaginarium.procedures import price
from engine.imaginarium.state import EXTRACTOR, State
from engine.imaginarium.view import ACTIONS

LEARNER = 0
HANDYMAN = LEARNER * 2
"""The learner's handyman among the pieces (``seat * 2``)."""
RESOURCES = (WOOD, COPPER, CRYSTAL)
"""The resources among the goods (charcoalium is the money, VP the score)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """Where the learner's handyman stands in planning, by what it means: a machine's price, whether
    it combines with a machine of the learner's workshop and the fragment on it, or an extractor's
    charcoalium."""

    serial: str = ""
    price: int = 0
    combines: str = ""
    """The serial of the learner's machine it combines with ("" when none does)."""
    fragment: str = ""
    extractor: int = 0
    """The extractor's charcoalium (0: not on an extractor)."""

    def weight(self) -> tuple[int, bool, str, int]:
        """What the lesson weighs of it: two machines alike in price, combination and fragment are
        as good as each other."""
        return self.price, bool(self.combines), self.fragment, self.extractor


def _event(key: str, **params: Any) -> Event:
    return Event(key, params)


def _plan(state: State) -> Plan | None:
    spot = state.spot[HANDYMAN]
    player = state.players[LEARNER]
    if 0 <= spot < len(state.belt) and state.belt[spot] >= 0:
        uid = state.belt[spot]
        own = next(
            (s for s in player.stacks if len(s) == 1 and valid_stack(state.data, [s[0], uid])),
            None,
        )
        fragment = kind_name(state, state.belt_fragment[spot]) if state.belt_fragment else ""
        fragment = "" if state.belt_fragment and state.belt_fragment[spot] < 0 else fragment
        return Plan(
            state.data.card[uid].serial,
            price(state.data, player, spot, uid),
            "" if own is None else state.data.card[own[0]].serial,
            fragment,
        )
    if EXTRACTOR <= spot < EXTRACTOR + len(state.data.extractors):
        return Plan(extractor=state.data.extractors[spot - EXTRACTOR])
    return None


def _planning(taught: State, chosen: State) -> list[Event]:
    a, b = _plan(taught), _plan(chosen)
    if a is None or b is None or a.weight() == b.weight():
        return []
    if a.extractor and b.extractor:
        return [
            _event(
                "imaginarium.lesson.extractor_less"
                if b.extractor < a.extractor
                else "imaginarium.lesson.extractor_more",
                n=abs(b.extractor - a.extractor),
            )
        ]
    if b.extractor:
        return [_event("imaginarium.lesson.extractor_instead", amount=b.extractor, instead=a.serial, price=a.price)]
    if a.extractor:
        return [_event("imaginarium.lesson.machine_instead", machine=b.serial, price=b.price, amount=a.extractor)]
    out = []
    if b.price != a.price:
        more, same = b.price > a.price, a.serial == b.serial  # "same": another copy of the same machine
        if same:
            key = "imaginarium.lesson.price_more_same" if more else "imaginarium.lesson.price_less_same"
        else:
            key = "imaginarium.lesson.price_more" if more else "imaginarium.lesson.price_less"
        out.append(_event(key, machine=b.serial, price=b.price, n=abs(b.price - a.price), instead=a.serial))
    if bool(a.combines) != bool(b.combines):
        out.append(
            _event("imaginarium.lesson.combines", machine=b.serial, onto=b.combines)
            if b.combines
            else _event("imaginarium.lesson.combines_none", machine=b.serial, instead=a.serial, onto=a.combines)
        )
    if a.fragment != b.fragment:
        out.append(
            _event("imaginarium.lesson.fragment", machine=b.serial, fragment=b.fragment)
            if b.fragment
            else _event(
                "imaginarium.lesson.fragment_none", machine=b.serial, instead=a.serial, instead_fragment=a.fragment
            )
        )
    return out


def _serials(state: State, uids: list[int]) -> Counter[str]:
    return Counter(state.data.card[u].serial for u in uids)


def _working(state: State) -> Counter[str]:
    return _serials(state, [u for stack in state.players[LEARNER].stacks for u in stack])


def _combined(state: State) -> Counter[str]:
    """The learner's stacks of two or more machines, as "P1+P1"."""
    return Counter(
        "+".join(state.data.card[u].serial for u in stack) for stack in state.players[LEARNER].stacks if len(stack) > 1
    )


def _machines(taught: State, chosen: State) -> list[Event]:
    """Machines working, broken, combined, dismantled or lost, and the workshop's free spaces."""
    out: list[Event] = []
    lost = _working(taught) - _working(chosen)
    gained = _working(chosen) - _working(taught)
    yard_t, yard_c = _serials(taught, taught.players[LEARNER].yard), _serials(chosen, chosen.players[LEARNER].yard)
    crushed_c = _serials(chosen, chosen.crusher)
    instead = list(zip(sorted(gained.elements()), sorted(lost.elements()), strict=False))
    for machine, was in instead:
        out.append(_event("imaginarium.lesson.repaired_instead", machine=machine, instead=was))
    for machine in sorted((lost - Counter(w for _, w in instead)).elements()):
        key = (
            "imaginarium.lesson.stays_broken"
            if yard_c[machine] > yard_t[machine]
            else "imaginarium.lesson.dismantled"
            if crushed_c[machine]
            else "imaginarium.lesson.lost"
        )
        out.append(_event(key, machine=machine))
    for machine in sorted((gained - Counter(m for m, _ in instead)).elements()):
        out.append(_event("imaginarium.lesson.repaired_too", machine=machine))
    explained = lost + gained
    for machine in sorted((yard_t - yard_c - explained).elements()):
        key = (
            "imaginarium.lesson.crushed"
            if crushed_c[machine] > _serials(taught, taught.crusher)[machine]
            else "imaginarium.lesson.not_bought"
        )
        out.append(_event(key, machine=machine))
    for machine in sorted((yard_c - yard_t - explained).elements()):
        out.append(_event("imaginarium.lesson.kept_broken", machine=machine))
    combined_t, combined_c = _combined(taught), _combined(chosen)
    if combined_t != combined_c:
        now, then = sorted((combined_c - combined_t).elements()), sorted((combined_t - combined_c).elements())
        for machine, before in zip(now, then, strict=False):
            out.append(_event("imaginarium.lesson.combined_instead", machine=machine, instead=before))
        for before in then[len(now) :]:
            out.append(_event("imaginarium.lesson.not_combined", machine=before))
        for machine in now[len(then) :]:
            out.append(_event("imaginarium.lesson.combined_too", machine=machine))
    free_t, free_c = (spaces(s.data, s.players[LEARNER]) - len(s.players[LEARNER].stacks) for s in (taught, chosen))
    if free_t != free_c and not (lost or gained):  # a machine more or less already says it
        out.append(_event("imaginarium.lesson.free_spaces", n=free_c, was=free_t))
    target_t, target_c = taught.flow.turn.target, chosen.flow.turn.target
    if target_c >= 0 and target_c != target_t and not (lost or gained):  # a dismantling still to finish
        working = any(target_c in stack for stack in chosen.players[LEARNER].stacks)
        out.append(
            _event(
                "imaginarium.lesson.target_working" if working else "imaginarium.lesson.target_broken",
                machine=chosen.data.card[target_c].serial,
            )
        )
    return out


def _goods(taught: State, chosen: State) -> list[Event]:
    """Each good the learner ends with more or less of, and what the resources would sell for when
    only their kinds differ (the same count, the same charcoalium and VP)."""
    a, b = taught.players[LEARNER].goods, chosen.players[LEARNER].goods
    out = []
    for good, (x, y) in enumerate(zip(a, b, strict=True)):
        if x != y:
            out.append(
                _event(
                    "imaginarium.lesson.more" if y > x else "imaginarium.lesson.less",
                    goods=f"{CODES[good]}{abs(y - x)}",
                )
            )
    same_count = sum(a[g] for g in RESOURCES) == sum(b[g] for g in RESOURCES) and (a[CH], a[VP]) == (b[CH], b[VP])
    sell = taught.data.sell
    worth_a, worth_b = (sum(g[r] * sell[r] for r in RESOURCES) for g in (a, b))
    if same_count and worth_a != worth_b:
        out.append(
            _event(
                "imaginarium.lesson.worth_less" if worth_b < worth_a else "imaginarium.lesson.worth_more",
                n=abs(worth_b - worth_a),
            )
        )
    return out


def _others(taught: State, chosen: State) -> list[Event]:
    """Assistants recruited, projects completed, the dream and its fragments, nightmares sent."""
    out = []
    data = taught.data
    a, b = taught.players[LEARNER], chosen.players[LEARNER]
    for recruited, was in zip(
        sorted(set(b.assistants) - set(a.assistants)), sorted(set(a.assistants) - set(b.assistants)), strict=False
    ):
        rather = data.assistants[was].id
        out.append(
            _event(
                "imaginarium.lesson.assistant_instead",
                assistant=data.assistants[recruited].id,
                instead_assistant=rather,
            )
        )
    missed = [
        p for p, seats in enumerate(taught.completions) if LEARNER in seats and LEARNER not in chosen.completions[p]
    ]
    out += [_event("imaginarium.lesson.not_completed", project=data.projects[p].id) for p in missed]
    if data.chimera:
        if b.position != a.position:
            key = "imaginarium.lesson.dream_behind" if b.position < a.position else "imaginarium.lesson.dream_ahead"
            out.append(_event(key, n=abs(_steps(taught, b.position) - _steps(taught, a.position))))
        kept: Counter[str] = Counter()
        held: Counter[str] = Counter()
        for kind in range(len(a.held)):
            if b.held[kind] > a.held[kind]:
                kept[kind_name(chosen, kind)] += b.held[kind] - a.held[kind]
            elif b.held[kind] < a.held[kind]:
                held[kind_name(taught, kind)] += a.held[kind] - b.held[kind]
        for fragment, other in zip(sorted(kept.elements()), sorted(held.elements()), strict=False):
            out.append(_event("imaginarium.lesson.fragment_instead", fragment=fragment, instead_fragment=other))
        sent_a, sent_b = _nightmares(taught), _nightmares(chosen)
        if sent_a != sent_b:
            if sent_b and sent_a:
                out.append(_event("imaginarium.lesson.nightmare_instead", seat=sent_b[0], target=sent_a[0]))
            elif sent_a:
                out.append(_event("imaginarium.lesson.no_nightmare", seat=sent_a[0]))
    return out


def _steps(state: State, position: int) -> int:
    """How far along the dream track a position is (its column, as the track is drawn)."""
    column = {0: 0}
    for _ in state.data.track:
        for space in state.data.track:
            for n in space.next:
                column[n] = max(column.get(n, 0), column.get(space.index, 0) + 1)
    return column.get(position, 0)


def _nightmares(state: State) -> list[int]:
    """The opponents whose dream holds a nightmare the learner's dream does not explain: those the
    learner sent one to, by seat."""
    return [p.seat for p in state.players if p.seat != LEARNER and NIGHTMARE in p.dream]


def _turn(before: State, taught: State, chosen: State) -> list[Event]:
    """The action given up to daydream, when it could have been carried out; the learner's turn over
    in ``chosen`` while it goes on in ``taught``; the game's end called in ``taught`` only."""
    out = []
    gave_up = chosen.flow.turn.given_up
    if gave_up >= 0 and gave_up != taught.flow.turn.given_up:
        action = ACTIONS[gave_up]
        usable = _offered(before, f"do:{action}")
        out.append(
            _event("imaginarium.lesson.gives_up_usable" if usable else "imaginarium.lesson.gives_up", action=action)
        )
    if _playing(taught) and not _playing(chosen):
        out.append(_event("imaginarium.lesson.turn_over"))
    if taught.flow.end_reason and not chosen.flow.end_reason:
        out.append(_event("imaginarium.lesson.no_end"))
    return out


def _offered(state: State, choice_id: str) -> bool:
    """Whether the learner may make ``choice_id`` in ``state``."""
    decision = GAME.decision_for(state, LEARNER)
    return decision is not None and decision.get(choice_id) is not None


def _playing(state: State) -> bool:
    return state.flow.phase == "implementation" and state.flow.turn.piece == HANDYMAN


def compare(before: State, taught: State, chosen: State) -> tuple[Event, ...]:
    """What ``chosen`` changes against ``taught`` for the learner, both reached from ``before``
    (nothing: as good)."""
    return tuple(
        [
            *_planning(taught, chosen),
            *_machines(taught, chosen),
            *_goods(taught, chosen),
            *_others(taught, chosen),
            *_turn(before, taught, chosen),
        ]
    )
