"""The pages in a real browser (headless Chromium): each kind of page opened by its link in English and
French, at a phone's 400 px and a screen's 1440 px, light and dark, with 0 serious or critical axe-core
violations; a move appearing live without a reload; every refused link refused; each page walked
through by keyboard with a visible focus; times written in the reader's own zone; the history's
scrubber driven by keyboard."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

import pytest
from selenium.webdriver.common.keys import Keys

from bot.service import GameService
from tests.web.browser import Browser
from tests.web.conftest import ANA, BOB, CAT, GUILD, Web, play, started
from tests.web.test_pages import finished


@dataclass(frozen=True)
class Page:
    name: str
    path: str
    heading: str
    french: str


async def every_page(service: GameService, web: Web) -> list[Page]:
    """One page of every kind, by the link that opens it."""
    for seed in (1, 2):
        await finished(service, seed)
    ended = await finished(service, 3)
    game_id = await started(service, moves=20)
    await service.create_lobby("imaginarium", ANA, guild_id=GUILD, channel_id=1)
    personal = await web.link(ANA, "game", game_id)
    server = await web.link(ANA, "server", GUILD)
    return [
        Page("personal game", personal, "Imaginarium", "Votre côté"),
        Page("spectator game", await web.link(CAT, "watch", game_id), "Imaginarium", "La table"),
        Page("history", f"{personal}/history", "History of Imaginarium", "Historique d’Imaginarium"),
        Page("finished history", f"{await web.link(ANA, 'watch', ended)}/history", "History of Bot Factory", "Fin"),
        Page("leaderboard", server, "Server leaderboard", "Classement du serveur"),
        Page("player", f"{server}/player/ai-greedy", "AI", "Niveau au fil du temps"),
        Page("my games", await web.link(ANA, "mine", ANA), "My games", "Mes parties"),
        Page("refused", "/t/not-a-link/game/1", "This link does not open", "Ce lien ne s’ouvre pas"),
    ]


VIEWS = [("en", 1440, False), ("fr", 400, False), ("en", 400, True), ("fr", 1440, True)]
"""Language, width in px and dark scheme of each look at a page."""


async def test_every_page_reads_in_both_languages_at_both_widths_with_no_serious_violation(
    service: GameService, web: Web, chromium: Browser
) -> None:
    pages = await every_page(service, web)
    problems = []
    for page in pages:
        for lang, width, dark in VIEWS:
            await chromium.open(web.url(f"{page.path}?lang={lang}"), width=width, dark=dark)
            if lang == "en":
                assert page.heading in await chromium.text("h1"), (page.name, width)
            else:
                assert page.french in await chromium.text(), (page.name, width)
            wide = await chromium.script("return document.documentElement.scrollWidth")
            assert wide <= width, f"{page.name} is {wide} px wide at {width} px"
            assert await chromium.script("return matchMedia('(prefers-color-scheme: dark)').matches") == dark
            for violation in await chromium.serious_violations():
                nodes = [node["target"] for node in violation["nodes"]][:3]
                look = f"{page.name} {lang} {width}px {'dark' if dark else 'light'}"
                problems.append(f"{look}: {violation['id']} {nodes}")
    assert problems == []


async def test_a_move_appears_live_without_a_reload(service: GameService, web: Web, chromium: Browser) -> None:
    game_id = await started(service, moves=6)
    await chromium.open(web.url(await web.link(BOB, "watch", game_id)), width=400)
    await chromium.script("window.notReloaded = true")
    before = (await service.game(game_id)).version
    image = "return document.querySelector('#table img').src"
    assert f"/v{before}/" in await chromium.script(image)
    await play(service, game_id, 1)
    moved = time.monotonic()
    while f"/v{before + 1}/" not in await chromium.script(image):
        if time.monotonic() - moved > 2.0:
            pytest.fail("the move did not appear within 2 s")
        await asyncio.sleep(0.05)
    assert await chromium.script("return window.notReloaded") is True
    announced = await chromium.script("return document.getElementById('announce').textContent")
    assert announced.startswith("The table changed:")


async def test_refused_links_show_what_to_do(service: GameService, web: Web, chromium: Browser) -> None:
    game_id = await started(service, moves=2)
    other = await started(service, moves=0)
    good = await web.link(ANA, "game", game_id)
    token = good.split("/")[2]
    middle = len(token) - 10
    tampered = token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1 :]
    revoked = await web.link(BOB, "game", game_id)
    await service.revoke_links(BOB)
    watching = await web.link(CAT, "watch", game_id)
    await service.set_spectator_links(GUILD, False)
    refused = {
        "tampered": good.replace(token, tampered),
        "expired": await web.link(ANA, "game", game_id, days=-1),
        "revoked": revoked,
        "re-aimed": good.replace(f"/game/{game_id}", f"/game/{other}"),
        "spectator links off": watching,
    }
    for case, path in refused.items():
        await chromium.open(web.url(path))
        assert await chromium.text("h1") == "This link does not open", case
        assert "/game web" in await chromium.text(), case
        assert await chromium.serious_violations() == [], case
    await chromium.open(web.url(good))
    assert await chromium.text("h1") == f"Imaginarium #{game_id}", "the good link still opens"


async def test_every_page_can_be_walked_by_keyboard_with_a_visible_focus(
    service: GameService, web: Web, chromium: Browser
) -> None:
    for page in await every_page(service, web):
        for width in (1440, 400):
            await chromium.open(web.url(page.path), width=width)
            stops = await chromium.tab_through()
            assert stops and stops[0]["text"] == "Skip to the page", page.name
            assert len({stop["key"] for stop in stops}) >= await chromium.focusable(), f"{page.name}: unreachable"
            hidden = [s["key"] for s in stops if s["outline"] == "none" or s["width"] < 2 or not s["shown"]]
            assert hidden == [], f"{page.name} at {width} px: focus not visible on {hidden}"


async def test_times_are_written_in_the_readers_own_zone(service: GameService, web: Web, chromium: Browser) -> None:
    game_id = await started(service, moves=2)
    await chromium.open(web.url(await web.link(ANA, "game", game_id) + "?lang=en"), zone="Asia/Kolkata")
    written = await chromium.script("return document.querySelector('.log time').textContent")
    stamp = await chromium.script("return document.querySelector('.log time').getAttribute('datetime')")
    assert stamp == "2026-03-02T09:00:00Z" and "2:30" in written and "UTC" not in written


async def test_the_history_scrubber_moves_by_keyboard(service: GameService, web: Web, chromium: Browser) -> None:
    game_id = await started(service, moves=30)
    await chromium.open(web.url(await web.link(ANA, "game", game_id) + "/history"))
    frame = "return document.querySelector('#frame img').src"
    last = await chromium.script(frame)
    await chromium.script("document.getElementById('round').focus()")
    await chromium.call(lambda: chromium.driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT))
    assert await chromium.script(frame) != last
    assert (await chromium.text("#frame-label")).startswith("Start of round")
    loaded = "const i = document.querySelector('#frame img'); return i.complete && i.naturalWidth > 0"
    for _ in range(100):
        if await chromium.script(loaded):
            break
        await asyncio.sleep(0.1)
    assert await chromium.script(loaded), "the round's board is shown"
