"""What one seat knows of an Imaginarium game, and full states sampled from that knowledge.

Hidden from a seat: the order of the machine and assistant decks, the face-down projects (the stock,
which other players' secret projects came from, and the secret projects discarded face down), the
Chimera fragment pile and discard, and everything behind the other teams' screens (goods, VP, secret
projects, fragments), plus the generator. :func:`knowledge` replaces all of it by a canonical form that
depends only on what the seat sees: decks sorted, unseen fragments pooled and dealt back in sorted order
keeping every public count (pile, discard) and splitting the rest evenly between the other screens, and
each other screen set to a typical stock of goods with the VP its projects publicly earned plus, for the
sources no one sees, what the seat earned itself from them (a rival has played as many rounds), kept
under the target so the sample is not already over. :func:`determinize` shuffles the pools again and
varies the goods behind each other screen. The search (:mod:`engine.core.search`) only ever sees the
first and plays in the second.
"""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.search import Budget, Judge, SearchHooks
from engine.core.state import copy
from engine.imaginarium.cards import VP
from engine.imaginarium.policy import DEEP, GreedyPolicy, forecast, foresight
from engine.imaginarium.state import PROJECTS, Player, State, piece_seat
from engine.imaginarium.value import features, value, value_parts

GUESS = (3, 1, 1, 1)
"""The typical charcoalium, wood, copper and crystal behind another screen."""


def _others(state: State, seat: int) -> list[Player]:
    """One player per other screen (teammates share theirs)."""
    return state.opponents(seat)


def _fragment_places(state: State, seat: int) -> list[list[int]]:
    """Every list of fragments the seat cannot see, as fragment kinds (held counts expanded)."""
    places = [state.pile, state.discard]
    if state.flow.turn.piece >= 0 and piece_seat(state.flow.turn.piece) not in state.mates(seat):
        places += [state.flow.turn.drawn, state.flow.turn.submitted]
    return places


def _held(players: list[Player]) -> list[int]:
    """The fragment kinds behind these players' screens, one entry per fragment."""
    return [k for p in players for k, n in enumerate(p.held) for _ in range(n)]


def knowledge(state: State, seat: int) -> State:
    """A copy of ``state`` holding only what ``seat`` may know, hidden parts in canonical form."""
    out = copy(state)
    target = out.target_vp
    others = _others(out, seat)
    own_hidden = out.players[seat].vp_from[PROJECTS + 1 :]
    places = _fragment_places(out, seat)
    held = sum(sum(p.held) for p in others)
    unseen = iter(sorted([*(k for place in places for k in place), *_held(others)]))
    for place in places:
        place[:] = [next(unseen) for _ in place]
    for i, p in enumerate(others):
        share = held // len(others) + (1 if i < held % len(others) else 0)
        p.held[:] = [0] * len(p.held)
        for _ in range(share):
            p.held[next(unseen)] += 1
        p.goods[:4] = list(GUESS)
        room = max(0, target - 1 - p.vp_from[PROJECTS])
        hidden = list(own_hidden)
        while sum(hidden) > room:
            hidden[hidden.index(max(hidden))] -= 1
        p.vp_from[:] = [p.vp_from[PROJECTS], *hidden]
        p.goods[VP] = sum(p.vp_from)
        out.stock += p.secret
        p.secret.clear()
    # The removed pile holds discarded secret projects, face down: pooled with the stock, so the seat
    # knows only which projects it has not seen, not which of them were discarded.
    unseen_projects = sorted([*out.stock, *out.removed])
    out.removed[:] = unseen_projects[: len(out.removed)]
    out.stock[:] = unseen_projects[len(out.removed) :]
    out.deck.sort()
    out.assistant_deck.sort()
    out.flow.rng = Rng(0)
    return out


def determinize(known: State, seat: int, rng: Rng) -> State:
    """A full state consistent with ``known``: decks and unseen fragments shuffled, other screens'
    goods varied around the typical stock, a fresh generator drawn."""
    out = copy(known)
    rng.shuffle(out.deck)
    rng.shuffle(out.assistant_deck)
    unseen_projects = [*out.stock, *out.removed]
    rng.shuffle(unseen_projects)
    out.removed[:] = unseen_projects[: len(out.removed)]
    out.stock[:] = unseen_projects[len(out.removed) :]
    others = _others(out, seat)
    places = _fragment_places(out, seat)
    pool = [*(k for place in places for k in place), *_held(others)]
    rng.shuffle(pool)
    for place in places:
        place[:] = [pool.pop() for _ in place]
    for p in others:
        share = sum(p.held)
        p.held[:] = [0] * len(p.held)
        for _ in range(share):
            p.held[pool.pop()] += 1
        for good, typical in enumerate(GUESS):
            p.goods[good] = max(0, typical + rng.randbelow(3) - 1)
    out.flow.rng = Rng(rng.next_u64())
    return out


def rivals(state: State, seat: int) -> list[int]:
    return [p.seat for p in state.opponents(seat)]


def planning(known: State) -> bool:
    """The decisions ``hard`` plays out: where a piece goes at planning (a handyman's machine or
    extractor, a saboteur's block), whose worth shows only once the round is played."""
    return known.flow.step == "plan"


def progress(state: State) -> float:
    """How near the end is: the leader's VP as a share of the target (rulebook: the round in which
    someone reaches it is the last)."""
    return min(1.0, max(p.goods[VP] for p in state.players) / state.target_vp)


def settled(state: State) -> bool:
    """A position a playout may be judged at: no piece is in the middle of its turn."""
    return state.flow.step in ("plan", "pair")


HOOKS: SearchHooks[State] = SearchHooks(
    knowledge=knowledge,
    determinize=determinize,
    evaluate=forecast,
    rollout=GreedyPolicy(evaluation=forecast),
    easy="greedy",
    scale=8.0,
    # normal: its prior alone; hard: 24 playouts of about a round on its three best placements.
    budgets={"normal": Budget(iterations=0, horizon=0, width=1), "hard": Budget(iterations=24, horizon=20, width=3)},
    rivals=rivals,
    priors={"normal": GreedyPolicy(evaluation=forecast), "hard": GreedyPolicy(evaluation=value, depth=DEEP)},
    searched=planning,
    settled=settled,
    parts=foresight,
    progress=progress,
    features=features,
    judges={"hard": Judge(value, value_parts)},
)
"""What the search needs from Imaginarium: ``greedy`` is the easy level. The search levels judge with
:func:`forecast` (``evaluate`` aware of the projects within reach and of the end-of-game majorities);
``hard`` also looks through a whole transactions action (:data:`DEEP`), and at two players (Chimera and
teams aside) judges, in its look-ahead and its playouts alike, with ``forecast``'s terms weighed as
games between ``normal`` seats say they end (:mod:`engine.imaginarium.value`). ``normal`` plays its
prior alone, judging with ``forecast`` everywhere. ``hard`` plays out its planning: a placement's worth
is decided in the round that follows (which machine the rival's handyman is left, what the saboteur
denies it, who acts first), which no look-ahead of the seat's own choices sees and the prior judges
blind (every saboteur placement alike). Each of its three best placements is played out in the same
sampled worlds, every seat by ``normal``'s policy, to the first settled position about a round on, and
the best mean margin wins. On the same 19 two-player seeds against ``normal`` (tuning), this won 13
games where the prior alone won 6; on 70 fresh seeds it won 52 where the prior alone won 51, so the
gain did not hold and ``hard``'s edge is mostly its prior. Its other decisions are the prior's, which
judges within a turn well: playing out the action pairs too won 5 of the first 8 tuning seeds, as
planning alone did, at twice the thinking."""
