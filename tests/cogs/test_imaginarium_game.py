"""End to end: three users play a whole Imaginarium game through slash commands and clicks only.

The test plays like people would: it reads who must act from the bot's pings in the thread, opens
the private panel with the Play button on that ping, and picks among the buttons and menu options the
bot actually sent (seeded, so the run is reproducible). It then checks the board was edited in place,
the final scores were posted, and no request to a channel message or the thread carried anything
from a player's screen or a player's legal choices, and no log line (DEBUG included, as the bot
configures its loggers) carried a screen or a choice id a player picked.
"""

from __future__ import annotations

import logging
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cogs.run import PAYLOAD_LOGGERS, limit_payload_loggers
from tests.cogs.conftest import ALICE, BOB, CAROL, StartBot
from tests.cogs.flows import components, open_game
from tests.support.discord.gateway import User
from tests.support.discord.harness import Harness
from tests.support.discord.server import EPHEMERAL, FakeDiscord, Recorded

USERS = {u.id: u for u in (ALICE, BOB, CAROL)}
MAX_CLICKS = 3000
QUIET = 15
"""The most messages a finished game's thread may hold (board, live pings, public events, final scores)."""
SCREEN_LINE = re.compile(r'(?:Behind your screen|Secret projects|Dream fragments): [^\\\n"]*')
"""The lines of a screen's text that only its seat may read: goods and VP, secret projects, fragments."""
PRIVATE_CONTROLS = ("mv:", "ms:", "undo:", "panel:")
"""Controls that carry a seat's legal choices (which reveal what it can afford): its panel only."""


def _moves(panel: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in components(panel) if c["custom_id"].startswith(("mv:", "ms:"))]


def _count_descriptions(panel: dict[str, Any], seen: Counter[str]) -> None:
    """Count the choices a panel offers and those shown with what they do (a select option's
    description, or a button's numbered line in the panel's text)."""
    text = "\n".join(e.get("description", "") for e in panel.get("embeds", []))
    described = set(re.findall(r"\*\*(\d+)\.\*\* ", text))
    for component in components(panel):
        if component["type"] == 3 and component["custom_id"].startswith("ms:"):
            seen["options"] += len(component["options"])
            seen["described options"] += sum(1 for o in component["options"] if o.get("description"))
        elif component["custom_id"].startswith("mv:") and " · " in component.get("label", ""):
            seen["buttons"] += 1
            seen["described buttons"] += component["label"].split(" · ")[0] in described


async def _play(harness: Harness, thread_id: int, rng: random.Random, picked: set[str], seen: Counter[str]) -> int:
    """Click through the game, adding each choice id picked to ``picked`` and counting in ``seen`` the
    choices offered and described; returns the number of clicks."""
    fake = harness.fake
    seen_pings: set[str] = set()
    due: dict[int, str] = {}
    panels: dict[int, str] = {}
    clicks = 0
    while clicks < MAX_CLICKS:
        for message in fake.channel_messages(thread_id):
            if message["id"] not in seen_pings and "your turn" in message["content"]:
                seen_pings.add(message["id"])
                for uid in re.findall(r"<@(\d+)>", message["content"]):
                    due[int(uid)] = message["id"]
                    panels.pop(int(uid), None)  # a ping is answered from its own Play button
        if not due:
            return clicks
        user_id = rng.choice(sorted(due))
        user: User = USERS[user_id]
        panel_id = panels.get(user_id)
        if panel_id is None:
            game_id = thread_game(fake, thread_id)
            opened = await harness.click(user, due[user_id], f"board:{game_id}:play")
            clicks += 1
            assert opened.message is not None and opened.ephemeral
            panel_id = panels[user_id] = opened.message["id"]
        panel = fake.messages[int(panel_id)]
        _count_descriptions(panel, seen)
        options = _moves(panel)
        if not options:
            del due[user_id]
            del panels[user_id]
            continue
        pick = rng.choice(options)
        if pick["type"] == 2:
            picked.add(pick["custom_id"].split(":", 3)[3])
            await harness.click(user, panel_id, pick["custom_id"])
        else:
            value = rng.choice(pick["options"])["value"]
            picked.add(value)
            await harness.select(user, panel_id, pick["custom_id"], [value])
        clicks += 1
    raise AssertionError("the game did not end")


