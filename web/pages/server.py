"""A server's leaderboard and its players' pages, from the results of the server's finished games.

They open through a ``server`` link, which a player's personal page of one of the server's games makes
for its own user (a member of the server), as ``/game leaderboard`` and ``/game stats`` answer any
member there. Ratings are OpenSkill's, as on Discord (:mod:`bot.service.ratings`); the rating over time
is drawn as a chart in the page itself, with the same values in a table.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web
from babel.numbers import format_decimal, format_percent

from bot.clock import from_epoch
from bot.links import LinkRefused
from bot.service.names import clean
from bot.service.ratings import Player, Standing, leaderboard, player_stats
from bot.service.report import ai_name, shown_name
from bot.store import ResultRow
from engine import registry
from web.pages.common import SERVER, Opened, as_json, opened, server_of
from web.pages.content import Moment, moment
from web.site import Site, html

routes = web.RouteTableDef()

CHART = (640, 220, 40)
"""The rating chart's width, height and margin, in the SVG's own units (it scales to the page)."""
SPARK = (112, 24)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the leaderboard."""

    rank: int
    name: str
    who: str
    """The player's address on this server: a user's id, or ``ai-<level>``."""
    rating: str
    games: int
    wins: int
    trend: str
    """The rating after each rated game, as the points of a sparkline."""


@dataclass(frozen=True, slots=True)
class Board:
    guild: int
    rows: tuple[Row, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """One finished game of a player."""

    game: str
    id: int
    score: int
    rank: int
    winner: bool
    at: Moment


@dataclass(frozen=True, slots=True)
class Point:
    """A rating after a rated game: its value, and where the chart draws it."""

    game: int
    rating: str
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class PlayerContent:
    guild: int
    name: str
    games: int
    wins: int
    win_rate: str
    average: str
    rating: str | None
    rank: int | None
    ranked: int
    chart: tuple[Point, ...]
    axis: tuple[str, str]
    """The lowest and highest rating the chart spans."""
    results: tuple[Result, ...]


def _who(player: Player) -> str:
    kind, what = player
    return f"ai-{what}" if kind == "ai" else str(what)


def _name(standing: Standing, lang: str) -> str:
    """A player's name as the results recorded it, cleaned as every seat's name is read
    (:func:`bot.service.names.clean`), else their id."""
    kind, what = standing.player
    return ai_name(str(what), lang) if kind == "ai" else (clean(standing.name) or str(what))


def _number(value: float, lang: str) -> str:
    return format_decimal(value, format="0.0", locale=lang)


def spark(values: tuple[float, ...], width: int = SPARK[0], height: int = SPARK[1]) -> str:
    """SVG polyline points drawing ``values`` left to right in a ``width`` × ``height`` box."""
    if not values:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = width / max(1, len(values) - 1)
    return " ".join(f"{i * step:.1f},{height - 2 - (v - low) / span * (height - 4):.1f}" for i, v in enumerate(values))


async def _results(site: Site, guild: int) -> list[ResultRow]:
    return await site.service.store.results(guild_id=guild)


async def board_content(site: Site, guild: int, lang: str) -> Board:
    rows = tuple(
        Row(rank, _name(s, lang), _who(s.player), _number(s.rating, lang), s.games, s.wins, spark(s.trend))
        for rank, s in enumerate(leaderboard(await _results(site, guild)), 1)
    )
    return Board(guild, rows)


async def player_content(site: Site, guild: int, who: str, lang: str) -> PlayerContent:
    """The page of ``who`` (a user's id, or ``ai-<level>``) among the server's results."""
    rows = await _results(site, guild)
    board = leaderboard(rows)
    if who.startswith("ai-"):
        level = who.removeprefix("ai-")
        own = [r for r in rows if r.ai_level == level]
        standing = next((s for s in board if s.player == ("ai", level)), None)
        name = ai_name(level, lang)
        games, wins = len({r.game_id for r in own}), len({r.game_id for r in own if r.winner})
        average = sum(r.score for r in own) / len(own) if own else 0.0
        rate = wins / games if games else 0.0
    else:
        user = int(who)
        own = [r for r in rows if r.user_id == user]
        stats = player_stats(rows, user)
        standing = stats.standing
        name = shown_name(own[-1], lang) if own else who
        games, wins, average, rate = stats.games, stats.wins, stats.average, stats.win_rate
    if not own:
        raise LinkRefused("unknown")
    trend = standing.trend if standing is not None else ()
    width, height, margin = CHART
    low, high = (min(trend), max(trend)) if trend else (0.0, 0.0)
    span = (high - low) or 1.0
    step = (width - 2 * margin) / max(1, len(trend) - 1)
    chart = tuple(
        Point(i + 1, _number(v, lang), margin + i * step, height - margin - (v - low) / span * (height - 2 * margin))
        for i, v in enumerate(trend)
    )
    results = tuple(
        Result(registry.get(r.kind).title, r.game_id, r.score, r.rank, r.winner, moment_of(r, lang))
        for r in reversed(own)
    )
    return PlayerContent(
        guild=guild,
        name=name,
        games=games,
        wins=wins,
        win_rate=format_percent(rate, locale=lang),
        average=_number(average, lang),
        rating=None if standing is None else _number(standing.rating, lang),
        rank=None if standing is None else board.index(standing) + 1,
        ranked=len(board),
        chart=chart,
        axis=(_number(low, lang), _number(high, lang)),
        results=results,
    )


def moment_of(row: ResultRow, lang: str) -> Moment:
    return moment(from_epoch(row.finished_at), lang)


@routes.get(r"/t/{token}/server/{guild:[0-9]{1,19}}")
@opened(SERVER, server_of)
async def board_page(request: web.Request, reader: Opened) -> web.Response:
    site, grant = reader.site, reader.grant
    shown = await board_content(site, grant.link.target, reader.lang)
    mine = site.path(grant.link.aimed("mine", grant.link.user))
    return html(site.render("leaderboard.html", reader.lang, board=shown, mine=mine, spark=SPARK))


@routes.get(r"/t/{token}/server/{guild:[0-9]{1,19}}.json")
@opened(SERVER, server_of)
async def board_data(request: web.Request, reader: Opened) -> web.Response:
    return as_json(await board_content(reader.site, reader.grant.link.target, reader.lang))


PLAYER = r"/t/{token}/server/{guild:[0-9]{1,19}}/player/{who:ai-[a-z0-9_]{1,30}|[0-9]{1,19}}"


@routes.get(PLAYER)
@opened(SERVER, server_of)
async def player_page(request: web.Request, reader: Opened) -> web.Response:
    shown = await player_content(reader.site, reader.grant.link.target, request.match_info["who"], reader.lang)
    return html(reader.site.render("player.html", reader.lang, player=shown, chart=CHART))


@routes.get(PLAYER + ".json")
@opened(SERVER, server_of)
async def player_data(request: web.Request, reader: Opened) -> web.Response:
    return as_json(await player_content(reader.site, reader.grant.link.target, request.match_info["who"], reader.lang))
