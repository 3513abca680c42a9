"""A game's "How to play" guide: paged text and the rules topics it holds, one data file per language.

A guide lives in its game's package, ``engine/<game>/guide/<lang>.toml``: a ``title``, its ``[[page]]``
tables (``title``, ``text``) and ``[[topic]]`` tables (``id``, ``section``, ``name``, ``text``) that a rules
look-up finds by name next to the game's cards. A topic's ``id`` is the same in every language; a language
without a file falls back to English. It is text only: how pages are shown is the front end's business.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

DEFAULT = "en"
FOLDER = "guide"


@dataclass(frozen=True, slots=True)
class Page:
    title: str
    text: str


@dataclass(frozen=True, slots=True)
class Topic:
    id: str
    section: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Guide:
    kind: str
    lang: str
    title: str
    pages: tuple[Page, ...]
    topics: tuple[Topic, ...]


@cache
def languages(package: str) -> tuple[str, ...]:
    """The languages ``package`` has a guide in (none without a guide folder)."""
    folder = resources.files(package).joinpath(FOLDER)
    if not folder.is_dir():
        return ()
    return tuple(sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")))


@cache
def load(package: str, kind: str, lang: str) -> Guide | None:
    """The guide of the game in ``package`` in ``lang`` (English when that language has none; ``None``
    when the game has no guide)."""
    written = languages(package)
    if DEFAULT not in written:
        return None
    found = lang if lang in written else DEFAULT
    data = tomllib.loads(resources.files(package).joinpath(FOLDER, f"{found}.toml").read_text("utf-8"))
    return Guide(
        kind,
        found,
        str(data["title"]),
        tuple(Page(str(p["title"]), str(p["text"]).strip()) for p in data.get("page", [])),
        tuple(
            Topic(str(x["id"]), str(x["section"]), str(x["name"]), str(x["text"]).strip())
            for x in data.get("topic", [])
        ),
    )
