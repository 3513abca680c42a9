"""Whatever a request holds, the pages answer it without failing, with their security headers, without
writing to the store, and without showing anyone a seat's secrets.

Hypothesis throws requests at every route of the application (read from its router, so a new route is
fuzzed without editing this file) and at addresses no route has: every method, each part of the address
valid or mutated (numbers thousands of digits long, negative, in other scripts' digits, empty, dots,
percent-encodings, very long), query strings, headers and bodies, with links of every kind and links
broken every way (:mod:`tests.web.world`), on games of both kinds in every state. Each answer is checked
as it comes; the store, after each batch and after the whole run.

A check that fails raises its own kind of :class:`Failure`, and a server error is chained to the
exception the server logged, so Hypothesis tells distinct bugs apart (by kind, and by where the server
failed), shrinks each to its smallest request, and reports them all; every failure met while it searched
is added to its report, the shortest example of each. Missing headers are recorded but not raised
(:data:`SOFT`): an application-wide header would otherwise fail the first request of every batch and end
the search there. The requests that once made the pages fail are sent again, one by one, by
:func:`test_requests_that_once_failed_are_answered_safely`, whatever the fuzzer draws.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import re
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote, unquote

import aiohttp
import pytest
from aiohttp import web as aioweb
from aiohttp.http_exceptions import HttpProcessingError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from multidict import CIMultiDict
from yarl import URL

from bot.service import GameService
from tests.web.conftest import ANA, GUILD, Web
from tests.web.test_links import HEADERS
from tests.web.world import DAN, NOWHERE, Stored, Token, World, build, changes, digest

T = TypeVar("T")

REQUESTS = 5_000
"""Requests each run sends at least, per store."""
EXAMPLES = 1200
"""Batches Hypothesis makes (about six requests each)."""
BATCH = 24
"""The most requests one example sends before the store is looked at again."""
STREAM_WAIT = 2.0
"""How long an event stream is read for the update it owes a page that says it saw another revision."""
SERVER = re.compile(r"python|aiohttp|\d+\.\d+", re.IGNORECASE)
"""What a ``Server`` header must not say: the software and versions behind it help an attacker."""
METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "PROPFIND")


# -- what the fuzzer sends --------------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    """An address the application routes: its template (``/t/{token}/game/{game}``) and the pattern
    each of its parts must match; for the site's own files, the names of those it has."""

    template: str
    parts: tuple[tuple[str, str], ...] = ()
    files: tuple[str, ...] = ()


def _groups(pattern: str) -> dict[str, str]:
    """Each named group of ``pattern`` and the pattern inside it (its parentheses balanced)."""
    out = {}
    for found in re.finditer(r"\(\?P<(\w+)>", pattern):
        depth, at = 1, found.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(pattern[at], 0) if pattern[at - 1] != "\\" else 0
            at += 1
        out[found.group(1)] = pattern[found.end() : at - 1]
    return out


STATIC = Path(str(files("web") / "static"))
"""The site's own files: what an address under ``/static/`` names when it is valid."""


def routes_of(app: aioweb.Application) -> tuple[Route, ...]:
    """Every address of ``app``'s router: a new page is fuzzed as soon as it is routed."""
    out = []
    for resource in app.router.resources():
        info = resource.get_info()
        if "formatter" in info:
            groups = _groups(info["pattern"].pattern)
            names = re.findall(r"\{(\w+)\}", info["formatter"])
            parts = tuple((name, groups.get(name, r"[^/]+")) for name in names)
            served = info["formatter"].startswith("/static/") and len(parts) == 1
            own = tuple(sorted(p.name for p in STATIC.iterdir() if p.is_file())) if served else ()
            out.append(Route(info["formatter"], parts, own))
        elif "directory" in info:
            directory = Path(info["directory"])
            kept = tuple(sorted(p.name for p in directory.iterdir() if p.is_file()))
            out.append(Route(info["prefix"] + "/{file}", (("file", r"[^/]+"),), kept))
        else:
            out.append(Route(info.get("path", resource.canonical)))
    return tuple(out)


def _short(text: str) -> str:
    """``text`` with every run of a character 12 or more times written once, with its count."""
    return re.sub(r"(.)\1{11,}", lambda m: f"{m.group(1)}×{len(m.group(0))}", text)


