"""Whatever a visitor sends, the answer is a page (or a picture, or a stream) with the security headers,
never a server error: numbers of any length in addresses and headers, pictures of a game with no table,
names stored as nobody should have stored them, addresses and methods the pages do not have, requests
aiohttp cannot read, clients that leave at once or send their headers a byte at a time. And nothing a
client does itself is logged as an error."""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import re
from collections.abc import AsyncIterator, Mapping
from urllib.parse import urljoin, urlsplit

import pytest
from aiohttp import ClientPayloadError, ClientSession
from aiohttp.web import TCPSite

from bot.service import GameService
from bot.service.names import MAX_LENGTH, clean
from bot.settings import Settings
from tests.web.conftest import ANA, BOB, GUILD, Web, play, started
from tests.web.sse import next_event
from tests.web.test_links import HEADERS
from tests.web.test_pages import finished
from web.app import build
from web.connections import Runner
from web.server import WebServer
from web.site import Site, bounded_int

LONG = "9" * 5_000
"""More digits than Python's ``int()`` reads (4,300)."""
ODD_NAMES = {ANA: "A" * 300, BOB: "Bob\r\nthe\u0085second\u2029line"}
"""Display names as :func:`bot.service.names.clean` never stores them: too long, with line breaks."""


def secured(headers: Mapping[str, str], where: str = "") -> None:
    """``headers`` carry the security headers and name the server without any version."""
    for name, value in HEADERS.items():
        assert headers.get(name) == value, (where, name)
    assert headers.get("Server") == "bricabot", where


def errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.levelno >= logging.ERROR]


async def page(web: Web, path: str, status: int, **headers: str) -> str:
    """The failure page at ``path``: of ``status``, HTML, with the headers."""
    response = await web.client.get(path, headers=headers)
    assert response.status == status, path[-60:]
    assert response.content_type == "text/html", path[-60:]
    secured(response.headers, path[-60:])
    return await response.text()


