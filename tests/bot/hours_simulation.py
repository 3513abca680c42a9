"""Many days of play at a table spread over the world's time zones, on a clock the simulation moves.

Players with active hours (Europe/Paris across a daylight-saving change, Asia/Kolkata at +5:30 with
hours crossing midnight, Pacific/Apia at +13 and Pacific/Honolulu at −10 at one table, Asia/Tokyo
without daylight saving, one player wanting a daily digest, one with no hours at all) play tiny
games with turn timers through the real service and store. The outbox is delivered the way the
Discord worker does it (leasing due rows, waking at most every 2 seconds), the scheduler runs on its
30-second grid (reminders, timeouts, reconciliation, the boards' "asleep" marks), players act some
while after being told, only inside their hours, and some forget (their turn times out). One
player takes a vacation.

Every delivery addressed to a player (a turn notice while their seat must act, a reminder whose
deadline holds, the word to a host) is checked against that player's hours as the simulation knows
them, independently of the service: how many went out in the night, how many missed deadlines
fell outside the player's hours, and how long after a window opened what was held for it went out.

Used by ``test_hours_simulation.py``; run it alone for the figures::

    python -m tests.bot.hours_simulation [--days 60] [--seed 1] [--start 2026-03-20]
        [--database-url postgresql://…] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bot.clock import from_epoch, to_epoch
from bot.hours import Hours, after
from bot.notifications import TimedOut
from bot.service import Delivery, GameInfo, GameService
from bot.service import outbox as owed
from bot.store.postgres import scratch_schema
from engine import registry
from engine.core.errors import EngineError
from tests.support.tinygame import GAME as TINY

WORKER_SECONDS = 2
"""The delivery worker looks for due rows at least this often (``cogs.delivery.worker.POLL_SECONDS``)."""
SCHEDULER_SECONDS = 30
"""The scheduler's period (``SCHEDULER_SECONDS``' default)."""
DAY = 86400


@dataclass(frozen=True)
class Player:
    user: int
    zone: str | None
    hours: str | None
    digest: bool = False

    @property
    def window(self) -> Hours | None:
        if self.zone is None or self.hours is None:
            return None
        start, end = (int(h) * 60 + int(m) for h, m in (part.split(":") for part in self.hours.split("-")))
        return Hours(self.zone, start, end)


TABLE = (
    Player(1, "Europe/Paris", "08:00-23:00"),
    Player(2, "Asia/Kolkata", "17:30-01:00"),
    Player(3, "Pacific/Apia", "07:00-22:00"),
    Player(4, "Pacific/Honolulu", "09:00-21:30"),
    Player(5, "Asia/Tokyo", "06:00-18:00", digest=True),
    Player(6, None, None),
)
"""The players; games seat four of them at a time, so everyone sits in several games at once."""
TABLES = ((1, 2, 3, 4), (5, 1, 6, 4), (2, 3, 5))
"""Who sits at each running game (a game that ends is followed by a new one at the same table)."""


@dataclass
class Figures:
    """What a simulation came to (``outside`` and ``deadlines_outside`` must be 0, ``longest_delay``
    at most 60 seconds)."""

    store: str
    start: str
    days: float
    games: int = 0
    moves: int = 0
    timeouts: int = 0
    notices: int = 0
    """Deliveries addressed to a player with hours: turn notices, reminders, words to a host."""
    held: int = 0
    """Of those, held until the player's hours began."""
    digests: int = 0
    """Times what was held for a player came out at once from more than one game."""
    outside: int = 0
    """Addressed deliveries made outside their player's hours."""
    deadlines_outside: int = 0
    """Missed deadlines that fell outside their player's hours."""
    longest_delay: float = 0.0
    """Seconds after a window opened that the last thing held for it went out."""
    still_held: int = 0
    """Rows held past their window's opening (plus a minute) at the end: none should be."""
    deadlines_checked: int = 0
    vacations: int = 0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"{self.store}: {self.days:g} days from {self.start}, {self.games} games, {self.moves} moves, "
            f"{self.timeouts} timeouts; {self.notices} notices to players with hours ({self.held} held, "
            f"{self.digests} digests of several games); outside their hours: {self.outside} notices, "
            f"{self.deadlines_outside} deadlines of {self.deadlines_checked}; longest delay after a window "
            f"opened: {self.longest_delay:g} s; still held: {self.still_held}"
        )


