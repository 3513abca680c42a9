"""A database holding games of both kinds in every state, the links the bot gives to them and links
broken every way a link can be, what each seat alone may read, and a fingerprint of everything stored.

It is what the fuzz test of the web pages throws its requests at: every game has something behind every
address (a lobby has no table, a finished game has a report, a cancelled one kept its last state), and
every answer is checked against the secrets read here from the engine and the renders directly, never
through the pages themselves.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from itsdangerous import URLSafeSerializer

from bot import board
from bot.clock import to_epoch
from bot.links import SALT, Link, LinkRefused, Opens
from bot.service import GameInfo, GameService
from bot.service.convert import log_line
from bot.service.ending import end_lines
from bot.service.names import seat_names
from bot.service.report import drawn_report
from engine import registry
from renders.api import drawings, render_board, render_board_parts, render_final, render_screen
from tests.web.conftest import ANA, BOB, CAT, CHANNEL, GUILD, NAMES, SECRET, Web, play, started
from web.site import languages

DAN = 14
"""A user who holds no seat anywhere: their personal links open pages with nothing of their own."""
OFF = GUILD + 1
"""A server whose managers turned spectator links off."""
NOWHERE = 999
"""A server and a game that do not exist."""
SHORTEST = 12
"""Lines this short ("Round 3", a number) are said by public and private texts alike: not secrets."""


@dataclass(frozen=True, slots=True)
class Token:
    """A token the pages may be asked with: ``link`` is what it opens when it still opens something
    (sealed with the test secret, in time, of its user's current generation), else ``None``."""

    label: str
    token: str
    link: Link | None
    refused: bool = True
    """Whether every page must refuse it: a link broken some way (a good one may still be refused for
    what it is aimed at)."""


@dataclass
class World:
    """The games, the tokens, and the ground truth every answer is checked against."""

    named: dict[str, int]
    """Each game's id by what it is ("imaginarium lobby", "botfactory finished"...)."""
    games: dict[int, GameInfo]
    tokens: tuple[Token, ...]
    guilds: tuple[int, ...]
    players: tuple[str, ...]
    """Who a server's player page may be about: users by id, and AI levels (``ai-<level>``)."""
    files: tuple[str, ...]
    """The pictures a game's page has: its board, its parts, the screen, the final scores."""
    secrets: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)
    """By (game, seat): what only that seat may read, in every language the pages speak."""
    screens: dict[tuple[int, int], frozenset[bytes]] = field(default_factory=dict)
    """By (game, seat): the digests of that seat's screen pictures."""

    def token(self, label: str) -> Token:
        """The token labelled ``label`` (``"game 3 of 11"``, ``"forged: a negative user id"``)."""
        return next(t for t in self.tokens if t.label == label)

    def allowed(self, token: Token) -> tuple[int, int] | None:
        """The (game, seat) whose secrets ``token``'s pages may show: the seat its user controls in the
        game a personal link opens; ``None`` for a spectator's, a broken or any other link."""
        link = token.link
        if link is None or link.opens != "game" or link.target not in self.games:
            return None
        seat = self.games[link.target].seat_of(link.user)
        return None if seat is None else (link.target, seat.seat)

    def forbidden(self, token: Token) -> frozenset[str]:
        """Every secret of every seat but the one ``token`` may read."""
        own = self.allowed(token)
        mine = self.secrets.get(own, frozenset()) if own is not None else frozenset()
        return frozenset().union(*(s for key, s in self.secrets.items() if key != own)) - mine

    def forbidden_pictures(self, token: Token) -> frozenset[bytes]:
        own = self.allowed(token)
        return frozenset().union(*(s for key, s in self.screens.items() if key != own))


