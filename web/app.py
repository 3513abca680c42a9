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


STATIC_FILES = {path.name: path for path in Path(str(files("web") / "static")).iterdir() if path.is_file()}
"""The site's own styles and scripts, by name: served by name alone, so no address reaches another file,
and one the site does not have is the page of a missing page."""


@home.get(r"/static/{name}")
async def static(request: web.Request) -> web.FileResponse:
    found = STATIC_FILES.get(request.match_info["name"])
    if found is None:
        raise web.HTTPNotFound()
    return web.FileResponse(found)


def build(site: Site) -> web.Application:
    """The application serving every page of ``site``; its watcher stops with it."""
    app = application(site, [*home, *game.routes, *history.routes, *server.routes, *mine.routes])

    async def stop(_: web.Application) -> None:
        await site.live.close()

    app.on_shutdown.append(stop)
    return app
