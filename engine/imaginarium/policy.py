"""The ``greedy`` AI: a short look-ahead with a static evaluation of what the deciding seat may see.

Before looking ahead, the policy replaces everything the seat may not see by neutral guesses (other
screens, the order of the decks, others' secret projects), so its choice depends only on its own view.
It then tries every legal choice on a copy and, while the same seat keeps deciding inside the same
turn (an action menu opening a sub-step, for instance), looks one or two choices further; the best
reachable evaluation scores the choice. Ties go to the earliest choice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.contract import Choice, Decision, Game
from engine.core.rng import Rng
from engine.imaginarium.cards import CH, NIGHTMARE, PRODUCTION, RESOURCES, VP, Data, MachineDef
from engine.imaginarium.machines import stack_line
from engine.imaginarium.office import tokens_left
from engine.imaginarium.procedures import price
from engine.imaginarium.projects import progress
from engine.imaginarium.state import EXTRACTOR, IDLE, PROJECTS, State

GOOD_VALUE = (0.55, 0.7, 1.1, 1.4, 6.0)
"""Rough worth of one charcoalium, wood, copper, crystal and VP."""
GUESS = (3, 1, 1, 1)
"""What the policy assumes lies behind another player's screen."""
DEPTH = {"pair": 3, "menu": 2}
"""Look-ahead depth by step (other steps look one choice ahead, plus one inside the same turn)."""
DEEP = {**DEPTH, "trade": 4}
"""The ``hard`` level's depths: a transactions action is up to three trades, and the rulebook's own
example (sell a copper, sell another, buy a VP with the proceeds) only pays at the third; one more
step sees what the action leaves for the next."""
FOLLOW = frozenset({"menu", "recruit", "repair", "effect", "recycle", "dismantle", "take", "trade", "reorganise"})
"""Steps of the same turn through which the look-ahead continues."""


_WORTHS: dict[int, tuple[MachineDef, float]] = {}
""":func:`machine_worth` by machine (its definition kept beside, so a reused ``id`` is never mistaken):
a machine's worth never changes, and the search's evaluations ask for it hundreds of thousands of times."""
_STACKS: dict[tuple[int, tuple[int, ...]], tuple[Data, tuple[float, float]]] = {}
""":func:`stack_worth` by game data and stack, for the same reason."""


def machine_worth(data: Data, machine: MachineDef) -> float:
    """What owning a broken ``machine`` is worth: its use value over the rest of a game, less repair."""
    known = _WORTHS.get(id(machine))
    if known is not None and known[0] is machine:
        return known[1]
    worth = _machine_worth(machine)
    _WORTHS[id(machine)] = (machine, worth)
    return worth


def _machine_worth(machine: MachineDef) -> float:
    line = machine.lines[0] if machine.lines else None
    use = 0.0
    if line is not None:
        use = sum(GOOD_VALUE[g] * (line.gain[g] - line.cost[g]) for g in range(5)) + 1.1 * line.any_out
        use += 0.6 * line.any_in * (GOOD_VALUE[0] * 3 - 1.0) if line.gain[0] else 0.0
    elif machine.attack:
        use = 0.6
    elif machine.protects:
        use = 0.4
    repair = sum(GOOD_VALUE[g] * machine.repair[g] for g in range(5))
    return max(0.5, 4.0 * use - 0.5 * repair + 0.5 * machine.level)


def plan_value(state: State, seat: int) -> float:
    """Worth of where the seat's handyman stands before it picks up (planning looks no further)."""
    data = state.data
    spot = state.spot[seat * 2]
    if spot < 0 or spot == IDLE or (state.flow.turn.piece == seat * 2 and state.flow.turn.picked):
        return 0.0
    if spot >= EXTRACTOR:
        return GOOD_VALUE[CH] * data.extractors[spot - EXTRACTOR]
    uid = state.belt[spot]
    if uid < 0:
        return 0.0
    player = state.players[seat]
    cost = price(data, player, spot, uid)
    short = max(0, cost - player.goods[CH])
    return machine_worth(data, data.card[uid]) - GOOD_VALUE[CH] * (cost - short) - 1.6 * short