def digest(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


async def _lobby(service: GameService, kind: str, host: int, *others: int, seed: int = 5) -> int:
    lobby = await service.create_lobby(kind, host, guild_id=GUILD, channel_id=CHANNEL, seed=seed)
    for user in others:
        await service.join(lobby.id, user)
    return lobby.id


async def _against_ai(service: GameService, kind: str, seed: int) -> int:
    """A game of Ana against the easy AI, played to its end (a few hundred quick moves)."""
    lobby = await service.create_lobby(kind, ANA, guild_id=GUILD, channel_id=CHANNEL, seed=seed)
    await service.add_ai(lobby.id, ANA, "easy")
    await service.start(lobby.id, ANA)
    while (await service.game(lobby.id)).status == "active":
        await play(service, lobby.id, 50)
    return lobby.id


async def _between_ais(service: GameService, seed: int) -> int:
    """A Bot Factory game between two AI levels, played to its end as it starts: the leaderboard's."""
    lobby = await service.create_lobby(
        "botfactory", ANA, guild_id=GUILD, channel_id=CHANNEL, seed=seed, host_seated=False
    )
    await service.add_ai(lobby.id, ANA, "greedy")
    await service.add_ai(lobby.id, ANA, "easy")
    await service.start(lobby.id, ANA)
    return lobby.id


async def _games(service: GameService) -> dict[str, int]:
    """Every state of both kinds, by name: lobbies, running games (one whose seat was abandoned to an
    AI), finished ones (by people and by AIs alone), cancelled ones (before and after they started), a
    game on a server without spectator links, and one outside any server."""
    for user in (ANA, BOB, CAT):
        await service.rename(user, NAMES[user], guild_id=OFF)
    games = {
        "imaginarium lobby": await _lobby(service, "imaginarium", ANA, BOB),
        "botfactory lobby": await _lobby(service, "botfactory", BOB, ANA),
        "imaginarium running": await started(service, "imaginarium", moves=12),
        "imaginarium with chimera": await started(
            service, "imaginarium", moves=18, players=(ANA, BOB, CAT), chimera=True
        ),
        "botfactory abandoned by cat": await started(service, "botfactory", moves=18, players=(ANA, BOB, CAT)),
        "imaginarium finished": await _against_ai(service, "imaginarium", seed=5),
        "botfactory finished": await _against_ai(service, "botfactory", seed=3),
        "botfactory between ais": await _between_ais(service, seed=3),
        "imaginarium cancelled": await started(service, "imaginarium", moves=6),
        "botfactory lobby cancelled": await _lobby(service, "botfactory", ANA, CAT),
    }
    await service.abandon(games["botfactory abandoned by cat"], CAT)
    await service.cancel(games["imaginarium cancelled"], ANA)
    await service.cancel(games["botfactory lobby cancelled"], ANA)
    elsewhere = await service.create_lobby("imaginarium", ANA, guild_id=OFF, channel_id=CHANNEL + 1, seed=7)
    await service.join(elsewhere.id, CAT)
    await service.start(elsewhere.id, ANA)
    await play(service, elsewhere.id, 4)
    await service.set_spectator_links(OFF, False)
    private = await service.create_lobby("botfactory", BOB, seed=9)
    await service.join(private.id, ANA)
    await service.start(private.id, BOB)
    await play(service, private.id, 5)
    return {**games, "spectators off": elsewhere.id, "outside any server": private.id}


async def _tokens(service: GameService, web: Web, named: dict[str, int]) -> list[Token]:
    """Links of every kind for users with and without seats, then links broken every way: tampered,
    expired, revoked, signed with another secret, signed with values no link carries, and garbage."""

    def token_of(path: str) -> str:
        return path.split("/")[2]

    async def link(user: int, opens: Opens, target: int, days: int = 30) -> Token:
        token = token_of(await web.link(user, opens, target, days))
        return Token(f"{opens} {target} of {user}", token, web.signer.read(token, web.site.now()), refused=False)

    good: list[Token] = []
    for game in [*named.values(), NOWHERE]:
        good += [await link(user, "game", game) for user in (ANA, BOB, CAT, DAN)]
        good += [await link(user, "watch", game) for user in (ANA, DAN)]
    good += [await link(user, "mine", user) for user in (ANA, BOB, CAT, DAN)]
    good += [await link(user, "server", guild) for user in (ANA, DAN) for guild in (GUILD, OFF, NOWHERE)]

    revoked = [Token(f"revoked {t.label}", t.token, None) for t in good if t.link is not None and t.link.user == CAT]
    await service.revoke_links(CAT)
    good = [t for t in good if t.link is None or t.link.user != CAT]
    chimera, abandoned = named["imaginarium with chimera"], named["botfactory abandoned by cat"]
    good += [await link(CAT, "game", chimera), await link(CAT, "watch", chimera), await link(CAT, "mine", CAT)]
    good.append(await link(CAT, "game", abandoned))  # a seat of theirs an AI now plays: no longer theirs to see

    broken = list(revoked)
    for sample in good[::7]:
        token, middle = sample.token, len(sample.token) // 2
        assert sample.link is not None
        broken += [
            Token(f"{how} {sample.label}", changed, None)
            for how, changed in (
                ("a character changed in", token[:middle] + _other(token[middle]) + token[middle + 1 :]),
                ("the last character changed in", token[:-1] + _other(token[-1])),
                ("truncated", token[:-3]),
                ("lengthened", token + "A"),
                ("padded", token + "=="),
                ("in the other alphabet", token.replace("-", "+").replace("_", "/")),
                ("upper-cased", token.upper()),
            )
            if changed != token
        ]
        expired = web.signer.sign(replace(sample.link, expires=_yesterday(web)))
        broken.append(Token(f"expired {sample.label}", expired, None))

    expires = to_epoch(service.clock.now() + timedelta(days=30))
    own = URLSafeSerializer(SECRET, salt=SALT)
    other = URLSafeSerializer("another secret", salt=SALT)
    running = named["imaginarium running"]
    forged: list[tuple[str, Any]] = [
        ("a user id out of range", [2**70, 0, "game", running, expires]),
        ("a negative user id", [-ANA, 0, "game", running, expires]),
        ("a game id out of range", [ANA, 0, "game", 2**63, expires]),
        ("a server id out of range", [ANA, 0, "server", 2**63, expires]),
        ("a server id of 19 nines", [ANA, 0, "server", 10**19 - 1, expires]),
        ("a game id of 19 nines", [ANA, 0, "watch", 10**19 - 1, expires]),
        ("a generation out of range", [ANA, 2**70, "game", running, expires]),
        ("a negative generation", [ANA, -1, "watch", running, expires]),
        ("an expiry out of range", [ANA, 0, "game", running, 2**80]),
        ("a user id that is true", [True, 0, "game", running, expires]),
        ("a float", [ANA, 0.5, "game", running, expires]),
        ("a string for a number", [str(ANA), 0, "mine", ANA, expires]),
        ("an unknown kind of link", [ANA, 0, "admin", running, expires]),
        ("four values", [ANA, 0, "game", running]),
        ("six values", [ANA, 0, "game", running, expires, 1]),
        ("an object", {"user": ANA}),
        ("nothing", None),
        ("a number", 7),
        ("five letters", "abcde"),
        ("my games of another user", [ANA, 0, "mine", BOB, expires]),
        ("user zero", [0, 0, "mine", 0, expires]),
    ]
    for label, value in forged:  # a forged link within bounds reads as the link it says (we hold the secret)
        token = str(own.dumps(value))
        try:
            read: Link | None = web.signer.read(token, web.site.now())
        except LinkRefused:
            read = None
        broken.append(Token(f"forged: {label}", token, read, refused=read is None))
    broken.append(Token("another secret", str(other.dumps([ANA, 0, "game", running, expires])), None))
    broken += [
        Token(f"garbage {text[:20]!r}", text, None)
        for text in ("nothing", "a.b", ".", "..", "x" * 3000, "eyJ.e30", "IjEi.", "%00", "%2e%2e", "%E2%84%A2")
    ]
    return good + broken


def _other(character: str) -> str:
    """A character of the token alphabet other than ``character``."""
    return "A" if character != "A" else "B"


def _yesterday(web: Web) -> int:
    return to_epoch(web.site.service.clock.now() - timedelta(days=1))


def _fields(values: Iterable[Any]) -> list[str]:
    out: list[str] = []
    for value in values:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, Iterable):
            out += _fields(value)
    return out


