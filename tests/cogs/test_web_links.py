"""``/game web``: a private link to a game's web page for someone the access rule lets see it, a spectator
link for whoever sees the channel unless the server turned them off, and every link of a user revoked.
The links are checked with the same signer the web pages read them with."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.links import Signer
from bot.settings import Settings
from tests.cogs.conftest import ALICE, BOB, CAROL, GUILD, MOD, StartBot
from tests.cogs.flows import Table, open_game
from tests.support.discord.harness import Harness

SECRET = "the pages' secret"
PAGES = "https://pages.example.org"
LINK = re.compile(re.escape(PAGES) + r"/t/([A-Za-z0-9_\-.]+)/(game/\d+|mine)")


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        discord_token="test-token",
        database_path=tmp_path / "bricabot.sqlite3",
        dev_guild_id=GUILD.id,
        web_secret=SECRET,
        web_base_url=PAGES + "/",
        _env_file=None,
    )  # type: ignore[call-arg]


def _links(text: str) -> dict[str, str]:
    return {where: token for token, where in LINK.findall(text)}


async def _game(harness: Harness) -> Table:
    return await open_game(harness, ALICE, [BOB], "tiny")


async def test_players_and_members_get_their_links_privately(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await _game(harness)
    signer = Signer(SECRET)
    assert harness.bot.clock is not None
    now = int(harness.bot.clock.now().timestamp())

    mine = await harness.slash(ALICE, "game web", channel=table.thread_id)
    assert mine.ephemeral, mine.text()
    found = _links(mine.text())
    link = signer.read(found[f"game/{table.game_id}"], now)
    assert (link.user, link.opens, link.target) == (ALICE.id, "game", table.game_id)
    assert 29 * 86400 < link.expires - now <= 30 * 86400
    assert signer.read(found["mine"], now).opens == "mine"

    watch = await harness.slash(CAROL, "game web", game=table.game_id, spectator=True)
    assert watch.ephemeral
    spectator = signer.read(_links(watch.text())[f"game/{table.game_id}"], now)
    assert (spectator.user, spectator.opens) == (CAROL.id, "watch")

    await harness.slash(MOD, "bricabot config", spectator_links=False)
    refused = await harness.slash(CAROL, "game web", game=table.game_id, spectator=True)
    assert refused.ephemeral and "turned spectator links off" in refused.text() and PAGES not in refused.text()
    personal = await harness.slash(BOB, "game web", game=table.game_id)
    assert PAGES in personal.text(), "players keep their own links"
    shown = await harness.slash(MOD, "bricabot config")
    assert "Spectator links to the games' web pages: **off**" in shown.text()

    service = harness.bot.service
    assert service is not None
    before = await service.link_generation(ALICE.id)
    revoked = await harness.slash(ALICE, "game web", revoke=True)
    assert revoked.ephemeral and "stops working" in revoked.text()
    assert await service.link_generation(ALICE.id) == before + 1 != link.generation


async def test_without_a_secret_the_command_says_the_pages_are_not_set_up(
    start_bot: StartBot, settings: Settings
) -> None:
    settings.web_secret = None
    harness = await start_bot()
    table = await _game(harness)
    answer = await harness.slash(ALICE, "game web", game=table.game_id)
    assert answer.ephemeral and "not set up" in answer.text()


async def test_the_link_speaks_the_players_language(start_bot: StartBot) -> None:
    harness = await start_bot()
    table = await _game(harness)
    await harness.slash(ALICE, "game profile", language="fr")
    answer = await harness.slash(ALICE, "game web", game=table.game_id)
    assert "Votre page pour" in answer.text() and "avec votre paravent" in answer.text()
