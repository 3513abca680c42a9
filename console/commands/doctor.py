"""``bricabot doctor``: what the bot owes players and cannot deliver, on every server.

The outbox (:mod:`bot.service.outbox`) keeps every board, turn notice and note a change owes until
Discord accepts it; a row Discord refuses for a reason that lasts (a missing permission, a locked
thread, the bot removed from a server) is kept *blocked* with that reason. This command lists those
games and says what is wrong and where — the same list a server's managers see with
``/bricabot status`` — and exits with 1 while anything is blocked, so a monitor can watch it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from datetime import UTC, datetime

from bot.service import Blocked, GameService
from bot.service.deliveries import describe_block
from console.commands.stats import address, database_arguments, existing

COMMAND = ("doctor",)
HELP = "List the games whose board or turn notices Discord refuses for now, and why (exit 1 if any)."


def configure(parser: argparse.ArgumentParser) -> None:
    database_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def run(args: argparse.Namespace) -> int:
    if not existing(address(args)):
        print(f"bricabot doctor: no database at {address(args)}", file=sys.stderr)
        return 2
    return asyncio.run(_doctor(args))


async def _doctor(args: argparse.Namespace) -> int:
    async with await GameService.open(address(args)) as service:
        count, oldest = await service.owed()
        blocked = await service.blocked()
    late = None if oldest is None else max(0, round((datetime.now(UTC) - oldest).total_seconds()))
    games: dict[int, list[Blocked]] = {}
    for item in blocked:
        games.setdefault(item.game.id, []).append(item)
    if args.json:
        listed = [
            {
                "game": rows[0].game.id,
                "title": rows[0].game.title,
                "guild_id": rows[0].game.guild_id,
                "blocked": [{"delivery": r.key, "why": describe_block(r.reason)} for r in rows],
            }
            for rows in games.values()
        ]
        print(json.dumps({"owed": count, "oldest_due_seconds_ago": late, "games": listed}))
        return 1 if games else 0
    print(f"{count} deliveries owed" + ("" if late is None else f", the oldest due {late} s ago") + ".")
    if not games:
        print("Nothing is blocked: every owed message can be delivered.")
    for rows in games.values():
        game = rows[0].game
        print(f"game #{game.id} ({game.title}, server {game.guild_id}):")
        for row in rows:
            print(f"  {row.key}: {describe_block(row.reason)}")
    return 1 if games else 0