def _lines(*texts: str) -> set[str]:
    return {line.strip() for text in texts for line in text.splitlines() if len(line.strip()) > SHORTEST}


async def _truth(
    service: GameService, game_id: int, lang: str
) -> tuple[dict[int, set[str]], set[str], dict[int, bytes]]:
    """``({seat: what that seat's screen, choices and private log say}, what is public, {seat: its
    screen's digest})`` in ``lang``, from the engine's views, the renders and the stored log."""
    info = await service.game(game_id)
    loaded = await service.store.load(game_id)
    if loaded is None or loaded.state is None:
        return {}, set(), {}
    rules = registry.get(info.kind)
    state = rules.from_json(loaded.state)
    names = seat_names(info.seats, lang)
    public = rules.view(state, None)
    shown: set[str] = set()
    if drawings(info.kind) is not None:
        shown |= _lines(render_board(public, lang=lang, names=names).text)
        shown |= _lines(*(part.text for part in render_board_parts(public, lang=lang, names=names)))
        if info.status == "finished":
            shown |= _lines(render_final(public, lang=lang, names=names).text)
            shown |= _lines((await drawn_report(service.store, game_id, lang))[1].text)
    shown |= _lines(*_fields([board.headline(public, lang) or ""]))
    shown |= _lines(*_fields(board.goal(public, names, lang)), *_fields(board.task(public, lang)))
    shown |= _lines(*_fields(board.standings(public, names, lang)))
    if info.outcome is not None:
        shown |= _lines(*end_lines(rules, info.outcome, names, lang))
    actions = await service.store.actions(game_id)
    shown |= {log_line(rules, e, lang, names) for a in actions for e in a.events if e.to is None}
    hidden: dict[int, set[str]] = {}
    pictures: dict[int, bytes] = {}
    for seat in info.seats:
        view = rules.view(state, seat.seat)
        said: set[str] = set()
        if drawings(info.kind) is not None:
            screen = render_screen(view, lang=lang, names=names)
            said |= _lines(screen.text)
            pictures[seat.seat] = digest(screen.png)
        decision = rules.decision_for(state, seat.seat) if info.status == "active" else None
        if decision is not None:
            said |= {
                f"{rules.text(c.label, c.params, lang, names)} — {rules.text(c.description, c.params, lang, names)}"
                for c in decision.choices
                if c.description
            }
        said |= {log_line(rules, e, lang, names) for a in actions for e in a.events if e.to and seat.seat in e.to}
        hidden[seat.seat] = said
    return hidden, shown, pictures


