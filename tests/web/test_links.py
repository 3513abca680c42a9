"""Who may open what: every page opens only through a link the bot signed, for its user, for what it was
given for, in time, and not revoked; every other link gets a page saying what to do, and every
response carries the headers a page holding a token needs."""

from __future__ import annotations

import base64
import contextlib
import json
import string
import zlib
from datetime import timedelta

import pytest
from itsdangerous import URLSafeSerializer

import bot.links
from bot.links import MAX_EXPIRES, MAX_GENERATION, MAX_ID, Link, LinkRefused, Opens, Signer
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
    middle = len(token) // 2
    flipped = token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1 :]
    for broken in (flipped, token[:-1], token + "A", token[:middle] + "x" + token[middle:], "nothing", ""):
        with pytest.raises(LinkRefused, match="tampered"):
            signer.read(broken, 0)
    with pytest.raises(LinkRefused, match="tampered"):
        Signer("another secret").read(token, 0)


ALPHABET = string.ascii_letters + string.digits + "-_"
"""base64url's alphabet: the characters a token is made of."""
STRANGERS = "+/=.~%! é\0"
"""Characters outside it that a decoder might skip or take for one of its own."""
USER, SERVER, EXPIRES = 123_456_789_012_345_678, 234_567_890_123_456_789, 1_798_750_476
"""A Discord user and server id and an expiry as links carry them, long enough not to turn up by chance."""


def _legacy(fields: object) -> str:
    """A token as links were given before they were sealed."""
    return URLSafeSerializer(SECRET, salt="bricabot.web.link").dumps(fields)


def _readable(token: str) -> list[bytes]:
    """The bytes each dot-separated part of ``token`` encodes in base64url, and what they inflate to
    where they are zlib data (as itsdangerous compresses a long payload): what anyone can read of it."""
    found = []
    for part in filter(None, token.split(".")):
        raw = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
        found.append(raw)
        with contextlib.suppress(zlib.error):
            found.append(zlib.decompress(raw))
    return found


def _changed(token: str) -> list[str]:
    """``token`` with any one character changed to any other, of the alphabet or not."""
    return [
        token[:at] + other + token[at + 1 :]
        for at in range(len(token))
        for other in ALPHABET + STRANGERS
        if other != token[at]
    ]


def test_a_token_reveals_nothing_without_the_secret() -> None:
    signer = Signer(SECRET)
    token = signer.sign(Link(USER, 7, "server", SERVER, EXPIRES))
    for raw in _readable(token):
        for value in (USER, SERVER, EXPIRES):
            assert str(value).encode() not in raw and str(value) not in token
            for order in ("big", "little"):
                assert value.to_bytes(8, order) not in raw, (value, order)
                if value < 2**32:
                    assert value.to_bytes(4, order) not in raw, (value, order)
        with pytest.raises(ValueError):
            json.loads(raw)
    smallest = signer.sign(Link(0, 0, "game", 0, 1))
    largest = signer.sign(Link(MAX_ID, MAX_GENERATION, "watch", MAX_ID, MAX_EXPIRES))
    assert len(smallest) == len(largest) == len(token), "the length tells nothing of the ids"
    assert set(token) <= set(ALPHABET), "only base64url: nothing to escape in an address"


def test_two_tokens_of_one_link_differ_and_both_read_back() -> None:
    signer = Signer(SECRET)
    link = Link(USER, 0, "watch", 42, EXPIRES)
    first, second = signer.sign(link), signer.sign(link)
    assert first != second
    assert signer.read(first, 0) == signer.read(second, 0) == link


def test_changing_any_one_character_of_a_token_is_refused() -> None:
    signer = Signer(SECRET)
    token = signer.sign(Link(USER, 3, "game", 42, EXPIRES))
    changed = _changed(token)
    assert len(changed) > 4_000
    for broken in changed:
        with pytest.raises(LinkRefused, match="tampered"):
            signer.read(broken, 0)
    assert signer.read(token, 0).user == USER


