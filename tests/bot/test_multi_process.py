"""Several OS processes on one database (each store): lobby joins, identical clicks, two schedulers on
the same due work, and one player process killed with SIGKILL while another keeps playing.

Each process is a real ``python`` running :mod:`tests.bot.multi_worker`; they are released together
(``GO`` on stdin) so their calls race for the same rows.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.clock import to_epoch
from bot.service import GameService
from tests.bot.conftest import ManualClock, started_tiny
from tests.support.tinygame import GAME as TINY

ROOT = Path(__file__).resolve().parents[2]
HOUR = timedelta(hours=1)


class Worker:
    def __init__(self, *args: object) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.bot.multi_worker", *map(str, args)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def go(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        line = self.process.stdout.readline()
        assert json.loads(line) == {"ready": True}, line
        self.process.stdin.write("GO\n")
        self.process.stdin.flush()

    def lines(self, timeout: float = 120) -> list[dict[str, Any]]:
        out, _ = self.process.communicate(timeout=timeout)
        return [json.loads(line) for line in out.splitlines()]


def race(*workers: Worker) -> list[dict[str, Any]]:
    """Release every worker at once (once all are ready); their output lines once they have all finished."""
    for worker in workers:
        worker.go()
    lines = [line for worker in workers for line in worker.lines()]
    assert all(worker.process.returncode == 0 for worker in workers)
    return lines


async def test_joins_from_two_processes_seat_each_user_once_up_to_capacity(service: GameService, database: str) -> None:
    lobby = await service.create_lobby("tiny", 1000, host_seated=False)
    lines = race(Worker("join", database, lobby.id, 1, 25), Worker("join", database, lobby.id, 13, 37))
    seated = [s.user_id for s in (await service.game(lobby.id)).seats]
    assert len(seated) == len(set(seated)) == TINY.max_seats
    joined = [line["join"] for line in lines if line.get("code") == "ok"]
    assert sorted(joined) == sorted(seated)  # every answered join holds its seat, and only those
    codes = Counter(line["code"] for line in lines if "join" in line)
    assert set(codes) <= {"ok", "game_full", "already_seated"} and sum(codes.values()) == 50


async def test_identical_clicks_from_two_processes_make_one_move(service: GameService, database: str) -> None:
    game_id = await started_tiny(service)
    mover = next(s for s in (await service.game(game_id)).seats if s.to_act)
    lines = race(*(Worker("click", database, game_id, mover.user_id, "play:0", 0, 25) for _ in range(2)))
    codes = Counter(line["code"] for line in lines if "click" in line)
    assert codes == {"ok": 1, "stale_version": 49}
    assert (await service.game(game_id)).version == 1
    assert len(await service.log(game_id)) == 1
    assert await service.replay_matches(game_id)


async def test_two_schedulers_perform_each_timeout_and_reminder_once(
    service: GameService, database: str, clock: ManualClock
) -> None:
    late = [await started_tiny(service, seed=s, turn_timer_name="12h") for s in range(5)]
    clock.advance(4 * HOUR)
    near = [await started_tiny(service, seed=10 + s, turn_timer_name="12h") for s in range(5)]
    clock.advance(9 * HOUR)  # past the first games' deadlines; at the others' reminders
    now = to_epoch(clock.now())
    lines = race(Worker("schedule", database, now), Worker("schedule", database, now))
    notes = Counter((line["note"], line["game"]) for line in lines if "note" in line)
    expected = {("TimedOut", g): 1 for g in late} | {("MustAct", g): 1 for g in late}  # the next seat's turn
    assert notes == Counter(expected | {("Reminder", g): 1 for g in near})
    moves = Counter((line["move"], line["version"]) for line in lines if "move" in line)
    assert moves and max(moves.values()) == 1  # each AI move of a missed turn committed once
    for game_id in late + near:
        await _assert_consistent(service, game_id)
    assert await service.due_work() == []


async def test_sigkill_of_one_player_process_loses_nothing_and_the_other_goes_on(
    service: GameService, database: str
) -> None:
    rng = random.Random(20261123)
    acked: list[list[Any]] = []
    for run in range(2):
        victim, survivor = Worker("play", database, 100 * run), Worker("play", database, 100 * run + 50)
        victim.go()
        survivor.go()
        time.sleep(rng.uniform(0.3, 0.8))
        victim.process.send_signal(signal.SIGKILL)
        at_kill = await _action_count(service)
        time.sleep(1.0)
        survivor.process.send_signal(signal.SIGKILL)
        acked += [line["ack"] for worker in (victim, survivor) for line in worker.lines() if "ack" in line]
        assert victim.process.returncode == survivor.process.returncode == -signal.SIGKILL
        assert await _action_count(service) > at_kill, "the surviving process stopped playing"
    assert acked
    rows = await service.store.fetch("SELECT game_id, seq, choice FROM actions")
    logged = {(r[0], r[1]): r[2] or "undo" for r in rows}
    for game_id, version, choice in acked:
        assert logged.get((game_id, version)) == choice, (game_id, version)
    for (game_id,) in await service.store.fetch("SELECT id FROM games WHERE status <> 'lobby'"):
        await _assert_consistent(service, game_id)


async def _action_count(service: GameService) -> int:
    return int((await service.store.fetch("SELECT COUNT(*) FROM actions"))[0][0])


async def _assert_consistent(service: GameService, game_id: int) -> None:
    """One log entry per version, the snapshot at the version, turn flags as the state says, replayable."""
    loaded = await service.store.load(game_id)
    assert loaded is not None and loaded.state is not None
    version = loaded.game.version
    assert [a.seq for a in await service.store.actions(game_id)] == list(range(1, version + 1))
    assert (await service.store.snapshot(game_id) or (None,))[0] == version
    state = TINY.from_json(loaded.state)
    pending = {d.seat for d in TINY.pending(state)} if loaded.game.status == "active" else set()
    assert {s.seat for s in loaded.seats if s.to_act} == pending, game_id
    assert all(s.to_act for s in loaded.seats if s.autoplay), game_id
    assert loaded.game.ai_turn == any(s.to_act and not s.human for s in loaded.seats) or loaded.game.status != "active"
    for seat in loaded.seats:
        timed = seat.to_act and seat.human and loaded.game.turn_timer is not None
        assert (seat.clock.deadline is not None) == timed or seat.vacation, (game_id, seat)
    assert await service.replay_matches(game_id)


async def test_two_processes_deliver_one_outbox_each_delivery_once(
    service: GameService, database: str, clock: ManualClock
) -> None:
    games = [await started_tiny(service, humans=3, seed=seed) for seed in range(12)]
    for game_id in games[::2]:  # a move each in half of them: newer boards, turns begun and ended
        game = await service.game(game_id)
        mover = next(s for s in game.seats if s.to_act)
        assert mover.user_id is not None
        await service.act(game_id, mover.user_id, "play:0", game.version)
    owed = {(g, d.key, d.version) for g in games for d in await service.outbox(g) if d.done_at is None}
    assert len(owed) >= 3 * len(games)  # each game's board, lobby and the turn of the seat that must act

    at = to_epoch(clock.now())
    lines = race(Worker("deliver", database, at), Worker("deliver", database, at))
    delivered = Counter(tuple(line["delivered"]) for line in lines if "delivered" in line)
    assert set(delivered) == owed
    assert max(delivered.values()) == 1, [row for row, n in delivered.items() if n > 1]
    assert not [d for g in games for d in await service.outbox(g) if d.done_at is None]