@dataclass(frozen=True)
class Fuzzed:
    """One request: everything it sends, and the link its address carries (``None``: none)."""

    method: str
    path: str
    """The address as sent, percent-encoded."""
    query: str
    headers: tuple[tuple[str, str], ...]
    body: bytes
    token: Token | None
    route: str

    def sent(self) -> tuple[str, str, tuple[tuple[str, str], ...], bytes]:
        """What goes on the wire: a batch sends no request twice (Hypothesis likes to repeat one)."""
        return self.method, self.target, self.headers, self.body

    @property
    def target(self) -> str:
        return self.path + (f"?{self.query}" if self.query else "")

    def __repr__(self) -> str:
        target = self.target
        if self.token is not None:
            target = target.replace(quote(self.token.token, safe=SAFE), f"<{self.token.label}>", 1)
        said = "".join(f"\n    {name}: {_short(value)[:160]}" for name, value in self.headers)
        body = (
            f"\n    ({len(self.body)} bytes: {_short(self.body[:80].decode(errors='replace'))!r})" if self.body else ""
        )
        return f"{self.method} {_short(target)}{said}{body}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """How Hypothesis shows a failing request: as :meth:`__repr__` does, long runs counted."""
        printer.text(repr(self))


SAFE = "%!$&'()*+,;=:@-._~"
"""Kept as they are in an address part: a ``%`` too, so a malformed percent-encoding goes out as drawn."""


def _address_text(text: str) -> str:
    return quote(text, safe=SAFE)


def _every_character_encoded(text: str) -> str:
    return "".join(f"%{byte:02X}" for byte in text.encode())


def weighted(*choices: tuple[int, st.SearchStrategy[T]]) -> st.SearchStrategy[T]:
    """One of ``choices``, each drawn as often as its weight says; shrinking goes to the first."""
    strategies = [strategy for weight, strategy in choices for _ in range(weight)]
    return st.sampled_from(range(len(strategies))).flatmap(lambda index: strategies[index])


DIGITS = st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=6)
"""Digits of every script, and superscripts (``"²".isdigit()`` but ``int("²")`` fails)."""
LONG = st.integers(1, 6_000)
PRINTABLE = st.text(st.characters(exclude_categories=["Cc", "Cs"]), max_size=40)
"""What a header or an address part may hold (control characters are refused by the client itself)."""
ODD_NUMBERS = (
    *("", "0", "00", "01", "-1", "-0", "+1", "1e3", "0x1f", "1_000", " 1", "1 ", "NaN", "Infinity"),
    *("²", "³", "¹", "1²", "²²", "①", "⑩", "٣", "𝟗", "١٢٣", "٣" * 19),
    *("9" * 18, "9" * 19, "9" * 20, str(2**63 - 1), str(2**63), str(2**64), "1" + "0" * 19),
)
"""Numbers a page might misread: signs, exponents, other scripts' digits and superscripts (``"²".isdigit()``
but ``int("²")`` fails), and the edges of what the store holds (64-bit signed ids)."""
HUGE_NUMBERS = ("9" * 4_300, "9" * 4_301, "1" + "0" * 4_300, "9" * 5_000)
"""Past 4,300 digits ``int()`` refuses to read a number at all."""
NUMBERS: st.SearchStrategy[str] = weighted(
    (2, st.integers(0, 2_000).map(str)),
    (5, st.sampled_from(ODD_NUMBERS)),
    (5, st.sampled_from(HUGE_NUMBERS)),
    (1, LONG.map(lambda n: "9" * n)),
    (1, DIGITS),
    (1, st.integers(-(10**30), 10**30).map(str)),
    (1, PRINTABLE),
)
SEGMENTS: st.SearchStrategy[str] = weighted(
    (3, st.sampled_from(ODD_NUMBERS)),
    (2, st.sampled_from(HUGE_NUMBERS)),
    (
        3,
        st.sampled_from(
            (
                *(".", "..", "...", "%2e", "%2e%2e", "%2F", "%2f..%2f", "%00", "%0A", "%20", "%25", "%FF", "%zz"),
                *("%", "~", "null", "true", "[]", "{}", "<script>", "'\"", "ai-", "ai-" + "a" * 31, "part-", "v1"),
            )
        ),
    ),
    (1, LONG.map(lambda n: "9" * n)),
    (1, LONG.map(lambda n: "a" * n)),
    (1, DIGITS),
    (2, PRINTABLE),
)
"""An address part that is no valid one (or barely)."""


def _known(world: World, name: str, token: Token | None, drawn: dict[str, str]) -> st.SearchStrategy[str] | None:
    """Values of the address part ``name`` that mean something in ``world``: mostly the link's own
    target, else any game, server, version, picture and player there is."""
    link = None if token is None else token.link
    if name in ("game", "guild"):
        opens = ("game", "watch") if name == "game" else ("server",)
        every = [*map(str, world.games), str(NOWHERE)] if name == "game" else list(map(str, world.guilds))
        if link is not None and link.opens in opens:
            return weighted((3, st.just(str(link.target))), (1, st.sampled_from(every)))
        return st.sampled_from(every)
    if name == "version":
        game = drawn.get("game", "")
        shown = world.games.get(int(game)) if game.isascii() and game.isdigit() and len(game) < 19 else None
        version = 0 if shown is None else shown.version
        return weighted((2, st.just(str(version))), (2, st.integers(0, version + 1).map(str)))
    if name == "file":
        return st.sampled_from(world.files)
    if name == "who":
        return st.sampled_from(world.players)
    return None


def _tokens(world: World) -> st.SearchStrategy[Token]:
    """Mostly a link that opens something, sometimes any of them (broken ones included)."""
    opening = [t for t in world.tokens if not t.refused]
    return weighted((5, st.sampled_from(opening)), (1, st.sampled_from(world.tokens)))


GARBAGE_TOKENS = st.one_of(SEGMENTS, st.from_regex(r"[A-Za-z0-9_\-.=]{1,100}", fullmatch=True)).map(
    lambda text: Token(f"garbage {_short(text)[:40]!r}", text, None)
)


FOCUS = ("nothing", "part", "query", "header", "link", "method", "everything")
"""What one request breaks: nothing, one part of its address, its query, its headers, its link, its
method, or all at once. The rest stays valid, so a broken value gets past the link's check to the code
behind it, where a page reads it."""
FOCUSED = weighted(*zip((1, 4, 2, 2, 1, 1, 1), map(st.just, FOCUS), strict=True))


def _mutant(pattern: str) -> st.SearchStrategy[str]:
    """A broken value for an address part matching ``pattern``: numbers at their edges for a number."""
    numeric = any(digit in pattern for digit in (r"\d", "[0-9]"))
    return weighted((1, st.from_regex(pattern, fullmatch=True)), (3, NUMBERS if numeric else SEGMENTS), (1, SEGMENTS))


ENDINGS = ("/", "//", ".json", "/x", "/..", "/.", "%00", ";a", "/events", "/history")
"""What a mutated address may end with after its last part."""


@st.composite
def addresses(draw: st.DrawFn, world: World, route: Route, focus: str) -> tuple[str, Token | None]:
    """An address of ``route`` and the link it carries: every part valid (the link may still be a broken
    one), or one part mutated (``focus == "part"``), the link (``"link"``), or any (``"everything"``)."""
    others = [i for i, (name, _) in enumerate(route.parts) if name != "token"] or [0]
    mutated = draw(st.sampled_from(others)) if focus == "part" else -1
    drawn: dict[str, str] = {}
    token: Token | None = None
    encoded: dict[str, str] = {}
    for index, (name, pattern) in enumerate(route.parts):
        mutate = index == mutated or (focus == "everything" and draw(st.booleans()))
        if name == "token" and not route.files:
            broken = focus == "link" or (focus == "everything" and draw(st.booleans()))
            token = draw(
                weighted((1, GARBAGE_TOKENS), (1, st.sampled_from(world.tokens))) if broken else _tokens(world)
            )
            every = token.link is not None and draw(weighted((5, st.just(False)), (1, st.just(True))))
            encoded[name] = _every_character_encoded(token.token) if every else _address_text(token.token)
            drawn[name] = token.token
            continue
        known = st.sampled_from(route.files) if route.files else _known(world, name, token, drawn)
        if mutate:
            value = draw(_mutant(pattern))
        else:
            value = draw(known if known is not None else st.from_regex(pattern, fullmatch=True))
        drawn[name], encoded[name] = value, _address_text(value)
    path = re.sub(r"\{(\w+)\}", lambda m: encoded[m.group(1)], route.template)
    if focus in ("part", "everything"):
        path += draw(weighted((3, st.just("")), (1, st.sampled_from(ENDINGS))))
    return path, token


UNKNOWN = (
    "/t",
    "/t/",
    "/t/x",
    "/t//game/1",
    "/robots.txt",
    "/favicon.ico",
    "/static",
    "/static/",
    "/static/../web/app.py",
    "/static/%2e%2e/app.py",
    "/static/..%2fapp.py",
    "/.env",
    "/%2e%2e/%2e%2e/etc/passwd",
    "//",
    "/index.html",
    "/T/x/game/1",
)


@st.composite
def unknown_paths(draw: st.DrawFn, world: World) -> tuple[str, Token | None]:
    """An address no route has: some known to be asked for, some made of valid parts in the wrong
    places, some of nothing but mutated parts."""
    token = draw(weighted((3, _tokens(world)), (1, GARBAGE_TOKENS)))
    parts = st.lists(weighted((1, SEGMENTS), (1, st.sampled_from(("t", "game", "server", "mine", "history")))))
    made = "/" + "/".join(_address_text(p) for p in draw(parts.filter(lambda p: len(p) < 8)))
    return draw(
        weighted(
            (2, st.sampled_from(UNKNOWN)),
            (1, st.just(made)),
            (1, st.sampled_from(("game", "mine", "server", "x")).map(lambda w: f"/t/{_address_text(token.token)}/{w}")),
        )
    ), token


LANGS = st.sampled_from(("en", "fr", "de", "", "EN", "fr-FR", "../en", "en\x00", "é", "fr" * 3000))
QUERY_KEYS = weighted(
    (4, st.sampled_from(("lang", "r"))),
    (1, st.sampled_from(("", "lang[]", "LANG", "x", "r ", "%zz", "lang%00", "&", "="))),
    (1, PRINTABLE),
)


@st.composite
def queries(draw: st.DrawFn) -> str:
    """A query string: the pages' own keys (``lang``, ``r``) with their values valid or not, repeated,
    unknown keys, and malformed pieces."""
    pairs = []
    for key in draw(st.lists(QUERY_KEYS, min_size=1, max_size=4)):
        value = draw(LANGS if key == "lang" else NUMBERS if key == "r" else weighted((1, PRINTABLE), (1, NUMBERS)))
        pairs.append(f"{_address_text(key)}={_address_text(value)}")
    junk = draw(weighted((6, st.just("")), (1, st.sampled_from(("&", "&&", "=", "==", ";", "?", "%", "a", "a=b=c")))))
    return "&".join(pairs) + junk


ETAGS = ('"x"', "*", 'W/"x"', '""', '"' + "0" * 32 + '"', "W/", ",,,", '"a", "b"')
HEADER_VALUES: dict[str, st.SearchStrategy[str]] = {
    "Last-Event-ID": NUMBERS,
    "Accept-Language": weighted(
        (2, st.sampled_from(("fr", "en", "de", "fr-FR,fr;q=0.9,en;q=0.5", "de,fr;q=0.1", "*", "fr;q=0", "en;q=1e999"))),
        (2, st.sampled_from(("q=", ";q=abc", "fr;q=nan", "fr;q=-1", ",,,", ";", "fr;;q=1", "xx-YY-zz", "fr;q=inf"))),
        (1, LONG.map(lambda n: ("fr," * n)[:6_000])),
        (1, PRINTABLE),
    ),
    "If-None-Match": weighted(
        (2, st.sampled_from(ETAGS)), (1, LONG.map(lambda n: '"x",' * min(n, 1_500))), (1, PRINTABLE)
    ),
    "Origin": weighted((2, st.sampled_from(("null", "https://evil.example", "http://127.0.0.1", ""))), (1, PRINTABLE)),
    "Cookie": weighted((2, st.sampled_from(("a=b", ";;=", "=;", "a", "session=%zz; a=b"))), (1, PRINTABLE)),
    "Range": weighted(
        (2, st.sampled_from(("bytes=0-10", "bytes=-5", "bytes=5-", "bytes=0-1,2-3", "bytes=abc", "bytes=10-5"))),
        (1, LONG.map(lambda n: f"bytes={'9' * min(n, 5_000)}-")),
        (1, PRINTABLE),
    ),
    "Content-Type": weighted(
        (2, st.sampled_from(("application/json", "application/x-www-form-urlencoded", "text/plain; charset=nope"))),
        (1, st.sampled_from(("multipart/form-data; boundary=zz", "multipart/form-data", ";", "*/*"))),
        (1, PRINTABLE),
    ),
    "Accept": st.sampled_from(("*/*", "text/event-stream", "application/json", "image/png", ";;", "")),
    "Accept-Encoding": st.sampled_from(("gzip", "br", "deflate", "identity;q=0", "*;q=0", "x")),
    "If-Modified-Since": weighted(
        (1, st.sampled_from(("Thu, 01 Jan 1970 00:00:00 GMT", "yesterday", ""))), (1, PRINTABLE)
    ),
    "If-Range": st.sampled_from(ETAGS),
    "Referer": PRINTABLE,
    "User-Agent": weighted((1, PRINTABLE), (1, LONG.map(lambda n: "a" * n))),
    "X-Forwarded-For": PRINTABLE,
    "Authorization": PRINTABLE,
}
HEADER_NAMES = st.from_regex(r"X-[A-Za-z0-9-]{1,20}", fullmatch=True)


@st.composite
def headers(draw: st.DrawFn) -> tuple[tuple[str, str], ...]:
    """A few headers the pages read, or might be tricked by, with valid and broken values."""
    read = st.sampled_from(("Last-Event-ID", "Accept-Language", "If-None-Match"))  # what the pages read
    names = draw(
        st.lists(
            weighted((4, read), (2, st.sampled_from(sorted(HEADER_VALUES))), (1, HEADER_NAMES)), min_size=1, max_size=4
        )
    )
    return tuple((name, draw(HEADER_VALUES.get(name, PRINTABLE))) for name in names)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | PRINTABLE,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(PRINTABLE, inner, max_size=4),
    max_leaves=10,
)


@st.composite
def bodies(draw: st.DrawFn) -> tuple[bytes, str | None]:
    """A request body and the content type it is sent as (forms, JSON, anything at all)."""
    kind = draw(st.sampled_from(("none", "form", "json", "bytes", "long")))
    if kind == "form":
        pairs = draw(st.lists(st.tuples(PRINTABLE, PRINTABLE), max_size=5))
        return "&".join(f"{_address_text(k)}={_address_text(v)}" for k, v in pairs).encode(), (
            "application/x-www-form-urlencoded"
        )
    if kind == "json":
        return json.dumps(draw(JSON)).encode(), "application/json"
    if kind == "bytes":
        return draw(st.binary(max_size=200)), "application/octet-stream"
    if kind == "long":
        return b"a=" + b"9" * draw(LONG), "application/x-www-form-urlencoded"
    return b"", None


@st.composite
def requests(draw: st.DrawFn, world: World, routes: Sequence[Route]) -> Fuzzed:
    """One request of a routed address or an unknown one, breaking what its focus says (:data:`FOCUS`)
    and keeping the rest as a browser sends it. An address of more parts is asked for more often: it has
    more to break."""
    focus = draw(FOCUSED)
    route = draw(weighted(*((1 + len(r.parts), st.just(r)) for r in (*routes, Route("")))))
    path, token = draw(addresses(world, route, focus) if route.template else unknown_paths(world))
    wild = focus == "everything"
    if focus in ("method", "everything"):
        method = draw(st.sampled_from(METHODS))
    else:
        method = draw(weighted((5, st.just("GET")), (1, st.just("HEAD"))))
    plain = st.sampled_from(("", "", "lang=en", "lang=fr"))
    query = draw(queries() if focus == "query" or wild else plain)
    said = draw(headers() if focus == "header" or wild else st.sampled_from(((), (("Accept-Language", "fr"),))))
    body = b""
    if method not in ("GET", "HEAD"):
        body, kind = draw(bodies())
        if kind is not None and not any(name.lower() == "content-type" for name, _ in said):
            said = (*said, ("Content-Type", kind))
    return Fuzzed(method, path, query, said, body, token, route.template or "(unknown)")


# -- what comes back, and what it must be -----------------------------------------------------------


@dataclass
class Answer:
    """What came back: an event stream's start only."""

    status: int
    headers: CIMultiDict[str]
    body: bytes
    content_type: str