async def raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """The status, headers and body the server answers ``request`` (bytes as sent) with."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), 5)
    finally:
        writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    fields = {name: value for name, _, value in (line.partition(": ") for line in lines)}
    return int(status.split()[1]), fields, body


@contextlib.asynccontextmanager
async def serving(service: GameService, pages: Web, headers_within: float) -> AsyncIterator[int]:
    """The pages of ``pages``' links served as ``bricabot web`` serves them, with the slow-header limit
    ``headers_within``: the port they listen on."""
    runner = Runner(build(Site(service, pages.signer)), headers_within=headers_within)
    await runner.setup()
    try:
        await TCPSite(runner, "127.0.0.1", 0).start()
        yield runner.addresses[0][1]
    finally:
        await runner.cleanup()


def test_a_number_is_read_only_in_ascii_digits_and_in_range() -> None:
    assert bounded_int("42") == 42 and bounded_int(str(2**63 - 1)) == 2**63 - 1
    for text in (None, "", "²", "٣", "-1", "+1", " 1", "1.0", str(2**63), "9" * 20, LONG):
        assert bounded_int(text) is None, text
    assert bounded_int("999", most=99) is None


async def test_numbers_too_long_for_the_store_are_no_page(service: GameService, web: Web) -> None:
    game = await started(service, moves=4)
    path = await web.link(ANA, "game", game)
    token = path.split("/")[2]
    for address in (
        f"{path}/v{LONG}/board.png",
        f"{path}/history/v{LONG}.png",
        f"{path}/v{'9' * 19}/board.png",
        f"/t/{token}/game/{LONG}",
        f"/t/{token}/game/{2**63}",
        f"/t/{token}/game/%D9%A3",
        f"/t/{token}/server/{2**63}",
        f"/t/{token}/server/{GUILD}/player/{LONG}",
    ):
        assert "Bricabot" in await page(web, address, 404)


async def test_an_event_stream_reads_only_numbers_it_can_hold(service: GameService, web: Web) -> None:
    game = await started(service, moves=4)
    path = await web.link(ANA, "game", game)
    for query, headers in (
        ("?r=²", {}),
        ("", {"Last-Event-ID": "²"}),
        ("", {"Last-Event-ID": "٣"}),
        (f"?r={LONG}", {}),
        (f"?r={2**64}", {}),
        ("", {"Last-Event-ID": LONG}),
    ):
        stream = await web.client.get(f"{path}/events{query}", headers=headers)
        assert stream.status == 200, (query[:10], headers.get("Last-Event-ID", "")[:10])
        secured(stream.headers)
        assert (await next_event(stream, 2)).retry
        stream.close()


async def test_a_game_with_no_table_has_no_pictures(service: GameService, web: Web) -> None:
    lobby = await service.create_lobby("imaginarium", ANA, guild_id=GUILD, seed=5)
    await service.join(lobby.id, BOB)
    cancelled = await service.create_lobby("imaginarium", ANA, guild_id=GUILD, seed=6)
    await service.cancel(cancelled.id, ANA)
    for game in (lobby.id, cancelled.id):
        for path in (await web.link(ANA, "game", game), await web.link(BOB, "watch", game)):
            for picture in ("v0/board.png", "v0/part-status.png", "v0/screen.png", "v0/final.png", "history/v0.png"):
                await page(web, f"{path}/{picture}", 404)
            response = await web.client.get(path)
            assert response.status == 200, "the page itself says the game waits"


@pytest.mark.parametrize(
    "raw", ["A" * 300, "carol_meridian" * 3, "Ana" + " b" * 20, "ﬁ" * 40, "Wait…", "…Ana", "Bob\r\nthe\u2029second"]
)
def test_a_clean_name_reads_as_it_was_stored(raw: str) -> None:
    shown = clean(raw)
    assert shown is not None and len(shown) <= MAX_LENGTH and clean(shown) == shown


async def _crawl(web: Web, start: str) -> dict[str, bytes]:
    """Every address under a link that the page at ``start`` leads to, itself and the pages it leads
    to, with each page's JSON sibling and event stream: what each answered (every one a 200), by its
    address without its token (every page gives its links anew)."""
    seen: dict[str, bytes] = {}
    waiting = [start]
    while waiting:
        address = waiting.pop()
        key = re.sub(r"^/t/[^/]+", "", address)
        if key in seen:
            continue
        response = await web.client.get(address)
        assert response.status == 200, key
        secured(response.headers, key)
        seen[key] = body = await response.read()
        if response.content_type != "text/html":
            continue
        waiting.append(address.replace("?", ".json?") if "?" in address else address + ".json")
        for found in re.findall(r'(?:src|href)="([^"#]+)"', body.decode()):
            target = urljoin(address, html.unescape(found))
            if target.startswith("/t/") and urlsplit(target).path != urlsplit(address).path:
                waiting.append(target)
        stream = await web.client.get(f"{urlsplit(address).path}/events")
        if stream.status == 200:
            assert (await next_event(stream, 2)).retry
        stream.close()
    return seen


async def test_names_stored_as_they_should_not_be_show_everywhere(service: GameService, web: Web) -> None:
    running = await started(service, moves=4)
    ended = await finished(service, seed=3)
    async with service.store.transaction() as tx:
        for user, name in ODD_NAMES.items():
            await tx.set_display_name(user, name, GUILD)  # as stored, without the service's cleaning
        await tx._db.execute(
            "UPDATE seats SET user_id = ?, ai_policy = NULL, display_name = ? WHERE game_id = ? AND seat = 0",
            (ANA, ODD_NAMES[BOB], ended),
        )
        await tx._db.execute(
            "UPDATE results SET user_id = ?, ai_level = NULL, name = ? WHERE game_id = ? AND seat = 0",
            (ANA, ODD_NAMES[ANA], ended),
        )
    assert {seat.name for seat in (await service.game(running)).seats} == set(ODD_NAMES.values())
    answered: dict[str, bytes] = {}
    for game in (running, ended):
        for reader, link in (
            ("ana", await web.link(ANA, "game", game)),
            ("spectator", await web.link(BOB, "watch", game)),
        ):
            answered |= {reader + key: body for key, body in (await _crawl(web, link)).items()}
    kinds = {urlsplit(address).path.rsplit("/", 1)[-1].split(".")[-1] for address in answered}
    assert {"json", "png", "history", "mine", str(GUILD), str(ANA)} <= kinds, kinds
    assert any(b"acTL" in body for body in answered.values()), "the replay was fetched"
    for address, body in answered.items():
        if not body.startswith(b"\x89PNG"):
            text = body.decode()
            assert "A" * (MAX_LENGTH + 1) not in text and "\u2029" not in text and "\\u2029" not in text, address
    assert f"ana/server/{GUILD}/player/{ANA}" in answered
    shown = json.loads(answered[f"spectator/game/{running}.json"])
    assert shown["players"] == ["A" * (MAX_LENGTH - 1) + "…", "Bob the second line"]


async def test_addresses_and_methods_the_pages_do_not_have_get_a_page(service: GameService, web: Web) -> None:
    game = await started(service, moves=2)
    path = await web.link(ANA, "game", game)
    assert "No page here" in await page(web, "/nowhere", 404)
    assert "Pas de page ici" in await page(web, "/nowhere?lang=fr", 404)
    assert "Pas de page ici" in await page(web, "/t/nothing", 404, **{"Accept-Language": "fr"})
    missing = await web.client.get("/static/nothing.css")  # a file the site does not have: the page too
    assert missing.status == 404 and missing.content_type == "text/html"
    assert missing.headers["Cache-Control"] == "private, no-store"
    secured(missing.headers)
    for address in ("/t/%ff/game/1", "/static/../web/site.py", "/static/%2e%2e/web/site.py", f"{path}/v1/x.gif"):
        response = await web.client.get(address)
        assert 400 <= response.status < 500 and response.content_type == "text/html", address[-40:]
        secured(response.headers, address[-40:])
    posted = await web.client.post(path, data=b"move")
    assert posted.status == 405 and posted.content_type == "text/html" and "GET" in posted.headers["Allow"]
    assert "only read" in await posted.text()
    secured(posted.headers)
    for method, address, status in (("GET", f"/t/nothing/game/{LONG}/events", 404), ("POST", f"{path}/events", 405)):
        stream = await web.client.request(method, address)  # an event stream's browser shows no page
        assert stream.status == status and await stream.read() == b"", method
        secured(stream.headers)
    head = await web.client.head(path)
    assert head.status == 200
    secured(head.headers)
    stream = await web.client.head(f"{path}/events")  # a stream's headers alone, no event after them
    assert stream.status == 200 and stream.content_type == "text/event-stream" and await stream.read() == b""
    secured(stream.headers)
    expecting = await web.client.get(path, headers={"Expect": "a miracle"})
    assert expecting.status == 417
    secured(expecting.headers)
    odd = await web.client.get(path, headers={"Accept-Language": "fr;q=nan, en;q=1e999, *;q=-inf"})
    assert odd.status == 200


async def test_a_request_aiohttp_cannot_read_gets_the_page(
    service: GameService, web: Web, caplog: pytest.LogCaptureFixture
) -> None:
    port = web.client.port
    assert port is not None
    for request in (
        b"GET / HTTP/1.1\r\nHost: pages\r\nBad Header\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: pages\r\nX-Long: " + b"a" * 20_000 + b"\r\n\r\n",
        b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: pages\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 64,
    ):
        status, headers, body = await raw(port, request)
        assert status == 400 and headers["Content-Type"].startswith("text/html"), request[:20]
        secured(headers, str(request[:20]))
        assert b"This request could not be read" in body
    assert not errors(caplog), "a client's own malformed request is no error of the site's"


async def test_a_bug_is_a_page_and_logged_once(
    service: GameService, web: Web, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await started(service, moves=2)

    async def broken(*_: object) -> None:
        raise RuntimeError("a bug in the pages")

    def unwatchable(*_: object) -> None:
        raise RuntimeError("a bug in the live updates")

    monkeypatch.setattr("web.pages.mine.mine_content", broken)
    assert "Something went wrong" in await page(web, await web.link(ANA, "mine", ANA), 500)
    assert [record.exc_info is not None for record in errors(caplog)] == [True]

    caplog.clear()
    monkeypatch.setattr(web.site.live, "watch", unwatchable)
    stream = await web.client.get(f"{await web.link(ANA, 'game', game)}/events")
    assert stream.status == 200 and (await next_event(stream, 2)).retry
    with pytest.raises((EOFError, ClientPayloadError)):
        await next_event(stream, 2)  # a stream already begun is cut: its browser opens it again
    assert [record.exc_info is not None for record in errors(caplog)] == [True]


async def test_a_client_leaving_before_its_answer_is_no_error(
    service: GameService, web: Web, caplog: pytest.LogCaptureFixture
) -> None:
    game = await started(service, moves=2)
    path = await web.link(ANA, "game", game)
    server = WebServer(Settings(_env_file=None), 0, signer=web.signer, service=service)
    await server.start()
    try:
        for address in (f"{path}/events", path, f"{path}/v{(await service.game(game)).version}/board.png"):
            for _ in range(10):
                _, writer = await asyncio.open_connection("127.0.0.1", server.port)
                writer.write(f"GET {address} HTTP/1.1\r\nHost: pages\r\n\r\n".encode())
                await writer.drain()
                writer.close()
        await asyncio.sleep(1.0)  # the server has answered (or tried to) every one of them
        asked = f"GET {path} HTTP/1.1\r\nHost: pages\r\nConnection: close\r\n\r\n"
        status, headers, _ = await raw(server.port, asked.encode())
        assert status == 200
        secured(headers)
    finally:
        await server.stop()
    assert not errors(caplog), [record.getMessage() for record in errors(caplog)]


async def test_a_client_sending_its_headers_slowly_is_closed(service: GameService, web: Web) -> None:
    limit = 1.0
    game = await started(service, moves=2)
    path = await web.link(ANA, "watch", game)
    async with serving(service, web, headers_within=limit) as port:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\n")
        sent = 0

        async def trickle() -> None:
            """A byte every quarter of the limit, for far longer than the limit: never silent, never done."""
            nonlocal sent
            with contextlib.suppress(ConnectionError):
                for byte in b"Host: pages\r\nX-Slow: " + b"s" * 200:
                    await asyncio.sleep(limit / 4)
                    writer.write(bytes([byte]))
                    await writer.drain()
                    sent += 1

        sending = asyncio.create_task(trickle())
        try:  # the order of events, not a duration: closed, unanswered, long before its headers could end
            assert await asyncio.wait_for(reader.read(), 30) == b"", "closed without an answer"
            assert not sending.done() and sent < 100, sent
        finally:
            sending.cancel()
            writer.close()

        # A client sending its request at once is served, and its answer may last longer than the limit.
        async with ClientSession() as session:
            served = await session.get(f"http://127.0.0.1:{port}{path}")
            assert served.status == 200
            stream = await session.get(f"http://127.0.0.1:{port}{path}/events")
            assert (await next_event(stream, 2)).retry
            await asyncio.sleep(limit * 1.5)
            await play(service, game, 1)
            assert (await next_event(stream, 5)).name == "update"
            stream.close()


async def test_pictures_under_a_link_are_kept_by_the_readers_browser_only(service: GameService, web: Web) -> None:
    game = await started(service, moves=4)
    ended = await finished(service, seed=3)
    version = (await service.game(game)).version
    path = await web.link(ANA, "game", game)
    done = await web.link(ANA, "watch", ended)
    frame = json.loads(await (await web.client.get(f"{path}/history.json")).text())["frames"][-1]["version"]
    for address in (
        f"{path}/v{version}/board.png",
        f"{path}/v{version}/part-status.png",
        f"{path}/history/v{frame}.png",
        f"{done}/history/report.png",
        f"{done}/history/replay.png",
    ):
        response = await web.client.get(address)
        assert response.status == 200, address[-30:]
        assert response.headers["Cache-Control"] == "private, max-age=31536000, immutable", address[-30:]
        again = await web.client.get(address, headers={"If-None-Match": response.headers["ETag"]})
        assert again.status == 304 and again.headers["Cache-Control"].startswith("private"), address[-30:]
        secured(again.headers)
    screen = await web.client.get(f"{path}/v{version}/screen.png")
    assert screen.status == 200 and screen.headers["Cache-Control"] == "private, no-cache"
    style = await web.client.get("/static/site.css")
    assert style.status == 200 and style.headers["Cache-Control"] == "public, max-age=3600"
    secured(style.headers)
