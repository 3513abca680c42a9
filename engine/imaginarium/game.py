"""The Imaginarium game definition: the engine contract wired to the step modules.

Each step of a turn is a pair (legal choices, apply) in ``STEPS``; after every applied choice
:func:`engine.imaginarium.flow.proceed` runs the automatic rules until someone must decide again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from engine.core.contract import Choice, Decision, Game, OptionSpec, Outcome, Policy, Transition, View
from engine.core.errors import BadOptions, InvariantBroken
from engine.core.rng import Rng
from engine.core.text import Catalog
from engine.imaginarium import actions, dream, flow, office, planning, turn, workshop
from engine.imaginarium.cards import CODES, GOODS
from engine.imaginarium.invariants import check
from engine.imaginarium.loader import load
from engine.imaginarium.scoring import outcome
from engine.imaginarium.setup import new_state
from engine.imaginarium.state import State, from_json, is_saboteur, piece_seat
from engine.imaginarium.view import ACTIONS, AssistantCard, ImaginariumView, ProjectTile
from engine.imaginarium.view_builder import build, machine_cards
from engine.imaginarium.words import localise

Step = tuple[Callable[[State], list[Choice]], Callable[[State, str, Transition], None]]
STEPS: dict[str, Step] = {
    "plan": (planning.choices, planning.apply),
    "machines": (turn.choices, turn.apply),
    "pay": (turn.pay_choices, turn.pay_apply),
    "deck": (turn.deck_choices, turn.deck_apply),
    "pair": (actions.pair_choices, actions.pair_apply),
    "menu": (actions.menu_choices, actions.menu_apply),
    "recruit": (actions.recruit_choices, actions.recruit_apply),
    "trade": (actions.trade_choices, actions.trade_apply),
    "repair": (workshop.repair_choices, workshop.repair_apply),
    "effect": (workshop.effect_choices, workshop.effect_apply),
    "recycle": (workshop.recycle_choices, workshop.recycle_apply),
    "dismantle": (workshop.dismantle_choices, workshop.dismantle_apply),
    "take": (workshop.take_choices, workshop.take_apply),
    "reorganise": (workshop.reorganise_choices, workshop.reorganise_apply),
    "projects": (office.choices, office.apply),
    "catch": (dream.catch_step_choices, dream.catch_apply),
    "place": (dream.place_choices, dream.place_apply),
    "branch": (dream.branch_choices, dream.branch_apply),
    "nightmare": (dream.nightmare_step_choices, dream.nightmare_apply),
    "keep": (dream.keep_choices, dream.keep_apply),
    "submit": (dream.submit_choices, dream.submit_apply),
    "collect": (dream.collect_choices, dream.collect_apply),
}
Missing = Callable[[State], list[tuple[str, dict[str, object]]]]
MISSING: dict[str, Missing] = {
    "plan": planning.why_missing,
    "machines": turn.why_missing,
    "pair": actions.pair_missing,
    "menu": actions.menu_missing,
    "recruit": actions.recruit_missing,
    "trade": actions.trade_missing,
    "repair": workshop.repair_missing,
    "effect": workshop.effect_missing,
    "dismantle": workshop.dismantle_missing,
    "reorganise": workshop.reorganise_missing,
    "nightmare": dream.nightmare_missing,
}
"""Why an option a player would expect is not offered at a step (``Decision.missing``)."""
GROUPS = (
    *("dream", "belt", "extractors", "machines", "borrow", "pay", "pair", "actions", "recruit", "buy", "sell"),
    *("trade", "repair", "effect", "recycle", "dismantle", "reorganise", "projects", "main"),
)
"""Menu groups in the order a turn meets them; choices are shown group by group."""
GROUP_RANK = {f"imaginarium.group.{name}": rank for rank, name in enumerate(GROUPS)}
CLOSING = frozenset({"next", "end", "done", "finish", "skip", "stop", "wake", "idle"})
"""Ids of the choices that close a step: always last in their group."""
ORDER: tuple[str, ...] = (
    *("position", "number", "space", "first", "second", "action", "assistant", "project", "target", "owner"),
    *("machine", "onto", "good", "fragment", "cost", "gain", "price"),
)
"""Parameters that place a choice among the others of its decision, most significant first."""
PLACE = {name: rank for rank, name in enumerate(ORDER)}
TEAM_PROMPTS = frozenset({"place", "nightmare"})
"""Steps whose prompt speaks of a team's dream in team play."""


@lru_cache(maxsize=4096)
def _rank(value: int | str | None) -> tuple[int, Any]:
    """A sort key for one parameter: numbers by value, goods and actions in the rulebook's order,
    goods lists ("wd1+cu2") by their goods, other words alphabetically."""
    if value is None:
        return (0, 0)
    if isinstance(value, int):
        return (1, value)
    text = str(value)
    for names in (GOODS, ACTIONS):
        if text in names:
            return (1, names.index(text))
    parts = text.split("+") if text else []
    if parts and all(p[:2] in CODES and p[2:].isdigit() for p in parts):
        return (2, tuple((CODES.index(p[:2]), int(p[2:])) for p in parts))
    return (3, text)


