"""Bot Factory's policies: ``greedy`` (one step of look-ahead on a copy, judged by a simple estimate
of the acting seat's standing), ``goal`` (no look-ahead: a rule per kind of choice, aimed at
finishing robots) and ``sharp`` (``goal``'s rules with the weights self-play favours).

Both read only public holdings and boards (hands, columns, the wheel, pile tops, the display,
contracts, values), never a deck order, so they decide on what ``view(state, seat)`` shows.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.botfactory import procedures, scoring
from engine.botfactory.state import EMPTY, State
from engine.core.contract import Choice, Decision, Game
from engine.core.rng import Rng


def estimate(state: State, seat: int) -> float:
    """Final VP if the game ended now, plus what robots in progress, tiles and tokens are likely worth:
    parts matching one's projects and columns where one's projects could be completed count most."""
    return sum(worth(state, seat).values())


def worth(state: State, seat: int) -> dict[str, float]:
    """:func:`estimate` by part, each named by its message key (``botfactory.why.*``): the VP scored
    if the game ended now, the solo task's progress, robots built, speech tokens, parts (in hand, and
    placed in the columns of one's projects) and projects held."""
    player = state.players[seat]
    score = scoring.score(state, seat)
    wanted = project_colours(state, seat)
    parts = sum(2.5 if serves(state, t, wanted) else 1.2 for t in player.parts)
    columns = in_columns(state, wanted)
    return {
        "botfactory.why.score": float(score.total),
        "botfactory.why.task": 10.0 * task_progress(state, seat, score),
        "botfactory.why.robots": 12.0 * score.robot_count,
        "botfactory.why.tokens": 0.7 * player.tokens,
        "botfactory.why.parts": parts + 1.5 * columns,
        "botfactory.why.projects": 2.5 * min(len(player.projects), 3),
    }


def project_colours(state: State, seat: int) -> set[int]:
    """The colours of the seat's incomplete projects."""
    return {state.rules.projects[p] for p in state.players[seat].projects}


def serves(state: State, part: int, colours: set[int]) -> bool:
    """Whether a part tile can go towards a robot of one of ``colours`` (an any-colour part always can)."""
    colour = state.rules.parts[part][0]
    return colour in colours or colour < 0


def in_columns(state: State, colours: set[int]) -> int:
    """Parts placed on the assembly board in the columns of ``colours``."""
    return sum(sum(t != EMPTY for t in state.columns[c]) for c in colours)


TASK_ROBOTS = {"A": (1, 3), "B": (3, 1), "C": (2, 2)}
"""Solo tasks A to C: how many colours, and how many robots of each, the task tile asks for."""


def reachable(state: State, built: Counter[int], each: int) -> list[int]:
    """Colours that can still have ``each`` robots: those built and those left on the assembly board
    (Vilela takes meeples away)."""
    return [c for c, left in enumerate(state.robots_board) if min(built[c], each) + left >= each]


def task_progress(state: State, seat: int, score: scoring.Score) -> float:
    """Solo: how far the task tile is met (losing the task loses the game whatever the score), and
    whether it can still be: robots count only in colours the assembly board can still complete the
    task in (Vilela takes meeples away), and a task no longer within reach counts as
    :data:`LOST_TASK` steps, so that a search sees the cost of leaving a colour to Vilela."""
    if state.solo is None:
        return 0.0
    built = Counter(scoring.robot_colours(state, seat))
    task = state.solo.task
    if task in TASK_ROBOTS:
        count, each = TASK_ROBOTS[task]
        colours = reachable(state, built, each)
        if len(colours) < count:
            return LOST_TASK
        if task == "B":
            worthy = sum(1 for c in built if state.values[c] >= state.rules.task_b_value)
            return min(worthy, 3) + 0.5 * min(len(built), 3)
        return float(sum(sorted((min(built[c], each) for c in colours), reverse=True)[:count]))
    # D: a reserved contract is half-way, while robots of its colours can still be built. Vilela
    # removes unreserved contracts every time he inspects, so the task is won by reserving early.
    done = min(len(score.fulfilled), 3)
    open_ = sum(
        1
        for p in procedures.reserved(state, seat)
        if p not in score.fulfilled
        and all(state.robots_board[c] > 0 for c in state.rules.contracts[state.grid[p]].needs)
    )
    return done + 0.5 * min(open_, 3 - done)