def thread_game(fake: FakeDiscord, thread_id: int) -> int:
    board = next(m for m in fake.channel_messages(thread_id) if m["attachments"])
    return int(components(board)[0]["custom_id"].split(":")[1])


def _public(requests: list[Recorded]) -> list[Recorded]:
    return [r for r in requests if not r.private and r.method in ("POST", "PATCH") and r.json is not None]


@pytest.fixture
def debug_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Every log record at DEBUG, with discord.py's payload loggers limited as ``bricabot run`` does."""
    saved = {name: logging.getLogger(name).level for name in PAYLOAD_LOGGERS}
    caplog.set_level(logging.DEBUG)
    limit_payload_loggers(logging.DEBUG)
    yield caplog
    for name, level in saved.items():
        logging.getLogger(name).setLevel(level)


async def test_three_players_play_imaginarium_to_the_end(
    start_bot: StartBot, fake: FakeDiscord, debug_log: pytest.LogCaptureFixture
) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB, CAROL], "imaginarium", options="chimera")
    picked: set[str] = set()
    seen: Counter[str] = Counter()
    clicks = await _play(harness, table.thread_id, random.Random(20261121), picked, seen)

    assert harness.bot.service is not None
    game = await harness.bot.service.game(table.game_id)
    assert game.status == "finished" and game.outcome is not None, clicks

    thread_posts = [m for m in fake.channel_messages(table.thread_id) if not m["flags"] & EPHEMERAL]
    assert thread_posts[0]["id"] == str(table.board_id)
    assert len(thread_posts) <= QUIET, f"{len(thread_posts)} messages left in the thread"
    assert not [m for m in thread_posts if "your turn" in m["content"]], "every ping was deleted at the end"
    print(f"thread messages left: {len(thread_posts)}; choices shown and described: {dict(seen)}")
    assert seen["described options"] == seen["options"], seen
    assert seen["buttons"] and seen["described buttons"] == seen["buttons"], seen
    board_posts = [m for m in thread_posts if any(a["filename"] == "board.png" for a in m["attachments"])]
    assert len(board_posts) == 1, "the board is one message, edited in place"
    board_edits = [r for r in fake.requests if r.method == "PATCH" and r.path.endswith(f"/messages/{table.board_id}")]
    assert len(board_edits) > 20
    finals = [m for m in thread_posts if any(a["filename"] == "final.png" for a in m["attachments"])]
    assert len(finals) == 1 and "final scores" in finals[0]["embeds"][0]["title"]

    pings = [
        r
        for r in fake.requests
        if r.path == f"/channels/{table.thread_id}/messages" and r.json and "your turn" in (r.json.get("content") or "")
    ]
    assert len(pings) > 10
    for ping in pings:
        mentioned = {int(u) for u in re.findall(r"<@(\d+)>", ping.json["content"])}
        assert {int(u) for u in ping.json["allowed_mentions"]["users"]} == mentioned
        assert ping.json["allowed_mentions"]["parse"] == []
    lobby = fake.messages[table.lobby_id]
    assert lobby["embeds"][0]["description"] == "This game has ended." and lobby["components"] == []

    secrets = {line for r in fake.requests if r.private for line in SCREEN_LINE.findall(r.text)}
    assert {line.split(":")[0] for line in secrets} >= {"Behind your screen", "Dream fragments"}, secrets
    for request in _public(fake.requests):
        assert not any(name == "screen.png" for name, _ in request.files)
        leaked = [line for line in SCREEN_LINE.findall(request.text)]
        assert not leaked, f"{request.method} {request.path} carries {leaked}"
        controls = re.findall(r'"custom_id": ?"((?:mv|ms|undo|panel):[^"]*)"', request.text)
        assert not controls, f"{request.method} {request.path} carries private controls {controls}"
    assert any(PRIVATE_CONTROLS[0] in r.text for r in fake.requests if r.private), "panels carried the moves"

    # The log: discord.py's own DEBUG lines are there, and none carries a screen or a picked choice.
    records = debug_log.records
    assert any(r.name.startswith("discord") and r.levelno == logging.DEBUG for r in records)
    text = "\n".join(debug_log.text.splitlines() + [r.getMessage() for r in records])
    assert not SCREEN_LINE.search(text)
    telling = {c for c in picked if ":" in c}  # bare words such as "pass" are not a choice's telltale
    assert telling, "the players picked choices with parameters"
    logged = sorted(c for c in telling if c in text)
    assert not logged, f"the log carries the choice ids {logged}"