def stack_worth(data: Data, stack: list[int]) -> tuple[float, float]:
    """A workshop stack's worth: what one use of its line gains over what it costs (the evaluation
    weighs it by the rounds left), and what the stack is worth in itself (its cards, a production card)."""
    key = (id(data), tuple(stack))
    known = _STACKS.get(key)
    if known is not None and known[0] is data:
        return known[1]
    line = stack_line(data, stack)
    gain = 0.0
    if line is not None:
        produced = sum(GOOD_VALUE[g] * line.gain[g] for g in range(5)) + 1.1 * (line.any_out + line.same_out)
        spent = sum(GOOD_VALUE[g] * line.cost[g] for g in range(5)) + 0.8 * line.any_in
        gain = max(0.0, produced - spent)
    kept = 0.8 * len(stack) + (0.5 if any(data.card[u].type == PRODUCTION for u in stack) else 0.0)
    _STACKS[key] = (data, (gain, kept))
    return gain, kept


def evaluate(state: State, seat: int) -> float:
    """Static worth of ``state`` for ``seat``: goods, production, machines, assistants and projects."""
    return sum(worth(state, seat).values())


def worth(state: State, seat: int) -> dict[str, float]:
    """:func:`evaluate` by part, each named by its message key (``imaginarium.why.*``), in the order
    a player reads a position: VP, the goods behind the screen, the workshop's production, broken
    machines (in the yard, or the one the handyman is about to pick up), assistants, projects, and
    the dream track (Chimera)."""
    data = state.data
    player = state.players[seat]
    vp = GOOD_VALUE[VP] * player.goods[VP]
    if state.flow.phase == "ended":
        vp += 50.0 * (player.goods[VP] - max(p.goods[VP] for p in state.opponents(seat)))
    production = 0.0
    rounds_left = max(1.0, 12.0 - 0.5 * state.flow.round)
    for stack in player.stacks:
        line, kept = stack_worth(data, stack)
        production += 0.35 * rounds_left * line + kept
    return {
        "imaginarium.why.vp": vp,
        "imaginarium.why.goods": sum(GOOD_VALUE[g] * player.goods[g] for g in range(4)),
        "imaginarium.why.production": production,
        "imaginarium.why.machines": plan_value(state, seat)
        + sum(machine_worth(data, data.card[u]) for u in player.yard[:6]),
        "imaginarium.why.assistants": 3.0 * len(player.assistants),
        "imaginarium.why.projects": 2.0 * len(player.secret) + 1.0 * player.vp_from[PROJECTS],
        # Chimera: fragments to lay, and progress on the dream track towards its rewards and end.
        "imaginarium.why.dream": (
            0.8 * sum(player.held[:NIGHTMARE]) + 0.3 * player.held[NIGHTMARE] + 0.9 * player.position
            if data.chimera
            else 0.0
        ),
    }


ENDGAME_REACH = 6
"""VP short of the target from which the end-of-game majorities start to count in :func:`forecast`."""
PROJECT_WEIGHT = 3.0
"""Worth in :func:`forecast` of a project's VP at full progress (its VP themselves are worth
``GOOD_VALUE[VP]`` each once completed, so completing one still pays)."""


def outlook(state: State, seat: int) -> float:
    """VP of the projects ``seat`` can still complete (on display while it has a completion token,
    and its secret ones), each weighed by the square of its progress: a project nearly met counts
    almost fully, one barely begun hardly at all."""
    data = state.data
    player = state.players[seat]
    total = 0.0
    if tokens_left(state, seat) > 0:
        for p in state.display:
            if seat not in state.completions[p]:
                project = data.projects[p]
                vp = project.vp - 1 if state.completions[p] else project.vp
                total += vp * progress(data, player, project) ** 2
    for p in player.secret:
        project = data.projects[p]
        total += project.vp * progress(data, player, project) ** 2
    return total


def forecast(state: State, seat: int) -> float:
    """:func:`evaluate` plus the projects within reach (:func:`outlook`) and the majorities the seat
    would score if the game ended now, weighed by how near the end is (the leader within
    ``ENDGAME_REACH`` VP of the target): a lead in a good is worth its bonus, a tie half. ``greedy``
    sees a project only once it is met, spends everything on VP and ignores the end-of-game bonus of
    up to 2 VP in each of four goods, which often decides a game of 20 VP."""
    return sum(foresight(state, seat).values())


