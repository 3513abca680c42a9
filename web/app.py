"""The web face's application: every page's routes, the site's own files, and a home page that says
where links come from (no page is public)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from aiohttp import web

from web.pages import game, history, mine, server
from web.site import SITE, Site, application, html, reader_lang

home = web.RouteTableDef()


@home.get("/")
async def front(request: web.Request) -> web.Response:
    site: Site = request.app[SITE]
    return html(site.render("home.html", await reader_lang(request)))


def build(site: Site) -> web.Application:
    """The application serving every page of ``site``; its watcher stops with it."""
    static = Path(str(files("web") / "static"))
    app = application(
        site, [*home, *game.routes, *history.routes, *server.routes, *mine.routes, web.static("/static", static)]
    )

    async def stop(_: web.Application) -> None:
        await site.live.close()

    app.on_shutdown.append(stop)
    return app
