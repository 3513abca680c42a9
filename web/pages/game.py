"""A game's page, its JSON sibling, its pictures and its live updates.

``/t/<token>/game/<id>`` shows who must act and until when, the round and the goal, the public board
(whole, and in parts, each with its words as lists), the standings, the log, and on a player's personal
link their screen and open choices (reading only: moves are made in Discord). The part that changes
(``#live``) is sent again, whole, over the page's event stream after every change of the game.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from functools import partial
from typing import get_args

from aiohttp import web
from markupsafe import Markup

from bot.links import Refusal
from bot.pictures import Key, Pictures
from bot.service import GameInfo, TableView, WrongStatus
from bot.service.names import seat_names
from bot.store import StoreUnavailable
from renders.api import Render, drawings
from web.grants import Grant
from web.pages.common import GAME, Opened, as_json, content, game_of, opened, seat_of
from web.pages.content import GameContent
from web.site import Site, bounded_int, html

routes = web.RouteTableDef()

PING = 15.0
"""Seconds between keep-alive comments on a quiet event stream (proxies close silent connections)."""
RETRY_MS = 2000
"""How soon the browser reopens a cut event stream."""
PICTURE_CACHE = "private, max-age=31536000, immutable"
"""A picture never changes under its address (the game's version is in it); the address holds the link's
token, so only the reader's browser keeps it: a shared cache would go on serving it once the link is
revoked."""
SCREEN_CACHE = "private, no-cache"
"""A player's screen: their browser may keep it, asking again each time; no shared cache may."""


REGIONS = ("now", "table", "rest")
"""The parts of a game's page that change: who acts and the reader's own choices, the pictures, the
standings and the log. The pictures come last: a live page is sent the others first, while they are
drawn."""


async def regions(site: Site, grant: Grant, at: int, lang: str, names: tuple[str, ...]) -> dict[str, str]:
    """The HTML of the regions ``names`` of the game's page at revision ``at``, made once per revision,
    seat and language: every open page of the game gets the same bytes. Only ``table`` draws."""
    assert grant.game is not None
    draw = "table" in names
    shown = await content(site, grant, at, lang, draw=draw)
    out = {}
    for name in names:
        key = (name, grant.game.id, at, seat_of(grant), lang)
        out[name] = await site.contents(key, partial(_region, site, name, shown, lang))
    return out


async def _region(site: Site, name: str, shown: GameContent, lang: str) -> str:
    return site.render(f"{name}.html", lang, game=shown)


@routes.get(r"/t/{token}/game/{game:[0-9]{1,19}}")
@opened(GAME, game_of)
async def page(request: web.Request, reader: Opened) -> web.Response:
    site, grant, lang = reader.site, reader.grant, reader.lang
    shown = await content(site, grant, grant.revision, lang)
    made = {name: Markup(text) for name, text in (await regions(site, grant, grant.revision, lang, REGIONS)).items()}
    server = None
    if grant.personal and shown.guild is not None:
        server = site.path(grant.link.aimed("server", shown.guild))
    mine = site.path(grant.link.aimed("mine", grant.link.user)) if grant.personal else None
    personal, at = grant.personal, grant.revision
    return html(
        site.render("game.html", lang, game=shown, revision=at, personal=personal, server=server, mine=mine, **made)
    )


@routes.get(r"/t/{token}/game/{game:[0-9]{1,19}}.json")
@opened(GAME, game_of)
async def data(request: web.Request, reader: Opened) -> web.Response:
    return as_json(await content(reader.site, reader.grant, reader.grant.revision, reader.lang))


UPDATE = ("now", "rest")
"""The regions sent first after a change (no picture to draw)."""


REFUSED: dict[str, bytes] = {reason: f"event: refused\ndata: {reason}\n\n".encode() for reason in get_args(Refusal)}
"""The last event of a stream whose link stopped opening, by why: made once, as a revocation sends it
to every page of its user at the same moment (with the stream's end, in one write)."""


def _event(name: str, regions: dict[str, str], at: int, more: bool = False) -> bytes:
    """One event of the stream: its name, the regions' HTML as one JSON line, and the revision ``at``
    unless ``more`` is to come for it (the page is whole again only then: a browser reconnecting says
    the last revision it saw whole)."""
    head = f"event: {name}\n" if more else f"id: {at}\nevent: {name}\n"
    return f"{head}data: {json.dumps(regions, ensure_ascii=False)}\n\n".encode()


@routes.get(r"/t/{token}/game/{game:[0-9]{1,19}}/events")
@opened(GAME, game_of, stream=True)
async def events(request: web.Request, reader: Opened) -> web.StreamResponse:
    """The page's one event stream: after each change ``update`` (who acts, the reader's choices, the
    standings, the log) then ``table`` (the pictures, once drawn), ``refused`` when the link stops
    opening, ``: ping`` while nothing happens."""
    site, grant, lang = reader.site, reader.grant, reader.lang
    game_id, guild, now = reader.game.id, reader.game.guild_id, grant.revision
    drawn = drawings(reader.game.kind) is not None
    last = bounded_int(request.headers.get("Last-Event-ID", request.query.get("r")))
    seen = now if last is None else last
    stream = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
    await stream.prepare(request)  # with the security headers (web.site.sign, on every response sent)
    if request.method == "HEAD":  # its headers alone: a stream's events are no part of a HEAD's answer
        return stream
    try:
        await stream.write(f"retry: {RETRY_MS}\n\n".encode())
        async with site.live.watch(game_id, now, grant.link, guild) as watched:
            while not site.live.closed:
                moved = await watched.moved(seen, PING)
                if site.live.closed:
                    break
                stopped = site.live.refusal(grant.link, guild)
                if stopped is not None:
                    await stream.write_eof(REFUSED[stopped])
                    break
                if moved is None:
                    await stream.write(b": ping\n\n")
                    continue
                try:
                    game: GameInfo = await site.contents(("info", game_id, moved), lambda: site.service.game(game_id))
                    grant = replace(grant, game=game)
                    await stream.write(_event("update", await regions(site, grant, moved, lang, UPDATE), moved, drawn))
                    if drawn:
                        pictures = await regions(site, grant, moved, lang, ("table",))
                        await stream.write(_event("table", pictures, moved))
                except StoreUnavailable:  # the database is busy: this page tries again a moment later
                    await asyncio.sleep(RETRY_MS / 1000)
                    continue
                seen = moved
    except (ConnectionResetError, ConnectionError):
        pass  # the page was closed
    return stream


PARTS = ("board", "screen", "final")
"""The pictures of a game's page besides its board's parts (``part-<name>``)."""


@routes.get(r"/t/{token}/game/{game:[0-9]{1,19}}/v{version:[0-9]{1,18}}/{file:[a-z0-9:-]+}.png")
@opened(GAME, game_of)
async def picture(request: web.Request, reader: Opened) -> web.StreamResponse:
    """One picture of the game at a version, in the page's language: answered from memory when it was
    drawn, ``304`` when the browser has it already (its ETag), drawn only for the game as it is now."""
    site, grant, lang = reader.site, reader.grant, reader.lang
    file, version = request.match_info["file"], int(request.match_info["version"])
    seat = seat_of(grant)
    part = "parts" if file.startswith("part-") else file
    if part not in (*PARTS, "parts") or (part == "screen" and seat is None):
        raise web.HTTPNotFound()
    key = _key(reader.game, version, part, lang, seat)
    cache = SCREEN_CACHE if part == "screen" else PICTURE_CACHE
    if key.etag in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers={"ETag": key.etag, "Cache-Control": cache})
    drawn = site.pictures.cached(key)
    if drawn is None:
        if version != reader.game.version:
            raise web.HTTPNotFound()  # an older version no longer kept: the page's next update names the new one
        try:
            drawn = await _draw(site.pictures, site, grant, part, seat, lang)
        except WrongStatus:  # a lobby, or a game cancelled before it started: no table to draw
            raise web.HTTPNotFound() from None
    render = next((r for r in drawn if part != "parts" or f"part-{r.name}" == file), None)
    if render is None:
        raise web.HTTPNotFound()
    return web.Response(body=render.png, content_type="image/png", headers={"ETag": key.etag, "Cache-Control": cache})


def _key(game: GameInfo, version: int, part: str, lang: str, seat: int | None) -> Key:
    names = tuple(seat_names(game.seats, lang))
    return Key(game.id, version, part, lang, seat if part == "screen" else None, names)


async def _draw(
    pictures: Pictures, site: Site, grant: Grant, part: str, seat: int | None, lang: str
) -> tuple[Render, ...]:
    assert grant.game is not None
    if part == "screen":
        table: TableView = await site.service.view(grant.game.id, grant.link.user)
        if table.seat != seat:
            raise web.HTTPNotFound()
        return (await pictures.screen(table, lang),)
    public = await site.service.view(grant.game.id, None)
    if part == "parts":
        return await pictures.parts(public, lang)
    if part == "final":
        if public.game.status != "finished":
            raise web.HTTPNotFound()
        return (await pictures.final(public, lang),)
    return (await pictures.board(public, lang),)