def foresight(state: State, seat: int) -> dict[str, float]:
    """:func:`forecast` by part: :func:`worth`'s, the projects within reach added to its projects, and
    the end-of-game majorities (``imaginarium.why.majorities``)."""
    parts = worth(state, seat)
    parts["imaginarium.why.majorities"] = 0.0  # scored already once the game ended: in its VP
    if state.flow.phase == "ended":
        return parts
    parts["imaginarium.why.projects"] += PROJECT_WEIGHT * outlook(state, seat)
    near = endgame_near(state)
    if near > 0.0:
        parts["imaginarium.why.majorities"] = near * GOOD_VALUE[VP] * majorities(state, seat)
    return parts


def endgame_near(state: State) -> float:
    """How near the leader is to the target VP: 0 from :data:`ENDGAME_REACH` VP away, 1 on it."""
    return max(0.0, 1.0 - (state.target_vp - max(p.goods[VP] for p in state.players)) / ENDGAME_REACH)


def majorities(state: State, seat: int) -> float:
    """The end-of-game majority VP ``seat`` would score now: each good it leads in its bonus, a tie
    half."""
    player, others, bonus = state.players[seat], state.opponents(seat), 0.0
    for good in (*RESOURCES, CH):
        best = max(p.goods[good] for p in others)
        if player.goods[good] > best:
            bonus += state.data.majority_bonus
        elif player.goods[good] == best and best > 0:
            bonus += state.data.majority_bonus / 2
    return bonus


def masked(game: Game[Any], state: State, seat: int) -> State:
    """A copy of ``state`` in which what ``seat`` may not see is replaced by neutral guesses."""
    out: State = game.copy(state)
    for p in out.opponents(seat):  # one per team: teammates share one screen (changed in place)
        p.goods[:4] = list(GUESS)
        p.goods[VP] = p.vp_from[PROJECTS]  # project VP are public (tokens on the tiles); the rest is not
        p.vp_from[:] = [p.vp_from[PROJECTS], 0, 0, 0, 0]
        out.stock += p.secret
        p.secret.clear()
        out.pile += [k for k, n in enumerate(p.held) for _ in range(n)]
        p.held[:] = [0] * len(p.held)
    out.deck.sort()
    out.pile.sort()
    out.assistant_deck.sort()
    out.stock.sort()
    return out


class GreedyPolicy:
    """Picks the choice whose short look-ahead evaluates best for the deciding seat."""

    name = "greedy"

    def __init__(
        self,
        lookahead: bool = True,
        evaluation: Callable[[State, int], float] = evaluate,
        depth: Mapping[str, int] = DEPTH,
    ) -> None:
        self.lookahead = lookahead
        """Without it, one choice deep only: the quick rollout policy of the search levels."""
        self.evaluation = evaluation
        """How a position is judged: :func:`evaluate` for ``easy``, :func:`forecast` for the search levels."""
        self.depth = depth
        """Look-ahead depth by step (2 for a step not listed): :data:`DEPTH`, or :data:`DEEP` for ``hard``."""

    def choose(self, game: Game[Any], state: Any, decision: Decision, rng: Rng) -> Choice:
        if len(decision.choices) == 1:
            return decision.choices[0]
        seat = decision.seat
        root = masked(game, state, seat)
        depth = self.depth.get(root.flow.step, 2) if self.lookahead else 1
        best = decision.choices[0]
        best_score = float("-inf")
        for choice in decision.choices:
            score = self._after(game, root, seat, choice, depth - 1)
            if score > best_score + 1e-9:
                best, best_score = choice, score
        return best

    def _after(self, game: Game[Any], state: State, seat: int, choice: Choice, depth: int) -> float:
        trial: State = game.copy(state)
        turn_piece = trial.flow.turn.piece
        game.advance(trial, seat, choice)
        score = self.evaluation(trial, seat)
        if depth <= 0 or trial.flow.step not in FOLLOW or trial.flow.turn.piece != turn_piece:
            return score
        decisions = game.pending(trial)
        if not decisions or decisions[0].seat != seat:
            return score
        return max(score, *(self._after(game, trial, seat, c, depth - 1) for c in decisions[0].choices))