def ordered(choices: list[Choice]) -> tuple[Choice, ...]:
    """Choices in a fixed order that depends only on what each choice means (group, then what it acts
    on), never on where a card lies in a list, so a redrawn decision keeps every choice in place."""
    if len(choices) < 2:
        return tuple(choices)
    return tuple(
        sorted(
            choices,
            key=lambda c: (
                GROUP_RANK[c.group],
                c.id in CLOSING,
                sorted((PLACE[name], _rank(value)) for name, value in c.params.items() if name in PLACE),
                c.label,
                c.id,
            ),
        )
    )


class Imaginarium(Game[State]):
    kind = "imaginarium"
    title = "Imaginarium"
    min_seats = 2
    max_seats = 6
    """Six only in the Chimera expansion's team play."""
    catalog = Catalog("engine.imaginarium")
    order = 0
    seat_params = frozenset({"seat", "target", "thief", "owner", "partner"})
    """``partner``: the teammate named beside a seat in team play ("the dream of Ann and Bo")."""
    option_specs = (
        OptionSpec("chimera", "bool", False, "imaginarium.option.chimera"),
        OptionSpec("teams", "bool", False, "imaginarium.option.teams", seats=(4, 6)),
    )

    def _check_option_combination(self, seats: int, options: Mapping[str, Any]) -> None:
        """Team play belongs to the Chimera expansion and is the only way to play with six."""
        if options["teams"] and not options["chimera"]:
            raise BadOptions(
                "Team play comes with the Chimera expansion: set chimera too.",
                key="options.teams_need_chimera",
                option="teams",
            )
        if seats == 6 and not options["teams"]:
            raise BadOptions(
                "Imaginarium is played by six only in teams (Chimera team play).",
                key="options.six_need_teams",
                seats=seats,
            )

    def _setup(self, seats: int, seed: int, options: Mapping[str, Any], rng: Rng, overrides: dict[str, Any]) -> State:
        state = new_state(load(overrides, bool(options["chimera"])), seats, options, rng, overrides)
        flow.proceed(state, Transition())
        return state

    def acting_seat(self, state: State) -> int | None:
        if state.flow.phase == "ended":
            return None
        if state.flow.phase == "planning":
            return piece_seat(state.flow.order[state.flow.placed])
        if state.flow.step == "submit":
            return state.flow.turn.victims[0]  # Chimera: each Exhausteur victim hands in a fragment
        return piece_seat(state.flow.turn.piece)

    def pending(self, state: State) -> tuple[Decision, ...]:
        seat = self.acting_seat(state)
        decisions: tuple[Decision, ...] = ()
        if seat is not None:
            step = state.flow.step
            choices = ordered(STEPS[step][0](state))
            params: dict[str, Any] = {"round": state.flow.round, "owed": state.flow.turn.owed}
            prompt = step
            if step == "plan" and is_saboteur(state.flow.order[state.flow.placed]):
                prompt = "plan_saboteur"
            elif step in TEAM_PROMPTS and state.teams:
                prompt = f"{step}_team"
            elif step == "submit":
                params["thief"] = state.player.seat
            missing = tuple((key, dict(p)) for key, p in MISSING[step](state)) if step in MISSING else ()
            decisions = (Decision(seat, f"imaginarium.prompt.{prompt}", choices, params, missing),)
        return decisions

    def _apply(self, state: State, seat: int, choice: Choice, tx: Transition) -> None:
        STEPS[state.flow.step][1](state, choice.id, tx)
        flow.proceed(state, tx)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def view(self, state: State, seat: int | None) -> ImaginariumView:
        active = tuple(d.seat for d in self.pending(state))
        return build(self.kind, state, seat, active)

    def localise(self, params: dict[str, Any], lang: str) -> dict[str, Any]:
        """Card serials, goods and actions in ``params`` as words."""
        return localise(self.catalog, params, lang)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(data)

    def check_invariants(self, state: State) -> None:
        problem = check(state)
        if problem:
            raise InvariantBroken(
                f"Imaginarium state at version {state.flow.version}: {problem}", version=state.flow.version
            )

    def policies(self) -> Mapping[str, Policy]:
        from engine.imaginarium.policy import GreedyPolicy

        return {"greedy": GreedyPolicy()}

    milestones = frozenset({"imaginarium.event.completed"})

    def measures(self, state: State, public: View, seats: int) -> dict[str, tuple[int, ...]]:
        """Victory points, each from its seat's own view (behind the screens until the end)."""
        points = []
        for seat in range(seats):
            screen = self.view(state, seat).screen
            assert screen is not None  # a seat's own view always holds its screen
            points.append(screen.vp)
        return {"vp": tuple(points)}

    def cards(self, section: str) -> Mapping[str, object]:
        data = load()
        if section == "machine":
            return {card.serial: card for card in machine_cards(data)}
        if section == "assistant":
            return {a.id: AssistantCard(a.id, a.price, f"imaginarium.assistant.{a.id}") for a in data.assistants}
        if section == "project":
            return {p.id: ProjectTile(p.id, p.vp, f"imaginarium.project.{p.id}") for p in data.projects}
        return {}

    def card_names(self, section: str, lang: str) -> Mapping[str, str]:
        """Machines carry their English name; the data gives each its French one."""
        if section != "machine" or lang != "fr":
            return {}
        return {m.serial: m.name_fr for m in load().machines if getattr(m, "name_fr", None)}
