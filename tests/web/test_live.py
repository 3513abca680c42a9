"""Live pages and what they cost: a move reaches an open page within 2 s over its one event stream;
every open page is served by one query per tick; a page of a game nobody moved in draws nothing; and
the pages never write to the store."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta

import pytest
from aiohttp import ClientResponse

from bot.links import Link, Opens
from bot.service import GameService
from tests.bot.conftest import dump_game
from tests.web.conftest import ANA, BOB, CAT, CHANNEL, GUILD, ManualClock, Web, play, started
from tests.web.sse import next_event, next_update
from web.live import TICK
from web.pages import game as game_page


async def test_a_move_reaches_an_open_page_within_two_seconds(service: GameService, web: Web) -> None:
    game_id = await started(service, moves=4)
    path = await web.link(ANA, "watch", game_id)
    stream = await web.client.get(f"{path}/events")
    assert stream.headers["Content-Type"] == "text/event-stream"
    assert stream.headers["Cache-Control"] == "private, no-store"
    opening = await next_event(stream, 2)
    assert opening.retry == str(game_page.RETRY_MS)
    before = (await service.game(game_id)).version
    await play(service, game_id, 1)
    moved = time.monotonic()
    update = await next_update(stream, 2)
    assert time.monotonic() - moved < 2.0
    assert update.name == "update" and not update.id, "the page is whole again only with its pictures"
    table = await next_update(stream, 2, ("table",))
    assert time.monotonic() - moved < 2.0
    assert f"/v{before + 1}/" in table.html and f"/v{before + 1}/" not in update.html
    assert int(table.id) == (await service.revisions([game_id]))[game_id]

    # A browser that reconnects says what it saw last, and gets what changed since at once.
    again = await web.client.get(f"{path}/events", headers={"Last-Event-ID": str(int(table.id) - 1)})
    assert (await next_update(again, 2)).name == "update"
    assert (await next_update(again, 2, ("table",))).id == table.id
    stream.close()
    again.close()


async def test_a_quiet_stream_keeps_alive_with_comments(
    service: GameService, web: Web, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_page, "PING", 0.2)
    game_id = await started(service, moves=2)
    stream = await web.client.get(f"{await web.link(ANA, 'game', game_id)}/events")
    await next_event(stream, 2)  # retry
    ping = await next_event(stream, 2)
    assert ping.comments == ["ping"] and ping.name == "message" and not ping.data
    stream.close()


async def test_revoking_a_link_ends_its_open_page_at_once(service: GameService, web: Web) -> None:
    game_id = await started(service, moves=2)
    stream = await web.client.get(f"{await web.link(BOB, 'game', game_id)}/events")
    other = await web.client.get(f"{await web.link(ANA, 'game', game_id)}/events")
    await next_event(stream, 2)
    await next_event(other, 2)
    await service.revoke_links(BOB)  # no move needed: the next look at the database sees it
    refused = await next_update(stream, 2)
    assert refused.name == "refused" and refused.text == "revoked"
    await play(service, game_id, 1)
    assert (await next_update(other, 2)).name == "update", "the other user's page goes on"


async def test_turning_spectator_links_off_ends_the_spectators_pages(service: GameService, web: Web) -> None:
    game_id = await started(service, moves=2)
    spectator = await web.client.get(f"{await web.link(CAT, 'watch', game_id)}/events")
    player = await web.client.get(f"{await web.link(ANA, 'game', game_id)}/events")
    await next_event(spectator, 2)
    await next_event(player, 2)
    await service.set_spectator_links(GUILD, False)
    refused = await next_update(spectator, 2)
    assert refused.name == "refused" and refused.text == "spectators_off"
    await play(service, game_id, 1)
    assert (await next_update(player, 2)).name == "update"


async def test_many_open_pages_cost_one_query_per_tick(service: GameService, web: Web) -> None:
    games = [await started(service, moves=2) for _ in range(3)]
    streams = []
    for index in range(24):
        user = (ANA, BOB, CAT)[index % 3]
        streams.append(await web.client.get(f"{await web.link(user, 'watch', games[index % 3])}/events"))
    for stream in streams:
        await next_event(stream, 2)
    live = web.site.live
    start, began = live.queries, time.monotonic()
    await asyncio.sleep(1.6)
    ticks = (time.monotonic() - began) / TICK
    assert live.queries - start <= ticks + 1, "one query a tick for every page, not one per page"
    await play(service, games[1], 1)
    updated = await asyncio.gather(*(next_update(s, 2) for s in streams[1::3]))
    assert all(u.name == "update" for u in updated)
    for stream in streams:
        stream.close()


async def test_a_page_of_an_unchanged_game_draws_nothing(service: GameService, web: Web) -> None:
    game_id = await started(service, moves=6)
    pictures = web.site.pictures
    for user, opens in ((ANA, "game"), (BOB, "watch")):
        path = await web.link(user, opens, game_id)
        await web.client.get(path)
    version = (await service.game(game_id)).version
    paths = [await web.link(ANA, "game", game_id), await web.link(CAT, "watch", game_id)]
    files = ["board", "part-status", "screen"]
    for file in files:
        assert (await web.client.get(f"{paths[0]}/v{version}/{file}.png?lang=en")).status == 200
    drawn = pictures.drawn
    for _ in range(3):
        for path in paths:
            assert (await web.client.get(path)).status == 200
            assert (await web.client.get(f"{path}.json")).status == 200
        for file in files:
            response = await web.client.get(f"{paths[0]}/v{version}/{file}.png?lang=en")
            assert response.status == 200
            tag = response.headers["ETag"]
            cached = await web.client.get(f"{paths[0]}/v{version}/{file}.png?lang=en", headers={"If-None-Match": tag})
            assert cached.status == 304 and not await cached.read()
    assert pictures.drawn == drawn, "nothing was drawn again"
    await play(service, game_id, 1)
    await web.client.get(paths[1])
    assert pictures.drawn > drawn, "a move is drawn anew"


async def test_the_pages_never_write(service: GameService, web: Web) -> None:
    game_id = await started(service, moves=6)
    before = await dump_game(service.store, game_id)
    revision = (await service.revisions([game_id]))[game_id]
    for user, opens in ((ANA, "game"), (BOB, "game"), (CAT, "watch")):
        path = await web.link(user, opens, game_id)
        for suffix in ("", ".json", "/history", "/history.json", "/events"):
            response = await web.client.get(path + suffix)
            assert response.status == 200, suffix
            if suffix == "/events":
                await next_event(response, 2)
                response.close()
    assert await dump_game(service.store, game_id) == before
    assert (await service.revisions([game_id]))[game_id] == revision


async def _ends_without(stream: ClientResponse, name: str) -> None:
    """The stream ends (within 10 s) and nothing named ``name`` came before its end."""
    rest = await asyncio.wait_for(stream.content.read(), 10)
    assert f"event: {name}".encode() not in rest


@pytest.mark.parametrize(("user", "opens"), [(ANA, "game"), (CAT, "watch")])
async def test_an_open_page_ends_when_its_link_expires(
    service: GameService, web: Web, clock: ManualClock, user: int, opens: Opens
) -> None:
    game_id = await started(service, moves=2)
    stream = await web.client.get(f"{await web.link(user, opens, game_id, days=1)}/events")
    other = await web.client.get(f"{await web.link(BOB, 'game', game_id, days=3)}/events")
    await next_event(stream, 2)
    await next_event(other, 2)
    clock.moment += timedelta(days=2)  # links are judged by the service's clock: this one's time is up
    refused = await next_update(stream, 10)
    assert refused.name == "refused" and refused.text == "expired"
    await play(service, game_id, 1)
    await _ends_without(stream, "update")
    assert (await next_update(other, 10)).name == "update", "a link still in time goes on"


async def test_an_open_page_ends_at_its_links_expiry_on_the_wall_clock(
    service: GameService, web: Web, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(clock, "now", lambda: datetime.now(UTC))
    game_id = await started(service, moves=2)
    expires = int(time.time()) + 2
    generation = await service.link_generation(ANA)
    stream = await web.client.get(f"{web.site.path(Link(ANA, generation, 'game', game_id, expires))}/events")
    await next_event(stream, 2)
    refused = await next_update(stream, 10)
    assert refused.name == "refused" and refused.text == "expired"
    assert time.time() >= expires, "not before its time"
    await _ends_without(stream, "update")


async def test_a_revocation_ends_only_its_users_pages(service: GameService, web: Web) -> None:
    game_id = await started(service, moves=2)
    path = await web.link(BOB, "game", game_id)
    revoked = [await web.client.get(f"{path}/events") for _ in range(3)]
    other = await web.client.get(f"{await web.link(ANA, 'game', game_id)}/events")
    for stream in (*revoked, other):
        await next_event(stream, 2)
    await service.revoke_links(BOB)
    for stream in revoked:
        refused = await next_update(stream, 10)
        assert refused.name == "refused" and refused.text == "revoked"
    again = await web.client.get(f"{await web.link(BOB, 'game', game_id)}/events")  # a new link opens
    await next_event(again, 2)
    await play(service, game_id, 1)
    for stream in revoked:
        await _ends_without(stream, "update")
    woken = await next_event(other, 10)
    assert woken.name == "update" and not woken.comments, "another user's page was not woken by the revocation"
    assert (await next_update(again, 10)).name == "update"


async def test_turning_spectator_links_off_ends_only_that_servers_spectators(service: GameService, web: Web) -> None:
    game_id = await started(service, moves=2)
    lobby = await service.create_lobby("imaginarium", ANA, guild_id=GUILD + 1, channel_id=CHANNEL + 1, seed=5)
    await service.join(lobby.id, BOB)
    await service.start(lobby.id, ANA)
    stopped = await web.client.get(f"{await web.link(CAT, 'watch', game_id)}/events")
    elsewhere = await web.client.get(f"{await web.link(CAT, 'watch', lobby.id)}/events")
    await next_event(stopped, 2)
    await next_event(elsewhere, 2)
    await service.set_spectator_links(GUILD, False)
    refused = await next_update(stopped, 10)
    assert refused.name == "refused" and refused.text == "spectators_off"
    await play(service, lobby.id, 1)
    woken = await next_event(elsewhere, 10)
    assert woken.name == "update" and not woken.comments, "another server's spectators were not woken"
