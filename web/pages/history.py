"""A game's history: a scrubber over the public board at every round's start, every move, and once the
game has ended its post-game report (chart and words) and animated replay.

The boards are spectators' views only (:func:`bot.service.report.round_starts`), what was public at
the time, so a running game's history is shown too; the report reads every seat's round-by-round
quantities, hidden during play, so it appears only once the game has ended, as on Discord.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.log_lines import lines
from bot.service.names import seat_names
from bot.service.report import drawn_report, record_of, round_starts
from bot.words import t
from engine import registry
from engine.core.contract import View
from renders.api import Render, drawings, render_board
from renders.results.model import ReportPicture
from renders.results.replay import animation, frames
from web.grants import Grant
from web.outline import Item, outline
from web.pages.common import GAME, Opened, as_json, game_of, opened
from web.pages.content import LogLine, moment, png_size
from web.site import Site, etag, html

routes = web.RouteTableDef()

REPLAY_LIMIT = 16 * 1024 * 1024
"""The largest animated replay served (frames are made narrower, then rounds left out, to fit)."""
PICTURE_CACHE = "public, max-age=31536000, immutable"


@dataclass(frozen=True, slots=True)
class Frame:
    """One stop of the scrubber: what it is called and the version of the game it shows."""

    label: str
    version: int


@dataclass(frozen=True, slots=True)
class Report:
    """The post-game report: its title, its picture's size, and everything it says as lists."""

    title: str
    width: int
    height: int
    outline: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class HistoryContent:
    id: int
    title: str
    status: str
    frames: tuple[Frame, ...]
    moves: tuple[LogLine, ...]
    report: Report | None


async def _rounds(site: Site, game_id: int, at: int) -> list[tuple[int | None, int, View]]:
    """The public board at every round's start and now, replayed once per revision of the game."""
    played = await record_of(site.service.store, game_id)
    made: list[tuple[int | None, int, View]] = await site.contents(
        ("rounds", game_id, at), lambda: asyncio.to_thread(round_starts, *played)
    )
    return made


async def _report(site: Site, game_id: int, lang: str) -> tuple[ReportPicture, Render]:
    """A finished game's report in ``lang``, made once."""
    made: tuple[ReportPicture, Render] = await site.contents(
        ("report", game_id, lang), lambda: drawn_report(site.service.store, game_id, lang)
    )
    return made


async def history_content(site: Site, grant: Grant, at: int, lang: str) -> HistoryContent:
    assert grant.game is not None
    game = grant.game
    user = grant.link.user if grant.personal and game.seat_of(grant.link.user) is not None else None

    async def make() -> HistoryContent:
        names = seat_names(game.seats, lang)
        rules = registry.get(game.kind)
        started = game.status in ("active", "finished") or (game.status == "cancelled" and game.version > 0)
        rounds = await _rounds(site, game.id, at) if started and drawings(game.kind) is not None else []
        labelled = []
        for index, (round_, version, _) in enumerate(rounds):
            last = index == len(rounds) - 1 and index > 0
            if last:
                label = t("web.history.end" if game.status == "finished" else "web.history.now", lang)
            elif round_ is None:
                label = t("web.history.start", lang) if index == 0 else t("web.history.frame", lang, n=index + 1)
            else:
                label = t("web.history.round", lang, round=round_)
            labelled.append(Frame(label, version))
        entries = await site.service.log(game.id, user, lang=lang, names=names)
        moves = tuple(
            LogLine(e.version, moment(e.at, lang), tuple(lines(rules, e, names, lang))) for e in entries if e.lines
        )
        report = None
        if game.status == "finished":
            shown, drawn = await site.contents(
                ("report", game.id, lang), lambda: drawn_report(site.service.store, game.id, lang)
            )
            width, height = png_size(drawn.png)
            report = Report(
                shown.title, width, height, outline(shown.text.split("\n", 1)[1] if "\n" in shown.text else "")
            )
        return HistoryContent(game.id, f"{game.title} #{game.id}", game.status, tuple(labelled), moves, report)

    made: HistoryContent = await site.contents(("history", game.id, at, user, lang), make)
    return made


@routes.get(r"/t/{token}/game/{game:\d+}/history")
@opened(GAME, game_of)
async def page(request: web.Request, reader: Opened) -> web.Response:
    shown = await history_content(reader.site, reader.grant, reader.grant.revision, reader.lang)
    return html(reader.site.render("history.html", reader.lang, history=shown))


@routes.get(r"/t/{token}/game/{game:\d+}/history.json")
@opened(GAME, game_of)
async def data(request: web.Request, reader: Opened) -> web.Response:
    return as_json(await history_content(reader.site, reader.grant, reader.grant.revision, reader.lang))


def _png(data: bytes, tag: str, request: web.Request) -> web.Response:
    headers = {"ETag": tag, "Cache-Control": PICTURE_CACHE}
    if tag in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers=headers)
    return web.Response(body=data, content_type="image/png", headers=headers)


@routes.get(r"/t/{token}/game/{game:\d+}/history/v{version:\d+}.png")
@opened(GAME, game_of)
async def board(request: web.Request, reader: Opened) -> web.StreamResponse:
    """The public board at one stop of the scrubber (a round's start, or now), drawn once."""
    site, game, lang = reader.site, reader.game, reader.lang
    version = int(request.match_info["version"])
    names = tuple(seat_names(game.seats, lang))
    tag = etag("round", game.id, version, lang, names)

    async def draw() -> bytes:
        rounds = await _rounds(site, game.id, reader.grant.revision)
        view = next((view for _, seen, view in rounds if seen == version), None)
        if view is None:
            raise web.HTTPNotFound()
        render = await asyncio.to_thread(render_board, view, lang=lang, names=names)
        return render.png

    if game.status == "lobby" or drawings(game.kind) is None:
        raise web.HTTPNotFound()
    data: bytes = await site.contents(("round-board", game.id, version, lang, names), draw)
    return _png(data, tag, request)


@routes.get(r"/t/{token}/game/{game:\d+}/history/{what:report|replay}.png")
@opened(GAME, game_of)
async def finished(request: web.Request, reader: Opened) -> web.StreamResponse:
    """The report's chart, or the animated replay (APNG), of a finished game."""
    site, game, lang = reader.site, reader.game, reader.lang
    if game.status != "finished":
        raise web.HTTPNotFound()
    what = request.match_info["what"]
    if what == "report":
        _, drawn = await _report(site, game.id, lang)
        return _png(drawn.png, etag("report", game.id, lang, game.version), request)
    if drawings(game.kind) is None:
        raise web.HTTPNotFound()

    async def animate() -> bytes:
        rounds = await _rounds(site, game.id, reader.grant.revision)
        names = seat_names(game.seats, lang)
        pictures: Any = await asyncio.to_thread(frames, [view for _, _, view in rounds], lang=lang, names=names)
        made = await asyncio.to_thread(animation, pictures, limit=REPLAY_LIMIT)
        return made.data

    data: bytes = await site.contents(("replay", game.id, lang), animate)
    return _png(data, etag("replay", game.id, lang, game.version), request)
