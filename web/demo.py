"""``bricabot web --demo``: a game played slowly in the background, to watch the pages live.

A fresh SQLite database in a temporary folder holds one game between named players; a player stands in
for each of them (the AI's ``normal`` level choosing from their seat's decision) and makes one move every
few seconds through the service, as the bot would. The pages read the same database, so each move
reaches the open page by its event stream. Nothing outside the temporary folder is touched.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot import ai
from bot.service import GameService
from bot.service.checks import state_of
from engine import registry

log = logging.getLogger("bricabot.web.demo")

PLAYERS = (("Ada", 101), ("Grace", 102), ("Alan", 103))
"""The demo's players: display names and the user ids their seats are stored under."""
GUILD, CHANNEL = 1, 2
"""Where the demo game is stored as being played (its leaderboard's server)."""
LEVEL = "normal"


@dataclass(frozen=True, slots=True)
class DemoGame:
    game_id: int
    users: tuple[int, ...]


async def open_demo(service: GameService, kind: str, players: int, seed: int) -> DemoGame:
    """A started game of ``kind`` between the first ``players`` demo players, named."""
    seated = PLAYERS[:players]
    host = seated[0][1]
    lobby = await service.create_lobby(kind, host, guild_id=GUILD, channel_id=CHANNEL, seed=seed)
    for _, user in seated[1:]:
        await service.join(lobby.id, user)
    for name, user in seated:
        await service.rename(user, name, guild_id=GUILD)
    await service.start(lobby.id, host)
    return DemoGame(lobby.id, tuple(user for _, user in seated))


async def move(service: GameService, demo: DemoGame) -> bool:
    """One move, the AI's choice for whoever must act; ``False`` once the game is over."""
    info = await service.game(demo.game_id)
    acting = next((seat for seat in info.seats if seat.to_act and seat.user_id in demo.users), None)
    if info.status != "active" or acting is None or acting.user_id is None:
        return False
    loaded = await service.store.load(demo.game_id)
    assert loaded is not None
    game = registry.get(info.kind)
    state = state_of(game, loaded)
    decision = game.decision_for(state, acting.seat)
    if decision is None:
        return False
    choice = await ai.think(game, LEVEL, state, decision, loaded.game.seed)
    await service.act(demo.game_id, acting.user_id, choice.id, info.version)
    return True


async def play_slowly(service: GameService, demo: DemoGame, every: float, announce: Sequence[str] = ()) -> None:
    """Move every ``every`` seconds until the game ends."""
    while True:
        await asyncio.sleep(every)
        if not await move(service, demo):
            for line in announce:
                print(line, flush=True)
            return


def demo_database(folder: Path) -> str:
    """The demo's SQLite file in ``folder``."""
    return str(folder / "demo.sqlite3")
