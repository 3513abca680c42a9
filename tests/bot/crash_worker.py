"""Plays tiny games through the service forever, printing each committed move once it is acknowledged.

Run by ``test_crash.py`` as a subprocess that is killed with SIGKILL at a random moment. On start it
first finishes what a previous kill interrupted (resume work, then games waiting for user 1).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.service import CannotUndo, GameService, MoveResult
from engine import registry
from tests.support.tinygame import GAME

HUMAN = 1


def acknowledge(result: MoveResult) -> None:
    for move in result.moves:
        print(f"ACK {move.game_id} {move.version} {move.choice or 'undo'}", flush=True)


async def main(path: Path, seed: int) -> None:
    registry.register(GAME)
    registry.games()  # discover and import every game now, so the kill delays measure play, not imports
    async with await GameService.open(path) as service:
        print("READY", flush=True)
        for work in await service.due_work():
            acknowledge(await service.perform(work))
        while True:
            pending = await service.pending_for(HUMAN)
            if not pending:
                lobby = await service.create_lobby("tiny", HUMAN, seed=seed)
                seed += 1
                await service.add_ai(lobby.id, HUMAN)
                acknowledge(await service.start(lobby.id, HUMAN))
                continue
            item = pending[0]
            choices = item.decision.choices
            version = item.game.version
            if version % 7 == 3:
                try:
                    acknowledge(await service.undo(item.game.id, HUMAN, version))
                    continue
                except CannotUndo:
                    pass
            choice = choices[version % len(choices)].id
            acknowledge(await service.act(item.game.id, HUMAN, choice, version))


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), int(sys.argv[2])))