class Failure(AssertionError):
    """An answer that breaks one of the pages' promises; each kind is its own class, so Hypothesis
    reports each kind (and each place the server failed) as a bug of its own."""


class ServerFailed(Failure):
    """A server error: a 5xx status, or an exception the server logged (even after the answer began)."""


class Garbled(Failure):
    """An answer the client could not read: its framing is broken (a body where none may be, ...)."""


class Leaked(Failure):
    """An answer showing a secret of a seat its reader does not control."""


class Opened(Failure):
    """A broken link (tampered, expired, revoked, forged, garbage) that opened a page."""


class Written(Failure):
    """A request that changed what the store holds: the pages only read."""


class Unsecured(Failure):
    """An answer without the headers a page holding a token in its address needs."""


class Disclosed(Failure):
    """A ``Server`` header naming the software and versions behind the pages."""


SOFT: tuple[type[Failure], ...] = (Unsecured, Disclosed)
"""Failures of the application's headers rather than of what one request holds: recorded, not raised,
so an answer every request gets does not cut Hypothesis' search short; the run fails at its end."""
WORST_FIRST: tuple[type[Failure], ...] = (ServerFailed, Garbled, Leaked, Opened, Written, Unsecured, Disclosed)


def _origin(failure: Failure) -> str:
    """Where the server failed (the last frame of the exception it logged), if it did."""
    cause = failure.__cause__
    if cause is None or cause.__traceback__ is None:
        return ""
    frame = traceback.extract_tb(cause.__traceback__)[-1]
    return f"{type(cause).__name__} at {Path(frame.filename).name}:{frame.lineno}"


