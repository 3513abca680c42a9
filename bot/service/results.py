"""Finished games' results: one row per seat, recorded with the move that ends the game.

The rows feed ``/game stats``, ``/game leaderboard`` and ``bricabot stats`` (see ``docs/results.md``).
They are written inside the finishing move's own transaction (:func:`record`), so a game is never
finished without its results, and ``INSERT … ON CONFLICT DO NOTHING`` makes a second recording of the
same game (a retried finish, a backfill) change nothing. Games that finished before results were kept
are recorded from their final snapshot by :func:`backfill`.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from bot import redact
from bot.service import convert
from bot.store import GameRow, ResultRow, SeatRow, Store, Tx
from engine import registry
from engine.core.contract import Game, Outcome

log = logging.getLogger("bricabot.results")


def fallback_name(seat: int, ai_level: str | None) -> str:
    """The name of a seat whose player left no display name: "AI · hard", else "Player 2"."""
    return f"AI · {ai_level}" if ai_level is not None else f"Player {seat + 1}"


def seat_results(
    row: GameRow,
    seats: Sequence[SeatRow],
    game: Game[Any],
    state: Any,
    outcome: Outcome,
    *,
    names: Mapping[int, str | None],
    given: frozenset[int],
    finished_at: int,
) -> list[ResultRow]:
    """The result of every seat of a game that just ended.

    Ranks: the winners are first; the others follow by score (then the game's own tie-break, when its
    outcome gives one per seat), equal results sharing a rank. Team-mates share their team's best
    rank. A seat *changed hands* when the host gave it to someone else or an AI took it over from its
    player (abandon, kick, missed turns): its row keeps the player who held it last.
    """
    winners = set(outcome.winners)
    tiebreak = outcome.details.get("tiebreak", {})
    players = getattr(game.view(state, None), "players", ())
    teams = {i: getattr(p, "team", None) for i, p in enumerate(players)}
    keys = {
        s.seat: (s.seat in winners, outcome.scores[s.seat], int(tiebreak.get(str(s.seat), 0)) if tiebreak else 0)
        for s in seats
    }
    for seat, team in teams.items():
        if team is not None and seat in keys:
            keys[seat] = max(k for other, k in keys.items() if teams.get(other) == team)
    out = []
    for s in seats:
        level = s.ai_policy if s.user_id is None else None
        name = (names.get(s.seat) or "").strip()
        took_over = s.user_id is not None and s.ai_policy is not None
        details: dict[str, Any] = {"seats": len(seats), "named": bool(name)}
        if took_over:
            details["finished_by"] = s.ai_policy
        out.append(
            ResultRow(
                game_id=row.id,
                seat=s.seat,
                kind=row.kind,
                guild_id=row.guild_id,
                user_id=s.user_id,
                ai_level=level,
                name=name or fallback_name(s.seat, level),
                team=teams.get(s.seat),
                score=int(outcome.scores[s.seat]),
                rank=1 + sum(1 for k in keys.values() if k > keys[s.seat]),
                winner=s.seat in winners,
                reason=outcome.reason,
                changed_hands=s.seat in given or took_over,
                timeouts=s.timeouts,
                details=details,
                finished_at=finished_at,
            )
        )
    return out


async def record(
    tx: Tx, row: GameRow, seats: Sequence[SeatRow], game: Game[Any], state: Any, outcome: Outcome, now: int
) -> None:
    """Inside the transaction that ends the game: store every seat's result (once, however often called)."""
    names = await tx.display_names(row.id)
    given = await tx.noted_seats(row.id, convert.SEAT_GIVEN)
    rows = seat_results(row, seats, game, state, outcome, names=names, given=given, finished_at=now)
    await tx.add_results(rows)


async def backfill(store: Store) -> list[int]:
    """Record the results of finished games that have none, from their final snapshot (the state the
    log replays to, checked at every move); returns the games recorded. Safe to run at any time."""
    done = []
    for game_id in await store.unrecorded_games():
        loaded = await store.load(game_id)
        if loaded is None or loaded.state is None or loaded.game.outcome is None:
            continue
        try:
            game = registry.get(loaded.game.kind)
            state = game.from_json(loaded.state)
            outcome = convert.outcome_from_json(loaded.game.outcome)
            finished = loaded.game.finished_at or loaded.game.updated_at
            async with store.transaction() as tx:
                await record(tx, loaded.game, loaded.seats, game, state, outcome, finished)
        except Exception as exc:
            # A game that cannot be read back (a game kind no longer installed) must not stop the
            # others, nor the bot's start-up: it stays without results.
            log.warning("could not record the results of game %s", game_id, exc_info=redact.exc_info(exc))
            continue
        done.append(game_id)
    return done
