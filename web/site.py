"""The web face's application: what every page shares (the service, the link signer, the pictures, the
live updates, the templates), the headers every response carries, and the reader's language.

The pages only read the store: the service's reading calls, never one that changes a game. Every
response carries a strict Content-Security-Policy (scripts and styles only from the site's own files,
nothing inline), ``Referrer-Policy: no-referrer`` (the address carries the link's token, which must not
leak to another site) and ``X-Content-Type-Options: nosniff``; a page or data that is not a picture
is ``Cache-Control: private, no-store``, so no shared cache keeps it. A request that fails, whatever
the reason, gets a page saying so, with the same headers: a missing page or route, a method the pages
do not take, and the rare bug, logged once (:func:`headers`).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import jinja2
from aiohttp import hdrs, web

from bot.clock import to_epoch
from bot.kept import Kept
from bot.links import LIFETIME, Link, Signer
from bot.pictures import Pictures
from bot.service import GameService
from bot.service.inputs import MAX_INT
from bot.store import StoreUnavailable
from bot.words import CATALOG, LANGUAGE_NAMES, t
from web.live import Live

log = logging.getLogger("bricabot.web")

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""Only the site's own scripts, styles and pictures; no inline script or style; never framed."""
PRIVATE = "private, no-store"
"""Pages, data and event streams: kept by no cache (a personal page holds a seat's secrets)."""
SERVER = "bricabot"
"""What every response says it is, with no version of Python or aiohttp to look weaknesses up by."""
PAGES_KEPT = 512
"""Pages' contents kept per game revision, reader and language."""

SITE: web.AppKey[Site] = web.AppKey("site")


@dataclass
class Site:
    """What every page needs, one per application."""

    service: GameService
    signer: Signer
    lifetime: timedelta = LIFETIME
    pictures: Pictures = field(default_factory=Pictures)
    contents: Kept[tuple[Any, ...], Any] = field(default_factory=lambda: Kept(PAGES_KEPT))
    """Page contents by (page, game, revision, reader, language): a page of an unchanged game is made once."""
    templates: jinja2.Environment = field(
        default_factory=lambda: jinja2.Environment(
            loader=jinja2.PackageLoader("web", "templates"),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            enable_async=False,
        )
    )

    live: Live = field(init=False)
    """The open pages' live updates."""
    admission: asyncio.Semaphore = field(init=False)

    def __post_init__(self) -> None:
        self.live = Live(self.service)
        self.admission = asyncio.Semaphore(ADMITTED)

    def now(self) -> int:
        """The time links are judged at (the service's clock, which tests move)."""
        return to_epoch(self.service.clock.now())

    def path(self, link: Link) -> str:
        """The address of what ``link`` opens."""
        return self.signer.path(link)

    def render(self, template: str, lang: str, **values: Any) -> str:
        """A template filled in ``lang``: ``t(key, **params)`` in it reads the catalogue."""

        def words(key: str, **params: Any) -> str:
            return t(key, lang, **params)

        offered = [(code, LANGUAGE_NAMES.get(code, code)) for code in languages()]
        return self.templates.get_template(template).render(t=words, lang=lang, languages=offered, **values)


def languages() -> tuple[str, ...]:
    """The languages the pages speak: those of the bot's catalogue."""
    return tuple(CATALOG.languages())


def accepted(header: str | None) -> str | None:
    """The first language of an ``Accept-Language`` header the pages speak, by the reader's preference."""
    offers = []
    for position, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        offers.append((-weight, position, tag.split("-")[0].strip().lower()))
    return next((code for _, _, code in sorted(offers) if code in languages()), None)


async def reader_lang(request: web.Request, *chosen: str | None) -> str:
    """The page's language: ``?lang=`` when the reader picked one, else the first of ``chosen`` (the
    user's own choice, the server's) the pages speak, else the browser's, else English."""
    asked = request.query.get("lang")
    for candidate in (asked, *chosen, accepted(request.headers.get("Accept-Language"))):
        if candidate in languages():
            return candidate
    return "en"


def etag(*parts: object) -> str:
    """A strong validator for a picture made from ``parts`` (the same parts always make the same bytes)."""
    return '"' + hashlib.sha256(repr(parts).encode()).hexdigest()[:32] + '"'


