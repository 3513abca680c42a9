"""Refusals the engine and the service raise with a message key read fully in the reader's language.

Each refusal is triggered through the code that raises it; its French answer must hold no English
words, and its English answer is the logged English message (a game's stored status in words).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Any

import pytest

from bot.ai import check_level, check_policy
from bot.refusals import REFUSAL_STATES
from bot.service.checks import check_room, check_seat_count
from bot.service.deadlines import TimeoutPolicy, turn_timer
from bot.service.report import finished
from bot.store.rows import GameRow
from bot.words import CATALOG
from cogs.kit.errors import friendly
from engine import registry
from engine.core.contract import OptionSpec
from engine.core.errors import EngineError

ENGLISH = re.compile(
    r"\b(the|is|are|must|not|with|seats?|unknown|game|lobby|played|already|choose|and|be|its|has|turns?|after"
    r"|whole|number|between|needs|open|available|taken|wait|cancelled|started|yet|nothing|try|again|only)\b",
    re.IGNORECASE,
)
"""Words of the English refusals that a French sentence never uses."""


def _row(status: str = "lobby") -> GameRow:
    return GameRow(
        id=7, kind="imaginarium", options={}, seed=1, status=status, host_id=1, guild_id=9, channel_id=None,
        thread_id=None, version=0, turn_timer=None, replace_after=None, overrides={}, outcome=None,
        ai_turn=False, created_at=0, updated_at=0, started_at=None, finished_at=None,
    )  # fmt: skip


def _options(kind: str, seats: int, options: dict[str, Any]) -> Callable[[], Any]:
    return lambda: registry.get(kind).validate_options(seats, options)


TRIGGERS: dict[str, Callable[[], Any]] = {
    "one unknown option": _options("imaginarium", 4, {"colour": 1}),
    "two unknown options": _options("imaginarium", 4, {"colour": 1, "speed": 2}),
    "seat count": _options("imaginarium", 9, {}),
    "option not a boolean": _options("imaginarium", 4, {"chimera": "yes"}),
    "option not for this seat count": _options("imaginarium", 5, {"chimera": True, "teams": True}),
    "teams without chimera": _options("imaginarium", 4, {"teams": True}),
    "six without teams": _options("imaginarium", 6, {"chimera": True}),
    "option value not offered": _options("botfactory", 2, {"variant": 7}),
    "option out of range": lambda: OptionSpec("rounds", "int", 3, "x", min=1, max=9).check(20, 2),
    "option not a number": lambda: OptionSpec("rounds", "int", 3, "x", min=1, max=9).check("many", 2),
    "turn timer": lambda: turn_timer("3 days"),
    "replace after": lambda: TimeoutPolicy(replace_after=0),
    "lobby seat count": lambda: check_seat_count(registry.get("botfactory"), 9),
    "lobby full": lambda: check_room(_row(), registry.get("imaginarium"), 6),
    "report before the end": lambda: finished(_row("active")),
    "AI level": lambda: check_level(registry.get("botfactory"), "godlike"),
    "AI policy": lambda: check_policy(registry.get("imaginarium"), "oracle"),
}


def _raised(trigger: Callable[[], Any]) -> EngineError:
    with pytest.raises(EngineError) as caught:
        trigger()
    assert caught.value.key is not None, caught.value.message
    return caught.value


@pytest.mark.parametrize("name", sorted(TRIGGERS))
def test_each_refusal_reads_in_french_and_says_the_same_in_english(name: str) -> None:
    error = _raised(TRIGGERS[name])
    french, expected = friendly(error, "fr")
    assert expected and ENGLISH.search(french) is None, french
    assert "\\u" not in french and "{" not in french, french
    english, _ = friendly(error, "en")
    status = error.context.get("status")
    worded = CATALOG.format(f"refusal.state.{status}", {}) if status in REFUSAL_STATES else None
    assert english == (error.message if worded is None else error.message.replace(f" {status}", f" {worded}"))


def test_two_unknown_options_are_plural_and_one_singular() -> None:
    one, _ = friendly(_raised(TRIGGERS["one unknown option"]), "fr")
    two, _ = friendly(_raised(TRIGGERS["two unknown options"]), "fr")
    assert one.startswith("Option inconnue pour Imaginarium\u00a0:") and "colour" in one
    assert two.startswith("Options inconnues pour Imaginarium\u00a0:") and "colour, speed" in two
    assert "(s)" not in _raised(TRIGGERS["two unknown options"]).message


def test_a_refusal_without_a_french_sentence_keeps_the_english_detail() -> None:
    error = _raised(TRIGGERS["turn timer"])
    error.key = "setting.no_such_key"
    french, _ = friendly(error, "fr")
    assert french.startswith(CATALOG.format("error.bad_setting", {}, "fr")) and error.message in french


@pytest.mark.parametrize("key", sorted(k for k in CATALOG.messages("fr") if k.startswith("refusal.")))
def test_every_keyed_refusal_in_french_holds_no_english(key: str) -> None:
    """Also the refusals raised deep in the service (status, seats, busy), with stand-in parameters."""
    message = CATALOG.messages("fr")[key]
    texts = [message] if isinstance(message, str) else [v for k, v in message.items() if k != "by"]
    names = {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}
    params: dict[str, Any] = {name: 3 for name in names} | ({"status": "en cours"} if "status" in names else {})
    written = CATALOG.format(key, params, "fr")
    assert ENGLISH.search(written) is None, written


def test_every_state_a_refusal_names_is_written_in_french() -> None:
    for status in REFUSAL_STATES:
        assert CATALOG.format(f"refusal.state.{status}", {}, "fr") != CATALOG.format(f"refusal.state.{status}", {})
