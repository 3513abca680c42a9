"""The history's heavy pictures (:mod:`bot.heavy`): drawn in worker processes, once per picture however
many ask at once, never more than the limit together, kept on disk (a new site on the same folder
draws nothing), the folder held within its bound, too many waiting refused, a drawing beyond its memory
ceiling answered by the busy page, one whose process dies too (and the next drawn by a new process), and
the web process no bigger after drawing replays. Every picture is the same bytes as drawn in this
process."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot import heavy
from bot.service import GameService
from bot.service.names import seat_names
from bot.service.report import drawn_report, record_of, round_starts
from engine.core.contract import View
from renders.api import render_board
from renders.results.replay import animation, frames
from tests.web.conftest import ANA, Web
from tests.web.test_pages import APNG, finished
from web.app import build
from web.pages.history import PICTURE_CACHE, REPLAY_LIMIT
from web.site import Site

LANGUAGES = ("en", "fr")
STATUS = Path("/proc/self/status")


@pytest.fixture
def drawer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[heavy.Drawer]:
    """The process's drawer, two drawings at once, keeping its pictures in a folder of the test's own."""
    made = heavy.Drawer(tmp_path / "drawings", at_once=2)
    monkeypatch.setattr(heavy, "_drawer", made)
    yield made
    made.close()


async def _views(service: GameService, game_id: int) -> list[tuple[int | None, int, View]]:
    return round_starts(*await record_of(service.store, game_id))


async def _names(service: GameService, game_id: int, lang: str) -> list[str]:
    return seat_names((await service.game(game_id)).seats, lang)


async def _replay_here(service: GameService, game_id: int, lang: str) -> bytes:
    """The replay as this process draws it (what the page served before its drawings moved out)."""
    views = [view for _, _, view in await _views(service, game_id)]
    names = await _names(service, game_id, lang)
    return animation(frames(views, lang=lang, names=names), limit=REPLAY_LIMIT).data


async def test_four_replays_at_once_are_each_drawn_once_and_two_at_a_time(
    service: GameService, web: Web, drawer: heavy.Drawer
) -> None:
    games = [await finished(service, seed) for seed in (1, 4)]
    asked = [(game_id, lang) for game_id in games for lang in LANGUAGES]
    paths = [f"{await web.link(ANA, 'watch', game_id)}/history/replay.png?lang={lang}" for game_id, lang in asked]
    answers = await asyncio.gather(*(web.client.get(path) for path in paths * 2))  # each asked twice at once
    bodies = [await answer.read() for answer in answers]
    assert [answer.status for answer in answers] == [200] * 8
    assert drawer.made == 4, "each replay drawn once, however many asked for it"
    assert drawer.most == 2, "two drawings at once, the others waited their turn"
    for (game_id, lang), body in zip(asked * 2, bodies, strict=True):
        assert APNG in body and body == await _replay_here(service, game_id, lang)
    first = answers[0]
    assert first.content_type == "image/png" and first.headers["Cache-Control"] == PICTURE_CACHE
    assert "Content-Disposition" not in first.headers, "shown in the page, not offered as a file to save"
    again = await web.client.get(paths[0], headers={"If-None-Match": first.headers["ETag"]})
    assert again.status == 304 and drawer.made == 4


async def test_a_new_site_serves_the_pictures_from_disk_without_drawing(
    service: GameService, web: Web, drawer: heavy.Drawer, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await finished(service, 4)
    path = await web.link(ANA, "watch", game_id)
    history = json.loads(await (await web.client.get(f"{path}/history.json")).text())
    pictures = [f"v{history['frames'][0]['version']}.png", f"v{history['frames'][-1]['version']}.png"]
    pictures += ["report.png", "replay.png"]
    served = {picture: await (await web.client.get(f"{path}/history/{picture}")).read() for picture in pictures}
    assert drawer.made == 4, "two boards, the report, the replay"

    names = await _names(service, game_id, "en")
    rounds = {version: view for _, version, view in await _views(service, game_id)}
    for picture in pictures[:2]:
        assert served[picture] == render_board(rounds[int(picture[1:-4])], lang="en", names=names).png
    assert served["report.png"] == (await drawn_report(service.store, game_id, "en"))[1].png
    assert served["replay.png"] == await _replay_here(service, game_id, "en")

    # A process started afresh: nothing in memory, the same folder.
    fresh = heavy.Drawer(drawer.folder)
    monkeypatch.setattr(heavy, "_drawer", fresh)
    client = TestClient(TestServer(build(Site(service, web.signer))))
    await client.start_server()
    try:
        assert (await client.get(f"{path}/history")).status == 200
        for picture in pictures:
            answer = await client.get(f"{path}/history/{picture}")
            assert answer.status == 200 and await answer.read() == served[picture]
    finally:
        await client.close()
    assert fresh.made == 0, "every picture came from the disk"


async def test_the_folder_is_held_within_its_bound_the_least_recently_served_removed_first(
    service: GameService, tmp_path: Path
) -> None:
    game_id = await finished(service, 1)
    views = [view for _, _, view in await _views(service, game_id)][:3]
    names = tuple(await _names(service, game_id, "en"))
    sizes = [len(render_board(view, lang="en", names=names).png) for view in views]
    drawer = heavy.Drawer(tmp_path / "drawings", bound=sizes[0] + max(sizes[1:]) + sizes[2] // 2)
    try:

        async def board(index: int) -> bytes:
            with await drawer.open(heavy.board_png, views[index], "en", names) as drawn:
                return drawn.read()

        assert [len(await board(i)) for i in (0, 1)] == sizes[:2]
        await asyncio.sleep(0.05)
        await board(0)  # served again: now the more recent of the two
        assert drawer.made == 2
        await board(2)  # the bound holds two of them: the one served least recently goes
        kept = sorted(drawer.folder.glob(f"*{heavy.SUFFIX}"))
        assert len(kept) == 2 and sum(file.stat().st_size for file in kept) <= drawer.bound
        await board(0)
        assert drawer.made == 3, "the first board was kept"
        await board(1)
        assert drawer.made == 4, "the second board was removed, so drawn again"
    finally:
        drawer.close()


async def test_a_drawing_beyond_its_memory_ceiling_answers_the_busy_page(
    service: GameService,
    web: Web,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    cramped = heavy.Drawer(tmp_path / "drawings", ceiling=heavy.MB)
    monkeypatch.setattr(heavy, "_drawer", cramped)
    game_id = await finished(service, 4)
    path = await web.link(ANA, "watch", game_id)
    try:
        for address in ("history/replay.png", "history/report.png", "history?lang=fr"):
            caplog.clear()
            with caplog.at_level(logging.WARNING, logger="bricabot.heavy"):
                answer = await web.client.get(f"{path}/{address}")
            text = await answer.text()
            assert answer.status == 503 and answer.headers["Retry-After"] == "2", address
            assert "A moment, please" in text or "Un instant" in text, address
            assert [r.levelno for r in caplog.records if r.name == "bricabot.heavy"] == [logging.WARNING]
        assert not list(cramped.folder.glob(f"*{heavy.SUFFIX}")), "nothing kept of a failed drawing"
    finally:
        cramped.close()
    roomy = heavy.Drawer(cramped.folder)
    monkeypatch.setattr(heavy, "_drawer", roomy)
    try:
        answer = await web.client.get(f"{path}/history/replay.png")
        assert answer.status == 200 and APNG in await answer.read()
    finally:
        roomy.close()


async def test_too_many_drawings_waiting_are_refused(
    service: GameService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(heavy, "WAITING", 0)
    game_id = await finished(service, 1)
    views = [view for _, _, view in await _views(service, game_id)][:2]
    drawer = heavy.Drawer(tmp_path / "drawings", at_once=1)
    try:
        opened = await asyncio.gather(
            *(drawer.open(heavy.board_png, view, "en", ("Ana", "Bob")) for view in views), return_exceptions=True
        )
        # whichever asked first in the loop's order is drawn, the other refused: none may wait
        assert sorted(type(found).__name__ for found in opened) == ["BufferedReader", "Busy"]
        for found in opened:
            if not isinstance(found, BaseException):
                found.close()
    finally:
        drawer.close()


def _dies(view: View) -> bytes:
    """A drawing whose process ends before it is done (killed by the system, or crashed)."""
    os._exit(3)


async def test_a_drawing_whose_process_dies_answers_busy_and_the_next_one_is_drawn(
    service: GameService, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = await finished(service, 1)
    view = (await _views(service, game_id))[0][2]
    drawer = heavy.Drawer(tmp_path / "drawings")
    try:
        with caplog.at_level(logging.WARNING, logger="bricabot.heavy"), pytest.raises(heavy.Busy):
            await drawer.open(_dies, view)
        assert [r.levelno for r in caplog.records if r.name == "bricabot.heavy"] == [logging.WARNING]
        with await drawer.open(heavy.board_png, view, "en", ("Ana", "Bob")) as drawn:
            assert drawn.read() == render_board(view, lang="en", names=("Ana", "Bob")).png
    finally:
        drawer.close()


def _resident() -> int:
    """This process's resident size in bytes, after a collection."""
    gc.collect()
    for line in STATUS.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS line")


@pytest.mark.skipif(not STATUS.exists(), reason="reads the process's size from /proc")
async def test_drawing_replays_leaves_the_web_process_no_bigger(
    service: GameService, web: Web, drawer: heavy.Drawer
) -> None:
    warm, measured = [await finished(service, seed) for seed in (1, 4)]
    # The first picture loads what any picture needs (the worker pool, the replay of a log): not measured.
    first = await web.client.get(f"{await web.link(ANA, 'watch', warm)}/history/replay.png")
    assert first.status == 200
    before = _resident()
    path = await web.link(ANA, "watch", measured)
    for lang in LANGUAGES:
        answer = await web.client.get(f"{path}/history/replay.png?lang={lang}")
        assert answer.status == 200 and APNG in await answer.read()
    grown = _resident() - before
    assert drawer.made == 3
    assert grown < 100 * heavy.MB, f"the web process grew by {grown / heavy.MB:.0f} MiB"
