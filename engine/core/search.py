"""Information-set search: the ``normal`` and ``hard`` AI levels, for any game that can sample what a
seat does not know.

A game opts in with a module ``engine.<game>.determinize`` exposing ``HOOKS`` (:class:`SearchHooks`):
``knowledge(state, seat)`` keeps only what the seat may know (hidden parts in a canonical form, so two
states the seat cannot tell apart give the same knowledge) and ``determinize(knowledge, seat, rng)``
samples one full state consistent with it.

The search works from the seat's information set, kept to one level (information-set Monte Carlo
tree search's root): the candidates are its legal choices (the same in every sample, since they
depend only on what the seat sees), the easy policy's pick first and the rest by a one-step
evaluation, cut to the best ``width``. Sequential halving then plays every remaining candidate out
in the same freshly sampled worlds with the same rollout generator (common random numbers: choices
compared on identical luck), keeping the better half by mean reward until one is left; ties keep the
prior order, so the easy pick stands unless the playouts beat it (and, with an ``anchor``, the
pick plays every round, so whatever replaces it beat it in all the same worlds). A playout plays the
choice, then a bounded number of decisions with the game's cheap heuristic for every seat (opponents
play as sensibly as ``easy`` does; a level may play its own with a better one), then scores the
position with the game's static evaluation as a margin over the best rival (alone, over the
evaluation where the decision started), squashed into [0, 1]; a finished game scores 1 for a win and 0
otherwise. One level keeps it free of strategy fusion (the seat never assumes it can act differently
in worlds it cannot tell apart) at a cost a Python engine can afford.

The budget is counted in playouts, never in time, so a choice is a pure function of the seat's
knowledge, the generator and the budget: deterministic for (game seed, version, seat), which keeps
games replayable. A level's playouts are calibrated to its think budget on the reference machine (see
``bot.ai``); a caller may scale them (:meth:`SearchPolicy.scaled`: a server that gives its AI seats
more time) and may give a ``stop`` test, a time cap the search honours anytime-style: asked between
two sampled worlds, it ends the search with the best choice so far. A decision with a single legal
choice costs nothing, and a game may keep its playouts for the decisions that shape its course
(``searched``), playing its prior's pick elsewhere.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine.core.contract import Choice, Decision, Game, GameState, Policy, all_policies
from engine.core.errors import BadOptions
from engine.core.rng import Rng

S = TypeVar("S", bound=GameState)

LEVELS = ("easy", "normal", "hard")
"""AI levels, weakest first: ``easy`` is the game's heuristic policy, the others search."""


def _all_rivals(state: Any, seat: int) -> Sequence[int]:
    return [s for s in range(len(state.players)) if s != seat]


@dataclass(frozen=True)
class Budget:
    iterations: int
    """Playouts per searched decision (each is one choice played out in one sampled world)."""
    horizon: int
    """Decisions played by the rollout policy after the searched choice, before evaluating."""
    width: int
    """Choices searched: the best by prior (long lists are cut to the promising few)."""
    anchor: bool = False
    """The prior's pick plays in every round of the halving, taking the last survivor's place when it
    ranks below the better half, so a choice replaces it only by beating it in the same worlds, all
    of them. Without it the pick can fall in the first round, after a couple of worlds, and is then
    judged against the winner on those few: one unlucky world throws out a sound pick."""


@dataclass(frozen=True)
class Judge(Generic[S]):
    """How a level judges a position in place of the game's own evaluation (see
    :attr:`SearchHooks.judges`): its worth for a seat, in points on the same footing as
    :attr:`SearchHooks.scale`, and that worth split into named parts adding up to it (the facts a hint
    names)."""

    evaluate: Callable[[S, int], float]
    parts: Callable[[S, int], Mapping[str, float]] | None = None


