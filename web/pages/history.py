"""A game's history: a scrubber over the public board at every round's start, every move, and once the
game has ended its post-game report (chart and words) and animated replay.

The boards are spectators' views only (:func:`bot.service.report.round_starts`), what was public at
the time, so a running game's history is shown too; the report reads every seat's round-by-round
quantities, hidden during play, so it appears only once the game has ended, as on Discord.

Its pictures (each stop's board, the report's chart, the replay) are heavy drawings
(:mod:`bot.heavy`): drawn in a process of their own, a few at a time, and kept on disk, never in
this process's memory; the replayed views and the report's values, small, are kept in memory. A
picture that cannot be drawn now (its process ran out of memory) answers the busy page, "try again".
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from aiohttp.payload import BufferedReaderPayload

from bot import heavy
from bot.log_lines import lines
from bot.service import GameInfo
from bot.service.names import seat_names
from bot.service.report import record_of, report_values, round_starts
from bot.words import t
from engine import registry
from engine.core.contract import View
from renders.api import drawings
from renders.results.model import ReportPicture
from web.grants import Grant
from web.outline import Item, outline
from web.pages.common import GAME, Opened, as_json, game_of, opened
from web.pages.content import LogLine, moment, png_size
from web.site import Site, busy, etag, html

routes = web.RouteTableDef()

REPLAY_LIMIT = 16 * 1024 * 1024
"""The largest animated replay served (frames are made narrower, then rounds left out, to fit)."""
PICTURE_CACHE = "private, max-age=31536000, immutable"


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


def _has_rounds(game: GameInfo) -> bool:
    """Whether the game has boards to scrub through: it was started (not a lobby, nor a game cancelled
    before it started) and its kind draws them."""
    started = game.status in ("active", "finished") or (game.status == "cancelled" and game.version > 0)
    return started and drawings(game.kind) is not None


async def _rounds(site: Site, game_id: int, at: int) -> list[tuple[int | None, int, View]]:
    """The public board at every round's start and now, replayed once per revision of the game."""

    async def replayed() -> list[tuple[int | None, int, View]]:
        played = await record_of(site.service.store, game_id)
        return await asyncio.to_thread(round_starts, *played)

    made: list[tuple[int | None, int, View]] = await site.contents(("rounds", game_id, at), replayed)
    return made


async def _report(site: Site, game_id: int, lang: str) -> ReportPicture:
    """A finished game's report in ``lang``, its values and words, made once (its picture is drawn from them)."""
    made: ReportPicture = await site.contents(
        ("report", game_id, lang), lambda: report_values(site.service.store, game_id, lang)
    )
    return made


async def history_content(site: Site, grant: Grant, at: int, lang: str) -> HistoryContent:
    assert grant.game is not None
    game = grant.game
    user = grant.link.user if grant.personal and game.seat_of(grant.link.user) is not None else None

    async def make() -> HistoryContent:
        names = seat_names(game.seats, lang)
        rules = registry.get(game.kind)
        rounds = await _rounds(site, game.id, at) if _has_rounds(game) else []
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
            shown = await _report(site, game.id, lang)
            with await heavy.drawer().open(heavy.report_png, shown) as drawn:
                width, height = png_size(drawn.read(24))  # the header: the page reserves the picture's room
            report = Report(
                shown.title, width, height, outline(shown.text.split("\n", 1)[1] if "\n" in shown.text else "")
            )
        return HistoryContent(game.id, f"{game.title} #{game.id}", game.status, tuple(labelled), moves, report)

    made: HistoryContent = await site.contents(("history", game.id, at, user, lang), make)
    return made


@routes.get(r"/t/{token}/game/{game:[0-9]{1,19}}/history")
@opened(GAME, game_of)
async def page(request: web.Request, reader: Opened) -> web.Response:
    try:
        shown = await history_content(reader.site, reader.grant, reader.grant.revision, reader.lang)
    except heavy.Busy:  # the report's picture, whose size the page gives, could not be drawn now
        return await busy(request)
    return html(reader.site.render("history.html", reader.lang, history=shown))


@routes.get(r"/t/{token}/game/{game:[0-9]{1,19}}/history.json")
@opened(GAME, game_of)
async def data(request: web.Request, reader: Opened) -> web.Response:
    try:
        return as_json(await history_content(reader.site, reader.grant, reader.grant.revision, reader.lang))
    except heavy.Busy:
        return await busy(request)


async def _png(request: web.Request, tag: str, job: heavy.Job, *inputs: Any) -> web.StreamResponse:
    """The picture ``job`` draws from ``inputs`` (:mod:`bot.heavy`): unchanged for a browser that has it,
    else read from its file as it is sent (never whole in memory), else the busy page."""
    headers = {"ETag": tag, "Cache-Control": PICTURE_CACHE}
    if tag in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers=headers)
    try:
        drawn = await heavy.drawer().open(job, *inputs)
    except heavy.Busy:
        return await busy(request)
    # No file name: a picture shown in the page, not an attachment to save.
    sent = BufferedReaderPayload(drawn, filename=None, content_type="image/png")
    return web.Response(body=sent, headers=headers)


@routes.get(r"/t/{token}/game/{game:[0-9]{1,19}}/history/v{version:[0-9]{1,18}}.png")
@opened(GAME, game_of)
async def board(request: web.Request, reader: Opened) -> web.StreamResponse:
    """The public board at one stop of the scrubber (a round's start, or now), drawn once."""
    site, game, lang = reader.site, reader.game, reader.lang
    version = int(request.match_info["version"])
    names = tuple(seat_names(game.seats, lang))
    tag = etag("round", game.id, version, lang, names)
    if not _has_rounds(game):
        raise web.HTTPNotFound()
    rounds = await _rounds(site, game.id, reader.grant.revision)
    view = next((view for _, seen, view in rounds if seen == version), None)
    if view is None:
        raise web.HTTPNotFound()
    return await _png(request, tag, heavy.board_png, view, lang, names)


@routes.get(r"/t/{token}/game/{game:[0-9]{1,19}}/history/{what:report|replay}.png")
@opened(GAME, game_of)
async def finished(request: web.Request, reader: Opened) -> web.StreamResponse:
    """The report's chart, or the animated replay (APNG), of a finished game."""
    site, game, lang = reader.site, reader.game, reader.lang
    if game.status != "finished":
        raise web.HTTPNotFound()
    what = request.match_info["what"]
    if what == "report":
        shown = await _report(site, game.id, lang)
        return await _png(request, etag("report", game.id, lang, game.version), heavy.report_png, shown)
    if drawings(game.kind) is None:
        raise web.HTTPNotFound()
    views = tuple(view for _, _, view in await _rounds(site, game.id, reader.grant.revision))
    names = tuple(seat_names(game.seats, lang))
    tag = etag("replay", game.id, lang, game.version)
    return await _png(request, tag, heavy.replay_png, views, lang, names, REPLAY_LIMIT)
