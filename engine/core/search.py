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
prior order, so the easy pick stands unless the playouts beat it. A playout plays the choice, then a
bounded number of decisions with the game's cheap heuristic for every seat (opponents play as
sensibly as ``easy`` does), then scores the position with the game's static evaluation as a margin
over the best rival (alone, over the evaluation where the decision started), squashed into [0, 1];
a finished game scores 1 for a win and 0 otherwise. One level keeps it free of strategy fusion (the
seat never assumes it can act differently in worlds it cannot tell apart) at a cost a Python engine
can afford.

The budget is counted in playouts, never in time, so a choice is a pure function of the seat's
knowledge and the generator: deterministic for (game seed, version, seat), which keeps games
replayable. A decision with a single legal choice costs nothing.
"""

from __future__ import annotations

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
    """Playouts per decision (each is one choice played out in one sampled world)."""
    horizon: int
    """Decisions played by the rollout policy after the searched choice, before evaluating."""
    width: int
    """Choices searched: the best by prior (long lists are cut to the promising few)."""


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


@dataclass(frozen=True)
class Advice:
    """A search's choice and why: how many playouts it spent, and the chosen choice's mean reward in
    them (0 to 1: 1 always wins, 0.5 even with the best rival)."""

    choice: Choice
    playouts: int
    outlook: float


class SearchPolicy(Generic[S]):
    """A search level. :meth:`choose` reduces the state to the seat's knowledge before anything else;
    :meth:`decide` works from that knowledge alone (what a worker process receives)."""

    def __init__(self, name: str, hooks: SearchHooks[S], budget: Budget) -> None:
        self.name = name
        self.hooks = hooks
        self.budget = budget

    def choose(self, game: Game[Any], state: Any, decision: Decision, rng: Rng) -> Choice:
        if len(decision.choices) == 1:
            return decision.choices[0]
        return self.decide(game, self.hooks.knowledge(state, decision.seat), decision, rng)

    def decide(self, game: Game[Any], known: S, decision: Decision, rng: Rng) -> Choice:
        """Sequential halving over the best ``width`` choices by prior, on worlds shared by all the
        choices of a round; the prior policy's pick wins ties."""
        return self.advise(game, known, decision, rng).choice

    def advise(self, game: Game[Any], known: S, decision: Decision, rng: Rng) -> Advice:
        """:meth:`decide` with why: the playouts spent and the chosen choice's mean reward (a hint
        shows them). The same generator gives the same choice as :meth:`decide`."""
        choices = decision.choices
        if len(choices) == 1:
            return Advice(choices[0], 0, 1.0)
        hooks, budget, seat = self.hooks, self.budget, decision.seat
        root = hooks.determinize(known, seat, rng)
        par = 0.0 if hooks.rivals(root, seat) else hooks.evaluate(root, seat)
        alive = self._prior_order(game, root, seat, choices, rng)[: budget.width]
        first = alive[0]
        rounds = max(1, math.ceil(math.log2(len(alive))))
        rewards: dict[str, list[float]] = {c.id: [] for c in alive}
        judge = statistics.median if hooks.robust else statistics.fmean
        while len(alive) > 1:
            worlds = max(1, budget.iterations // rounds // len(alive))
            for _ in range(worlds):
                world = hooks.determinize(known, seat, rng)
                seed = rng.next_u64()
                for choice in alive:
                    rewards[choice.id].append(self._playout(game, game.copy(world), seat, choice, Rng(seed), par))
            ranked = sorted(range(len(alive)), key=lambda i: (-judge(rewards[alive[i].id]), i))
            alive = [alive[i] for i in sorted(ranked[: math.ceil(len(alive) / 2)])]
        best = alive[0]
        if best.id != first.id and judge(rewards[best.id]) - judge(rewards[first.id]) <= hooks.keep:
            best = first
        played = rewards[best.id]
        return Advice(best, sum(map(len, rewards.values())), judge(played) if played else 0.5)

    def _prior_order(self, game: Game[Any], world: S, seat: int, choices: Sequence[Choice], rng: Rng) -> list[Choice]:
        """The prior policy's pick, then the others by one-step evaluation in one sampled world."""
        lead = self.hooks.priors.get(self.name) or all_policies(game)[self.hooks.easy]
        first = lead.choose(game, world, Decision(seat, "", tuple(choices)), rng)
        scores: dict[str, float] = {}
        for choice in choices:
            trial = game.copy(world)
            game.advance(trial, seat, choice)
            scores[choice.id] = self.hooks.evaluate(trial, seat)
        rest = sorted((c for c in choices if c.id != first.id), key=lambda c: -scores[c.id])
        return [first, *rest]

    def _playout(self, game: Game[Any], world: S, seat: int, choice: Choice, rng: Rng, par: float) -> float:
        game.advance(world, seat, choice)
        rollout = self.hooks.rollout
        left = self.budget.horizon
        while left > 0 and game.outcome(world) is None:
            decisions = game.pending(world)
            if not decisions:
                break
            decision = decisions[0]
            game.advance(world, decision.seat, rollout.choose(game, world, decision, rng))
            left -= 1
        return self._reward(game, world, seat, par)

    def _reward(self, game: Game[Any], world: S, seat: int, par: float) -> float:
        """A won game 1, a lost one 0; otherwise the evaluation's margin over the best rival, or, with
        no rival (a solo game), over ``par``: the evaluation where the decision started. Alone, a seat's
        worth only grows, so a margin over nothing would soon squash every choice to the same reward;
        what it gained in the playout tells the choices apart."""
        outcome = game.outcome(world)
        if outcome is not None:
            return 1.0 if seat in outcome.winners else 0.0
        mine = self.hooks.evaluate(world, seat)
        rivals = [self.hooks.evaluate(world, s) for s in self.hooks.rivals(world, seat)]
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