class Clock:
    def __init__(self, start: datetime) -> None:
        self.moment = start

    def now(self) -> datetime:
        return self.moment


class Simulation:
    def __init__(
        self,
        service: GameService,
        clock: Clock,
        figures: Figures,
        seed: int,
        players: Sequence[Player],
        timer: str,
    ) -> None:
        self.service = service
        self.clock = clock
        self.figures = figures
        self.rng = random.Random(seed)
        self.players = {p.user: p for p in players}
        self.windows = {p.user: p.window for p in players}
        self.timer = timer
        self.plans: dict[tuple[int, int], int] = {}
        """(game, seat) -> when its player will act."""
        self.tables: dict[int, tuple[int, ...]] = {}
        self.seed = seed

    @property
    def now(self) -> int:
        return to_epoch(self.clock.now())

    async def open(self, table: tuple[int, ...]) -> None:
        self.seed += 1
        info = await self.service.create_lobby(
            "tiny", table[0], seed=self.seed, turn_timer_name=self.timer, seats=len(table)
        )
        for user in table[1:]:
            await self.service.join(info.id, user)
        await self.service.start(info.id, table[0])
        self.tables[info.id] = table
        self.figures.games += 1

    # -- the delivery worker -------------------------------------------------------------------
    async def deliver(self) -> None:
        for lane in (owed.BOARD_LANE, owed.NOTICE_LANE):
            while rows := await self.service.claim_deliveries(lane):
                games = {g: await self.service.game(g) for g in {r.game_id for r in rows}}
                if len(games) > 1:
                    self.figures.digests += 1
                for row in rows:
                    self.check(row, games[row.game_id])
                    await self.service.delivered(row)

    def check(self, row: Delivery, game: GameInfo) -> None:
        """A delivery as the publisher would make it: whom it reaches, and whether that is in their hours."""
        user = self.addressee(row, game)
        if user is None:
            return
        window = self.windows.get(user)
        if window is None:
            self.tell(user, row, game)
            return
        self.figures.notices += 1
        if not window.is_open(self.now):
            self.figures.outside += 1
            self.figures.problems.append(f"{row.key} of game {game.id} reached user {user} at {self.clock.now()}")
        if row.held_for is not None:
            self.figures.held += 1
            opened = max(a for a, _ in window.intervals(self.now - 2 * DAY, self.now + 1) if a <= self.now)
            self.figures.longest_delay = max(self.figures.longest_delay, float(self.now - opened))
        self.tell(user, row, game)

    @staticmethod
    def addressee(row: Delivery, game: GameInfo) -> int | None:
        if row.key == owed.HOST_BLOCKED:
            return game.host_id
        number = owed.seat_of(row.key)
        seat = next((s for s in game.seats if s.seat == number), None)
        if game.status != "active" or seat is None or not seat.to_act or seat.is_ai or seat.user_id is None:
            return None
        if row.key.startswith(owed.REMIND):
            return seat.user_id if seat.deadline and to_epoch(seat.deadline) == row.payload.get("deadline") else None
        return seat.user_id

    def tell(self, user: int, row: Delivery, game: GameInfo) -> None:
        """A player who is told plans to act some while later in their own hours; some forget."""
        number = owed.seat_of(row.key)
        if number is None or (game.id, number) in self.plans or self.rng.random() < 0.3:
            return
        delay = self.rng.randint(5 * 60, 5 * 3600)
        self.plans[(game.id, number)] = after(self.windows.get(user), self.now, delay)

    # -- the players and the scheduler ---------------------------------------------------------
    async def act(self) -> None:
        for (game_id, number), when in sorted(self.plans.items(), key=lambda item: item[1]):
            if when > self.now:
                continue
            del self.plans[(game_id, number)]
            info = await self.service.game(game_id)
            seat = info.seats[number]
            if info.status != "active" or not seat.to_act or seat.is_ai or seat.user_id is None:
                continue
            try:
                await self.service.act(game_id, seat.user_id, "end", info.version)
                self.figures.moves += 1
            except EngineError:
                continue
        for game_id, table in list(self.tables.items()):
            if (await self.service.game(game_id)).status != "active":
                del self.tables[game_id]
                await self.open(table)

    async def schedule(self) -> None:
        for work in await self.service.due_work():
            result = await self.service.perform(work)
            for note in result.notifications:
                if isinstance(note, TimedOut):
                    self.figures.timeouts += 1
                    self.check_deadline(note.user_id, to_epoch(work.due))
        await self.service.reconcile()
        await self.service.watch_hours()

    def check_deadline(self, user: int, deadline: int) -> None:
        window = self.windows.get(user)
        if window is None:
            return
        self.figures.deadlines_checked += 1
        if not (window.is_open(deadline) or window.is_open(deadline - 1)):  # in a window, or as it closes
            self.figures.deadlines_outside += 1
            self.figures.problems.append(f"user {user}'s deadline {from_epoch(deadline)} fell outside their hours")

    async def next_moment(self, end: int) -> int:
        """The next moment anything happens: a delivery the worker would find, a scheduler pass with
        work, a player's move, a vacation's start or end."""
        moments = [end, *self.plans.values()]
        for lane in (owed.BOARD_LANE, owed.NOTICE_LANE):
            due = await self.service.next_delivery(lane)
            if due is not None:
                moments.append(_grid(to_epoch(due), WORKER_SECONDS))
        due = await self.service.next_due()
        if due is not None:
            moments.append(_grid(to_epoch(due), SCHEDULER_SECONDS))
        return max(self.now + 1, min(moments))


