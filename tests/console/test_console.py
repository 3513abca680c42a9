"""The terminal's reading and writing (:mod:`console.commands.console`): text wrapped at word boundaries to
the terminal's width with list items hanging, left alone for a pipe, and a prompt that answers
``None`` when Ctrl-C cancels it instead of leaving a thread waiting for Enter."""

from __future__ import annotations

import asyncio
import os
import threading

import pytest

from console.commands import console


def test_wrapping_breaks_between_words_and_hangs_list_items() -> None:
    text = "    12. ★ Reserve Charcoalette: 2 charcoalium (space 6) — Produces charcoalium: 1 alone, 3 with two"
    lines = console.wrap(text, 40).split("\n")
    assert len(lines) > 1 and all(len(line) < 40 for line in lines)
    assert all(line.startswith(" " * 8) for line in lines[1:]), lines
    assert " ".join(line.strip() for line in lines) == text.strip()


def test_a_word_longer_than_the_width_stays_whole() -> None:
    path = "/tmp/" + "x" * 60 + "/out"
    assert path in console.wrap(f"pictures in {path}", 30).split("\n")


def test_a_pipe_is_not_wrapped_unless_columns_says_a_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    assert console.columns() is None  # pytest captures stdout: not a terminal
    monkeypatch.setenv("COLUMNS", "50")
    assert console.columns() == 50


def test_a_prompt_answers_none_when_ctrl_c_cancels_it(monkeypatch: pytest.MonkeyPatch) -> None:
    read, write = os.pipe()
    monkeypatch.setattr("sys.stdin", os.fdopen(read))

    async def interrupted() -> str | None:
        asking = asyncio.ensure_future(console.ask("Choose: "))
        await asyncio.sleep(0.05)
        asking.cancel()  # what asyncio.run does to the main task on Ctrl-C
        return await asking

    assert asyncio.run(interrupted()) is None
    readers = [t for t in threading.enumerate() if t.name == "console-read"]
    assert readers and all(t.daemon for t in readers), "a reader left waiting never holds the program open"
    os.close(write)


def test_a_prompt_reads_a_line_and_stops_on_q(monkeypatch: pytest.MonkeyPatch) -> None:
    read, write = os.pipe()
    monkeypatch.setattr("sys.stdin", os.fdopen(read))
    os.write(write, b"3\nq\n")
    os.close(write)
    assert asyncio.run(console.ask("Choose: ")) == "3"
    assert asyncio.run(console.ask("Choose: ")) is None
    assert asyncio.run(console.ask("Choose: ")) is None  # the end of input
