"""Sealed links to the web pages: who a link is for, what it opens, until when.

No web page is public: each opens only through a link the bot sealed with ``WEB_SECRET`` (encrypted and
authenticated), carrying the user it was issued to, that user's link generation, what it opens and its
expiry.
The Discord layer issues them (``/game web``) after the access rule (:mod:`bot.access`) let the user see
the game; the web face reads them back before any page reads the store. Revoking a user's links bumps
their generation in the database, so every link they had stops opening (in every process at once).

What a link opens (:data:`Opens`):

- ``game``: a player's personal link to one game: the public table, and the private screen of the seat
  the user controls;
- ``watch``: a spectator link to one game: the public table only, whoever holds it, while the game's
  server lets spectator links be had;
- ``mine``: the user's own games, across servers;
- ``server``: a server's leaderboard and its players' pages (made by the web face from a game link of
  that server, for the same user, generation and expiry).

A link names its target in the address as well (``/t/<token>/game/12``): the two must agree, so a
link cannot be aimed at another game by editing the address.

A token is sealed, not merely signed, because a spectator link is shared in public and must not give
away the Discord id of whoever asked for it: it is the link packed in fixed-size binary (user,
generation, what it opens as a small code, target, expiry), encrypted and authenticated with AES-GCM
under a 256-bit key derived from ``WEB_SECRET`` by HKDF-SHA256 (``info`` :data:`SALT`), with a random
96-bit nonce (two tokens of one link differ, and nonces stay unique far beyond the links a bot gives),
behind a format byte the tag also covers; in base64url without padding. Without the secret it reveals
nothing but its format (all tokens are the same length, whatever the ids), and the tag is checked in
constant time by the underlying OpenSSL. Every character counts: a token is read only in the one form
the bot writes, so changing any character, even one whose bits base64 would ignore, is refused. Every
field is bounded as the store bounds it (ids and targets 0 … 2^63−1, generations 0 … 2^31−1, expiries
within 32 bits), on signing (:class:`ValueError`) and on reading (``tampered``), so no value out of range
reaches the database.

Links given before tokens were sealed are itsdangerous' ``URLSafeSerializer`` (salt :data:`SALT`):
base64 JSON of ``[user, generation, opens, target, expires]``, readable by anyone, and an HMAC-SHA1 that
itsdangerous compares with :func:`hmac.compare_digest`. They are still read, with the same bounds and
only in the exact form itsdangerous writes them, so that links already given keep opening until they
expire; new links are always sealed. A link lives at most ``WEB_LINK_DAYS`` (30 by default), so once that
long has passed since sealed tokens were deployed no such link opens any more, and reading them (and the
itsdangerous dependency) can be removed.
"""

from __future__ import annotations

import base64
import secrets
import struct
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Literal, cast

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from itsdangerous import BadData, URLSafeSerializer

Opens = Literal["game", "watch", "mine", "server"]
OPENS: tuple[Opens, ...] = ("game", "watch", "mine", "server")
LIFETIME = timedelta(days=30)
"""How long a link opens by default (``WEB_LINK_DAYS``)."""
SALT = "bricabot.web.link"
"""Names the purpose of the tokens' key (and of the signature of links given before tokens were sealed):
a key derived from ``WEB_SECRET`` for another purpose never reads as a link."""
MAX_ID = 2**63 - 1
"""The largest user, game or server id a link carries: the store's ids are signed 64-bit integers."""
MAX_GENERATION = 2**31 - 1
"""The largest link generation: the store keeps it in a 32-bit ``INTEGER``."""
MAX_EXPIRES = 2**32 - 1
"""The latest expiry a token holds (in 2106): 32 bits keep the token short."""

_FORMAT = b"\x01"
"""The first byte of a sealed token, in clear but covered by the tag: a later format can be told apart."""
_NONCE = 12
"""The nonce's bytes: GCM's native 96 bits, drawn at random for each token."""
_FIELDS = struct.Struct(">QIBQI")
"""The sealed fields: user, generation, what it opens (its index in :data:`OPENS`), target, expires."""
_LENGTH = len(_FORMAT) + _NONCE + _FIELDS.size + 16
"""A sealed token's bytes (the format, the nonce, the fields, the 16-byte tag): 54, so 72 characters,
a multiple of 3 bytes that leaves base64 no spare bits."""

Refusal = Literal["tampered", "expired", "revoked", "elsewhere", "spectators_off", "unknown"]
"""Why a link does not open: its signature or content is wrong, its time is up, its user revoked their
links, it is aimed at something other than what it was issued for, its server turned spectator links
off, or what it opens is no longer there (or was never visible to it)."""


