"""What the pages share: the reader's language for a grant, a game's content kept per revision, and the
page a refused link gets."""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import Any

from aiohttp import web

from bot.links import LinkRefused, Opens, Refusal
from bot.service import GameInfo
from web.grants import Grant, granted, number
from web.pages.content import GameContent, game_content
from web.site import SITE, Site, html, reader_lang

REFUSED_STATUS: dict[Refusal, int] = {
    "tampered": 403,
    "expired": 410,
    "revoked": 410,
    "elsewhere": 403,
    "spectators_off": 403,
    "unknown": 404,
}
"""The status of each refusal: a link that was good once and is no more is gone (410)."""


async def grant_lang(site: Site, request: web.Request, grant: Grant) -> str:
    """A page's language: the reader's pick (``?lang=``), else on a personal link the user's own choice,
    else the language the game's server chose, else the browser's, else English."""
    return await reader_lang(request, grant.facts.user_lang, grant.facts.guild_lang)


def seat_of(grant: Grant) -> int | None:
    """The seat whose secrets the grant's pages show: the one the personal link's user controls."""
    if grant.game is None or not grant.personal:
        return None
    seat = grant.game.seat_of(grant.link.user)
    return None if seat is None else seat.seat


async def content(site: Site, grant: Grant, at: int, lang: str, *, draw: bool = True) -> GameContent:
    """The game's content at revision ``at`` for the grant's reader, made once per revision, seat,
    language and whether its pictures are drawn (every spectator shares one)."""
    assert grant.game is not None
    game_id, seat = grant.game.id, seat_of(grant)
    user = grant.link.user if seat is not None else None
    made: GameContent = await site.contents(
        ("game", game_id, at, seat, lang, draw),
        lambda: game_content(site.service, site.pictures, game_id, user, lang, draw=draw),
    )
    return made


def as_json(value: Any) -> web.Response:
    """A page's data as its JSON sibling."""
    return web.Response(text=json.dumps(asdict(value), ensure_ascii=False), content_type="application/json")


async def refusal(request: web.Request, site: Site, reason: Refusal) -> web.Response:
    """The page of a link that does not open: why, and what to do (ask Discord for a new one)."""
    lang = await reader_lang(request)
    return html(site.render("refused.html", lang, reason=reason), status=REFUSED_STATUS[reason])


@dataclass(frozen=True, slots=True)
class Opened:
    """A request whose link opens its page: the site, the grant and the reader's language."""

    site: Site
    grant: Grant
    lang: str

    @property
    def game(self) -> GameInfo:
        """The game a game's page shows."""
        assert self.grant.game is not None
        return self.grant.game


GAME: tuple[Opens, ...] = ("game", "watch")
"""The links that open a game's pages: a player's own, and a spectator's."""
SERVER: tuple[Opens, ...] = ("server",)
MINE: tuple[Opens, ...] = ("mine",)
Target = Callable[[web.Request, Site], int]
"""What a page's address names: the game, the server, or (for ``mine``) the link's own user."""
Handler = Callable[[web.Request, Opened], Awaitable[web.StreamResponse]]


def game_of(request: web.Request, site: Site) -> int:
    return number(request, "game")


def server_of(request: web.Request, site: Site) -> int:
    return number(request, "guild")


def user_of(request: web.Request, site: Site) -> int:
    """The user a ``mine`` address is about: the one its link names (the address carries no id)."""
    return site.signer.read(request.match_info["token"], site.now()).user


def opened(
    opens: tuple[Opens, ...], target: Target, *, stream: bool = False
) -> Callable[[Handler], Callable[[web.Request], Awaitable[web.StreamResponse]]]:
    """A page's handler, called only with a link that opens it (else the refusal page), in its turn at
    the database (:data:`web.site.ADMITTED`): the whole handler, or for an event stream only until it
    opens."""

    def wrap(handler: Handler) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        @functools.wraps(handler)
        async def route(request: web.Request) -> web.StreamResponse:
            site: Site = request.app[SITE]
            async with site.admission:
                try:
                    grant = await granted(request, opens, target(request, site))
                    reader = Opened(site, grant, await grant_lang(site, request, grant))
                    if not stream:
                        return await handler(request, reader)
                except LinkRefused as refused:
                    return await refusal(request, site, refused.reason)
            return await handler(request, reader)

        return route

    return wrap
