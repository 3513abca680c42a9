"""How the pages' connections are served: aiohttp's, with a limit on slow clients and the site's page for
the requests aiohttp answers itself.

A connection must deliver a whole request's headers within :data:`HEADERS_WITHIN` seconds of opening, or
of its previous response: one that trickles them a byte at a time, or sends nothing, is closed, so a
crowd of them cannot hold the process's connections. aiohttp closes a connection waiting for a request
at its keep-alive timeout, whether nothing came or only part of a request did: that timeout is the
limit. A request aiohttp cannot read (a malformed request line or header, one too long) is answered by
aiohttp itself, before any middleware; it gets the site's page and headers here, and is logged only as
a client's doing, at debug level.
"""

from __future__ import annotations

import logging
from typing import Any

from aiohttp import web

from web.site import SITE, Site, failure, secure

log = logging.getLogger("bricabot.web")

HEADERS_WITHIN = 10.0
"""Seconds a connection has to send a request's headers: a real client sends them at once, in one packet
or a few; a reverse proxy that keeps idle connections to the pages must keep them less long."""


class Connection(web.RequestHandler):
    """One client's connection: aiohttp's, answering what aiohttp refuses itself with the site's page."""

    def __init__(self, manager: web.Server, site: Site, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self._site = site

    def handle_error(
        self, request: web.BaseRequest, status: int = 500, exc: BaseException | None = None, message: str | None = None
    ) -> web.StreamResponse:
        """The answer to a request aiohttp could not read (400), or that failed past the site's middleware
        (a client gone, whose answer cannot be sent): the failure page in English (such a request has no
        language to read), with the headers, closing the connection as aiohttp does. Only a failure of
        the site's own is logged as an error."""
        if status >= 500 and not isinstance(exc, ConnectionError):
            log.error("a request failed outside the pages (%s)", status, exc_info=exc)
        else:
            log.debug("a request refused or left (%s): %s", status, message or exc)
        if request.writer.output_size > 0:  # the answer was begun: the connection can only be cut
            raise ConnectionAbortedError("the response was begun")
        response = secure(failure(self._site, "en", status))
        response.force_close()
        return response


class Connections(web.Server):
    """An application's aiohttp server, whose connections are :class:`Connection`."""

    site: Site

    def __call__(self) -> web.RequestHandler:
        return Connection(self, self.site, loop=self._loop, **self._kwargs)


class Runner(web.AppRunner):
    """An application's runner serving it over :class:`Connections` with the slow-header limit
    ``headers_within`` (``bricabot web``'s, and the tests')."""

    def __init__(self, app: web.Application, *, headers_within: float = HEADERS_WITHIN, **kwargs: Any) -> None:
        super().__init__(app, keepalive_timeout=headers_within, **kwargs)

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        # aiohttp made the application's server (started it, set its handler and settings); only the
        # class of its connections changes, which aiohttp's own server does not let be chosen.
        server.__class__ = Connections
        assert isinstance(server, Connections)
        server.site = self.app[SITE]
        return server
