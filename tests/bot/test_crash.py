"""Crash consistency: a player process killed with SIGKILL at random points never loses or half-applies
an acknowledged move, and every game still replays to its snapshot."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from bot.service import GameService
from tests.bot.conftest import ManualClock
from tests.support.tinygame import GAME as TINY

ROOT = Path(__file__).resolve().parents[2]
RUNS = 16


def _run_and_kill(db_path: Path, seed: int, delay: float) -> list[tuple[int, int, str]]:
    """Start the worker, kill it ``delay`` seconds after it is ready; return the moves it acknowledged."""
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.crash_worker", str(db_path), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert worker.stdout is not None
    assert worker.stdout.readline().strip() == "READY"
    time.sleep(delay)
    worker.send_signal(signal.SIGKILL)
    out, _ = worker.communicate()
    assert worker.returncode == -signal.SIGKILL, "the worker stopped on its own"
    acks = []
    for line in out.splitlines():
        if line.startswith("ACK "):
            _, game, version, choice = line.split()
            acks.append((int(game), int(version), choice))
    return acks


async def test_sigkill_never_loses_or_half_applies_a_move(db_path: Path) -> None:
    rng = random.Random(20261121)
    acknowledged: list[tuple[int, int, str]] = []
    for run in range(RUNS):
        acknowledged += _run_and_kill(db_path, 1000 * run, rng.uniform(0.05, 0.6))
    assert len(acknowledged) > RUNS
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        logged = {(g, s): c or "undo" for g, s, c in db.execute("SELECT game_id, seq, choice FROM actions").fetchall()}
        games = db.execute("SELECT id, version, status FROM games").fetchall()
        snapshots = dict(db.execute("SELECT game_id, version FROM snapshots").fetchall())
        counts = dict(db.execute("SELECT game_id, COUNT(*) FROM actions GROUP BY game_id").fetchall())
        states = {g: json.loads(state) for g, state in db.execute("SELECT game_id, state FROM snapshots")}
        to_act: dict[int, set[int]] = {}
        for game_id, seat in db.execute("SELECT game_id, seat FROM seats WHERE to_act = 1"):
            to_act.setdefault(game_id, set()).add(seat)
    for game, version, choice in acknowledged:
        assert logged.get((game, version)) == choice, (game, version)
    async with await GameService.open(db_path, clock=ManualClock()) as service:
        for game_id, version, status in games:
            if status == "lobby":
                continue
            assert counts.get(game_id, 0) == version
            assert snapshots[game_id] == version
            pending = {d.seat for d in TINY.pending(TINY.from_json(states[game_id]))}
            assert to_act.get(game_id, set()) == pending, game_id
            assert await service.replay_matches(game_id), game_id