def _grid(moment: int, step: int) -> int:
    return math.ceil(moment / step) * step


async def simulate(
    database: str,
    *,
    days: float,
    seed: int = 1,
    start: datetime = datetime(2026, 3, 20, tzinfo=UTC),
    timer: str = "12h",
    players: Sequence[Player] = TABLE,
    tables: Sequence[tuple[int, ...]] = TABLES,
    store: str = "sqlite",
) -> Figures:
    """Play ``days`` from ``start`` and return the figures (see :class:`Figures`)."""
    registry.register(TINY)
    clock = Clock(start)
    figures = Figures(store, start.date().isoformat(), days)
    end = to_epoch(start) + int(days * DAY)
    away = [p.user for p in players if p.window is not None][:1]
    vacation = (to_epoch(start) + int(days * DAY / 3), to_epoch(start) + int(days * DAY / 2))
    async with await GameService.open(database, clock=clock) as service:
        sim = Simulation(service, clock, figures, seed, players, timer)
        for player in players:
            if player.window is not None:
                await service.set_active_hours(player.user, zone=player.zone, hours=player.hours, digest=player.digest)
        for table in tables:
            await sim.open(table)
        passed = to_epoch(start) - 1
        while sim.now < end:
            for user in away:
                on = vacation[0] <= sim.now < vacation[1]
                if await service.vacation(user) != on:
                    await service.set_vacation(user, on)
                    figures.vacations += on
            await sim.deliver()
            await sim.act()
            if _grid(sim.now, SCHEDULER_SECONDS) == sim.now and sim.now != passed:
                await sim.schedule()
                passed = sim.now
            await sim.deliver()
            target = await sim.next_moment(end)
            for edge in vacation:
                if sim.now < edge < target:
                    target = edge
            clock.moment = from_epoch(target)
        for game_id in list(sim.tables):
            for row in await service.outbox(game_id):
                if row.done_at is None and row.held_for is not None and row.due_at < end - 60:
                    figures.still_held += 1
    return figures


async def _run(args: argparse.Namespace) -> list[Figures]:
    start = datetime.fromisoformat(args.start).replace(tzinfo=UTC)
    out = []
    with tempfile.TemporaryDirectory() as folder:
        out.append(await simulate(str(Path(folder) / "hours.sqlite3"), days=args.days, seed=args.seed, start=start))
    if args.database_url:
        async with scratch_schema(args.database_url) as url:
            out.append(await simulate(url, days=args.days, seed=args.seed, start=start, store="postgresql"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=float, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", default="2026-03-20", help="first day, UTC (default: before Paris's March change)")
    parser.add_argument("--database-url", default="", help="also on this PostgreSQL server (a scratch schema)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for figures in asyncio.run(_run(args)):
        print(json.dumps(asdict(figures)) if args.json else figures.line())
        for problem in figures.problems[:20]:
            print(f"  ! {problem}")


if __name__ == "__main__":
    main()
