"""Finished games' results: recorded once, with the finishing move, on every database."""

from __future__ import annotations

from bot.clock import STOPPED
from bot.service import GameService
from bot.service import results as results_module
from bot.service.log import state_at
from bot.service.results import seat_results
from bot.store import SeatRow
from tests.bot.conftest import started_tiny
from tests.bot.played import played


async def play_out(service: GameService, game_id: int) -> None:
    """Play every human seat's first choice until the game ends."""
    while True:
        info = await service.game(game_id)
        if info.status != "active":
            return
        seat = next(s for s in info.seats if s.to_act)
        assert seat.user_id is not None
        table = await service.view(game_id, seat.user_id)
        assert table.decision is not None
        await service.act(game_id, seat.user_id, table.decision.choices[0].id, info.version)


async def test_every_seat_is_recorded_once_with_the_finishing_move(service: GameService) -> None:
    game_id = await started_tiny(service, humans=2, ais=1, seed=3)
    assert await service.store.results(game_id=game_id) == []
    await play_out(service, game_id)
    info = await service.game(game_id)
    assert info.status == "finished" and info.outcome is not None
    rows = await service.store.results(game_id=game_id)
    assert [r.seat for r in rows] == [0, 1, 2]
    outcome = info.outcome
    for row in rows:
        seat = info.seats[row.seat]
        assert row.score == outcome.scores[row.seat]
        assert row.winner == (row.seat in outcome.winners)
        assert row.reason == outcome.reason
        assert row.kind == "tiny" and not row.changed_hands
        if seat.is_ai:
            assert (row.user_id, row.ai_level, row.name) == (None, "random", "AI · random")
        else:
            assert (row.user_id, row.ai_level, row.name) == (seat.user_id, None, f"Player {row.seat + 1}")
    best = max(outcome.scores)
    for row in rows:
        better = sum(1 for r in rows if (r.winner, r.score) > (row.winner, row.score))
        assert row.rank == 1 + better
        assert (row.rank == 1) == row.winner or row.score == best
    # Recording again (a retried finish, a backfill) changes nothing.
    assert await results_module.backfill(service.store) == []
    loaded = await service.store.load(game_id)
    assert loaded is not None
    async with service.store.transaction() as tx:
        await tx.add_results(rows)
    assert await service.store.results(game_id=game_id) == rows


async def test_a_seat_that_changed_hands_is_flagged(service: GameService) -> None:
    game_id = await started_tiny(service, humans=3, seed=5)
    seats = {s.user_id: s.seat for s in (await service.game(game_id)).seats}
    await service.abandon(game_id, 2)
    await service.replace(game_id, 1, seats[3], 7)
    await play_out(service, game_id)
    rows = {r.seat: r for r in await service.store.results(game_id=game_id)}
    info = await service.game(game_id)
    assert rows[seats[3]].user_id == 7 and rows[seats[3]].changed_hands
    abandoned = rows[seats[2]]
    assert abandoned.changed_hands and abandoned.user_id == 2 and abandoned.ai_level is None
    assert abandoned.details["finished_by"] == info.seats[seats[2]].ai_policy
    assert not rows[seats[1]].changed_hands


async def test_unfinished_and_cancelled_games_have_no_results(service: GameService) -> None:
    game_id = await started_tiny(service, humans=2, seed=3)
    await service.cancel(game_id, 1)
    assert await service.store.results(game_id=game_id) == []
    assert await results_module.backfill(service.store) == []


async def test_backfill_records_finished_games_without_results(service: GameService) -> None:
    game_id = await started_tiny(service, humans=2, seed=4)
    await play_out(service, game_id)
    recorded = await service.store.results(game_id=game_id)
    async with service.store.transaction() as tx:
        await tx._db.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
    assert await service.store.results(game_id=game_id) == []
    assert await results_module.backfill(service.store) == [game_id]
    again = await service.store.results(game_id=game_id)
    assert [(r.seat, r.user_id, r.score, r.rank, r.winner) for r in again] == [
        (r.seat, r.user_id, r.score, r.rank, r.winner) for r in recorded
    ]


def test_team_mates_share_their_teams_rank() -> None:
    game, row, actions = played("imaginarium", 4, 2, (("chimera", True), ("teams", True)))
    state = state_at(game, row, 4, actions, row.version)
    outcome = game.outcome(state)
    assert outcome is not None
    seats = [SeatRow(row.id, s, 100 + s, None, 0, False, False, STOPPED) for s in range(4)]
    rows = seat_results(row, seats, game, state, outcome, names={}, given=frozenset(), finished_at=1)
    teams = {r.seat: r.team for r in rows}
    assert teams == {0: 0, 1: 0, 2: 1, 3: 1}
    assert rows[0].rank == rows[1].rank and rows[2].rank == rows[3].rank
    assert {rows[0].rank, rows[2].rank} <= {1, 3}
    assert [r.winner for r in rows] == [s in outcome.winners for s in range(4)]
    assert rows[0].name == "Player 1" and not rows[0].details["named"]


async def test_backfill_skips_a_game_it_cannot_read_back(service: GameService) -> None:
    broken = await started_tiny(service, humans=2, seed=4)
    await play_out(service, broken)
    fine = await started_tiny(service, humans=2, seed=3)
    await play_out(service, fine)
    async with service.store.transaction() as tx:
        await tx._db.execute("DELETE FROM results", ())
        await tx._db.execute("UPDATE games SET kind = 'retired' WHERE id = ?", (broken,))
    assert await results_module.backfill(service.store) == [fine]
    assert await service.store.results(game_id=broken) == []
