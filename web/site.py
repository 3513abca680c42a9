"""The web face's application: what every page shares (the service, the link signer, the pictures, the
live updates, the templates), the headers every response carries, and the reader's language.

The pages only read the store: the service's reading calls, never one that changes a game. Every
response carries a strict Content-Security-Policy (scripts and styles only from the site's own files,
nothing inline), ``Referrer-Policy: no-referrer`` (the address carries the link's token, which must not
leak to another site) and ``X-Content-Type-Options: nosniff``; a page or data that is not a public
picture is ``Cache-Control: private, no-store``, so no shared cache keeps it.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import jinja2
from aiohttp import web

from bot.clock import to_epoch
from bot.kept import Kept
from bot.links import LIFETIME, Link, Signer
from bot.pictures import Pictures
from bot.service import GameService
from bot.store import StoreUnavailable
from bot.words import CATALOG, LANGUAGE_NAMES, t
from web.live import Live

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""Only the site's own scripts, styles and pictures; no inline script or style; never framed."""
PRIVATE = "private, no-store"
"""Pages, data and event streams: kept by no cache (a personal page holds a seat's secrets)."""
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


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


STATIC = "/static/"
STATIC_CACHE = "public, max-age=3600"
"""The site's own styles and scripts hold nothing private."""


def secure(response: web.StreamResponse) -> web.StreamResponse:
    """Set the security headers on ``response`` (before it is sent), and no caching unless it says."""
    response.headers["Content-Security-Policy"] = CSP
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers.setdefault("Cache-Control", PRIVATE)
    return response


EVENTS = "/events"
"""The end of an event stream's address (a stream the database could not open gets no page, only 503)."""


async def busy(request: web.Request) -> web.Response:
    """The page of a request the database could not answer in time: nothing is lost, try again."""
    site: Site = request.app[SITE]
    text = site.render("busy.html", await reader_lang(request))
    return html(text, status=503) if not request.path.endswith(EVENTS) else web.Response(status=503)


@web.middleware
async def headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every response's security headers (an event stream sets them itself before its first byte), and
    the page of a request the database could not answer in time."""
    try:
        response = await handler(request)
    except web.HTTPException as refused:  # a missing page or route: still with the headers
        return secure(web.Response(status=refused.status, text=refused.text, content_type="text/plain"))
    except StoreUnavailable:
        response = await busy(request)
        response.headers["Retry-After"] = "2"
    if request.path.startswith(STATIC):
        response.headers.setdefault("Cache-Control", STATIC_CACHE)
    return response if response.prepared else secure(response)


ADMITTED = 16
"""Requests reading the database at once; the others wait their turn here rather than at the database's
own lock, whose wait is bounded (``DATABASE_LOCK_TIMEOUT``): a crowd of pages opening together is
served in turn instead of refused."""


def application(site: Site, routes: list[web.AbstractRouteDef]) -> web.Application:
    """The aiohttp application serving ``routes`` for ``site``, with the shared headers."""
    app = web.Application(middlewares=[headers])
    app[SITE] = site
    app.add_routes(routes)
    return app
