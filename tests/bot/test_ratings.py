"""Ratings and stats from results: OpenSkill's Plackett–Luce over games in finishing order."""

from __future__ import annotations

from dataclasses import replace

import pytest
from openskill.models import PlackettLuce

from bot.service.ratings import leaderboard, player_stats, rated
from bot.store import ResultRow

GUILD = 9


def result(game: int, seat: int, who: int | str, score: int, rank: int, **extra: object) -> ResultRow:
    user, level = (who, None) if isinstance(who, int) else (None, who)
    row = ResultRow(
        game_id=game,
        seat=seat,
        kind=str(extra.pop("kind", "imaginarium")),
        guild_id=GUILD,
        user_id=user,
        ai_level=level,
        name=f"P{who}" if user is not None else f"AI · {level}",
        team=None,
        score=score,
        rank=rank,
        winner=rank == 1,
        reason="end",
        changed_hands=False,
        timeouts=0,
        details={},
        finished_at=1000 + game,
    )
    return replace(row, **extra)  # type: ignore[arg-type]


def contest(game: int, *order: int | str, **extra: object) -> list[ResultRow]:
    """A game whose seats finish in the order given (first wins), scores 30, 20, 10…"""
    return [result(game, seat, who, 30 - 10 * seat, seat + 1, **extra) for seat, who in enumerate(order)]


def test_a_known_sequence_gives_openskills_own_ratings_and_order() -> None:
    rows = contest(1, 1, 2, 3) + contest(2, 2, 3, 1) + contest(3, 1, 3) + contest(4, 1, 2, 3)
    model = PlackettLuce()
    r = {u: model.rating() for u in (1, 2, 3)}
    for order in ((1, 2, 3), (2, 3, 1), (1, 3), (1, 2, 3)):
        new = model.rate([[r[u]] for u in order], ranks=[float(i) for i in range(1, len(order) + 1)])
        for u, [rating] in zip(order, new, strict=True):
            r[u] = rating
    board = leaderboard(rows)
    assert [s.player for s in board] == sorted((("user", u) for u in r), key=lambda p: -r[p[1]].ordinal())
    for standing in board:
        expected = r[standing.player[1]]  # type: ignore[index]
        assert standing.rating == pytest.approx(expected.ordinal())
        assert standing.mu == pytest.approx(expected.mu)
    first = board[0]
    assert first.player == ("user", 1) and first.wins == 3 and first.games == 4 and len(first.trend) == 4
    assert first.trend[-1] == pytest.approx(first.rating)


def test_finishing_order_matters_not_game_numbers() -> None:
    early = [replace(r, finished_at=5) for r in contest(9, 1, 2)]
    late = [replace(r, finished_at=50) for r in contest(1, 2, 1)]
    by_time = leaderboard(early + late)
    assert by_time == leaderboard(late + early)
    assert [s.trend[0] > 0 for s in by_time if s.player == ("user", 1)] == [True]


def test_ai_seats_are_rated_by_level_apart_from_people() -> None:
    rows = contest(1, 1, "hard", "easy") + contest(2, "hard", 1, "easy") + contest(3, 2, "easy", "easy")
    board = {s.player: s for s in leaderboard(rows)}
    assert set(board) == {("user", 1), ("user", 2), ("ai", "hard"), ("ai", "easy")}
    assert board[("ai", "hard")].name == "AI · hard" and board[("ai", "hard")].rated_games == 2
    assert board[("ai", "easy")].rated_games == 3  # two easy seats in game 3 count as one game for the level
    assert board[("ai", "hard")].rating > board[("ai", "easy")].rating


def test_games_that_changed_hands_and_solo_games_are_not_rated() -> None:
    base = contest(1, 1, 2) + contest(2, 2, 1)
    handed = contest(3, 1, 2)
    handed[1] = replace(handed[1], changed_hands=True)
    solo = [result(4, 0, 1, 50, 1, kind="botfactory")]
    assert not rated(handed) and not rated(solo) and rated(base[:2])
    plain = {s.player: s for s in leaderboard(base)}
    more = {s.player: s for s in leaderboard(base + handed + solo)}
    for who, standing in plain.items():
        assert more[who].rating == standing.rating and more[who].rated_games == standing.rated_games
    assert more[("user", 1)].games == 4 and more[("user", 2)].games == 3
    stats = player_stats(base + handed + solo, 1)
    assert stats.games == 4 and stats.flagged == 0
    assert player_stats(base + handed + solo, 2).flagged == 1


def test_teams_are_rated_as_teams() -> None:
    rows = [
        result(1, 0, 1, 40, 1, team=0),
        result(1, 1, 2, 40, 1, team=0),
        result(1, 2, 3, 30, 3, team=1),
        result(1, 3, 4, 30, 3, team=1),
    ]
    model = PlackettLuce()
    a, b = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1.0, 2.0])
    board = {s.player: s for s in leaderboard(rows)}
    assert board[("user", 1)].rating == pytest.approx(a[0].ordinal())
    assert board[("user", 3)].rating == pytest.approx(b[0].ordinal())


def test_player_stats() -> None:
    rows = (
        contest(1, 1, "hard")
        + contest(2, "hard", 1, kind="botfactory")
        + contest(3, 2, 1, "hard")
        + contest(4, 1, 2)
        + contest(5, 2, 3)
    )
    stats = player_stats(rows, 1)
    assert (stats.games, stats.wins) == (4, 2)
    assert stats.win_rate == pytest.approx(0.5)
    assert stats.average == pytest.approx((30 + 20 + 20 + 30) / 4)
    assert stats.best is not None and stats.best.game_id == 4
    assert [r.game_id for r in stats.recent] == [4, 3, 2, 1]
    assert stats.favourite == "imaginarium"
    assert stats.versus_ai == (("hard", 2, 3),)
    assert stats.standing is not None and stats.standing.player == ("user", 1)
    nobody = player_stats(rows, 99)
    assert (nobody.games, nobody.best, nobody.favourite, nobody.standing) == (0, None, None, None)
