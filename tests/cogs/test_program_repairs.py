"""Repairs by the real program, as an OS process on the fake Discord: a moderator's deletion, archive or
lock reaches it as a gateway event over the websocket, and what was damaged while it was stopped is found
after it connects again (a new session's READY). Each repair must be done within two scheduler passes
(``SCHEDULER_SECONDS`` is 2 here), with nobody clicking, on SQLite and PostgreSQL; the time from the
event (or from READY) to the repair is printed.
"""

from __future__ import annotations

import time
from typing import Any

from tests.cogs.conftest import GUILD
from tests.cogs.flows import custom_ids
from tests.cogs.running import Bench, address, bench, started, until

__all__ = ["address", "bench"]  # the fixtures every scenario here runs with

TWO_PASSES = 4.0
"""Two scheduler passes at ``SCHEDULER_SECONDS=2``."""


def boards(bench: Bench) -> list[dict[str, Any]]:
    return [m for m in bench.fake.messages.values() if f"board:{bench.game_id}:log" in custom_ids(m)]


def thread_of(bench: Bench) -> int:
    (board,) = boards(bench)
    return int(board["channel_id"])


def moved(bench: Bench, old_thread: int) -> bool:
    """The game has a board in a new thread, which says the game continues there."""
    live = boards(bench)
    if len(live) != 1 or int(live[0]["channel_id"]) == old_thread:
        return False
    said = [m.get("content") or "" for m in bench.fake.channel_messages(int(live[0]["channel_id"]))]
    return any("the game continues here" in text for text in said)


async def repaired_within(bench: Bench, check: Any, what: str, began: float) -> None:
    await until(check, f"{what}: not repaired", seconds=30.0)
    took = time.monotonic() - began
    print(f"{what}: repaired {1000 * took:.0f} ms after the event")
    assert took < TWO_PASSES, f"{what}: {took:.1f} s"


async def test_a_deleted_board_is_posted_again(bench: Bench) -> None:
    await started(bench)
    (board,) = boards(bench)
    bench.fake.delete_message(int(board["id"]))
    began = time.monotonic()
    await bench.gateway.dispatch(
        "MESSAGE_DELETE", {"id": board["id"], "channel_id": board["channel_id"], "guild_id": str(GUILD.id)}
    )
    await repaired_within(bench, lambda: len(boards(bench)) == 1, "board deleted", began)


async def test_a_deleted_thread_is_replaced(bench: Bench) -> None:
    await started(bench)
    thread = thread_of(bench)
    gone = {k: bench.fake.channels[thread][k] for k in ("id", "guild_id", "parent_id", "type")}
    bench.fake.delete_channel(thread)
    began = time.monotonic()
    await bench.gateway.dispatch("THREAD_DELETE", gone)
    await repaired_within(bench, lambda: moved(bench, thread), "thread deleted", began)


async def test_an_archived_thread_is_reopened(bench: Bench) -> None:
    await started(bench)
    thread = thread_of(bench)
    bench.fake.archive(thread)
    began = time.monotonic()
    await bench.gateway.dispatch("THREAD_UPDATE", bench.fake.channels[thread])
    metadata = bench.fake.channels[thread]["thread_metadata"]
    await repaired_within(bench, lambda: not metadata["archived"], "thread archived", began)


async def test_what_vanished_while_it_was_stopped_is_repaired_after_it_connects(bench: Bench) -> None:
    await started(bench)
    thread = thread_of(bench)
    ended = await bench.process.stop()
    assert ended.status == 0, ended.log
    bench.fake.delete_channel(thread)  # no event reaches a stopped bot
    await bench.process.start()
    began = time.monotonic()  # READY has been sent
    await repaired_within(bench, lambda: moved(bench, thread), "thread deleted while stopped", began)
    (board,) = boards(bench)
    ended = await bench.process.stop()
    bench.fake.delete_message(int(board["id"]))
    bench.fake.archive(int(board["channel_id"]))
    await bench.process.start()
    began = time.monotonic()
    metadata = bench.fake.channels[int(board["channel_id"])]["thread_metadata"]
    await repaired_within(
        bench,
        lambda: len(boards(bench)) == 1 and not metadata["archived"],
        "board deleted and thread archived while stopped",
        began,
    )
