"""My games: every game of the link's user, across servers, with whose turn it is, each opening with a
personal link of its own (the access rule lets a player see the games they sit in)."""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from bot import board
from bot.access import may_see
from bot.service.names import seat_names
from web.grants import Grant
from web.pages.common import MINE, Opened, as_json, opened, user_of
from web.pages.content import Moment, moment
from web.site import Site, html

routes = web.RouteTableDef()

FINISHED_SHOWN = 10
"""Finished games listed after the running ones (the latest first)."""


@dataclass(frozen=True, slots=True)
class MyGame:
    title: str
    status: str
    mine: bool
    """Whether the user must act now."""
    waiting: tuple[str, ...]
    until: Moment | None
    path: str


@dataclass(frozen=True, slots=True)
class MineContent:
    games: tuple[MyGame, ...]


async def mine_content(site: Site, grant: Grant, lang: str) -> MineContent:
    user = grant.link.user
    service = site.service
    running = await service.user_games(user, statuses=("active", "lobby"))
    ended = (await service.user_games(user, statuses=("finished",)))[::-1][:FINISHED_SHOWN]
    games = []
    for game in [*running, *ended]:
        if not await may_see(service, game, user, views_channel=False):
            continue
        names = seat_names(game.seats, lang)
        acting = board.acting(game, names)
        own = game.seat_of(user)
        mine = own is not None and any(seat.seat == own.seat for seat in acting)
        deadline = next((seat.deadline for seat in acting if own is not None and seat.seat == own.seat), None)
        games.append(
            MyGame(
                title=board.title(game),
                status=game.status,
                mine=mine,
                waiting=tuple(seat.name for seat in acting),
                until=None if deadline is None else moment(deadline, lang),
                path=site.path(grant.link.aimed("game", game.id)),
            )
        )
    games.sort(key=lambda g: (not g.mine, g.status != "active", g.status == "finished"))
    return MineContent(tuple(games))


@routes.get(r"/t/{token}/mine")
@opened(MINE, user_of)
async def page(request: web.Request, reader: Opened) -> web.Response:
    shown = await mine_content(reader.site, reader.grant, reader.lang)
    return html(reader.site.render("mine.html", reader.lang, mine=shown))


@routes.get(r"/t/{token}/mine.json")
@opened(MINE, user_of)
async def data(request: web.Request, reader: Opened) -> web.Response:
    return as_json(await mine_content(reader.site, reader.grant, reader.lang))
