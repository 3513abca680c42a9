"""Information-set search: sampled states are legal and agree with what the seat sees; the search
decides from that alone, deterministically, and forced decisions cost nothing."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.core.contract import Choice, Decision, Game, RandomPolicy
from engine.core.errors import BadOptions
from engine.core.rng import Rng
from engine.core.search import Budget, SearchPolicy, level_policy, search_hooks

TABLES = [
    ("botfactory", 1, {}),
    ("botfactory", 2, {}),
    ("botfactory", 4, {}),
    ("imaginarium", 2, {}),
    ("imaginarium", 3, {"chimera": True}),
    ("imaginarium", 4, {"chimera": True, "teams": True}),
]
SMALL = Budget(iterations=8, horizon=6, width=4)


def played(kind: str, seats: int, options: dict[str, Any], seed: int, steps: int) -> tuple[Game[Any], Any]:
    """A game after ``steps`` random decisions (fewer if it ends first)."""
    game = registry.get(kind)
    state = game.new(seats, seed, options)
    rng = Rng(seed + 1)
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        decision = game.pending(state)[0]
        game.advance(state, decision.seat, RandomPolicy().choose(game, state, decision, rng))
    return game, state


@pytest.mark.parametrize(("kind", "seats", "options"), TABLES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 250), sample=st.integers(0, 2**32))
def test_samples_are_legal_and_agree_with_the_view(
    kind: str, seats: int, options: dict[str, Any], seed: int, steps: int, sample: int
) -> None:
    game, state = played(kind, seats, options, seed, steps)
    hooks = search_hooks(game)
    assert hooks is not None
    for seat in range(seats):
        view = game.view(state, seat)
        known = hooks.knowledge(state, seat)
        assert game.view(known, seat) == view
        world = hooks.determinize(known, seat, Rng(sample))
        game.check_invariants(world)
        assert game.view(world, seat) == view
        # The sample is a state the seat cannot tell from the real one: its knowledge is the same.
        assert game.to_json(hooks.knowledge(world, seat)) == game.to_json(known)


@pytest.mark.parametrize(("kind", "seats", "options"), TABLES)
def test_samples_vary_what_is_hidden(kind: str, seats: int, options: dict[str, Any]) -> None:
    game, state = played(kind, seats, options, 5, 40)
    hooks = search_hooks(game)
    assert hooks is not None
    known = hooks.knowledge(state, 0)
    worlds = {str(game.to_json(hooks.determinize(known, 0, Rng(n)))) for n in range(4)}
    assert len(worlds) == 4


def _decision_with_choices(game: Game[Any], kind: str, seats: int, options: dict[str, Any]) -> tuple[Any, Decision]:
    for seed in range(50):
        _, state = played(kind, seats, options, seed, 30 + seed)
        if game.outcome(state) is None:
            decision = game.pending(state)[0]
            if len(decision.choices) > 2:
                return state, decision
    raise AssertionError("no decision with several choices found")


@pytest.mark.parametrize(("kind", "seats", "options"), TABLES)
def test_hidden_information_does_not_change_the_choice(kind: str, seats: int, options: dict[str, Any]) -> None:
    game = registry.get(kind)
    hooks = search_hooks(game)
    assert hooks is not None
    state, decision = _decision_with_choices(game, kind, seats, options)
    seat = decision.seat
    # Another state the seat cannot tell apart: every hidden part drawn again (other screens,
    # deck orders, the generator).
    other = hooks.determinize(hooks.knowledge(state, seat), seat, Rng(12345))
    assert game.view(other, seat) == game.view(state, seat)
    assert game.to_json(other) != game.to_json(state)
    search = SearchPolicy("test", hooks, SMALL)
    picks = {search.choose(game, s, decision, Rng(7)).id for s in (state, other, state)}
    assert len(picks) == 1


def test_forced_decisions_cost_nothing() -> None:
    game = registry.get("botfactory")
    hooks = search_hooks(game)
    assert hooks is not None

    def refuse(*_: object) -> Any:
        raise AssertionError("a forced decision was searched")

    search = SearchPolicy("test", type(hooks)(refuse, refuse, refuse, hooks.rollout, "goal", 1.0, {}), SMALL)
    only = Choice("only", "label")
    assert search.choose(game, object(), Decision(0, "prompt", (only,)), Rng(1)) is only


def test_levels() -> None:
    bf, im = registry.get("botfactory"), registry.get("imaginarium")
    assert level_policy(bf, "easy").name == "goal"
    assert level_policy(im, "easy").name == "greedy"
    for game in (bf, im):
        normal, hard = level_policy(game, "normal"), level_policy(game, "hard")
        assert isinstance(normal, SearchPolicy) and isinstance(hard, SearchPolicy)
        assert hard.budget.iterations >= normal.budget.iterations and hard.budget.width >= normal.budget.width
    with pytest.raises(BadOptions, match="Unknown AI level"):
        level_policy(bf, "expert")


def test_search_finishes_games_and_checks_hold() -> None:
    """A cheap search plays a whole game of each kind to a rulebook end."""
    for kind in ("botfactory", "imaginarium"):
        game = registry.get(kind)
        hooks = search_hooks(game)
        assert hooks is not None
        search = SearchPolicy("test", hooks, Budget(iterations=4, horizon=3, width=2))
        easy = level_policy(game, "easy")
        state = game.new(2, 11)
        rng = Rng(3)
        while game.outcome(state) is None:
            decision = game.pending(state)[0]
            policy = search if decision.seat == 0 else easy
            game.advance(state, decision.seat, policy.choose(game, state, decision, rng))
            game.check_invariants(state)
        outcome = game.outcome(state)
        assert outcome is not None and outcome.reason.startswith(kind)


def test_advice_is_the_choice_with_its_playouts() -> None:
    game = registry.get("imaginarium")
    hooks = search_hooks(game)
    assert hooks is not None
    state, decision = _decision_with_choices(game, "imaginarium", 2, {})
    search = SearchPolicy("test", hooks, SMALL)
    known = hooks.knowledge(state, decision.seat)
    advice = search.advise(game, known, decision, Rng(4))
    assert advice.choice == search.decide(game, known, decision, Rng(4))
    assert advice.playouts > 0 and 0.0 <= advice.outlook <= 1.0


def test_a_median_ignores_a_few_blundered_playouts() -> None:
    """With ``robust`` a choice that plays out well in most worlds beats one that is only better on
    average because of a few extreme playouts."""
    game = registry.get("botfactory")
    hooks = search_hooks(game)
    assert hooks is not None
    state, decision = _decision_with_choices(game, "botfactory", 2, {})
    steady, lucky = decision.choices[0], decision.choices[1]
    rewards = {steady.id: iter([0.6] * 50), lucky.id: iter([0.55, 0.55, 1.0] * 20)}

    class Scripted(SearchPolicy[Any]):
        def _prior_order(self, *_: Any) -> list[Choice]:
            return [lucky, steady]

        def _playout(self, game: Game[Any], world: Any, seat: int, choice: Choice, rng: Rng, par: Any) -> float:
            return next(rewards[choice.id])

    budget = Budget(iterations=12, horizon=1, width=2)
    by_mean = Scripted("mean", hooks, budget).decide(game, hooks.knowledge(state, 0), decision, Rng(1))
    rewards = {steady.id: iter([0.6] * 50), lucky.id: iter([0.55, 0.55, 1.0] * 20)}
    robust = type(hooks)(**{**hooks.__dict__, "robust": True, "keep": 0.0})
    by_median = Scripted("median", robust, budget).decide(game, hooks.knowledge(state, 0), decision, Rng(1))
    assert (by_mean, by_median) == (lucky, steady)


def test_a_lead_counts_more_near_the_end() -> None:
    """Bot Factory's search weighs a lead by how near the end is, so the seat ahead wants it sooner."""
    game = registry.get("botfactory")
    hooks = search_hooks(game)
    assert hooks is not None and hooks.progress is not None and hooks.urgency > 0
    state = game.new(2, 3)
    assert hooks.progress(state) == 0.0
    late = game.copy(state)
    late.robots_board[0] = 1
    assert 0.0 < hooks.progress(late) <= 1.0
    search = SearchPolicy("test", hooks, SMALL)
    rewards = {seat: (search._reward(game, state, seat, 0.0), search._reward(game, late, seat, 0.0)) for seat in (0, 1)}
    ahead = max(rewards, key=lambda seat: rewards[seat][0])
    behind = 1 - ahead
    # The seats' estimates are unchanged: the lead is weighed up near the end, the deficit is not.
    assert rewards[ahead][1] > rewards[ahead][0] > 0.5
    assert rewards[behind][1] == rewards[behind][0] < 0.5