class LinkRefused(Exception):
    """A link that does not open, and why (:data:`Refusal`): the page says what to do about it."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(reason)
        self.reason: Refusal = reason


@dataclass(frozen=True, slots=True)
class Link:
    """What a signed link says: issued to ``user`` under their link ``generation``, it opens ``opens``
    ``target`` (a game id, a server id, or the user's own id for ``mine``) until ``expires`` (epoch
    seconds)."""

    user: int
    generation: int
    opens: Opens
    target: int
    expires: int

    def aimed(self, opens: Opens, target: int) -> Link:
        """The same grant aimed elsewhere (the web face's own links between pages): same user,
        generation and expiry."""
        return replace(self, opens=opens, target=target)


def _fits(link: Link) -> bool:
    """Whether every field of ``link`` is of its type and within the bounds the token and the store hold:
    checked on reading too, so that whatever a token says, only what the store can hold reaches it."""
    values = (link.user, link.generation, link.target, link.expires)
    return (
        link.opens in OPENS
        and all(type(value) is int for value in values)
        and 0 <= link.user <= MAX_ID
        and 0 <= link.generation <= MAX_GENERATION
        and 0 <= link.target <= MAX_ID
        and 0 < link.expires <= MAX_EXPIRES
    )


def _encode(raw: bytes) -> str:
    """``raw`` in base64url without padding (``=`` would be escaped in an address)."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _decode(token: str) -> bytes:
    """The bytes ``token`` encodes, if it is their one canonical encoding: Python's decoder skips
    characters outside the alphabet, takes ``+`` and ``/`` for ``-`` and ``_``, and ignores a last
    character's spare bits, so only encoding back and comparing makes every character count."""
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    if _encode(raw) != token:
        raise ValueError("not the canonical encoding")
    return raw


class Signer:
    """Seals and reads links with one secret."""

    def __init__(self, secret: str) -> None:
        if not secret:
            raise ValueError("links need a secret (WEB_SECRET)")
        key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=SALT.encode()).derive(secret.encode())
        self._aead = AESGCM(key)
        self._legacy = URLSafeSerializer(secret, salt=SALT)

    def sign(self, link: Link) -> str:
        """The token of ``link``: URL-safe, unreadable and unforgeable without the secret, different each
        time. A field out of bounds is a :class:`ValueError`: no token would read back."""
        if not _fits(link):
            raise ValueError(f"a link cannot carry {link!r}")
        fields = _FIELDS.pack(link.user, link.generation, OPENS.index(link.opens), link.target, link.expires)
        nonce = secrets.token_bytes(_NONCE)
        return _encode(_FORMAT + nonce + self._aead.encrypt(nonce, fields, _FORMAT))

    def path(self, link: Link) -> str:
        """The address of the page ``link`` opens, under the site's root: ``/t/<token>/game/<id>``,
        ``/t/<token>/mine`` or ``/t/<token>/server/<id>``."""
        where = {"game": f"game/{link.target}", "watch": f"game/{link.target}", "mine": "mine"}
        return f"/t/{self.sign(link)}/" + where.get(link.opens, f"server/{link.target}")

    def read(self, token: str, now: int) -> Link:
        """The link ``token`` seals, if it is intact, in its canonical form, within bounds and still in
        time; :class:`LinkRefused` otherwise. Whether its generation is still its user's is the caller's
        to check (it is in the database)."""
        try:
            link = self._legacy_link(token) if "." in token else self._sealed_link(token)
        except (BadData, InvalidTag, ValueError, TypeError) as error:
            raise LinkRefused("tampered") from error
        if not _fits(link):
            raise LinkRefused("tampered")
        if link.expires <= now:
            raise LinkRefused("expired")
        return link

    def _sealed_link(self, token: str) -> Link:
        """The link a sealed token carries (base64url has no ``.``); its bounds are checked by the caller."""
        raw = _decode(token)
        if len(raw) != _LENGTH or not raw.startswith(_FORMAT):
            raise ValueError("not a sealed token")
        start = len(_FORMAT) + _NONCE
        fields = self._aead.decrypt(raw[len(_FORMAT) : start], raw[start:], _FORMAT)
        user, generation, opens, target, expires = _FIELDS.unpack(fields)
        if opens >= len(OPENS):
            raise ValueError("opens nothing known")
        return Link(user, generation, OPENS[opens], target, expires)

    def _legacy_link(self, token: str) -> Link:
        """The link a token given before tokens were sealed carries (``payload.signature``), if it is the
        exact token itsdangerous writes for it; its bounds are checked by the caller."""
        data = self._legacy.loads(token)
        if self._legacy.dumps(data) != token:
            raise ValueError("not the canonical token")
        user, generation, opens, target, expires = data
        return Link(user, generation, cast(Opens, opens), target, expires)