LOST_TASK = -3.0
"""What a task no colour can still complete counts for, in steps (a met task counts 3)."""

D_ROBOT_COST = 4.5
"""Solo task D: how much less a contract is worth reserving for each robot it needs. A contract of one
robot is worth reserving, one of two robots mostly once they are built, one of three hardly ever:
three contracts must be fulfilled before Vilela empties a colour. With ``goal`` alone, on seeds
3200-3999 (800 games), task D was met 182 times before (1.5 a robot, up to five robots reserved for),
248 with at most four robots, 258 with that and 3 a robot, 267 with 4.5."""


class GreedyPolicy:
    name = "greedy"

    def choose(self, game: Game[Any], state: Any, decision: Decision, rng: Rng) -> Choice:
        best: list[Choice] = []
        best_value = float("-inf")
        for choice in decision.choices:
            trial = game.copy(state)
            game.advance(trial, decision.seat, choice)
            value = estimate(trial, decision.seat)
            if value > best_value + 1e-9:
                best, best_value = [choice], value
            elif abs(value - best_value) <= 1e-9:
                best.append(choice)
        return rng.choice(best)


@dataclass(frozen=True)
class Weights:
    """How much ``goal``'s rules make of a visit to a board, beyond what it brings now: the weights
    self-play tunes (the rest of the rules are fixed)."""

    parts_amount: float = 0.3
    """Each wheel action a parts space gives (PP3's six against PP1's three)."""
    projects_amount: float = 0.5
    """Each project a projects space lets the seat take (PR2's two against PR1's one)."""
    projects_more: float = 1.0
    """A visit to the projects board while the seat already holds projects (with none: 6)."""


GOAL = Weights()
"""``goal``'s weights, which ``easy`` plays and ``normal`` searches with."""

SHARP = Weights(parts_amount=1.5, projects_amount=2.5, projects_more=3.0)
"""``sharp``'s weights: more for the spaces that give more. Against ``goal`` (seats rotated, seeds
20000-20999, each seed played from both seats), moving a parts space's worth per action from 0.3 to 1.5
and a visit with projects in hand from 1 to 3 won 79.3 % of 2000 two-player games, and a projects
space's worth per project from 0.5 to 2.5 besides 86.7 %; with all three, 64.9 % of 1500 three-player
games (parity 33 %) and 47.9 % of 1200 four-player ones (25 %). Alone against Vilela they met fewer
tasks (29.7 % of 1000 games against 35.3 % for ``goal``), so a solo game keeps ``goal``'s."""


class GoalPolicy:
    """The ``goal`` policy: no look-ahead, one cheap rule per kind of choice, all aimed at finishing
    robots (the base of an easy AI).

    It wants the parts its incomplete projects still miss (the missing kinds of those colours'
    assembly columns, universal parts for any), goes where the next step of a robot is (assembly when
    a part can be placed, the wheel when parts are missing, projects when it has none to complete),
    reserves contracts its robots and projects can fulfil and raises the colours it owns. Alone
    against Vilela it races him for the task tile: projects, parts and raises go to the colours the
    task still wants (:attr:`_Plan.targets`), and it never completes a robot that would end the game
    before the task is met. It reads only what the seat sees: hands, boards, the wheel, the pile
    tops, the display, contracts, values. ``sharp`` is the same rules with :data:`SHARP`'s weights
    (a solo game with :data:`GOAL`'s).
    """

    def __init__(self, name: str = "goal", weights: Weights = GOAL) -> None:
        self.name = name
        self.weights = weights

    def choose(self, game: Game[Any], state: Any, decision: Decision, rng: Rng) -> Choice:
        plan = _Plan(state, decision.seat, self.weights if state.solo is None else GOAL)
        values = [plan.value(c) for c in decision.choices]
        top = max(values)
        return rng.choice([c for c, v in zip(decision.choices, values, strict=True) if v == top])


SHARP_MOVES = GoalPolicy("sharp", SHARP)
"""The ``sharp`` policy: the game's named policy, and how ``hard`` plays its own moves (its anchored
pick, and its own later decisions in its playouts)."""


