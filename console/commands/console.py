"""Reading and writing a terminal for the ``bricabot play`` table and tutorial.

Two things the plain ``print``/``readline`` pair gets wrong there:

- **Long lines.** A terminal breaks a line at its last column, in the middle of a word. :func:`say`
  wraps each paragraph at word boundaries to the terminal's width, a list item's continuation lines
  indented under its text, so a choice's description stays readable in a narrow window. Output that
  goes to a file or a pipe is left as it is (a reader there has no width), unless ``COLUMNS`` says one.
- **Ctrl-C.** A line read in a worker thread keeps that thread blocked in ``readline`` after Ctrl-C,
  and the event loop's executor waits for it when it closes: the program hung until Enter. :func:`ask`
  reads in a daemon thread instead and answers ``None`` when the wait is cancelled (what ``asyncio.run``
  does on Ctrl-C), exactly as it does at the end of input or on ``q``, so every prompt saves and quits
  the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import sys
import textwrap
import threading

QUIT = "q"
BULLET = re.compile(r"^(\s*(?:[·•!✓✗-]|\d+\.|\[[^\]]*\])?\s*)")
"""A line's lead: its indentation and a list mark (``·``, ``✓``, ``12.``...); continuation lines
are indented to where the text after it starts."""


def columns() -> int | None:
    """How wide to wrap: the terminal's width, ``COLUMNS`` when set, ``None`` for a file or a pipe."""
    if os.environ.get("COLUMNS", "").isdigit():
        return max(20, int(os.environ["COLUMNS"]))
    if not sys.stdout.isatty():
        return None
    return max(20, shutil.get_terminal_size().columns)


def wrap(text: str, width: int | None) -> str:
    """``text`` with each of its lines broken at spaces to fit ``width`` (``None``: unchanged); a
    word longer than the width stays whole on its own line."""
    if width is None:
        return text
    out: list[str] = []
    for line in text.split("\n"):
        lead = BULLET.match(line)
        hang = " " * len(lead.group(1)) if lead else ""
        out.append(
            textwrap.fill(
                line,
                width=width - 1,  # the last column would move the cursor to the next line on some terminals
                subsequent_indent=hang,
                break_long_words=False,
                break_on_hyphens=False,
                replace_whitespace=False,
                drop_whitespace=True,
            )
            or line
        )
    return "\n".join(out)


def say(text: str = "") -> None:
    """Print ``text`` wrapped to the terminal's width."""
    print(wrap(text, columns()))


def _read(done: asyncio.Future[str], loop: asyncio.AbstractEventLoop) -> None:
    line = sys.stdin.readline()
    with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody waits for the line any more
        loop.call_soon_threadsafe(lambda: None if done.done() else done.set_result(line))


async def ask(prompt: str) -> str | None:
    """One line typed after ``prompt`` (wrapped like :func:`say`, the cursor left after it), without
    its line end; ``None`` at the end of input, on ``q``, or on Ctrl-C."""
    shown = wrap(prompt.rstrip(), columns())
    print(f"{shown}{' ' if prompt.endswith(' ') else ''}", end="", flush=True)
    loop = asyncio.get_running_loop()
    done: asyncio.Future[str] = loop.create_future()
    threading.Thread(target=_read, args=(done, loop), daemon=True, name="console-read").start()
    try:
        line = await done
    except asyncio.CancelledError:  # Ctrl-C: asyncio.run cancels the main task
        task = asyncio.current_task()
        if task is not None:
            task.uncancel()
        print()
        return None
    if not sys.stdin.isatty():  # a terminal echoes the line typed and its Enter; a pipe does not
        print()
    if not line or line.strip().lower() == QUIT:
        return None
    return line.rstrip("\r\n")