def html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")


def bounded_int(text: str | None, most: int = MAX_INT) -> int | None:
    """The whole number ``text`` writes in ASCII digits, at most ``most`` (the largest the store holds), or
    ``None``: its length is bounded before it is read, since ``int()`` refuses more than 4,300 digits and
    ``str.isdigit()`` passes characters ``int()`` does not read ("²")."""
    if not text or len(text) > len(str(most)) or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value <= most else None


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


STATIC = "/static/"
STATIC_CACHE = "public, max-age=3600"
"""The site's own styles and scripts hold nothing private."""


def secure(response: web.StreamResponse) -> web.StreamResponse:
    """Set the security headers on ``response`` (before it is sent), and no caching unless it says."""
    response.headers["Content-Security-Policy"] = CSP
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Server"] = SERVER
    response.headers.setdefault("Cache-Control", PRIVATE)
    return response


async def sign(request: web.Request, response: web.StreamResponse) -> None:
    """The security headers on every response to a request aiohttp routed, as it is sent: the pages' and
    pictures', and aiohttp's own answers that pass no middleware (an ``Expect`` it cannot meet)."""
    secure(response)


EVENTS = "/events"
"""The end of an event stream's address (a stream the database could not open gets no page, only 503)."""


async def busy(request: web.Request) -> web.Response:
    """The page of a request that could not be answered now (the database busy, a drawing that could not
    be made): nothing is lost, try again in a moment."""
    site: Site = request.app[SITE]
    text = site.render("busy.html", await reader_lang(request))
    answer = html(text, status=503) if not request.path.endswith(EVENTS) else web.Response(status=503)
    answer.headers["Retry-After"] = "2"
    return answer


FAILURES = {400: "unreadable", 404: "missing", 405: "method", 500: "broken"}
"""The page of each failure; any other status of a client's request reads as an unreadable one, of the
site's own (5xx) as a broken one."""


def failure(site: Site, lang: str, status: int) -> web.Response:
    """The page of a request that failed with ``status``: what happened, and what to do."""
    kind = FAILURES.get(status, "broken" if status >= 500 else "unreadable")
    return html(site.render("failed.html", lang, kind=kind), status=status)


async def failed(request: web.Request, status: int, kept: Mapping[str, str] | None = None) -> web.Response:
    """The failure page of ``request`` in the reader's language, keeping the headers ``kept`` (the methods
    a route takes); an event stream gets the status alone, as its browser shows no page."""
    if request.path.endswith(EVENTS):
        response = web.Response(status=status)
    else:
        response = failure(request.app[SITE], await reader_lang(request), status)
    for name, value in (kept or {}).items():
        if name not in (hdrs.CONTENT_TYPE, hdrs.CONTENT_LENGTH):
            response.headers.add(name, value)
    return response


@web.middleware
async def headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The page of every request that fails: a missing page or route, a method a route does not take, the
    database not answering in time, and, the safety net, a bug, logged once. A client that left is no
    failure: nobody is answered and nothing logged (:class:`web.connections.Connection`)."""
    try:
        response = await handler(request)
    except web.HTTPException as refused:
        return await failed(request, refused.status, refused.headers)
    except StoreUnavailable:
        return await busy(request)
    except ConnectionError:  # the client left (aiohttp's reset errors are ConnectionResetError): no bug
        raise
    except Exception:
        log.exception("%s %s failed", request.method, request.match_info.route)
        if request.writer.output_size:  # an event stream already begun can only be cut (its browser reopens it)
            raise ConnectionAbortedError("the response was begun") from None
        return await failed(request, 500)
    if request.path.startswith(STATIC):
        response.headers.setdefault("Cache-Control", STATIC_CACHE)
    return response


ADMITTED = 16
"""Requests reading the database at once; the others wait their turn here rather than at the database's
own lock, whose wait is bounded (``DATABASE_LOCK_TIMEOUT``): a crowd of pages opening together is
served in turn instead of refused."""


def application(site: Site, routes: list[web.AbstractRouteDef]) -> web.Application:
    """The aiohttp application serving ``routes`` for ``site``, with the shared headers."""
    app = web.Application(middlewares=[headers])
    app.on_response_prepare.append(sign)
    app[SITE] = site
    app.add_routes(routes)
    return app