def test_a_prior_pick_stands_unless_another_plays_out_clearly_better() -> None:
    """With ``keep`` the prior's pick is replaced only by a choice whose playouts beat it by more than
    ``keep``: a small edge from a few noisy playouts does not overturn it."""
    game = registry.get("botfactory")
    hooks = search_hooks(game)
    assert hooks is not None and hooks.keep > 0
    state, decision = _decision_with_choices(game, "botfactory", 2, {})
    prior, other = decision.choices[0], decision.choices[1]

    def scripted(edge: float) -> Choice:
        class Scripted(SearchPolicy[Any]):
            def _prior_order(self, *_: Any) -> list[Choice]:
                return [prior, other]

            def _playout(self, game: Game[Any], world: Any, seat: int, choice: Choice, rng: Rng, par: Any) -> float:
                return 0.5 + (edge if choice == other else 0.0)

        search = Scripted("keep", hooks, Budget(iterations=8, horizon=1, width=2))
        return search.decide(game, hooks.knowledge(state, 0), decision, Rng(1))

    assert scripted(hooks.keep / 2) == prior
    assert scripted(hooks.keep * 2) == other


def test_alone_a_playout_is_judged_by_what_it_gained() -> None:
    """In a solo game there is no rival: the reward is the evaluation's gain over where the decision
    started, so it stays even (0.5) for no gain however much the seat already holds."""
    game = registry.get("botfactory")
    hooks = search_hooks(game)
    assert hooks is not None
    state = game.new(1, 5, {"task": "C"})
    search = SearchPolicy("test", hooks, SMALL)
    par = hooks.evaluate(state, 0)
    assert search._reward(game, state, 0, par) == 0.5
    richer = game.copy(state)
    richer.players[0].tokens += 4
    assert 0.5 < search._reward(game, richer, 0, par) < 1.0
    assert search._reward(game, state, 0, par - 100.0) > 0.99  # the same position, had it started far behind


