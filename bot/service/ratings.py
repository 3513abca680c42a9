"""Skill ratings and players' stats from recorded results (pure functions over :class:`ResultRow`).

Ratings use OpenSkill's Plackett–Luce model over a server's games in finishing order; team-mates are
rated as one team. A human is rated as themself across games; an AI seat is rated by its level
("AI · hard"), all seats of that level together, so a server's board shows how its players compare
with each level. A game counts towards ratings only when it is a contest whose seats each kept one
player to the end: games where a seat changed hands (given away, abandoned, kicked, taken over after
missed turns) and solo games are left out of ratings and still count in stats (see
``docs/results.md``). The rating shown is OpenSkill's ordinal, ``mu - 3 sigma``: it rises as a player
wins and as the model grows sure of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby
from statistics import fmean

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.store import ResultRow

Player = tuple[str, int | str]
"""Who a result belongs to: ``("user", user_id)`` or ``("ai", level)``."""
RECENT = 5
"""Results listed under "recent" in a player's stats."""


def player_of(row: ResultRow) -> Player:
    if row.user_id is not None:
        return ("user", row.user_id)
    assert row.ai_level is not None
    return ("ai", row.ai_level)


def games(rows: Iterable[ResultRow]) -> list[list[ResultRow]]:
    """Rows grouped by game, in finishing order (rows arrive ordered by finish, game, seat)."""
    ordered = sorted(rows, key=lambda r: (r.finished_at, r.game_id, r.seat))
    return [list(group) for _, group in groupby(ordered, key=lambda r: r.game_id)]


def rated(game: Sequence[ResultRow]) -> bool:
    """Whether a game counts towards ratings: two sides or more, and no seat changed hands."""
    sides = {r.team if r.team is not None else ("seat", r.seat) for r in game}
    return len(sides) >= 2 and not any(r.changed_hands for r in game)


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's place on a leaderboard."""

    player: Player
    name: str
    rating: float
    """OpenSkill's ordinal (``mu - 3 sigma``)."""
    mu: float
    sigma: float
    rated_games: int
    games: int
    wins: int
    trend: tuple[float, ...]
    """The rating after each rated game, oldest first (the sparkline)."""


def leaderboard(rows: Iterable[ResultRow]) -> list[Standing]:
    """Every player with a rated game, best rating first (ties: more games, then name)."""
    model = PlackettLuce()
    ratings: dict[Player, PlackettLuceRating] = {}
    trends: dict[Player, list[float]] = {}
    counted: Counter[Player] = Counter()
    wins: Counter[Player] = Counter()
    played: Counter[Player] = Counter()
    names: dict[Player, str] = {}
    for game in games(rows):
        for row in game:
            who = player_of(row)
            played[who] += 1
            wins[who] += row.winner
            names[who] = row.name
        if not rated(game):
            continue
        sides: dict[object, list[ResultRow]] = {}
        for row in game:
            sides.setdefault(row.team if row.team is not None else ("seat", row.seat), []).append(row)
        teams = [[ratings.setdefault(player_of(r), model.rating()) for r in side] for side in sides.values()]
        ranks = [min(r.rank for r in side) for side in sides.values()]
        new = model.rate(teams, ranks=[float(r) for r in ranks])
        updates: dict[Player, list[tuple[float, float]]] = {}
        for side, rated_side in zip(sides.values(), new, strict=True):
            for row, rating in zip(side, rated_side, strict=True):
                updates.setdefault(player_of(row), []).append((rating.mu, rating.sigma))
        for who, values in updates.items():
            # Two seats of one AI level in a game: the level moves by the mean of both seats' updates.
            ratings[who] = model.rating(mu=fmean(v[0] for v in values), sigma=fmean(v[1] for v in values))
            counted[who] += 1
            trends.setdefault(who, []).append(ratings[who].ordinal())
    out = [
        Standing(
            who,
            names[who],
            rating.ordinal(),
            rating.mu,
            rating.sigma,
            counted[who],
            played[who],
            wins[who],
            tuple(trends[who]),
        )
        for who, rating in ratings.items()
    ]
    return sorted(out, key=lambda s: (-s.rating, -s.rated_games, s.name))


@dataclass(frozen=True, slots=True)
class Stats:
    """One player's record on a server (optionally in one game)."""

    games: int
    wins: int
    average: float
    best: ResultRow | None
    recent: tuple[ResultRow, ...]
    favourite: str | None
    """The game kind played most (the latest played first among equals)."""
    flagged: int
    """Games where the seat changed hands or missed turns."""
    versus_ai: tuple[tuple[str, int, int], ...]
    """Per AI level met: (level, games where the player finished ahead of it, games against it)."""
    standing: Standing | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def player_stats(rows: Iterable[ResultRow], user_id: int) -> Stats:
    """``user_id``'s stats among ``rows`` (a server's results, in any order)."""
    everything = games(rows)
    mine = [(game, row) for game in everything for row in game if row.user_id == user_id]
    own = [row for _, row in mine]
    kinds = Counter(row.kind for row in own)
    last_seen = {row.kind: i for i, row in enumerate(own)}
    versus: dict[str, list[int]] = {}
    for game, row in mine:
        for level in sorted({r.ai_level for r in game if r.ai_level is not None}):
            beaten = all(row.rank < r.rank for r in game if r.ai_level == level)
            tally = versus.setdefault(level, [0, 0])
            tally[0] += beaten
            tally[1] += 1
    board = leaderboard(r for game in everything for r in game)
    standing = next((s for s in board if s.player == ("user", user_id)), None)
    return Stats(
        games=len(own),
        wins=sum(r.winner for r in own),
        average=fmean(r.score for r in own) if own else 0.0,
        best=max(own, key=lambda r: (r.score, r.finished_at), default=None),
        recent=tuple(reversed(own[-RECENT:])),
        favourite=max(kinds, key=lambda k: (kinds[k], last_seen[k]), default=None),
        flagged=sum(1 for r in own if r.changed_hands or r.timeouts),
        versus_ai=tuple((level, won, met) for level, (won, met) in sorted(versus.items())),
        standing=standing,
    )
