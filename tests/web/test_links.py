"""Who may open what: every page opens only through a link the bot signed, for its user, for what it was
given for, in time, and not revoked; every other link gets a page saying what to do, and every
response carries the headers a page holding a token needs."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.links import Link, LinkRefused, Signer
from bot.service import GameService
from bot.store import StoreUnavailable
from tests.web.conftest import ANA, BOB, CAT, GUILD, SECRET, ManualClock, Web, started

HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


def test_a_link_reads_back_only_intact_and_in_time() -> None:
    signer = Signer(SECRET)
    link = Link(ANA, 3, "game", 42, 2_000)
    token = signer.sign(link)
    assert signer.read(token, 1_999) == link
    with pytest.raises(LinkRefused, match="expired"):
        signer.read(token, 2_000)
    payload, _, signature = token.partition(".")
    middle = len(signature) // 2
    flipped = signature[:middle] + ("A" if signature[middle] != "A" else "B") + signature[middle + 1 :]
    for broken in (f"{payload}.{flipped}", payload + "x." + signature, "nothing", ""):
        with pytest.raises(LinkRefused, match="tampered"):
            signer.read(broken, 0)
    with pytest.raises(LinkRefused, match="tampered"):
        Signer("another secret").read(token, 0)


async def _status(web: Web, path: str) -> tuple[int, str]:
    response = await web.client.get(path)
    return response.status, await response.text()


async def test_every_page_carries_the_headers_and_pages_are_never_cached(service: GameService, web: Web) -> None:
    game = await started(service, moves=4)
    for opens in ("game", "watch"):
        path = await web.link(ANA, opens, game)
        for address in (path, path + ".json", f"{path}/v{(await service.game(game)).version}/part-status.png"):
            response = await web.client.get(address)
            assert response.status == 200, address
            for name, value in HEADERS.items():
                assert response.headers[name] == value, (address, name)
            if not address.endswith(".png"):
                assert response.headers["Cache-Control"] == "private, no-store"
    refused = await web.client.get("/t/nothing/game/1")
    assert refused.status == 403 and all(refused.headers[name] == value for name, value in HEADERS.items())
    body = await (await web.client.get(await web.link(ANA, "game", game))).text()
    assert "<script>" not in body and " style=" not in body and "<style" not in body, "no inline script or style"


async def test_refused_links_say_why_and_what_to_do(service: GameService, web: Web, clock: ManualClock) -> None:
    game = await started(service, moves=2)
    other = await started(service, moves=0)
    good = await web.link(ANA, "game", game)
    assert (await _status(web, good))[0] == 200
    token = good.split("/")[2]
    middle = len(token) - 10
    tampered = token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1 :]

    cases = {
        "tampered": good.replace(token, tampered),
        "re-aimed at another game": good.replace(f"/game/{game}", f"/game/{other}"),
        "a spectator link's token on another game": (await web.link(BOB, "watch", game)).replace(
            f"/game/{game}", f"/game/{other}"
        ),
        "a game link on my games": good.replace(f"/game/{game}", "/mine"),
        "a game link on the server": good.replace(f"/game/{game}", f"/server/{GUILD}"),
        "expired": await web.link(ANA, "game", game, days=-1),
    }
    expected = {
        "tampered": (403, "does not match any link"),
        "re-aimed at another game": (403, "another page"),
        "a spectator link's token on another game": (403, "another page"),
        "a game link on my games": (403, "another page"),
        "a game link on the server": (403, "another page"),
        "expired": (410, "has expired"),
    }
    for case, path in cases.items():
        status, text = await _status(web, path)
        assert (status, expected[case][1] in text) == (expected[case][0], True), (case, status, text[-600:])
        assert "/game web" in text, case  # what to do
        for suffix in (".json", "/events", "/history"):
            assert (await _status(web, path + suffix))[0] in (403, 404, 410), (case, suffix)

    spectator = await web.link(CAT, "watch", game)
    await service.revoke_links(ANA)
    status, text = await _status(web, good)
    assert status == 410 and "revoked" in text
    assert (await _status(web, spectator))[0] == 200, "revoking one user's links leaves the others'"
    assert (await _status(web, await web.link(ANA, "game", game)))[0] == 200, "a new link opens"

    await service.set_spectator_links(GUILD, False)
    status, text = await _status(web, spectator)
    assert status == 403 and "spectator links off" in text
    assert (await _status(web, await web.link(ANA, "game", game)))[0] == 200, "personal links still open"
    await service.set_spectator_links(GUILD, True)
    assert (await _status(web, spectator))[0] == 200

    status, text = await _status(web, (await web.link(ANA, "game", 999)))
    assert status == 404 and "nothing here" in text

    fresh = await web.link(ANA, "game", game)
    clock.moment += timedelta(days=29)
    assert (await _status(web, fresh))[0] == 200, "a link opens for 30 days"
    clock.moment += timedelta(days=2)
    status, text = await _status(web, fresh)
    assert status == 410 and "expired" in text


async def test_refusals_speak_french(service: GameService, web: Web) -> None:
    response = await web.client.get("/t/nothing/game/1", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"})
    text = await response.text()
    assert 'lang="fr"' in text and "Ce lien ne s’ouvre pas" in text and "/partie web" in text


async def test_a_personal_page_in_the_players_own_language(service: GameService, web: Web) -> None:
    game = await started(service, moves=2)
    await service.set_user_lang(ANA, "fr")
    text = await (await web.client.get(await web.link(ANA, "game", game))).text()
    assert 'lang="fr"' in text and "Votre côté, Ana" in text
    text = await (await web.client.get(await web.link(BOB, "game", game))).text()
    assert 'lang="en"' in text
    asked = await web.client.get(await web.link(ANA, "game", game) + "?lang=en")
    assert 'lang="en"' in await asked.text()


async def test_a_busy_database_asks_to_try_again(
    service: GameService, web: Web, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await started(service, moves=2)
    path = await web.link(ANA, "game", game)

    async def locked(*args: object) -> None:
        raise StoreUnavailable("locked", unchanged=True)

    monkeypatch.setattr(service.store, "page_facts", locked)
    for address in (path, f"{path}/events"):
        response = await web.client.get(address)
        assert response.status == 503 and response.headers["Retry-After"] == "2", address
        assert all(response.headers[name] == value for name, value in HEADERS.items())
    assert "reload this page in a few seconds" in await (await web.client.get(path)).text()
    monkeypatch.undo()
    assert (await web.client.get(path)).status == 200
