"""Hidden information never leaves a seat: every HTML, JSON, event-stream and picture response of a
spectator link holds nothing hidden, and a player's personal link shows their own seat's secrets and
no one else's. Checked against the game's ground truth, read from the engine's views and the renders
directly (not through the web pages): each seat's screen in words, its open choices, the private
events of its log, and the public pictures byte for byte."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

from bot.service import GameService
from bot.service.convert import log_line
from bot.service.names import seat_names
from engine import registry
from renders.api import render_board, render_board_parts, render_screen
from tests.web.conftest import ANA, BOB, Web, play, started
from tests.web.sse import next_update

KINDS = [("imaginarium", {}), ("imaginarium", {"chimera": True}), ("botfactory", {})]


def _lines(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if len(line.strip()) > 12}


async def ground_truth(service: GameService, game_id: int, lang: str = "en") -> tuple[dict[int, set[str]], set[str]]:
    """``({seat: what only that seat may read}, what everyone may read)``, from the engine and renders."""
    game = await service.game(game_id)
    names = seat_names(game.seats, lang)
    public = (await service.view(game_id, None)).view
    shown = _lines(render_board(public, lang=lang, names=names).text)
    for part in render_board_parts(public, lang=lang, names=names):
        shown |= _lines(part.text)
    rules = registry.get(game.kind)
    actions = await service.store.actions(game_id)
    shown |= {log_line(rules, e, lang, names) for a in actions for e in a.events if e.to is None}
    secrets: dict[int, set[str]] = {}
    for seat in game.seats:
        assert seat.user_id is not None
        own = await service.view(game_id, seat.user_id)
        hidden = _lines(render_screen(own.view, lang=lang, names=names).text)
        if own.decision is not None:
            hidden |= {
                f"{rules.text(c.label, c.params, lang, names)} — {rules.text(c.description, c.params, lang, names)}"
                for c in own.decision.choices
                if c.description
            }
        hidden |= {log_line(rules, e, lang, names) for a in actions for e in a.events if e.to and seat.seat in e.to}
        secrets[seat.seat] = {line for line in hidden if line not in shown and not any(line in s for s in shown)}
    assert any(secrets.values()), "the position must hide something for the test to mean anything"
    return secrets, shown


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def _readable(body: str, content_type: str) -> str:
    if content_type == "application/json":
        return "\n".join(_strings(json.loads(body)))
    return html.unescape(body)


def _leaks(text: str, secrets: set[str]) -> list[str]:
    return sorted(secret for secret in secrets if secret in text)


@pytest.mark.parametrize(("kind", "options"), KINDS)
async def test_a_spectator_link_shows_nothing_hidden(
    service: GameService, web: Web, kind: str, options: dict[str, object]
) -> None:
    game_id = await started(service, kind, moves=18, **options)
    secrets, _ = await ground_truth(service, game_id)
    every_secret = set().union(*secrets.values())
    watch = await web.link(ANA, "watch", game_id)
    names = seat_names((await service.game(game_id)).seats, "en")

    stream = await web.client.get(f"{watch}/events")
    assert stream.status == 200
    for path in (watch, f"{watch}.json", f"{watch}/history", f"{watch}/history.json"):
        response = await web.client.get(path)
        assert response.status == 200, path
        body = await response.text()
        assert _leaks(_readable(body, response.content_type), every_secret) == [], path
    content = json.loads(await (await web.client.get(f"{watch}.json")).text())
    assert content["private"] is None

    version = (await service.game(game_id)).version
    public = (await service.view(game_id, None)).view
    truth = {f"part-{p.name}": p.png for p in render_board_parts(public, lang="en", names=names)}
    truth["board"] = render_board(public, lang="en", names=names).png
    for file, png in truth.items():
        response = await web.client.get(f"{watch}/v{version}/{file}.png?lang=en")
        assert response.status == 200 and await response.read() == png, file
    assert (await web.client.get(f"{watch}/v{version}/screen.png?lang=en")).status == 404

    await play(service, game_id, 1)
    update = await next_update(stream, 5)
    table = await next_update(stream, 5, ("table",))
    assert update.name == "update" and table.name == "table"
    secrets, _ = await ground_truth(service, game_id)
    for event in (update, table):
        assert _leaks(html.unescape(event.html), set().union(*secrets.values())) == []
    stream.close()


@pytest.mark.parametrize(("kind", "options"), KINDS)
async def test_a_personal_link_shows_its_own_seats_secrets_only(
    service: GameService, web: Web, kind: str, options: dict[str, object]
) -> None:
    game_id = await started(service, kind, moves=18, **options)
    secrets, _ = await ground_truth(service, game_id)
    game = await service.game(game_id)
    for user in (ANA, BOB):
        own = game.seat_of(user)
        assert own is not None
        others = set().union(*(s for seat, s in secrets.items() if seat != own.seat)) - secrets[own.seat]
        path = await web.link(user, "game", game_id)
        for address in (path, f"{path}.json", f"{path}/history"):
            response = await web.client.get(address)
            text = _readable(await response.text(), response.content_type)
            assert _leaks(text, others) == [], (user, address)
        page = html.unescape(await (await web.client.get(path)).text())
        if secrets[own.seat]:  # Bot Factory hides little: a seat not to act may have nothing of its own
            assert any(secret in page for secret in secrets[own.seat]), "their screen and choices are shown"
        version = game.version
        mine = await web.client.get(f"{path}/v{version}/screen.png?lang=en")
        table = await service.view(game_id, user)
        names = seat_names(game.seats, "en")
        assert await mine.read() == render_screen(table.view, lang="en", names=names).png
        assert mine.headers["Cache-Control"] == "private, no-cache"


async def test_the_ground_truth_catches_a_leak(service: GameService, web: Web) -> None:
    """The checks above could pass with a page that showed nothing: this one shows a screen on purpose."""
    game_id = await started(service, "imaginarium", moves=18)
    secrets, _ = await ground_truth(service, game_id)
    personal = html.unescape(await (await web.client.get(await web.link(ANA, "game", game_id))).text())
    seat = (await service.game(game_id)).seat_of(ANA)
    assert seat is not None
    assert _leaks(personal, secrets[seat.seat]), "a personal page is a page that shows a seat's secrets"
