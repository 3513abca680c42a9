"""Who sits at a seat, in words: players by their display name, AI seats by their level.

A display name comes from Discord (the member's server nickname, else their global name, else their
username) and ends up everywhere: embeds, thread messages, log lines, image captions and the images
themselves. It is cleaned here before it is stored (:func:`clean`), so no later writer has to
remember, and again as it is read (:func:`seat_name`), so a name stored before these rules, or by
another path, reads as harmlessly: no mention (``@everyone``, ``<@…>``, ``<#…>``), no Discord markdown
or link (an underscore inside a word, which makes none, is kept: "carol_meridian" stays as written),
no control or invisible characters, at most :data:`MAX_LENGTH` characters. A name with nothing
readable left, or a seat without a name, reads "Player N"; an AI seat reads "AI · hard" (its level, or
its policy). Both are in the reader's language (``people.*`` in the Discord layer's catalogue, which
the command line shares).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from bot.service.models import SeatInfo
from bot.words import CATALOG, t

MAX_LENGTH = 32
"""Discord's own limit on nicknames and global names; longer text is cut with an ellipsis."""

_LINK = re.compile(r"[a-z][a-z0-9+.\-]*://\S*|\b(?:discord(?:app)?\.(?:gg|com|io|me)|dsc\.gg)/\S*", re.IGNORECASE)
"""Links with a scheme, and server invites, which Discord shows as links even without one."""
_REMOVED = dict.fromkeys(map(ord, "*`~|\\@<>[]"), None)
"""Markdown (bold, italics, code, strike-through, spoilers, escapes) and mention or link syntax."""
_LOOSE_UNDERSCORE = re.compile(r"(?<![^\W_])_|_(?![^\W_])")
"""An underscore not between two letters or digits. Discord makes italics of ``_text_`` only when the
closing underscore ends a word, and underlines of ``__text__``: an underscore inside a word
("carol_meridian") can do neither, so it stays, as the player wrote it; any other one is a space."""
_LEADING = re.compile(r"^[\s#>\-+*.]+")
"""Line-start markdown: headings, quotes, list bullets and subtext (a name may begin a line)."""
_NUMBERED = re.compile(r"^(\d+)[.)]\s")
"""A numbered-list marker at the start of a line."""
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Control, format (zero-width, direction overrides), surrogate, private-use and unassigned characters."""
MAX_MARKS = 2
"""Combining marks kept on one letter (accents stay; stacks of marks that spill over lines do not)."""


def clean(raw: str | None) -> str | None:
    """``raw`` made harmless to show anywhere, or ``None`` when nothing readable is left."""
    if not raw:
        return None
    # An ellipsis, the mark of a cut name, stays one: NFKC makes it three dots, which would make a name
    # read differently each time it is cleaned again (as :func:`seat_name` does).
    text = "…".join(unicodedata.normalize("NFKC", part) for part in raw.split("…"))
    kept: list[str] = []
    marks = 0
    for char in text:
        category = unicodedata.category(char)
        if char.isspace() or category.startswith("Z"):  # every space, tab or line break: one plain space
            char, category = " ", "Zs"
        elif category in _DROPPED_CATEGORIES:
            continue
        if category.startswith("M"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        kept.append(char)
    # Links go after the markdown, so markup inside one ("h**ttps://…") cannot hide it.
    text = _LOOSE_UNDERSCORE.sub(" ", _LINK.sub(" ", "".join(kept).translate(_REMOVED)))
    text = " ".join(text.split())
    text = _NUMBERED.sub(r"\1 ", _LEADING.sub("", text))
    if len(text) > MAX_LENGTH:
        text = text[: MAX_LENGTH - 1].rstrip(" _") + "…"  # an underscore at the cut is inside no word
    if not any(unicodedata.category(c)[0] in "LN" for c in text):
        return None
    return text


def member_name(nick: str | None, global_name: str | None, username: str | None) -> str | None:
    """The name a server shows for a member (nickname, else global name, else username), cleaned;
    a name that cleans to nothing gives way to the next one."""
    for candidate in (nick, global_name, username):
        name = clean(candidate)
        if name is not None:
            return name
    return None


def ai_name(policy: str, lang: str) -> str:
    """An AI seat's name: "AI · hard" (its level, or the name of its policy)."""
    key = f"people.level.{policy}"
    return t("people.ai", lang, level=t(key, lang) if CATALOG.has(key) else policy)


def seat_name(seat: SeatInfo, lang: str) -> str:
    """One seat's name: an AI's level, the player's stored name (cleaned again: a line break or a page of
    text stored by another path would break every caption and line it is drawn in), else "Player N"."""
    if seat.ai_policy is not None:
        return ai_name(seat.ai_policy, lang)
    return clean(seat.name) or t("people.player", lang, number=seat.seat + 1)


def seat_names(seats: Sequence[SeatInfo], lang: str) -> list[str]:
    """Every seat's name, indexed by seat; two seats that would read alike (two players called Sam,
    two hard AIs) are told apart by their seat number."""
    named = sorted(seats, key=lambda s: s.seat)
    base = [seat_name(seat, lang) for seat in named]
    counts = Counter(base)
    return [
        name if counts[name] == 1 else t("people.same", lang, name=name, number=seat.seat + 1)
        for seat, name in zip(named, base, strict=True)
    ]
