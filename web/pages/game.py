"""A game's page, its JSON sibling, its pictures and its live updates.

``/t/<token>/game/<id>`` shows who must act and until when, the round and the goal, the public board
(whole, and in parts, each with its words as lists), the standings, the log, and on a player's personal
link their screen and open choices (reading only: moves are made in Discord). The part that changes
(``#live``) is sent again, whole, over the page's event stream after every change of the game.
"""

from __future__ import annotations

from aiohttp import web
from markupsafe import Markup

from bot.links import LinkRefused
from bot.pictures import Key, Pictures
from bot.service import GameInfo, TableView
from bot.service.names import seat_names
from renders.api import Render
from web.grants import Grant, current, granted, number, watchable
from web.pages.common import as_json, content, grant_lang, refusal, revision, seat_of
from web.pages.content import GameContent
from web.site import SITE, Site, html, secure

routes = web.RouteTableDef()

PING = 15.0
"""Seconds between keep-alive comments on a quiet event stream (proxies close silent connections)."""
RETRY_MS = 2000
"""How soon the browser reopens a cut event stream."""
PICTURE_CACHE = "public, max-age=31536000, immutable"
"""A public picture never changes under its address (the game's version is in it)."""
SCREEN_CACHE = "private, no-cache"
"""A player's screen: their browser may keep it, asking again each time; no shared cache may."""


async def _grant(request: web.Request) -> Grant:
    return await granted(request, ("game", "watch"), number(request, "game"))


async def live(site: Site, grant: Grant, at: int, lang: str) -> tuple[GameContent, Markup]:
    """The game's content and the HTML of its changing part (``#live``), made once per revision, seat
    and language: every open page of the game gets the same bytes."""
    shown = await content(site, grant, at, lang)
    assert grant.game is not None
    made: str = await site.contents(
        ("live", grant.game.id, at, seat_of(grant), lang),
        lambda: _fragment(site, shown, lang),
    )
    return shown, Markup(made)  # made by an autoescaping template


async def _fragment(site: Site, shown: GameContent, lang: str) -> str:
    return site.render("live.html", lang, game=shown)


@routes.get(r"/t/{token}/game/{game:\d+}")
async def page(request: web.Request) -> web.Response:
    site: Site = request.app[SITE]
    try:
        grant = await _grant(request)
    except LinkRefused as refused:
        return await refusal(request, site, refused.reason)
    assert grant.game is not None
    lang = await grant_lang(site, request, grant)
    at = await revision(site, grant.game.id)
    shown, fragment = await live(site, grant, at, lang)
    server = None
    if grant.personal and shown.guild is not None:
        server = site.path(grant.link.aimed("server", shown.guild))
    mine = site.path(grant.link.aimed("mine", grant.link.user)) if grant.personal else None
    body = site.render(
        "game.html", lang, game=shown, live=fragment, revision=at, personal=grant.personal, server=server, mine=mine
    )
    return html(body)


@routes.get(r"/t/{token}/game/{game:\d+}.json")
async def data(request: web.Request) -> web.Response:
    site: Site = request.app[SITE]
    try:
        grant = await _grant(request)
    except LinkRefused as refused:
        return await refusal(request, site, refused.reason)
    assert grant.game is not None
    lang = await grant_lang(site, request, grant)
    return as_json(await content(site, grant, await revision(site, grant.game.id), lang))


def _event(at: int, fragment: str) -> bytes:
    lines = "".join(f"data: {line}\n" for line in fragment.splitlines() or [""])
    return f"id: {at}\nevent: update\n{lines}\n".encode()


@routes.get(r"/t/{token}/game/{game:\d+}/events")
async def events(request: web.Request) -> web.StreamResponse:
    """The page's one event stream: ``update`` with the new ``#live`` after each change, ``refused``
    when the link stops opening, ``: ping`` while nothing happens."""
    site: Site = request.app[SITE]
    try:
        grant = await _grant(request)
    except LinkRefused as refused:
        return await refusal(request, site, refused.reason)
    assert grant.game is not None
    lang = await grant_lang(site, request, grant)
    now = await revision(site, grant.game.id)
    last = request.headers.get("Last-Event-ID", request.query.get("r", ""))
    seen = int(last) if last.isdigit() else now
    stream = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
    secure(stream)
    await stream.prepare(request)
    try:
        await stream.write(f"retry: {RETRY_MS}\n\n".encode())
        async with site.live.watch(grant.game.id, now) as watched:
            while not site.live.closed:
                moved = await watched.moved(seen, PING)
                if site.live.closed:
                    break
                if moved is None:
                    await stream.write(b": ping\n\n")
                    continue
                try:
                    grant = await _again(site, grant)
                except LinkRefused as refused:
                    await stream.write(f"event: refused\ndata: {refused.reason}\n\n".encode())
                    break
                _, fragment = await live(site, grant, moved, lang)
                await stream.write(_event(moved, fragment))
                seen = moved
    except (ConnectionResetError, ConnectionError):
        pass  # the page was closed
    return stream


async def _again(site: Site, grant: Grant) -> Grant:
    """The grant as the game now stands: still its user's generation (not revoked), the seats as they
    are (a seat given away takes its secrets with it), spectator links still allowed."""
    assert grant.game is not None
    await current(site, grant.link)
    game = await site.service.game(grant.game.id)
    await watchable(site, grant.link, game)
    return Grant(grant.link, grant.token, game)


PARTS = ("board", "screen", "final")
"""The pictures of a game's page besides its board's parts (``part-<name>``)."""


@routes.get(r"/t/{token}/game/{game:\d+}/v{version:\d+}/{file:[a-z0-9:-]+}.png")
async def picture(request: web.Request) -> web.StreamResponse:
    """One picture of the game at a version, in the page's language: answered from memory when it was
    drawn, ``304`` when the browser has it already (its ETag), drawn only for the game as it is now."""
    site: Site = request.app[SITE]
    try:
        grant = await _grant(request)
    except LinkRefused as refused:
        return await refusal(request, site, refused.reason)
    assert grant.game is not None
    file, version = request.match_info["file"], int(request.match_info["version"])
    seat = seat_of(grant)
    part = "parts" if file.startswith("part-") else file
    if part not in (*PARTS, "parts") or (part == "screen" and seat is None):
        raise web.HTTPNotFound()
    lang = await grant_lang(site, request, grant)
    key = _key(grant.game, version, part, lang, seat)
    cache = SCREEN_CACHE if part == "screen" else PICTURE_CACHE
    if key.etag in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers={"ETag": key.etag, "Cache-Control": cache})
    drawn = site.pictures.cached(key)
    if drawn is None:
        if version != grant.game.version:
            raise web.HTTPNotFound()  # an older version no longer kept: the page's next update names the new one
        drawn = await _draw(site.pictures, site, grant, part, seat, lang)
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