@dataclass(frozen=True)
class SearchHooks(Generic[S]):
    """What the search needs from a game."""

    knowledge: Callable[[S, int], S]
    """What the seat may know, hidden parts in canonical form (a function of its view alone)."""
    determinize: Callable[[S, int, Rng], S]
    """One full state consistent with the knowledge, drawn with the generator."""
    evaluate: Callable[[S, int], float]
    """Static worth of a state for a seat, in the game's points."""
    rollout: Policy
    """The cheap heuristic that plays every seat after the searched choice."""
    easy: str
    """Name of the game's policy that plays the ``easy`` level."""
    scale: float
    """An evaluation margin that counts as a clear lead (rewards are tanh(margin / scale))."""
    budgets: Mapping[str, Budget]
    """The budget of ``normal`` and ``hard``, tuned to what one decision of the game costs."""
    rivals: Callable[[S, int], Sequence[int]] = field(default=_all_rivals)
    """Seats whose standing counts against the seat's (other teams only, in team play)."""
    priors: Mapping[str, Policy] = field(default_factory=dict)
    """Per level, the policy whose pick leads the prior order and wins ties (a level not listed: the
    easy level's policy)."""
    selves: Mapping[str, Policy] = field(default_factory=dict)
    """Per level, the policy that plays the seat's own decisions in its playouts, the other seats
    keeping :attr:`rollout` (a level not listed: :attr:`rollout` for all): a level that plays better
    than its rivals judges a choice by how it would itself go on, and still expects the replies the
    other levels give."""
    progress: Callable[[S], float] | None = None
    """How near the game is to its end, 0 to 1 (``None``: not used). A lead near the end is surer than
    the same lead early, so the reward weighs a lead up to ``1 + urgency`` times: a seat ahead then
    prefers to hasten the end. A deficit is not weighed up, so a seat behind does not stall the game
    (two searching seats that both did blocked each other into long games)."""
    urgency: float = 0.0
    robust: bool = False
    """Rank choices by their median reward, not their mean: a game whose rollout policy blunders now
    and then (a few playouts far below the rest) is judged on its typical playout."""
    keep: float = 0.0
    """How much better a choice must play out than the prior's pick to replace it (in reward): a game
    whose playouts judge worse than its prior keeps the prior unless the evidence is clear."""
    searched: Callable[[S], bool] | None = None
    """Which decisions the playouts are spent on, from the seat's knowledge (``None``: every decision
    with a choice): a game whose course is shaped by a few kinds of decision searches those and plays
    its prior's pick in the others, which the prior's look-ahead already judges well."""
    settled: Callable[[S], bool] | None = None
    """Whether a position may be judged by the evaluation (``None``: any): a playout past its horizon
    goes on to the next settled position (within as many decisions again), so that no choice is
    judged in the middle of a turn it paid for and has not yet gained from."""
    parts: Callable[[S, int], Mapping[str, float]] | None = None
    """The evaluation split into named parts (message keys of the game's catalogue, in its own words),
    which add up to ``evaluate``: the parts in which the chosen choice's playouts ended ahead of the
    runner-up's are the facts a hint names as what decided it."""
    features: Callable[[S, int], Mapping[str, float]] | None = None
    """A position's features for a seat, by name, for a value learned from self-play (``bricabot
    fit-value``, :mod:`engine.core.value`); ``None``: the game has none."""
    judges: Mapping[str, Judge[S]] = field(default_factory=dict)
    """Per level, an evaluation (with its parts) that replaces :attr:`evaluate` and :attr:`parts` in
    that level's prior order and playouts (a level not listed: the game's own): a stronger level may
    judge with what self-play taught (:mod:`engine.core.value`) while the others keep the evaluation
    they were tuned with."""


@dataclass(frozen=True)
class Rated:
    """A searched choice and how its playouts went: how many, its reward in them as the search judged
    it (median or mean; 0 to 1: 1 always wins, 0.5 even with the best rival), and the chosen choice's
    reward in the same worlds (a choice dropped early was played in the first worlds only). A choice
    judged without playouts (a decision not searched) has none, and its rewards say nothing."""

    choice: Choice
    playouts: int
    outlook: float
    versus: float = 0.5


@dataclass(frozen=True)
class Advice:
    """A search's choice and why: the playouts it spent in all, the chosen choice's reward in them,
    the best alternatives as they played out (best first, at most two), and the parts of the
    evaluation (message keys, see :attr:`SearchHooks.parts`) in which the choice ended furthest ahead
    of the runner-up, with how far (in the evaluation's points), biggest first."""

    choice: Choice
    playouts: int
    outlook: float
    others: tuple[Rated, ...] = ()
    facts: tuple[tuple[str, float], ...] = ()


