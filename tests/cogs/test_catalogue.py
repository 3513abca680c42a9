"""The Discord layer's catalogue (``cogs/locale``): English and French hold the same keys with the same
placeholders and plural forms, every key the code asks for exists, and no key is left unused.

Keys are found in the source of ``cogs/`` and ``bot/`` with ``ast``: the first argument of every
``t(...)`` call, a literal key or an f-string whose literal start is a key prefix. A key built from a
prefix must have its prefix listed below, with where its endings come from, so a stale key under a
dynamic prefix is still caught wherever the endings can be listed.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import get_args

import pytest

from bot import hours
from bot.links import Refusal
from bot.refusals import REFUSAL_STATES
from bot.service import errors as service_errors
from bot.words import CATALOG
from cogs.kit import blocks, errors
from cogs.rules import guide
from cogs.rules import index as rulebook
from engine.botfactory import loader as botfactory_rules
from engine.core import errors as engine_errors
from web.site import FAILURES

ROOT = Path(__file__).resolve().parents[2]
FACES = ("bot", "cogs", "web", "console")
"""The floors whose code asks the catalogue for words: the bot and every face."""
SOURCES = sorted(path for floor in FACES for path in ROOT.joinpath(floor).rglob("*.py"))
TEMPLATES = sorted(ROOT.joinpath("web", "templates").glob("*.html"))
TEMPLATE_KEY = re.compile(r"""\bt\(\s*["']([a-z_.]+)["']""")
"""A key a web page's template asks for: ``t("web.game.now")``; ``t("web.status." ~ status)`` builds one."""
TEMPLATE_PREFIX = re.compile(r"""\bt\(\s*["']([a-z_.]+\.)["']\s*~""")


def _trees() -> Iterator[tuple[Path, ast.AST]]:
    for path in SOURCES:
        yield path, ast.parse(path.read_text("utf-8"))


def _calls(name: str) -> Iterator[tuple[Path, ast.Call]]:
    for path, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name and node.args:
                yield path, node


def _branches(node: ast.expr) -> Iterator[ast.expr]:
    """The expressions a key argument may evaluate to (each branch of ``a if c else b``, ``a or b``)."""
    if isinstance(node, ast.IfExp):
        yield from _branches(node.body)
        yield from _branches(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _branches(value)
    else:
        yield node


def literal_keys() -> dict[str, Path]:
    """Keys written out as the first argument of ``t(...)``, including each branch of a conditional, in
    the code and in the web pages' templates."""
    out = {}
    for path, call in _calls("t"):
        for node in _branches(call.args[0]):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out[node.value] = path
    for path in TEMPLATES:
        text = path.read_text("utf-8")
        out |= {key: path for key in TEMPLATE_KEY.findall(text) if not key.endswith(".")}
    return out


def named_keys() -> set[str]:
    """Every string literal of the source that is a key: keys handed to ``t`` through a name or a table."""
    en = english()
    return {
        node.value
        for _, tree in _trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in en
    }


def built_prefixes() -> dict[str, Path]:
    """The literal start of every f-string that starts like a key (``f"error.{code}"`` → ``error.``), and
    of every key a template builds (``t("web.status." ~ game.status)`` → ``web.status.``)."""
    keys = english()
    areas = {key.split(".")[0] for key in keys}
    out = {prefix: path for path in TEMPLATES for prefix in TEMPLATE_PREFIX.findall(path.read_text("utf-8"))}
    for path, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                prefix = str(node.values[0].value)
                keyish = re.fullmatch(r"[a-z]+\.[a-z_.]*", prefix) and prefix.split(".")[0] in areas
                if keyish and any(key.startswith(prefix) for key in keys):
                    out[prefix] = path
    return out


def _codes() -> set[str]:
    """Refusal codes answered from the catalogue: those the Discord layer raises without a message of its
    own, and the engine's and service's it answers."""
    keyed = {
        call.args[0].value
        for _, call in _calls("UserFacingError")
        if len(call.args) == 1 and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)
    }
    return keyed | set(errors.FRIENDLY_CODES) | set(errors.SHOWN_AS_IS)


def _sections() -> set[str]:
    written = [guide.guide(kind, lang) for kind in guide.kinds() for lang in guide.languages(kind)]
    topics = {topic.section for found in written if found is not None for topic in found.topics}
    return set(rulebook.CATALOGUE_SECTIONS) | {rulebook.GUIDE} | topics


REFUSALS = {
    name
    for module in (engine_errors, service_errors)
    for name, value in vars(module).items()
    if isinstance(value, type) and issubclass(value, engine_errors.EngineError)
} | {hours.HoursError.__name__}
"""The engine's and the service's error classes, by name, and the time-zone and window refusals the
service passes on with their key."""


def _refusal_keys() -> set[str]:
    """Message keys the engine and the service raise refusals with (``BadOptions(..., key="options.unknown")``)."""
    raised = set()
    for path in sorted(path for floor in ("engine", "bot", "console") for path in ROOT.joinpath(floor).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in REFUSALS:
                for keyword in node.keywords:
                    if keyword.arg == "key":
                        raised |= {v.value for v in _branches(keyword.value) if isinstance(v, ast.Constant)}
    return raised


def _report_bands() -> set[str]:
    """Bot Factory's solo performance report bands, from its rules data."""
    rules = botfactory_rules.load()
    return {rules.report_below, *(name for name, _ in rules.report_bands)}


BUILT: dict[str, Callable[[], set[str]] | None] = {
    "error.": _codes,
    "refusal.": _refusal_keys,
    "refusal.state.": lambda: set(REFUSAL_STATES),
    "rules.section.": _sections,
    "outbox.permission.": lambda: set(blocks.NEEDED),
    # checked by tests/cogs/test_translator.py against every command, option and choice of the tree
    "cmd.": None,
    "cmd.choice.": None,
    # endings that are game data (phases, statuses, levels, metrics…), each area's own tests check them
    "board.botfactory.report.": _report_bands,
    "board.list.": None,
    "board.panel.": None,
    "board.phase.": None,
    "game.option.": None,
    "game.profile.dms_": None,
    "lobby.": None,
    "lobby.value.": None,
    "panel.undo_refused.": None,
    "people.level.": None,
    "results.board.": None,
    "results.gain.": None,
    "results.level.": None,
    "results.metric.": None,
    "results.replay.": None,
    "thread.button.": None,
    "zoom.": None,
    "web.status.": lambda: {"lobby", "active", "finished", "cancelled"},
    "web.refused.": lambda: set(get_args(Refusal)),
    "web.failed.": lambda: {f"{kind}{end}" for kind in FAILURES.values() for end in ("", ".title")},
    "thread.status.": None,
    "thread.": None,
}
"""Every prefix a key is built from, and the endings used with it (``None``: any ending under it)."""


def english() -> dict[str, str | dict[str, str]]:
    return CATALOG.messages("en")


def fields(message: str | dict[str, str]) -> set[str]:
    texts = [message] if isinstance(message, str) else [v for k, v in message.items() if k != "by"]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


def test_english_and_french_have_the_same_keys_placeholders_and_plurals() -> None:
    en, fr = CATALOG.messages("en"), CATALOG.messages("fr")
    assert sorted(set(en) - set(fr)) == [], "missing in French"
    assert sorted(set(fr) - set(en)) == [], "missing in English"
    for key, message in en.items():
        assert fields(message) == fields(fr[key]), key
        assert isinstance(message, str) == isinstance(fr[key], str), f"{key}: plural in one language only"


def test_no_plural_by_parentheses_and_french_spacing() -> None:
    for lang in ("en", "fr"):
        for key, message in CATALOG.messages(lang).items():
            texts = [message] if isinstance(message, str) else list(message.values())
            assert not any("(s)" in text for text in texts), key
    for key, message in CATALOG.messages("fr").items():
        texts = [message] if isinstance(message, str) else list(message.values())
        for text in texts:
            bare = re.search(r"\w [:;?!»]", re.sub(r"`[^`]*`|https?://\S+|\{[^}]*\}", "", text))
            assert bare is None, f"{key}: use a non-breaking space before {bare.group()[-1] if bare else ''}"


def test_every_key_the_code_asks_for_exists() -> None:
    en = english()
    missing = {key: str(path.relative_to(ROOT)) for key, path in literal_keys().items() if key not in en}
    assert missing == {}
    for prefix, path in built_prefixes().items():
        assert prefix in BUILT, f"{path.relative_to(ROOT)} builds keys from {prefix!r}: list it in BUILT"
        assert any(key.startswith(prefix) for key in en), prefix
        listed = BUILT[prefix]
        if listed is not None:
            absent = sorted(f"{prefix}{e}" for e in listed() if f"{prefix}{e}" not in en)
            assert absent == [], f"{prefix}: keys the code can ask for but the catalogue lacks"


def test_no_key_is_unused() -> None:
    used = set(literal_keys()) | named_keys()
    open_prefixes = []
    for prefix, listed in BUILT.items():
        if listed is None:
            open_prefixes.append(prefix)
        else:
            used |= {f"{prefix}{e}" for e in listed()}
    unused = sorted(key for key in english() if key not in used and not any(key.startswith(p) for p in open_prefixes))
    assert unused == []


@pytest.mark.parametrize("prefix", ["error.", "rules.section."])
def test_a_stale_key_under_a_listed_prefix_would_be_caught(prefix: str) -> None:
    """The endings of the listed prefixes are exact: a key left behind would fail the test above."""
    listed = BUILT[prefix]
    assert listed is not None and "no_such_ending" not in listed()
