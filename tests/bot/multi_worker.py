"""One of several OS processes sharing a database, for ``test_multi_process.py``.

``python -m tests.bot.multi_worker SCENARIO DATABASE [ARGS...]`` opens the service, prints ``READY``,
waits for ``GO`` on stdin (so every process starts at once) and prints one JSON line per outcome:

- ``join GAME FIRST LAST``: users FIRST..LAST join lobby GAME concurrently; ``{"join": user, "code": …}``.
- ``click GAME USER CHOICE VERSION COUNT``: COUNT identical moves at once; ``{"click": i, "code": …}``.
- ``schedule EPOCH``: one scheduler pass at time EPOCH; ``{"note": kind, "game": …, "seat": …}`` per
  notification, ``{"move": game, "version": v}`` per committed move.
- ``deliver EPOCH``: at time EPOCH, leases owed deliveries of both lanes and reports each delivered, until
  none is left; ``{"delivered": [game, key, version]}`` per row it was the one to deliver.
- ``play SEED``: plays tiny games of user 1 against an AI for ever, racing any other player process on
  the same games; ``{"ack": [game, version, choice]}`` after each committed move.

``code`` is ``"ok"`` or the refusal's error code.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from datetime import UTC, datetime
from typing import Any

from bot.service import GameService, MoveResult
from engine import registry
from engine.core.errors import EngineError
from tests.support.tinygame import GAME

HUMAN = 1


class FixedClock:
    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def now(self) -> datetime:
        return self.moment


def say(**fields: Any) -> None:
    print(json.dumps(fields), flush=True)


def report(result: MoveResult) -> None:
    for move in result.moves:
        say(move=move.game_id, version=move.version, ack=[move.game_id, move.version, move.choice or "undo"])
    for note in result.notifications:
        seat = getattr(note, "seat", None)
        say(note=type(note).__name__, game=note.game_id, seat=seat)


async def outcome(call: Any) -> str:
    try:
        await call
    except EngineError as error:
        return error.code
    return "ok"


async def join(service: GameService, game_id: int, first: int, last: int) -> None:
    users = range(first, last + 1)
    codes = await asyncio.gather(*(outcome(service.join(game_id, user)) for user in users))
    for user, code in zip(users, codes, strict=True):
        say(join=user, code=code)


async def click(service: GameService, game_id: int, user: int, choice: str, version: int, count: int) -> None:
    codes = await asyncio.gather(*(outcome(service.act(game_id, user, choice, version)) for _ in range(count)))
    for i, code in enumerate(codes):
        say(click=i, code=code)


async def schedule(service: GameService) -> None:
    for work in await service.due_work():
        report(await service.perform(work))


async def deliver(service: GameService) -> None:
    idle = 0
    while idle < 3:  # the other process may still hold leases on rows it is about to give back
        rows = [row for lane in ("board", "notice") for row in await service.claim_deliveries(lane)]
        idle = 0 if rows else idle + 1
        for row in rows:
            await asyncio.sleep(0.001)  # the Discord call
            if await service.delivered(row):
                say(delivered=[row.game_id, row.key, row.version])
        if not rows:
            await asyncio.sleep(0.05)


async def play(service: GameService, seed: int) -> None:
    for work in await service.due_work():
        report(await service.perform(work))
    while True:
        pending = await service.pending_for(HUMAN)
        if not pending:
            lobby = await service.create_lobby("tiny", HUMAN, seed=seed)
            seed += 1
            await service.add_ai(lobby.id, HUMAN)
            report(await service.start(lobby.id, HUMAN))
            continue
        item = pending[seed % len(pending)]
        choices = item.decision.choices
        choice = choices[item.game.version % len(choices)].id
        with contextlib.suppress(EngineError):  # the other process played this turn first
            report(await service.act(item.game.id, HUMAN, choice, item.game.version))


async def main(scenario: str, address: str, args: list[str]) -> None:
    registry.register(GAME)
    registry.games()  # discover and import every game before the start signal
    timed = scenario in ("schedule", "deliver")
    clock = FixedClock(datetime.fromtimestamp(int(args[0]), UTC)) if timed else None
    async with await GameService.open(address, clock=clock) as service:
        say(ready=True)
        await asyncio.to_thread(sys.stdin.readline)
        if scenario == "join":
            await join(service, int(args[0]), int(args[1]), int(args[2]))
        elif scenario == "click":
            await click(service, int(args[0]), int(args[1]), args[2], int(args[3]), int(args[4]))
        elif scenario == "schedule":
            await schedule(service)
        elif scenario == "deliver":
            await deliver(service)
        elif scenario == "play":
            await play(service, int(args[0]))
        else:
            raise SystemExit(f"unknown scenario {scenario}")
        say(done=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
