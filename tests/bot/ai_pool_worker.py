"""Starts the AI search pool, prints the pids of its workers and of multiprocessing's resource tracker,
then waits to be killed. Run by ``test_ai_workers.py``, which kills it with SIGKILL. With ``thread``
the event loop runs in a thread other than the main one (the workers then rely on their watchdog)."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from multiprocessing import resource_tracker

from bot import ai


async def main() -> None:
    pool = ai._executor()
    worker = await asyncio.get_running_loop().run_in_executor(pool, os.getpid)
    tracker = resource_tracker._resource_tracker._pid  # type: ignore[attr-defined]
    print("PIDS", worker, *([] if tracker is None else [tracker]), flush=True)
    await asyncio.sleep(3600)


if __name__ == "__main__":
    if sys.argv[1:] == ["thread"]:
        loop = threading.Thread(target=asyncio.run, args=(main(),))
        loop.start()
        loop.join()
    else:
        asyncio.run(main())