async def build(service: GameService, web: Web) -> World:
    """The games, their links, and every seat's secrets (a line is a secret only if nothing public, in
    any game, says it too)."""
    named = await _games(service)
    games = list(named.values())
    tokens = await _tokens(service, web, named)
    infos = {game: await service.game(game) for game in games}
    hidden: dict[tuple[int, int], set[str]] = {}
    shown: set[str] = set()
    screens: dict[tuple[int, int], set[bytes]] = {}
    for game in games:
        for lang in languages():
            said, public, pictures = await _truth(service, game, lang)
            shown |= public
            for seat, lines in said.items():
                hidden.setdefault((game, seat), set()).update(lines)
            for seat, picture in pictures.items():
                screens.setdefault((game, seat), set()).add(picture)
    secrets = {
        key: frozenset(line for line in lines if line not in shown and not any(line in s for s in shown))
        for key, lines in hidden.items()
    }
    assert sum(map(len, secrets.values())) > 50, "the games must hide something for the test to mean anything"
    files = {"board", "screen", "final"}
    for game in games:
        loaded = await service.store.load(game)
        info = infos[game]
        if loaded is not None and loaded.state is not None and drawings(info.kind) is not None:
            rules = registry.get(info.kind)
            table = rules.view(rules.from_json(loaded.state), None)
            files |= {f"part-{p.name}" for p in render_board_parts(table, names=seat_names(info.seats, "en"))}
    return World(
        named=named,
        games=infos,
        tokens=tuple(tokens),
        guilds=(GUILD, OFF, NOWHERE),
        players=(str(ANA), str(BOB), str(CAT), str(DAN), "ai-greedy", "ai-easy", "ai-normal"),
        files=tuple(sorted(files)),
        secrets=secrets,
        screens={key: frozenset(s) for key, s in screens.items()},
    )


Rows = Mapping[str, tuple[int, str]]
"""Every table's row count and a digest of its rows."""


class Stored:
    """What the store holds, read through a connection of its own (not the service's): every table's
    rows, so any write, by any page, shows."""

    def __init__(self, database: str) -> None:
        self._database = database
        self._postgres: asyncpg.Connection | None = None

    async def __aenter__(self) -> Stored:
        if self._database.startswith(("postgres://", "postgresql://")):
            self._postgres = await asyncpg.connect(self._database)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._postgres is not None:
            await self._postgres.close()

    async def rows(self) -> dict[str, list[str]]:
        """Every table's rows, each as text, sorted."""
        if self._postgres is not None:
            names = await self._postgres.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
            )
            out: dict[str, list[str]] = {}
            for (name,) in names:
                records = await self._postgres.fetch(f'SELECT t::text FROM "{name}" AS t')
                out[name] = sorted(str(r[0]) for r in records)
            return out
        with sqlite3.connect(f"file:{self._database}?mode=ro", uri=True) as db:
            tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
            return {name: sorted(repr(row) for row in db.execute(f'SELECT * FROM "{name}"')) for name in tables}

    async def fingerprint(self) -> Rows:
        """Every table's row count and a digest of its rows: cheap enough to take after every batch."""
        if self._postgres is not None:
            names = await self._postgres.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
            )
            query = " UNION ALL ".join(
                f"SELECT '{name}', count(*), coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') "
                f'FROM "{name}" AS t'
                for (name,) in names
            )
            return {str(r[0]): (int(r[1]), str(r[2])) for r in await self._postgres.fetch(query)}
        return {
            name: (len(rows), hashlib.sha256("\n".join(rows).encode()).hexdigest())
            for name, rows in (await self.rows()).items()
        }


def changes(before: Mapping[str, list[str]], after: Mapping[str, list[str]]) -> list[str]:
    """What differs between two readings of :meth:`Stored.rows`, a few rows per table."""
    out = []
    for name in sorted(set(before) | set(after)):
        old, new = set(before.get(name, ())), set(after.get(name, ()))
        if old != new:
            gone, came = sorted(old - new)[:3], sorted(new - old)[:3]
            out.append(f"{name}: {len(old)} → {len(new)} rows; gone {gone}; new {came}")
    return out