@dataclass
class Seen:
    """A kind of failure seen while fuzzing: its shortest example, and how often it came."""

    failure: Failure
    size: int
    times: int = 1


class ServerLog(logging.Handler):
    """The exceptions the server logs while handling requests: the traceback a 500 hides from the
    client, kept so the failure says where the server failed (and is told apart by it)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.caught: list[BaseException] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info is None or record.exc_info[1] is None:
            return
        error = record.exc_info[1]
        if isinstance(error, HttpProcessingError):  # a request aiohttp's parser refused (a 400): no bug
            return
        self.caught.append(error)

    def take(self) -> list[BaseException]:
        caught, self.caught = self.caught, []
        return caught

    @contextmanager
    def listening(self) -> Iterator[ServerLog]:
        everything = logging.getLogger()  # whatever logger the server's code logs its failures to
        everything.addHandler(self)
        try:
            yield self
        finally:
            everything.removeHandler(self)


def _told(error: BaseException) -> str:
    """The last frames of ``error``'s traceback and its message: enough to find the line that failed."""
    frames = traceback.extract_tb(error.__traceback__)[-3:]
    where = "; ".join(f"{Path(f.filename).name}:{f.lineno} in {f.name}" for f in frames)
    return f"{type(error).__name__}: {_short(str(error))[:200]} (at {where})"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def readable(answer: Answer) -> str:
    """Everything a reader of the answer reads: its text as sent, and its strings and HTML decoded."""
    text = answer.body.decode("utf-8", "replace")
    decoded = [text]
    if answer.content_type == "application/json":
        with suppress(ValueError):
            decoded.append("\n".join(_strings(json.loads(text))))
    for line in text.splitlines() if answer.content_type == "text/event-stream" else ():
        if line.startswith("data: "):
            try:
                decoded.append("\n".join(_strings(json.loads(line[6:]))))
            except ValueError:
                decoded.append(line[6:])
    return "\n".join(html.unescape(part) for part in decoded)


