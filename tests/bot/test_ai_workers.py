"""The AI search processes die with the bot: a bot killed with SIGKILL leaves no worker and no
multiprocessing resource tracker behind."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GRACE = 3.0
"""Seconds the children have to go once the bot is killed."""


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting to be reaped has ended)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return False
    return fields[0] != "Z"


def survivors_of_a_killed_bot(loop_in: str = "main") -> tuple[list[int], list[int]]:
    """Kill a process that used the AI pool (its event loop in the ``main`` thread or another
    ``thread``); its children before, and those alive after :data:`GRACE`."""
    bot = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.ai_pool_worker", loop_in], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert bot.stdout is not None
    words = bot.stdout.readline().split()
    assert words[0] == "PIDS", words
    children = [int(w) for w in words[1:]]
    assert all(alive(pid) for pid in children)
    bot.send_signal(signal.SIGKILL)
    bot.wait()
    deadline = time.monotonic() + GRACE
    while time.monotonic() < deadline and any(alive(pid) for pid in children):
        time.sleep(0.05)
    return children, [pid for pid in children if alive(pid)]


@pytest.mark.parametrize("loop_in", ["main", "thread"])
def test_no_ai_worker_outlives_a_killed_bot(loop_in: str) -> None:
    children, left = survivors_of_a_killed_bot(loop_in)
    assert len(children) == 2, "the pool's worker and the resource tracker"
    assert left == []