def test_only_its_secret_reads_a_token() -> None:
    link = Link(USER, 0, "game", 42, EXPIRES)
    ours, theirs = Signer(SECRET), Signer(SECRET + " ")
    with pytest.raises(LinkRefused, match="tampered"):
        theirs.read(ours.sign(link), 0)
    with pytest.raises(LinkRefused, match="tampered"):
        ours.read(theirs.sign(link), 0)
    with pytest.raises(LinkRefused, match="tampered"):
        ours.read(_legacy([USER, 0, "game", 42, EXPIRES]).replace("A", "B"), 0)


@pytest.mark.parametrize(
    "fields",
    [[101, 0, "watch", 1, EXPIRES], [USER, 2, "game", SERVER, EXPIRES]],
    ids=["plain", "compressed"],
)
def test_a_link_given_before_tokens_were_sealed_opens_until_it_expires(fields: list[object]) -> None:
    signer = Signer(SECRET)
    token = _legacy(fields)
    assert signer.read(token, EXPIRES - 1) == Link(*fields)  # type: ignore[arg-type]
    with pytest.raises(LinkRefused, match="expired"):
        signer.read(token, EXPIRES)
    for last in ALPHABET.replace(token[-1], ""):
        with pytest.raises(LinkRefused, match="tampered"):
            signer.read(token[:-1] + last, 0)
    for broken in _changed(token):
        with pytest.raises(LinkRefused, match="tampered"):
            signer.read(broken, 0)


@pytest.mark.parametrize(
    "fields",
    [
        [2**70, 0, "game", 42, EXPIRES],
        [-1, 0, "game", 42, EXPIRES],
        [MAX_ID + 1, 0, "game", 42, EXPIRES],
        [USER, MAX_GENERATION + 1, "game", 42, EXPIRES],
        [USER, -1, "game", 42, EXPIRES],
        [USER, 0, "game", MAX_ID + 1, EXPIRES],
        [USER, 0, "server", -5, EXPIRES],
        [USER, 0, "game", 42, 0],
        [USER, 0, "game", 42, -EXPIRES],
        [USER, 0, "game", 42, MAX_EXPIRES + 1],
        [True, 0, "game", 42, EXPIRES],
        [USER, 0.5, "game", 42, EXPIRES],
        [USER, 0, "admin", 42, EXPIRES],
        [USER, 0, "game", "42", EXPIRES],
        [USER, 0, "game", 42],
        {"user": USER},
    ],
)
def test_a_field_out_of_bounds_is_refused_before_the_store(fields: object) -> None:
    with pytest.raises(LinkRefused, match="tampered"):
        Signer(SECRET).read(_legacy(fields), 0)


@pytest.mark.parametrize(
    "link",
    [
        Link(MAX_ID + 1, 0, "game", 42, EXPIRES),
        Link(-1, 0, "game", 42, EXPIRES),
        Link(USER, MAX_GENERATION + 1, "game", 42, EXPIRES),
        Link(USER, -1, "game", 42, EXPIRES),
        Link(USER, 0, "game", MAX_ID + 1, EXPIRES),
        Link(USER, 0, "game", -1, EXPIRES),
        Link(USER, 0, "game", 42, 0),
        Link(USER, 0, "game", 42, MAX_EXPIRES + 1),
        Link(USER, 0, "admin", 42, EXPIRES),  # type: ignore[arg-type]
    ],
)
def test_a_link_out_of_bounds_is_not_signed(link: Link) -> None:
    with pytest.raises(ValueError):
        Signer(SECRET).sign(link)


def test_a_sealed_token_out_of_bounds_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    signer = Signer(SECRET)
    wide: list[tuple[int, int, Opens, int, int]] = [
        (2**64 - 1, 0, "game", 42, EXPIRES),
        (USER, 2**32 - 1, "game", 42, EXPIRES),
        (USER, 0, "game", 2**63, EXPIRES),
        (USER, 0, "game", 42, 0),
    ]
    with monkeypatch.context() as patched:
        patched.setattr(bot.links, "_fits", lambda link: True)
        tokens = [signer.sign(Link(*fields)) for fields in wide]
    for token in tokens:
        with pytest.raises(LinkRefused, match="tampered"):
            signer.read(token, 0)


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
