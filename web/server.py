"""The web server as a service with a start and a stop: run by ``bricabot web`` alone, or beside the bot
in ``bricabot run`` when ``WEB_PORT`` is set (a companion of :func:`cogs.run.run`).

It opens a service of its own on the settings' database (a web process holds no state but caches, so
several may serve the same links from one PostgreSQL database), and closes it when it stops.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from aiohttp import web

from bot import heavy
from bot.links import Signer
from bot.service import GameService, open_service
from bot.settings import Settings
from web.app import build
from web.connections import Runner
from web.site import Site

log = logging.getLogger("bricabot.web")

HOST = "127.0.0.1"
"""Where the pages listen unless told otherwise: this machine (a reverse proxy in front publishes them)."""


class MissingSecret(Exception):
    """The pages were asked for without ``WEB_SECRET``: no link could be checked."""


def signer_of(settings: Settings) -> Signer:
    """The link signer of ``WEB_SECRET``; :class:`MissingSecret` when it is not set."""
    secret = None if settings.web_secret is None else settings.web_secret.get_secret_value().strip()
    if not secret:
        raise MissingSecret("WEB_SECRET is not set; put a long random value in .env (see .env.example).")
    return Signer(secret)


class WebServer:
    """The pages on ``host:port``, over a service opened at :meth:`start` (or the one given)."""

    def __init__(
        self,
        settings: Settings,
        port: int,
        *,
        host: str = HOST,
        signer: Signer | None = None,
        service: GameService | None = None,
    ) -> None:
        self._settings = settings
        self.port = port
        self.host = host
        self._signer = signer or signer_of(settings)
        self._given = service
        self._service: GameService | None = None
        self._runner: Runner | None = None
        self.site: Site | None = None

    async def start(self) -> None:
        """Open the service (unless given one) and listen."""
        self._service = self._given or await open_service(self._settings)
        self.site = Site(self._service, self._signer, timedelta(days=self._settings.web_link_days))
        self._runner = Runner(build(self.site), access_log=None, shutdown_timeout=2.0)
        await self._runner.setup()
        listening = web.TCPSite(self._runner, self.host, self.port)
        await listening.start()
        if self.port == 0:  # an ephemeral port (tests, benchmarks): the one the system gave
            self.port = self._runner.addresses[0][1]
        log.info("web pages on http://%s:%s", self.host, self.port)

    async def stop(self) -> None:
        """Close the open pages' streams, stop listening, let the drawing workers end, and close the service it
        opened."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        heavy.stop()
        if self._service is not None and self._given is None:
            await self._service.close()
        self._service = None


def companions(settings: Settings) -> list[WebServer]:
    """What ``bricabot run`` starts beside the bot: the pages when ``WEB_PORT`` is set."""
    return [] if settings.web_port is None else [WebServer(settings, settings.web_port)]
