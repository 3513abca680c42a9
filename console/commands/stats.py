"""``bricabot stats``: every server's leaderboard from the recorded results, after recording the
results of finished games that have none (games finished before results were kept)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.service.ratings import games, leaderboard, player_of, rated
from bot.service.report import ai_name, shown_name
from bot.service.results import backfill
from bot.settings import Settings
from bot.store import ResultRow, Store, sqlite_path

COMMAND = ("stats",)
HELP = "Leaderboards and ratings of every server from finished games' results (records missing results first)."


def configure(parser: argparse.ArgumentParser) -> None:
    database_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of tables")


def database_arguments(parser: argparse.ArgumentParser) -> None:
    """``--db`` and ``--database-url``, for the commands that read a bot's database (see :func:`address`)."""
    parser.add_argument("--db", type=Path, default=None, help="SQLite file (default: DATABASE_URL or DATABASE_PATH)")
    parser.add_argument("--database-url", default=None, help="sqlite:///path or postgresql://…")


def address(args: argparse.Namespace) -> str:
    """The database a command reads: ``--database-url``, else ``--db``, else the settings'."""
    if args.database_url:
        return str(args.database_url)
    if args.db is not None:
        return str(args.db)
    return Settings().database


def existing(address: str) -> bool:
    """Whether ``address`` names a database that is there to read: a SQLite file must exist, since
    opening a mistyped path would create an empty database; a PostgreSQL server answers when opened."""
    path = sqlite_path(address)
    return path is None or path.exists()


def run(args: argparse.Namespace) -> int:
    db = address(args)
    if not existing(db):
        print(f"bricabot stats: no database at {db}", file=sys.stderr)
        return 2
    return asyncio.run(_stats(args))


def _server(rows: list[ResultRow]) -> dict[str, Any]:
    names = {player_of(r): shown_name(r, "en") for r in rows}
    board = []
    for rank, standing in enumerate(leaderboard(rows), 1):
        who = standing.player
        board.append(
            {
                "rank": rank,
                "player": names.get(who) or ai_name(str(who[1]), "en"),
                "user_id": who[1] if who[0] == "user" else None,
                "ai_level": who[1] if who[0] == "ai" else None,
                "rating": round(standing.rating, 2),
                "mu": round(standing.mu, 2),
                "sigma": round(standing.sigma, 2),
                "rated_games": standing.rated_games,
                "games": standing.games,
                "wins": standing.wins,
            }
        )
    played = games(rows)
    unrated = sum(1 for game in played if not rated(game))
    return {"games": len(played), "unrated_games": unrated, "leaderboard": board}


def _games(n: int, what: str = "finished") -> str:
    return f"{n} {what} game" if n == 1 else f"{n} {what} games"


async def _stats(args: argparse.Namespace) -> int:
    store = await Store.open(address(args))
    try:
        recorded = await backfill(store)
        rows = await store.results()
    finally:
        await store.close()
    servers: dict[int | None, list[ResultRow]] = {}
    for row in rows:
        servers.setdefault(row.guild_id, []).append(row)
    listed = [{"guild_id": guild, **_server(part)} for guild, part in servers.items()]
    if args.json:
        print(json.dumps({"recorded_now": recorded, "servers": listed}))
        return 0
    if recorded:
        print(f"Recorded the results of {_games(len(recorded))} that had none: {recorded}")
    if not servers:
        print("No finished games yet.")
    for server in listed:
        where = "no server (command line)" if server["guild_id"] is None else f"server {server['guild_id']}"
        print(f"\n{where}: {_games(server['games'])}")
        if server["unrated_games"]:
            print(f"  {_games(server['unrated_games'], 'not rated')}: solo games, or a seat changed hands")
        if not server["leaderboard"]:
            print("  No rated game yet: a rating needs two sides or more.")
            continue
        print(f"{'#':>3}  {'player':<28} {'rating':>7} {'rated':>6} {'games':>6} {'wins':>5}")
        for line in server["leaderboard"]:
            print(
                f"{line['rank']:>3}  {line['player'][:28]:<28} {line['rating']:>7.2f} {line['rated_games']:>6} "
                f"{line['games']:>6} {line['wins']:>5}"
            )
    return 0