def _unread(request: Fuzzed, error: aiohttp.ClientError) -> bool:
    """Whether ``error`` is the client reading the refusal of a ``HEAD`` aiohttp's parser could not read
    (duplicated headers, a line too long): the refusal's page follows it, as the server cannot know the
    method of a request it could not read (aiohttp names it ``UNKNOWN``), and closes the connection."""
    said = isinstance(error, aiohttp.ClientResponseError) and error.status == 400
    return request.method == "HEAD" and said and "Data after `Connection: close`" in str(error)


def _owed(request: Fuzzed) -> bool:
    """Whether a stream owes an update at once: its request says it saw a revision (``Last-Event-ID``,
    else ``?r=``), a number a page could have been sent (the page's own is all but never drawn)."""
    said = [value for name, value in request.headers if name.lower() == "last-event-id"]
    if not said:
        said = [unquote(v) for k, _, v in (p.partition("=") for p in request.query.split("&")) if unquote(k) == "r"]
    seen = said[0] if said else ""
    return seen.isascii() and seen.isdigit() and len(seen) < 19


@dataclass
class Fuzzer:
    """Sends requests to the test server and checks each answer; counts what it sent."""

    web: Web
    world: World
    stored: Stored
    log: ServerLog
    baseline: dict[str, tuple[int, str]]
    sent: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    seen: dict[str, Seen] = field(default_factory=dict)
    """Every distinct failure met, by kind, route and where the server failed."""
    _forbidden: dict[str, tuple[frozenset[str], frozenset[bytes]]] = field(default_factory=dict)

    async def send(self, request: Fuzzed) -> Answer:
        """``request`` as drawn, its address sent byte for byte (the client re-encodes nothing)."""
        base = str(self.web.client.make_url("/")).rstrip("/")
        url = URL(base + request.target, encoded=True)
        self.sent += 1
        timeout = aiohttp.ClientTimeout(total=120)
        response = await self.web.client.session.request(
            request.method,
            url,
            headers=CIMultiDict(request.headers),
            data=request.body or None,
            timeout=timeout,
            allow_redirects=False,
        )
        try:
            if response.content_type == "text/event-stream":
                body = await self._stream(request, response)
            else:
                body = await response.read()
        finally:
            response.close()
        return Answer(response.status, CIMultiDict(response.headers), body, response.content_type)

    async def _stream(self, request: Fuzzed, response: aiohttp.ClientResponse) -> bytes:
        """The start of an event stream: its first event, and the update it owes at once when the page
        says it saw another revision (``Last-Event-ID``, ``?r=``); never the stream forever."""
        if request.method == "HEAD":
            return b""
        owed = _owed(request)
        read = b""
        deadline = asyncio.get_running_loop().time() + (STREAM_WAIT if owed else 0.05)
        while b"event: update" not in read and b"event: refused" not in read:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                break
            try:
                chunk = await asyncio.wait_for(response.content.readany(), left)
            except TimeoutError:
                break
            if not chunk:
                break
            read += chunk
        if owed and b"event: update" in read:
            with_data = read.split(b"event: update", 1)[1]
            while b"\n\n" not in with_data:  # the update's data line, whole
                try:
                    chunk = await asyncio.wait_for(response.content.readany(), STREAM_WAIT)
                except TimeoutError:
                    break
                if not chunk:
                    break
                read, with_data = read + chunk, with_data + chunk
        return read

    def forbidden(self, token: Token | None) -> tuple[frozenset[str], frozenset[bytes]]:
        key = "" if token is None else token.token
        if key not in self._forbidden:
            nobody = Token("", "", None)
            shown = token if token is not None else nobody
            self._forbidden[key] = (self.world.forbidden(shown), self.world.forbidden_pictures(shown))
        return self._forbidden[key]

    def problems(self, request: Fuzzed, answer: Answer, errors: list[BaseException]) -> list[Failure]:
        """What is wrong with ``answer`` to ``request``, each check in turn."""
        found: list[Failure] = []
        said = f"{request!r}\n  → {answer.status} {answer.content_type}"
        if answer.status >= 500 or errors:
            failure = ServerFailed(f"{said}\n  server: {'; '.join(map(_told, errors)) or 'nothing logged'}")
            failure.__cause__ = errors[0] if errors else None
            found.append(failure)
        secrets, pictures = self.forbidden(request.token)
        if answer.content_type == "image/png":
            if digest(answer.body) in pictures:
                found.append(Leaked(f"{said}\n  a seat's screen, to a reader who does not control it"))
        elif answer.body:
            text = readable(answer)
            shown = sorted(secret for secret in secrets if secret in text)
            if shown:
                found.append(Leaked(f"{said}\n  secrets shown: {shown[:5]}"))
        token = request.token
        if token is not None and token.refused and 200 <= answer.status < 400 and request.path.startswith("/t/"):
            found.append(Opened(f"{said}\n  a broken link opened the page"))
        missing = {
            name: answer.headers.get(name) for name, value in HEADERS.items() if answer.headers.get(name) != value
        }
        if missing:
            found.append(Unsecured(f"{said}\n  headers wrong or missing: {missing}"))
        server = answer.headers.get("Server", "")
        if SERVER.search(server):
            found.append(Disclosed(f"{said}\n  Server: {server}"))
        return found

    async def batch(self, requests: Sequence[Fuzzed]) -> None:
        """Send ``requests`` in turn and check every answer, then the store; raise the worst failure."""
        found: list[Failure] = []
        for request in requests:
            self.log.take()
            try:
                answer = await self.send(request)
            except aiohttp.ClientError as error:
                await asyncio.sleep(0.01)
                errors = self.log.take()
                if _unread(request, error) and not errors:
                    self.statuses[400] += 1
                    continue
                failure: Failure = (ServerFailed if errors else Garbled)(
                    f"{request!r}\n  → no answer: {_told(error)}; server: {'; '.join(map(_told, errors)) or 'nothing'}"
                )
                failure.__cause__ = errors[0] if errors else None
                found += self._record(request.route, [failure])
                continue
            await asyncio.sleep(0)
            self.statuses[answer.status] += 1
            found += self._record(request.route, self.problems(request, answer, self.log.take()))
        now = await self.stored.fingerprint()
        if now != self.baseline:
            differ = sorted(name for name in set(now) | set(self.baseline) if now.get(name) != self.baseline.get(name))
            said = "\n".join(map(repr, requests))
            found += self._record("the batch", [Written(f"the store changed ({', '.join(differ)}) after:\n{said}")])
            self.baseline = dict(now)  # judged from here on, not every batch after this one
        hard = [failure for failure in found if not isinstance(failure, SOFT)]
        if hard:
            raise min(hard, key=lambda failure: WORST_FIRST.index(type(failure)))

    def _record(self, route: str, failures: list[Failure]) -> list[Failure]:
        """Keep ``failures`` (met on ``route``) among those seen, the shortest example of each kind."""
        for failure in failures:
            if isinstance(failure, SOFT):  # the same headers wherever they are missing: one entry
                key = f"{type(failure).__name__}: {str(failure).splitlines()[-1].strip()}"
            else:
                key = f"{type(failure).__name__} on {route} {_origin(failure)}".strip()
            size = len(str(failure))
            seen = self.seen.get(key)
            if seen is None:
                self.seen[key] = Seen(failure, size)
                continue
            seen.times += 1
            if size < seen.size:
                seen.failure, seen.size = failure, size
        return failures

    def summary(self) -> str:
        """Every distinct failure met, its shortest example first."""
        return (
            "\n\n".join(f"{key} (×{seen.times}):\n{seen.failure}" for key, seen in sorted(self.seen.items()))
            or "no failure"
        )


