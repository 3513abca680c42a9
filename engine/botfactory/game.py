"""The Bot Factory game definition: options, the decision gate, outcome, views and persistence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.botfactory import flow, invariants, missing, production, prompts, scoring, turn, view_builder, words
from engine.botfactory.policy import SHARP_MOVES, GoalPolicy, GreedyPolicy
from engine.botfactory.setup import new_state
from engine.botfactory.state import State, from_json
from engine.botfactory.view import BOARDS, BotFactoryView
from engine.core.contract import Choice, Decision, Game, OptionSpec, Outcome, Policy, Transition, View
from engine.core.rng import Rng
from engine.core.text import Catalog

TASKS = ("random", "A", "B", "C", "D")


class BotFactoryGame(Game[State]):
    """Bot Factory for 1-4 seats; one seat plays the solo variant Inspection."""

    kind = "botfactory"
    title = "Bot Factory"
    min_seats = 1
    max_seats = 4
    option_specs = (
        OptionSpec("variant", "choice", 0, "botfactory.option.variant", choices=(0, 1, 2)),
        OptionSpec("task", "choice", "random", "botfactory.option.task", choices=TASKS, seats=(1,)),
    )
    catalog = Catalog("engine.botfactory")
    order = 1

    def _setup(self, seats: int, seed: int, options: Mapping[str, Any], rng: Rng, overrides: dict[str, Any]) -> State:
        state = new_state(seats, options, rng, overrides)
        flow.run(state, Transition())
        return state

    def pending(self, state: State) -> tuple[Decision, ...]:
        if state.flow.phase == "over":
            return ()
        params: dict[str, Any] = {"round": state.flow.round}
        lines: list[missing.Line] = []
        if state.flow.stack:
            entry = state.flow.stack[-1]
            seat, choices = prompts.seat_of(state), prompts.choices(state, entry)
            prompt, extra = prompts.prompt(state, entry)
            params |= extra
            if entry[0] == "place":
                lines = missing.unplaceable(state, seat)
        elif state.flow.phase == "start":
            seat, prompt = state.flow.order[state.flow.cursor], "botfactory.prompt.start"
            choices = flow.start_choices(state)
        elif state.flow.phase == "move":
            seat = state.flow.order[state.flow.cursor]
            prompt = "botfactory.prompt.place_worker" if state.flow.round == 1 else "botfactory.prompt.move"
            choices = flow.move_choices(state, seat)
            lines = missing.for_move(state, seat)
        else:
            assert state.flow.turn is not None
            seat = state.flow.turn.seat
            params |= {**state.rules.space_words(state.flow.turn.space), "board": BOARDS[state.flow.turn.board]}
            params["n"] = state.flow.turn.left
            prompt = "botfactory.prompt.toll" if state.flow.turn.toll else "botfactory.prompt.turn"
            choices = turn.choices(state)
            lines = missing.for_turn(state)
        return (Decision(seat, prompt, tuple(choices), params, tuple(lines)),)

    def _apply(self, state: State, seat: int, choice: Choice, tx: Transition) -> None:
        verb, *args = choice.id.split(":")
        if state.flow.stack:
            prompts.apply(state, verb, args, tx)
        elif state.flow.phase == "start":
            flow.apply_start(state, int(args[0]), tx)
        elif state.flow.phase == "move":
            flow.apply_move(state, verb, args, tx)
        elif verb == "pt":
            if production.apply(state, args, tx):
                turn.open_main(state, tx)
        else:
            turn.apply(state, verb, args, tx)
        flow.run(state, tx)

    def outcome(self, state: State) -> Outcome | None:
        if state.flow.phase != "over":
            return None
        scores = [scoring.score(state, s) for s in range(state.seats)]
        totals = tuple(s.total for s in scores)
        if state.solo is not None:
            # Rulebook: a task not achieved loses ("you're fired"), whatever the score, which then
            # does not count. The one sentence says it all, so there are no further reasons.
            met = scores[0].task_met
            key, params = scoring.solo_end(state, totals[0], met)
            if not met:
                return Outcome((), totals, key, {**params, "reasons": [], "uncounted": [0]})
            details = {**params, "report": scoring.report(state, totals[0]), "reasons": []}
            return Outcome((0,), totals, key, details)
        reasons = [list(line) for line in scoring.winner_reasons(scores)]
        return Outcome(
            scoring.winners(scores), totals, "botfactory.end.scored", {"round": state.flow.round, "reasons": reasons}
        )

    def localise(self, params: dict[str, Any], lang: str) -> dict[str, Any]:
        """Colours, parts, boards and contract needs in ``params`` as words."""
        return words.localise(self.catalog, params, lang)

    def view(self, state: State, seat: int | None) -> BotFactoryView:
        decisions = self.pending(state)
        prompt = decisions[0].prompt if decisions else ""
        return view_builder.build(state, seat, self.kind, tuple(d.seat for d in decisions), prompt)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(data)

    def check_invariants(self, state: State) -> None:
        invariants.check(state)

    def policies(self) -> Mapping[str, Policy]:
        return {"greedy": GreedyPolicy(), "goal": GoalPolicy(), "sharp": SHARP_MOVES}

    charted = ("points", "tokens", "robots", "contracts")
    """Points first: the largest scoring turn is read from them, and their chart ends at the final score."""
    headline_measure = "points"
    milestones = frozenset({"botfactory.event.robot", "botfactory.event.universal_robot"})

    def measures(self, state: State, public: View, seats: int) -> dict[str, tuple[int, ...]]:
        """Tokens, robots and contracts reserved as the table shows them, and the points each seat
        would score if the game ended now (all of it public in Bot Factory): what a turn scored."""
        assert isinstance(public, BotFactoryView)
        contracts = [0] * seats
        for space in public.contracts:
            for reservation in space.reservations:
                contracts[reservation.seat] += 1
        return {
            "tokens": tuple(p.tokens for p in public.players),
            "robots": tuple(len(p.robots) for p in public.players),
            "contracts": tuple(contracts),
            "points": tuple(scoring.score(state, seat).total for seat in range(seats)),
        }