def test_a_stop_ends_the_search_after_one_world_with_a_legal_choice() -> None:
    """The time cap: a stop that answers yes at once still lets one world be played, then the best
    choice so far is played; a stop never asked changes nothing."""
    game = registry.get("botfactory")
    hooks = search_hooks(game)
    assert hooks is not None
    state, decision = _decision_with_choices(game, "botfactory", 2, {})
    search = SearchPolicy("test", hooks, SMALL)
    known = hooks.knowledge(state, decision.seat)
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return True

    cut = search.advise(game, known, decision, Rng(4), stop=stop)
    full = search.advise(game, known, decision, Rng(4))
    assert asked and cut.choice in decision.choices
    width = min(SMALL.width, len(decision.choices))
    assert cut.playouts == width < full.playouts
    assert search.advise(game, known, decision, Rng(4), stop=lambda: False) == full


def test_explained_advice_names_the_parts_that_decided() -> None:
    """Explaining draws nothing from the generator (the choice is the same) and names at most two parts
    of the game's evaluation, which add up to it; the alternatives are other searched choices."""
    for kind in ("botfactory", "imaginarium"):
        game = registry.get(kind)
        hooks = search_hooks(game)
        assert hooks is not None and hooks.parts is not None
        state, decision = _decision_with_choices(game, kind, 2, {})
        assert sum(hooks.parts(state, 0).values()) == pytest.approx(hooks.evaluate(state, 0))
        for level in ("normal", "hard"):  # a level judging with its own evaluation splits that one
            judge = SearchPolicy(level, hooks, SMALL).judge
            assert judge.parts is not None
            assert sum(judge.parts(state, 0).values()) == pytest.approx(judge.evaluate(state, 0))
        search = SearchPolicy("test", dataclasses.replace(hooks, searched=None), SMALL)
        known = hooks.knowledge(state, decision.seat)
        plain = search.advise(game, known, decision, Rng(9))
        told = search.advise(game, known, decision, Rng(9), explain=True)
        assert told.choice == plain.choice and told.playouts == plain.playouts and not plain.facts
        assert len(told.facts) <= 2 and all(key in hooks.parts(state, 0) and gain > 0 for key, gain in told.facts)
        assert all(game.text(key, {}, "fr") != key for key, _ in told.facts)
        assert 1 <= len(told.others) <= 2 and all(r.choice != told.choice for r in told.others)
        assert all(0.0 <= r.versus <= 1.0 and 0 < r.playouts <= told.playouts for r in told.others)


def test_a_scaled_search_spends_that_many_more_playouts() -> None:
    game = registry.get("botfactory")
    hooks = search_hooks(game)
    assert hooks is not None
    state, decision = _decision_with_choices(game, "botfactory", 2, {})
    known = hooks.knowledge(state, decision.seat)
    search = SearchPolicy("test", hooks, Budget(iterations=16, horizon=4, width=2))
    assert search.scaled(2).budget.iterations == 32
    once = search.advise(game, known, decision, Rng(1)).playouts
    assert search.scaled(2).advise(game, known, decision, Rng(1)).playouts == 2 * once