class SearchPolicy(Generic[S]):
    """A search level. :meth:`choose` reduces the state to the seat's knowledge before anything else;
    :meth:`decide` works from that knowledge alone (what a worker process receives)."""

    def __init__(self, name: str, hooks: SearchHooks[S], budget: Budget) -> None:
        self.name = name
        self.hooks = hooks
        self.budget = budget
        self.judge: Judge[S] = hooks.judges.get(name) or Judge(hooks.evaluate, hooks.parts)
        """How this level judges positions: its own judge, else the game's evaluation."""

    def scaled(self, scale: float) -> SearchPolicy[S]:
        """The same level given ``scale`` times its playouts (more thinking time, or less)."""
        budget = dataclasses.replace(self.budget, iterations=round(self.budget.iterations * scale))
        return SearchPolicy(self.name, self.hooks, budget)

    def choose(self, game: Game[Any], state: Any, decision: Decision, rng: Rng) -> Choice:
        if len(decision.choices) == 1:
            return decision.choices[0]
        return self.decide(game, self.hooks.knowledge(state, decision.seat), decision, rng)

    def decide(
        self,
        game: Game[Any],
        known: S,
        decision: Decision,
        rng: Rng,
        *,
        stop: Callable[[], bool] | None = None,
    ) -> Choice:
        """Sequential halving over the best ``width`` choices by prior, on worlds shared by all the
        choices of a round; the prior policy's pick wins ties. ``stop`` (asked between worlds, never
        before the first) ends the search early with the best choice so far."""
        return self.advise(game, known, decision, rng, stop=stop).choice

    def advise(
        self,
        game: Game[Any],
        known: S,
        decision: Decision,
        rng: Rng,
        *,
        stop: Callable[[], bool] | None = None,
        explain: bool = False,
    ) -> Advice:
        """:meth:`decide` with why: the playouts spent, the chosen choice's reward, the best
        alternatives' and, with ``explain``, the parts of the evaluation that decided (a hint shows
        them). Explaining draws nothing from the generator, so the choice is :meth:`decide`'s."""
        choices = decision.choices
        if len(choices) == 1:
            return Advice(choices[0], 0, 1.0)
        hooks, budget, seat = self.hooks, self.budget, decision.seat
        root = hooks.determinize(known, seat, rng)
        playouts = budget.iterations
        if budget.width < 2 or playouts < 1 or (hooks.searched is not None and not hooks.searched(known)):
            pick = self._lead(game).choose(game, root, Decision(seat, "", tuple(choices)), rng)
            return self._explained_pick(game, root, seat, choices, pick) if explain else Advice(pick, 0, 0.5)
        par = 0.0 if hooks.rivals(root, seat) else self.judge.evaluate(root, seat)
        candidates = self._prior_order(game, root, seat, choices, rng)[: budget.width]
        alive = candidates
        rounds = max(1, math.ceil(math.log2(len(alive))))
        rewards: dict[str, list[float]] = {c.id: [] for c in alive}
        ends: dict[str, list[Mapping[str, float]]] = {c.id: [] for c in alive}
        parts = self.judge.parts if explain else None
        typical = statistics.median if hooks.robust else statistics.fmean
        spent, stopped, runner = 0, False, None
        while len(alive) > 1 and not stopped:
            worlds = max(1, playouts // rounds // len(alive))
            for _ in range(worlds):
                if stop is not None and spent and stop():
                    stopped = True
                    break
                world = hooks.determinize(known, seat, rng)
                seed = rng.next_u64()
                for choice in alive:
                    trial = game.copy(world)
                    rewards[choice.id].append(self._playout(game, trial, seat, choice, Rng(seed), par))
                    if parts is not None:
                        ends[choice.id].append(parts(trial, seat))
                spent += len(alive)
            ranked = sorted(range(len(alive)), key=lambda i: (-typical(rewards[alive[i].id]), i))
            survivors = 1 if stopped else math.ceil(len(alive) / 2)
            if survivors == 1:
                runner = alive[ranked[1]]
            kept = ranked[:survivors]
            if budget.anchor and survivors > 1 and alive[0] is candidates[0] and 0 not in kept:
                kept = [0, *kept[:-1]]
            alive = [alive[i] for i in sorted(kept)]
        first, best = candidates[0], alive[0]
        if best.id != first.id and typical(rewards[best.id]) - typical(rewards[first.id]) <= hooks.keep:
            best, runner = first, best
        mine = rewards[best.id]
        rated = [
            Rated(c, len(rewards[c.id]), typical(rewards[c.id]), typical(mine[: len(rewards[c.id])]))
            for c in candidates
            if c.id != best.id and rewards[c.id]
        ]
        # The alternatives that lasted longest in the halving first (they were played out most).
        rated.sort(key=lambda r: (-r.playouts, -r.outlook))
        facts = self._facts(ends[best.id], ends[runner.id]) if parts is not None and runner is not None else ()
        return Advice(best, spent, typical(rewards[best.id]), tuple(rated[:2]), facts)

    @staticmethod
    def _facts(chosen: list[Mapping[str, float]], runner: list[Mapping[str, float]]) -> tuple[tuple[str, float], ...]:
        """The (at most two) parts of the evaluation in which the chosen choice's playouts ended
        furthest ahead of the runner-up's, over the worlds both were played in, biggest first."""
        paired = list(zip(chosen, runner, strict=False))
        if not paired:
            return ()
        keys = {key for a, b in paired for key in (*a, *b)}
        ahead = {key: statistics.fmean(a.get(key, 0.0) - b.get(key, 0.0) for a, b in paired) for key in keys}
        best = sorted((item for item in ahead.items() if item[1] > 0.05), key=lambda item: (-item[1], item[0]))
        return tuple((key, round(gain, 1)) for key, gain in best[:2])

    def _explained_pick(self, game: Game[Any], world: S, seat: int, choices: Sequence[Choice], pick: Choice) -> Advice:
        """The prior's pick, not played out, with why: the next best choices by the evaluation one
        choice ahead (no playouts: :class:`Rated` with none), and the parts of the evaluation in which
        the pick leads the best of them there."""
        parts = self.judge.parts
        if parts is None:
            return Advice(pick, 0, 0.5)
        after: dict[str, Mapping[str, float]] = {}
        for choice in choices:
            trial = game.copy(world)
            game.advance(trial, seat, choice)
            after[choice.id] = parts(trial, seat)
        others = sorted((c for c in choices if c.id != pick.id), key=lambda c: -sum(after[c.id].values()))
        facts = self._facts([after[pick.id]], [after[others[0].id]])
        return Advice(pick, 0, 0.5, tuple(Rated(c, 0, 0.5) for c in others[:2]), facts)

    def _lead(self, game: Game[Any]) -> Policy:
        """The policy whose pick leads the prior order (and plays the decisions not searched)."""
        return self.hooks.priors.get(self.name) or all_policies(game)[self.hooks.easy]

    def _prior_order(self, game: Game[Any], world: S, seat: int, choices: Sequence[Choice], rng: Rng) -> list[Choice]:
        """The prior policy's pick, then the others by one-step evaluation in one sampled world."""
        first = self._lead(game).choose(game, world, Decision(seat, "", tuple(choices)), rng)
        scores: dict[str, float] = {}
        for choice in choices:
            trial = game.copy(world)
            game.advance(trial, seat, choice)
            scores[choice.id] = self.judge.evaluate(trial, seat)
        rest = sorted((c for c in choices if c.id != first.id), key=lambda c: -scores[c.id])
        return [first, *rest]

    def _playout(self, game: Game[Any], world: S, seat: int, choice: Choice, rng: Rng, par: float) -> float:
        game.advance(world, seat, choice)
        rollout, settled = self.hooks.rollout, self.hooks.settled
        mine = self.hooks.selves.get(self.name, rollout)
        played, horizon = 0, self.budget.horizon
        while game.outcome(world) is None and played < 2 * horizon:
            if played >= horizon and (settled is None or settled(world)):
                break
            decisions = game.pending(world)
            if not decisions:
                break
            decision = decisions[0]
            policy = mine if decision.seat == seat else rollout
            game.advance(world, decision.seat, policy.choose(game, world, decision, rng))
            played += 1
        return self._reward(game, world, seat, par)

    def _reward(self, game: Game[Any], world: S, seat: int, par: float) -> float:
        """A won game 1, a lost one 0; otherwise the evaluation's margin over the best rival, or, with
        no rival (a solo game), over ``par``: the evaluation where the decision started. Alone, a seat's
        worth only grows, so a margin over nothing would soon squash every choice to the same reward;
        what it gained in the playout tells the choices apart."""
        outcome = game.outcome(world)
        if outcome is not None:
            return 1.0 if seat in outcome.winners else 0.0
        evaluate = self.judge.evaluate
        mine = evaluate(world, seat)
        rivals = [evaluate(world, s) for s in self.hooks.rivals(world, seat)]
        margin = mine - (max(rivals) if rivals else par)
        if self.hooks.progress is not None and margin > 0:
            margin *= 1.0 + self.hooks.urgency * self.hooks.progress(world)
        return 0.5 + 0.5 * math.tanh(margin / self.hooks.scale)


def search_hooks(game: Game[Any]) -> SearchHooks[Any] | None:
    """The game's search hooks (``engine.<game>.determinize.HOOKS``), or ``None`` if it has none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.determinize")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.determinize":
            raise
        return None
    hooks = getattr(module, "HOOKS", None)
    return hooks if isinstance(hooks, SearchHooks) else None


def level_policy(game: Game[Any], level: str) -> Policy:
    """The policy playing ``level`` in ``game``; a game without search hooks plays every level with
    its default heuristic (``greedy``, else ``random``)."""
    if level not in LEVELS:
        raise BadOptions(f"Unknown AI level '{level}'. Choose one of: {', '.join(LEVELS)}.", level=level)
    policies = all_policies(game)
    hooks = search_hooks(game)
    if hooks is None:
        return policies.get("greedy", policies["random"])
    if level == "easy":
        return policies[hooks.easy]
    return SearchPolicy(level, hooks, hooks.budgets[level])