class _Plan:
    """What one seat is working towards, computed once per decision."""

    def __init__(self, state: State, seat: int, weights: Weights = GOAL) -> None:
        self.state, self.seat, self.weights = state, seat, weights
        rules = state.rules
        self.player = player = state.players[seat]
        self.project_colours = Counter(rules.projects[p] for p in player.projects)
        self.robot_colours = Counter(scoring.robot_colours(state, seat))
        held = Counter(rules.parts[t] for t in player.parts)
        self.wanted: set[tuple[int, int]] = set()
        """(colour, kind) missing from the column of a colour we have a project for, not yet in hand."""
        for colour in self.project_colours:
            for kind, tile in enumerate(state.columns[colour]):
                if tile == EMPTY and not held[(colour, kind)]:
                    self.wanted.add((colour, kind))
        self.wanted_kinds = {kind for _, kind in self.wanted}
        self.task = state.solo.task if state.solo is not None else ""
        self.reserved = [rules.contracts[state.grid[p]] for p in procedures.reserved(state, seat)]
        self.contract_needs = Counter(c for contract in self.reserved for c in contract.needs)
        """Robots our reserved contracts need, by colour."""
        self.targets = self._targets()
        """Solo: each colour the task still wants robots of, with how many more (task D: the
        colours its reserved contracts need)."""
        self.placements = procedures.placements(state, seat)
        self.completions = sum(1 for _, col in self.placements if self._completes(col))

    def _targets(self) -> dict[int, int]:
        """Task A: one colour, three robots; C: two colours, two robots each; B: three colours, one
        robot each (raised to the task's value). Only colours the assembly board can still give
        enough robots of qualify (Vilela takes meeples away), the ones furthest along first: robots
        built, then projects held, parts in the column, meeples left and, for B, the value."""
        state, task = self.state, self.task
        if task == "D":
            return {c: max(0, n - self.robot_colours[c]) for c, n in self.contract_needs.items()}
        if task not in TASK_ROBOTS:
            return {}
        count, each = TASK_ROBOTS[task]

        def along(c: int) -> float:
            built = min(self.robot_colours[c], each)
            placed = sum(t != EMPTY for t in state.columns[c])
            value = state.values[c] / 4.0 if task == "B" else 0.0
            held = min(self.project_colours[c], each - built)
            return 4.0 * built + 1.5 * held + 0.5 * placed + 0.3 * state.robots_board[c] + value

        chosen = sorted(reachable(state, self.robot_colours, each), key=lambda c: (-along(c), c))[:count]
        return {c: each - min(self.robot_colours[c], each) for c in chosen}

    # -- judging tiles -------------------------------------------------------------------------------

    def _completes(self, col: int) -> bool:
        return sum(t != EMPTY for t in self.state.columns[col]) == 2

    def part_want(self, tile: int) -> float:
        colour, kind = self.state.rules.parts[tile]
        if colour < 0:
            return 3.0 if kind in self.wanted_kinds else 2.0
        if (colour, kind) in self.wanted:
            return 4.0
        return 1.5 if colour in self.project_colours else 1.0

    def project_want(self, tile: int) -> float:
        state = self.state
        colour = state.rules.projects[tile]
        if state.robots_board[colour] == 0:
            return 0.0
        started = sum(t != EMPTY for t in state.columns[colour])
        held = sum(1 for t in self.player.parts if state.rules.parts[t][0] in (colour, -1))
        return 2.0 + started + held - self.project_colours[colour] + self.task_bonus(colour)

    def task_bonus(self, colour: int) -> float:
        """Solo: how much a project of ``colour`` brings the task tile closer. One the task does not
        want is turned down, since it takes a place a wanted one needs; so is one more than a target
        colour still needs, except for task A's single colour (turning those down met fewer A tasks
        with ``goal``: 89 of 200 against 111)."""
        if not self.targets:
            return 0.0
        short = self.targets.get(colour, 0) - self.project_colours[colour]
        return 3.0 if short > 0 else (0.0 if self.task == "A" and colour in self.targets else -6.0)

    def ends_unmet(self, col: int) -> bool:
        """Solo: whether completing a robot of ``col`` would end the game (its colour's last meeple,
        or the fifth robot) with the task still unmet: the player would be fired."""
        state = self.state
        if state.solo is None:
            return False
        last = state.robots_board[col] == 1 or len(self.player.robots) + 1 >= state.rules.robots_to_end
        if not last:
            return False
        counts = self.robot_colours + Counter({col: 1})
        # Task D: whether three reserved contracts could then be fulfilled together.
        fulfilled = self.task == "D" and any(scoring.fulfils(counts, trio) for trio in combinations(self.reserved, 3))
        return not scoring.task_met(state, counts, self.task, 3 if fulfilled else 0)

    def placement_value(self, tile: int, col: int) -> float:
        if self._completes(col):
            return -10.0 if self.ends_unmet(col) else 20.0
        colour = self.state.rules.parts[tile][0]
        if colour < 0 and self.completions == 0 and self.state.rules.parts[tile][1] in self.wanted_kinds:
            return 3.0  # keep a universal part for completing a robot
        helps_others = sum(t != EMPTY for t in self.state.columns[col]) == 1 and col not in self.project_colours
        target = (2.0 if col in self.targets else -4.0) if self.targets else 0.0
        return 8.0 + (3.0 if col in self.project_colours else 0.0) + target - (3.0 if helps_others else 0.0)

    def contract_value(self, pos: int) -> float:
        """Reserve only what our robots and incomplete projects can still fulfil, with the contracts
        already reserved."""
        state = self.state
        rules = state.rules
        if len(self.reserved) >= (4 if self.task == "D" else 3):
            return -1.0
        contract = rules.contracts[state.grid[pos]]
        need = self.contract_needs + Counter(contract.needs)
        built = all(need[c] <= self.robot_colours[c] for c in need)
        if self.task == "D":
            # The task: any contract the assembly board can still give the robots for, the fewest
            # robots first; projects come later. The contracts reserved together need at most one
            # robot fewer than the five that end the game: Vilela usually empties a colour first.
            likely = all(need[c] <= self.robot_colours[c] + state.robots_board[c] for c in need)
            likely = likely and sum(need.values()) < rules.robots_to_end
        else:
            likely = all(need[c] <= self.robot_colours[c] + self.project_colours[c] for c in need)
        if not likely:
            return -1.0
        slot = contract.slots[len(state.reservations[pos])]
        row = rules.contract_row(pos)
        task = 7.0 - D_ROBOT_COST * len(contract.needs) if self.task == "D" else 0.0
        return (6.0 if built else 3.0) + task + 0.5 * (slot + rules.row_vp[row]) - rules.row_costs[row]

    # -- going somewhere ------------------------------------------------------------------------------

    def board_value(self, space: int) -> float:
        state, player, rules = self.state, self.player, self.state.rules
        where = rules.spaces[space]
        toll = procedures.key_board(state, state.sandra) == where.board
        tokens = player.tokens - (rules.sandra_toll if toll else 0)
        if tokens < 0:
            return -5.0
        value = -1.5 if toll else 0.0
        owned = len(player.projects) + len(player.robots)
        if where.board == procedures.ASSEMBLY:
            usable = where.amount if tokens >= where.cost else 0
            n = min(len({tile for tile, _ in self.placements}), usable)
            # AS3's token buys a third placement only: with fewer, AS1 or AS2 do as well for free.
            return value + (10.0 * min(self.completions, n) + 3.0 * n - 2.0 * where.cost if n else -2.0)
        if where.board == procedures.PARTS:
            # A full hand is no reason to stay away: the end-of-turn limit drops the least wanted.
            missing = min(len(self.wanted), 2) if player.projects else 0
            room = rules.part_limit - len(player.parts)
            if not missing and room <= 0:
                return -1.0
            return value + 1.5 * (missing or 1) + self.weights.parts_amount * where.amount + where.gain
        if where.board == procedures.PROJECTS:
            best = max((self.project_want(t) for t in state.display if t != EMPTY), default=0.0)
            if owned >= rules.project_limit:  # worth it only to trade our least wanted project
                worst = min((self.project_want(t) for t in player.projects), default=best)
                return value + (best - worst - 1.0 if best > worst + 1.0 else -2.0)
            w = self.weights
            return (
                value
                + (6.0 if not player.projects else w.projects_more)
                + w.projects_amount * where.amount
                + 0.5 * best
            )
        reservable = [p for p in range(len(state.grid)) if procedures.reservable(state, self.seat, p)]
        best = max((self.contract_value(p) for p in reservable), default=-1.0)
        spend = min(tokens, where.amount)
        if self.task == "B":  # the robots' values are the task: raise them while they are short
            short = sum(1 for c in self.targets if state.values[c] < rules.task_b_value)
            best = max(best, 2.0 * short)
        return value + (best + 0.5 * spend if spend >= 1 and (best > 0 or self.robot_colours) else -1.0)

    # -- every choice ---------------------------------------------------------------------------------

    def value(self, choice: Choice) -> float:
        state, player, rules = self.state, self.player, self.state.rules
        verb, *args = choice.id.split(":")
        nums = [int(a) for a in args if a.isdigit()]
        turn = state.flow.turn
        if verb in ("end", "skip", "toll") and args != ["pay"]:
            return 0.0
        if verb == "toll":
            assert turn is not None
            return 1.0 if self.board_value(turn.space) + 1.5 > 1.0 else -1.0
        if verb in ("move", "over"):
            return self.board_value(nums[0] if verb == "move" else rules.board_spaces[nums[-1]][-1])
        if verb == "start":
            top = state.piles[nums[0]][-1] if state.piles[nums[0]] else EMPTY
            return 0.0 if top == EMPTY else self.part_want(top)
        if verb == "pay":
            return 6.0 if self.placements else -1.0
        if verb == "place":
            cost = state.flow.stack[-1][1] if state.flow.stack and state.flow.stack[-1][0] == "place" else 0
            return self.placement_value(nums[0], nums[1]) - 2.0 * cost
        if verb == "swap":
            spare = state.spares[nums[1]]
            gain = self.part_want(spare) - self.part_want(nums[0])
            return gain - 1.0 if player.tokens > rules.swap_cost and gain >= 2.0 else -1.0
        if verb == "rotate":
            useful = any(state.wheel[p] != EMPTY and self.part_want(state.wheel[p]) >= 3.0 for p in rules.exits)
            coming = any(t != EMPTY and self.part_want(t) >= 3.0 for t in state.wheel)
            room = len(player.parts) < rules.part_limit
            assert turn is not None
            return 0.5 if not useful and turn.left >= 2 and (room or coming) else -1.0
        if verb == "dispense":
            want = self.part_want(state.wheel[nums[0]])
            junk = len(player.parts) >= rules.part_limit and want < 3.0
            bonus = 1.0 if choice.params.get("bonus") and player.tokens >= rules.bonus_cost else 0.0
            return want + bonus - (4.0 if junk else 0.0)
        if verb == "take":
            want = self.project_want(state.display[nums[0]])
            if len(player.projects) + len(player.robots) >= rules.project_limit:
                worst = min((self.project_want(t) for t in player.projects), default=want)
                return want - worst - 1.0
            return want + (1.0 if nums[0] == procedures.bottom_space(state, 1) else 0.0)
        if verb == "raise":
            colour = nums[0]
            owned = 1.5 * self.robot_colours[colour] + 0.5 * self.project_colours[colour]
            if self.task == "B" and colour in self.targets and state.values[colour] < rules.task_b_value:
                owned += 2.5
            return owned + (0.5 if state.values[colour] + 1 in rules.lines else 0.0) - 1.0 if owned else -1.0
        if verb == "reserve":
            return self.contract_value(nums[0])
        if verb == "icon":
            top = state.piles[nums[0]][-1] if state.piles[nums[0]] else EMPTY
            return (self.part_want(top) if top != EMPTY else 0.5) - 0.5
        if verb == "refill":
            top = state.piles[nums[0]][-1] if state.piles[nums[0]] else EMPTY
            return self.part_want(top) if top != EMPTY else 0.0
        if verb == "drop":
            return -self.part_want(nums[0])
        if verb == "dropproj":
            return -self.project_want(nums[0])
        if verb == "vremove":
            return -self.contract_value(nums[0]) if state.grid[nums[0]] != EMPTY else 0.0
        if verb == "tile":
            return 1.0
        return -1.0  # executive discards and production tiles: not part of this plan
