"""What one seat knows of a Bot Factory game, and full states sampled from that knowledge.

Bot Factory hides only orders: the tiles under the top of each face-up part pile (their colour and
so their set is known, since every other tile of that colour lies face up somewhere), the face-down
project deck, the contracts in the box, Vilela's three decks, and the generator that will shuffle
them. :func:`knowledge` puts each of those in a canonical order, so it holds exactly what
``view(state, seat)`` shows; :func:`determinize` shuffles them again, giving one state the seat
cannot tell from the real one. The search (:mod:`engine.core.search`) only ever sees the first and
plays in the second.
"""

from __future__ import annotations

from engine.botfactory.policy import SHARP_MOVES, GoalPolicy, estimate, worth
from engine.botfactory.state import State
from engine.botfactory.value import features, value, value_parts
from engine.core.rng import Rng
from engine.core.search import Budget, Judge, SearchHooks
from engine.core.state import copy


def knowledge(state: State, seat: int) -> State:
    """A copy of ``state`` with every hidden order sorted and the generator reset: a function of
    what ``seat`` sees (every seat sees the same, so ``seat`` only documents the call)."""
    out = copy(state)
    out.piles = [sorted(pile[:-1]) + pile[-1:] for pile in out.piles]
    out.deck.sort()
    out.contract_box.sort()
    if out.solo is not None:
        out.solo.action_deck.sort()
        out.solo.robot_deck.sort()
        out.solo.inspection_deck.sort()
    out.flow.rng = Rng(0)
    return out


def determinize(known: State, seat: int, rng: Rng) -> State:
    """A full state consistent with ``known``: hidden orders shuffled, a fresh generator drawn."""
    out = copy(known)
    for pile in out.piles:
        under = pile[:-1]
        rng.shuffle(under)
        pile[:-1] = under
    rng.shuffle(out.deck)
    rng.shuffle(out.contract_box)
    if out.solo is not None:
        rng.shuffle(out.solo.action_deck)
        rng.shuffle(out.solo.robot_deck)
        rng.shuffle(out.solo.inspection_deck)
    out.flow.rng = Rng(rng.next_u64())
    return out


def progress(state: State) -> float:
    """How near the end is: the emptiest colour of the assembly board, or the most robots a player
    has, as a share of what ends the game (rulebook: a colour's last robot gone, or five robots)."""
    rules = state.rules
    per_colour = rules.robots_per_colour(len(state.players))
    taken = max(per_colour - left for left in state.robots_board[:4]) / per_colour
    built = max(len(p.robots) for p in state.players) / rules.robots_to_end
    return min(1.0, max(taken, built))


HOOKS: SearchHooks[State] = SearchHooks(
    knowledge=knowledge,
    determinize=determinize,
    evaluate=estimate,
    rollout=GoalPolicy(),
    easy="goal",
    scale=15.0,
    # hard: about 80 ms of one core per decision on the reference machine (its level's mean is 150 ms).
    budgets={
        "normal": Budget(iterations=12, horizon=12, width=4),
        "hard": Budget(iterations=48, horizon=20, width=8, anchor=True),
    },
    progress=progress,
    urgency=4.0,
    keep=0.05,
    parts=worth,
    features=features,
    judges={"hard": Judge(value, value_parts)},
    priors={"hard": SHARP_MOVES},
    selves={"hard": SHARP_MOVES},
)
"""What the search needs from Bot Factory: ``goal`` plays the rollouts and is the easy level. A choice
replaces goal's pick only if it plays out clearly better (``keep``): short playouts rate token swaps,
hand-limit discards and executive trades noisily, and a search that followed every small edge made
those instead of placing parts, so games between ``hard`` seats dragged (3 players: median 20.5
rounds over 40 games without ``keep``, 16 with it). ``hard`` plays half as many playouts again as it
did at 32 (70 % of 40 two-player games against ``normal`` there); ``bricabot arena --budget`` shows
what more give. Its halving keeps goal's pick in every round (``anchor``): with 8 choices the first
round gives each 2 worlds, and goal's pick, dropped there by one unlucky world, was replaced by a
choice compared with it on those two alone (207 of 300 two-player games against ``normal`` without,
227 with, on the same seeds; solo tasks met: 57 of 100 without, 67 with). ``hard`` judges with the
value learned from self-play where the table size has one (two players: ``normal``'s games; four:
``goal``'s, :mod:`engine.botfactory.value`), and ``normal`` with :func:`estimate`. ``hard``'s own
moves, its anchored pick and its own later decisions in the playouts, are ``sharp``'s (``goal`` with
weights tuned by self-play, which wins 87 % of two-player games against it); the other seats still
reply as ``goal`` does, the policy ``normal`` and ``easy`` play by (168 of 200 two-player games
against ``normal`` on seeds 691000-691199, against 153 with ``goal``'s moves throughout). A solo game
plays ``goal``'s weights."""