def test_imaginarium_hard_plays_out_its_planning_only() -> None:
    """``hard`` spends playouts where a piece goes at planning (its three best placements) and plays its
    prior's pick, with no playout, everywhere else; ``normal`` never plays out."""
    game = registry.get("imaginarium")
    hard, normal = level_policy(game, "hard"), level_policy(game, "normal")
    assert isinstance(hard, SearchPolicy) and isinstance(normal, SearchPolicy)
    state = game.new(2, 21)
    easy = level_policy(game, "easy")
    rng = Rng(2)
    seen: dict[str, int] = {}
    while game.outcome(state) is None and len(seen) < 3:
        decision = game.pending(state)[0]
        step = state.flow.step
        if len(decision.choices) > 1 and step not in seen and state.flow.round >= 2:
            known = hard.hooks.knowledge(state, decision.seat)
            seen[step] = hard.advise(game, known, decision, Rng(5)).playouts
            assert normal.advise(game, known, decision, Rng(5)).playouts == 0
            # Explained, a decision not played out names the next best choices one choice ahead.
            told = hard.advise(game, known, decision, Rng(5), explain=True)
            assert told.choice == hard.decide(game, known, decision, Rng(5)) and told.others
            if step != "plan":
                assert told.playouts == 0 and all(r.playouts == 0 for r in told.others) and len(told.facts) <= 2
        game.advance(state, decision.seat, easy.choose(game, state, decision, rng))
    assert seen["plan"] == hard.budget.iterations > 0
    assert [n for step, n in seen.items() if step != "plan"] == [0] * (len(seen) - 1) and len(seen) > 1


def test_facts_compare_parts_a_position_may_lack() -> None:
    """A playout that ended the game may name fewer parts than one that did not: a missing part counts
    as nothing, and the facts are the parts the choice led in most, ties in a fixed order."""
    chosen = [{"a": 3.0, "b": 1.0}, {"a": 3.0, "b": 1.0, "c": 2.0}]
    runner = [{"a": 1.0, "b": 1.0, "c": 0.0}, {"a": 1.0, "b": 0.0}]
    assert SearchPolicy._facts(chosen, runner) == (("a", 2.0), ("c", 1.0))
    assert SearchPolicy._facts([{"x": 1.0, "y": 1.0}], [{}]) == (("x", 1.0), ("y", 1.0))
    assert SearchPolicy._facts([], []) == ()


def test_an_anchored_prior_pick_is_judged_on_every_world() -> None:
    """Two unlucky worlds drop the prior's pick from the first round of the halving, and the winner
    then replaces it, judged against those two alone; anchored, the pick plays every round and keeps
    its place when the later worlds show it better."""
    game = registry.get("botfactory")
    hooks = search_hooks(game)
    assert hooks is not None
    state, decision = _decision_with_choices(game, "botfactory", 2, {})
    prior, steady, weak, weaker = decision.choices[:4]
    script = [(prior, [0.3, 0.3] + [0.7] * 8), (steady, [0.5] * 10), (weak, [0.4] * 10), (weaker, [0.35] * 10)]

    def decide(anchor: bool) -> Choice:
        rewards = {choice.id: iter(values) for choice, values in script}

        class Scripted(SearchPolicy[Any]):
            def _prior_order(self, *_: Any) -> list[Choice]:
                return [choice for choice, _ in script]

            def _playout(self, game: Game[Any], world: Any, seat: int, choice: Choice, *_: Any) -> float:
                return next(rewards[choice.id])

        search = Scripted("anchor", hooks, Budget(iterations=16, horizon=1, width=4, anchor=anchor))
        return search.decide(game, hooks.knowledge(state, 0), decision, Rng(1))

    assert (decide(False), decide(True)) == (steady, prior)


def test_a_level_plays_its_own_moves_in_its_playouts_and_its_rivals_keep_the_rollout() -> None:
    """With ``selves``, the seat's own later decisions in a playout are its level's policy's and the
    other seats' the rollout policy's; the hard level of Bot Factory plays ``sharp`` against ``goal``."""
    game = registry.get("botfactory")
    hooks = search_hooks(game)
    assert hooks is not None
    assert (hooks.selves["hard"].name, hooks.priors["hard"].name, hooks.rollout.name) == ("sharp", "sharp", "goal")
    assert "normal" not in hooks.selves and "normal" not in hooks.priors

    class Recording:
        def __init__(self, name: str) -> None:
            self.name, self.seats = name, set[int]()

        def choose(self, game: Game[Any], state: Any, decision: Decision, rng: Rng) -> Choice:
            self.seats.add(decision.seat)
            return hooks.rollout.choose(game, state, decision, rng)

    own, others = Recording("own"), Recording("others")
    playing = dataclasses.replace(hooks, rollout=others, selves={"test": own})
    search = SearchPolicy("test", playing, Budget(iterations=1, horizon=40, width=2))
    state, decision = _decision_with_choices(game, "botfactory", 2, {})
    world = hooks.determinize(hooks.knowledge(state, decision.seat), decision.seat, Rng(3))
    search._playout(game, world, decision.seat, decision.choices[0], Rng(4), 0.0)
    assert own.seats == {decision.seat} and others.seats == {1 - decision.seat}