def _sent_in(runner: Callable[[], None]) -> float:
    """The seconds ``runner`` took (Hypothesis' run, in a thread of its own beside the server's loop)."""
    started = time.perf_counter()
    runner()
    return time.perf_counter() - started


async def _checks_see_a_leak(fuzzer: Fuzzer, world: World) -> None:
    """The checks could pass on pages that show nothing: a player's own page, read as if a spectator's
    link had opened it, must be caught showing that player's secrets."""
    running = world.named["imaginarium running"]
    own = world.token(f"game {running} of {ANA}")
    page = Fuzzed("GET", f"/t/{own.token}/game/{running}", "", (), b"", own, "/t/{token}/game/{game}")
    answer = await fuzzer.send(page)
    assert answer.status == 200, answer.status

    def leaks(request: Fuzzed) -> bool:
        return any(isinstance(failure, Leaked) for failure in fuzzer.problems(request, answer, []))

    assert not leaks(page), "a player's own page shows them their own seat"
    assert leaks(replace(page, token=world.token(f"watch {running} of {ANA}"))), "the same page to a spectator leaks"


@pytest.mark.timeout(900)  # a passing run takes under a minute; a failing one shrinks its examples too
async def test_every_route_answers_any_request_safely(
    service: GameService, web: Web, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Thousands of requests, each answered below 500, with its headers, nothing written and nothing
    hidden shown; the count is printed, so a run that sent too few (or opened too few pages) says so."""
    world = await build(service, web)
    routes = routes_of(web.client.app)
    assert any("{token}" in r.template for r in routes) and any(r.files for r in routes), routes
    loop = asyncio.get_running_loop()
    async with Stored(database) as stored:
        before = await stored.rows()
        with ServerLog().listening() as log:
            fuzzer = Fuzzer(web, world, stored, log, dict(await stored.fingerprint()))
            await _checks_see_a_leak(fuzzer, world)

            @settings(
                max_examples=EXAMPLES,
                deadline=None,
                derandomize=True,
                database=None,
                suppress_health_check=[
                    HealthCheck.too_slow,
                    HealthCheck.data_too_large,
                    HealthCheck.large_base_example,
                ],
            )
            @given(st.lists(requests(world, routes), min_size=1, max_size=BATCH, unique_by=Fuzzed.sent))
            def fuzz(batch: list[Fuzzed]) -> None:
                asyncio.run_coroutine_threadsafe(fuzzer.batch(batch), loop).result(timeout=600)

            try:
                took = await asyncio.to_thread(_sent_in, fuzz)
            except Exception as error:  # what Hypothesis shrank, and every other failure met while it searched
                error.add_note(f"Every failure met while fuzzing ({fuzzer.sent} requests):\n\n{fuzzer.summary()}")
                raise
        after = await stored.rows()
        assert changes(before, after) == [], "the pages wrote to the store"
        await service.set_user_lang(DAN, "fr")  # and the fingerprint would have seen them do it
        assert await stored.fingerprint() != fuzzer.baseline, "a write the fingerprint does not see"
    store = "PostgreSQL" if database.startswith("postgres") else "SQLite"
    with capsys.disabled():
        statuses = ", ".join(f"{status}: {n}" for status, n in sorted(fuzzer.statuses.items()))
        print(f"\n{store}: {fuzzer.sent} requests in {took:.1f} s ({statuses})")
    assert not fuzzer.seen, fuzzer.summary()
    assert fuzzer.sent >= REQUESTS, f"only {fuzzer.sent} requests were sent"
    assert fuzzer.statuses[200] > fuzzer.sent // 20, f"too few pages opened: {statuses}"


async def test_a_request_the_server_cannot_read_is_refused(web: Web) -> None:
    """A request line or header over aiohttp's limits (8,190 bytes), or raw bytes no address may hold, is
    refused before any page reads it (400), with the headers of every answer: never a server error."""
    base = str(web.client.make_url("/")).rstrip("/")
    cases: list[tuple[str, dict[str, str]]] = [
        ("/t/" + "9" * 9_000 + "/game/1", {}),
        ("/t/x/game/1", {"Accept-Language": "fr," * 4_000}),
        ("/t/é/game/1", {}),
    ]
    for path, said in cases:
        async with web.client.session.get(URL(base + path, encoded=True), headers=said) as response:
            assert response.status == 400, (path[:40], response.status)
            for name, value in HEADERS.items():
                assert response.headers.get(name) == value, (path[:40], name)
            assert not SERVER.search(response.headers.get("Server", "")), path[:40]


def regressions(world: World) -> list[Fuzzed]:
    """Requests that once made the pages fail, each sent on its own every run, whatever the fuzzer
    draws: numbers past what ``int()`` or the store reads, in the address, the query and the headers;
    the pictures of games with no table; links out of bounds; file names past what the system takes;
    answers to ``HEAD`` that must have no body."""
    running = world.named["imaginarium running"]
    personal = world.token(f"game {running} of {ANA}")
    spectator = world.token(f"watch {running} of {ANA}")
    huge = "9" * 4_301

    def get(token: Token | None, path: str, *said: tuple[str, str], method: str = "GET") -> Fuzzed:
        address, _, query = path.partition("?")
        prefix = "" if token is None else f"/t/{token.token}"
        return Fuzzed(method, prefix + address, query, said, b"", token, f"once failed: {method} {_short(path)[:60]}")

    cases = [
        get(personal, f"/game/{running}/v{huge}/board.png"),
        get(spectator, f"/game/{running}/history/v{huge}.png"),
        get(spectator, f"/game/{running}/events?r=²"),
        get(spectator, f"/game/{running}/events?r={'9' * 5_000}"),
        get(spectator, f"/game/{running}/events", ("Last-Event-ID", "²")),
        get(spectator, f"/game/{running}/events", ("Last-Event-ID", "1²")),
        get(spectator, f"/game/{running}/events", ("Last-Event-ID", huge)),
        get(personal, f"/game/{running}/events", method="HEAD"),
        get(world.token("forged: a user id out of range"), f"/game/{running}"),
        get(world.token("forged: a game id of 19 nines"), f"/game/{10**19 - 1}"),
        get(world.token("forged: a server id out of range"), f"/server/{2**63}"),
        get(world.token(f"server {GUILD} of {ANA}"), f"/server/{GUILD}/player/{10**19 - 1}"),
        get(None, "/static/" + "a" * 300),
        get(None, "/", ("Content-Type", "text/plain"), ("Content-Type", "text/html")),
    ]
    for name in ("imaginarium lobby", "botfactory lobby", "botfactory lobby cancelled"):
        game = world.named[name]
        for file in world.files:
            cases += [
                get(world.token(f"game {game} of {ANA}"), f"/game/{game}/v0/{file}.png"),
                get(world.token(f"watch {game} of {ANA}"), f"/game/{game}/v0/{file}.png"),
            ]
    return cases


async def test_requests_that_once_failed_are_answered_safely(service: GameService, web: Web, database: str) -> None:
    """Each of :func:`regressions`, checked as the fuzzer checks its requests: a search that happens not
    to draw one of them again still covers it."""
    world = await build(service, web)
    async with Stored(database) as stored:
        with ServerLog().listening() as log:
            fuzzer = Fuzzer(web, world, stored, log, dict(await stored.fingerprint()))
            for request in regressions(world):
                with suppress(Failure):  # each is recorded: all of them are said at once
                    await fuzzer.batch([request])
    assert not fuzzer.seen, fuzzer.summary()
