"""The table speaks to people in every mode, through real discord.py against the fake Discord.

Whole games are played by clicks only (humans click their private panel's buttons and menus; AI seats
added from the lobby's own buttons fill the others): a Bot Factory solo game (Inspection), a 3-player
Bot Factory game, a 4-player Imaginarium game and a 4-seat Chimera team game. Each checks that every
public text names people by the name their server shows (never "Seat N"), that every choice offered
says what it does, and that the finished thread is quiet; the solo game states its task and the
reasons of its end report, the team game names teammates and groups the scores by team. The same games
(and a Bot Factory game with the second production tiles) are played again in a server whose managers
chose French, by players whose Discord is in French: nothing they or the thread are sent is in English.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from tests.cogs.conftest import ALICE, BOB, CAROL, MOD, StartBot
from tests.cogs.flows import Table, components, custom_ids, english_leftovers, texts
from tests.support.discord.gateway import User
from tests.support.discord.harness import Harness
from tests.support.discord.server import EPHEMERAL, FakeDiscord

AURORE = replace(ALICE, nick="Aurore")
BASTIEN = replace(BOB, nick="Bastien")
CELINE = replace(CAROL, nick="Céline")
QUIET = 15
"""The most messages a finished game's thread may hold."""
NUMBERED = re.compile(r"\*\*(\d+)\.\*\* (.+?) — (.+)")
CONFIRMING = re.compile(r"^\*\*[^*]+\*\* — \S", re.MULTILINE)
SEAT_NUMBER = re.compile(r"\b(?:Seat|Place|Player) \d")
MAX_CLICKS = 3000
ONE_PLURAL = re.compile(r"(?<![\d.,−-])\b1 (?:tokens|robots|contracts|points|spaces|moves|parts|projects|machines)\b")
"""A count of one with a plural noun: a message that is not a plural table."""


@dataclass
class Seen:
    """What the players' panels offered, and which of it said what it does."""

    counts: Counter[str] = field(default_factory=Counter)
    undescribed: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    """Every text of each human's panels (their private screens and prompts), by user id."""


def _check_descriptions(panel: dict[str, Any], seen: Seen) -> None:
    """Every choice button has its "**N.** label — what it does" line; every menu option a description."""
    text = "\n".join(e.get("description", "") for e in panel.get("embeds", []))
    lines = {int(m[0]): (m[1], m[2].strip()) for m in NUMBERED.findall(text)}
    for component in components(panel):
        if component["type"] == 3 and component["custom_id"].startswith("ms:"):
            for option in component["options"]:
                seen.counts["options"] += 1
                if not (option.get("description") or "").strip():
                    seen.undescribed.append(f"option {option['label']}")
        elif component["type"] == 2 and component["custom_id"].startswith("mv:"):
            seen.counts["buttons"] += 1
            number = component["label"].split(" · ", 1)[0]
            if not number.isdigit():  # the confirmation of one choice: "**label** — why it asks"
                if not CONFIRMING.search(text):
                    seen.undescribed.append(f"confirmation {component['label']}")
                continue
            line = lines.get(int(number))
            if line is None or not line[1]:
                seen.undescribed.append(f"button {component['label']}")


def _moves(panel: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in components(panel) if c["custom_id"].startswith(("mv:", "ms:"))]


async def _open_panel(harness: Harness, table: Table, user: User) -> str:
    """The user's panel, from their own ping's Play button when there is one, else the board's."""
    play = f"board:{table.game_id}:play"
    pings = [
        m
        for m in harness.fake.channel_messages(table.thread_id)
        if f"<@{user.id}>" in (m.get("content") or "") and play in custom_ids(m)
    ]
    source = pings[-1]["id"] if pings else table.board_id
    opened = await harness.click(user, source, play)
    assert opened.message is not None and opened.ephemeral, opened.text()
    return str(opened.message["id"])


async def play_by_clicks(harness: Harness, table: Table, users: list[User], rng: random.Random, seen: Seen) -> int:
    """Whoever of ``users`` must act opens their panel and clicks a random choice it offers, until the
    game ends (AI seats play on their own); returns the number of clicks."""
    service = harness.bot.service
    assert service is not None
    by_id = {u.id: u for u in users}
    clicks = 0
    while clicks < MAX_CLICKS:
        game = await service.game(table.game_id)
        if game.status != "active":
            return clicks
        acting = [by_id[s.user_id] for s in game.seats if s.to_act and s.user_id in by_id]
        assert acting, "only AI seats must act, yet they did not"
        user = rng.choice(acting)
        panel_id = await _open_panel(harness, table, user)
        clicks += 1
        while True:
            panel = harness.fake.messages[int(panel_id)]
            seen.private.setdefault(user.id, []).extend(texts(panel))
            _check_descriptions(panel, seen)
            options = _moves(panel)
            if not options:
                break
            pick = rng.choice(options)
            if pick["type"] == 2:
                await harness.click(user, panel_id, pick["custom_id"])
            else:
                await harness.select(user, panel_id, pick["custom_id"], [rng.choice(pick["options"])["value"]])
            clicks += 1
    raise AssertionError("the game did not end")


async def open_with_ai(harness: Harness, host: User, others: list[User], ai: int, kind: str, **options: Any) -> Table:
    """``/game new``, the others join, the host adds ``ai`` easy AI seats from the lobby's buttons and starts."""
    created = await harness.slash(host, "game new", kind=kind, timer="off", **options)
    assert created.message is not None, created.text()
    lobby_id = int(created.message["id"])
    game_id = int(custom_ids(created.message)[0].split(":")[1])
    for user in others:
        joined = await harness.click(user, lobby_id, f"lobby:{game_id}:join")
        assert joined.response_type == 7, joined.text()
    for _ in range(ai):
        added = await harness.click(host, lobby_id, f"lobby:{game_id}:ai-easy")
        assert added.response_type == 7, added.text()
    await harness.click(host, lobby_id, f"lobby:{game_id}:start")
    boards = [m for m in harness.fake.channel_messages(lobby_id) if f"board:{game_id}:log" in custom_ids(m)]
    assert boards, "the game started in a thread"
    return Table(game_id, lobby_id, lobby_id, int(boards[0]["id"]))


def _public(fake: FakeDiscord, thread_id: int) -> list[dict[str, Any]]:
    return [m for m in fake.channel_messages(thread_id) if not m["flags"] & EPHEMERAL]


def _final(fake: FakeDiscord, thread_id: int) -> dict[str, Any]:
    (final,) = [m for m in _public(fake, thread_id) if any(a["filename"] == "final.png" for a in m["attachments"])]
    return final


def check_the_table_speaks_to_people(fake: FakeDiscord, table: Table, humans: list[User], seen: Seen) -> int:
    """Names, descriptions and a quiet thread, for a finished game; returns its live message count."""
    names = [u.nick for u in humans]
    public = [t for r in fake.requests if not r.private and r.method in ("POST", "PATCH") for t in texts(r.json)]
    public += [t for m in _public(fake, table.thread_id) for t in texts(m)] + texts(fake.messages[table.lobby_id])
    numbered = sorted({t[:160] for t in public if SEAT_NUMBER.search(t)})
    assert not numbered, numbered
    assert not [t for t in public if re.search(r"\b(alice|bob|carol)\b", t)], "usernames instead of display names"
    singular = sorted({m.group(0) for t in public for m in ONE_PLURAL.finditer(t)})
    assert not singular, f"a plural after 1: {singular}"
    board = fake.messages[table.board_id]
    final = _final(fake, table.thread_id)
    for where, message in (("board", board), ("final scores", final)):
        shown = " ".join(texts({"embeds": message["embeds"]}))
        described = " ".join(a.get("description", "") for a in message["attachments"])
        assert message["attachments"] and all(a.get("description") for a in message["attachments"]), where
        for name in names:
            assert name in shown, f"{name} is not named in the {where}'s embed: {shown[:500]}"
            assert name in described, f"{name} is not named in the {where}'s image descriptions"

    assert seen.counts["options"] + seen.counts["buttons"] > 20, seen.counts
    assert not seen.undescribed, sorted(set(seen.undescribed))[:20]

    left = _public(fake, table.thread_id)
    deleted = [r for r in fake.requests if r.method == "DELETE" and r.path.startswith(f"/channels/{table.thread_id}/")]
    assert deleted, "pings were deleted"
    assert not [r for r in deleted if r.status == 204 and int(r.path.rsplit("/", 1)[1]) in fake.messages]
    assert not [m for m in left if "your turn" in (m.get("content") or "")], "every ping was deleted at the end"
    assert left[0]["id"] == str(table.board_id)
    assert len(left) <= QUIET, [(m.get("content") or "")[:80] for m in left]
    return len(left)


@pytest.fixture
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games opened from Discord get a random seed: a fixed one makes each game the same every run."""
    monkeypatch.setattr("bot.service.service.secrets.randbits", lambda bits: 20261123)


async def test_a_solo_inspection_is_explained_and_its_report_gives_reasons(
    start_bot: StartBot, fake: FakeDiscord, fixed_seed: None
) -> None:
    harness = await start_bot()
    table = await open_with_ai(harness, AURORE, [], 0, "botfactory", seats=1, options="task=B")
    seen = Seen()
    board = fake.messages[table.board_id]
    shown = "\n".join(texts({"embeds": board["embeds"]}))
    assert "Inspection" in shown and "Task B" in shown, shown
    assert "build 3 robots of 3 different colours, each worth at least 12" in shown, "the task is explained"
    assert re.search(r"\d+ of 3", shown), f"progress towards the task is shown: {shown}"

    clicks = await play_by_clicks(harness, table, [AURORE], random.Random(1), seen)
    left = check_the_table_speaks_to_people(fake, table, [AURORE], seen)
    final = "\n".join(texts(_final(fake, table.thread_id)))
    assert re.search(r"Task B (achieved|not achieved)", final), final
    assert re.search(r"a (poor|satisfactory|exemplary) performance|VP do not count", final), final
    assert "No winner" not in final and "tie" not in final.lower(), final
    print(f"solo: {clicks} clicks, {left} live messages, choices checked: {dict(seen.counts)}")


def _field(message: dict[str, Any], name: str) -> str:
    return next((f["value"] for e in message["embeds"] for f in e.get("fields", []) if f["name"] == name), "")


async def test_a_team_game_names_teammates_and_groups_the_scores_by_team(
    start_bot: StartBot, fake: FakeDiscord, fixed_seed: None
) -> None:
    harness = await start_bot()
    humans = [AURORE, BASTIEN, CELINE]
    table = await open_with_ai(harness, AURORE, humans[1:], 1, "imaginarium", options="chimera, teams")
    teams = [line.split(": ", 1)[1].split(", ") for line in _field(fake.messages[table.board_id], "Teams").splitlines()]
    assert len(teams) == 2 and all(len(team) == 2 for team in teams), teams
    seen = Seen()
    clicks = await play_by_clicks(harness, table, humans, random.Random(4), seen)
    left = check_the_table_speaks_to_people(fake, table, humans, seen)

    for user in humans:
        (partner,) = [name for team in teams if user.nick in team for name in team if name != user.nick]
        private = "\n".join(seen.private[user.id])
        assert partner in private, f"{user.nick}'s screen does not name their teammate {partner}"
    everything = "\n".join(t for texts_ in seen.private.values() for t in texts_)
    assert "team dream" in everything or "team's dream" in everything, "the team dream is spoken of"
    final = _final(fake, table.thread_id)
    (picture,) = [a for a in final["attachments"] if a["filename"] == "final.png"]
    assert all(f"Team {n}: " in picture["description"] for n in (1, 2)), "the image's text lists the teams"
    listed = final["embeds"][0]["description"].splitlines()
    for number, team in enumerate(teams, 1):
        (head,) = [i for i, line in enumerate(listed) if line.startswith(f"Team {number}: ")]
        assert set(listed[head].split(": ", 1)[1].split(", ")) == set(team), listed[head]
        members = listed[head + 1 : head + 1 + len(team)]
        assert {re.sub(r"^\d+\. ", "", line).split(":")[0] for line in members} == set(team), members
    print(f"teams: {clicks} clicks, {left} live messages, choices checked: {dict(seen.counts)}")


@pytest.mark.parametrize(
    ("kind", "ai", "seed"),
    [("imaginarium", 2, 5), ("botfactory", 1, 6)],
    ids=["4-player Imaginarium", "3-player Bot Factory"],
)
async def test_a_full_table_played_by_clicks_speaks_to_people(
    start_bot: StartBot, fake: FakeDiscord, fixed_seed: None, kind: str, ai: int, seed: int
) -> None:
    harness = await start_bot()
    humans = [AURORE, BASTIEN]
    table = await open_with_ai(harness, AURORE, humans[1:], ai, kind)
    assert harness.bot.service is not None
    assert len((await harness.bot.service.game(table.game_id)).seats) == len(humans) + ai
    seen = Seen()
    clicks = await play_by_clicks(harness, table, humans, random.Random(seed), seen)
    left = check_the_table_speaks_to_people(fake, table, humans, seen)
    final = _final(fake, table.thread_id)
    assert _field(final, "Winner") or _field(final, "Winners"), "the winners are named"
    print(f"{kind}: {clicks} clicks, {left} live messages, choices checked: {dict(seen.counts)}")


FRENCH = [replace(user, locale="fr") for user in (AURORE, BASTIEN, CELINE)]


@pytest.mark.parametrize(
    ("kind", "humans", "ai", "options", "seed"),
    [
        ("botfactory", 1, 0, {"seats": 1, "options": "task=B"}, 1),
        ("imaginarium", 3, 1, {"options": "chimera, teams"}, 4),
        ("imaginarium", 2, 2, {}, 5),
        ("botfactory", 2, 1, {}, 6),
        ("botfactory", 2, 1, {"options": "variant=2"}, 7),
    ],
    ids=["solo Bot Factory", "Chimera teams", "4-player Imaginarium", "3-player Bot Factory", "production tiles 2"],
)
async def test_a_whole_game_in_french_sends_no_english(
    start_bot: StartBot,
    fake: FakeDiscord,
    fixed_seed: None,
    kind: str,
    humans: int,
    ai: int,
    options: dict[str, Any],
    seed: int,
) -> None:
    harness = await start_bot()
    await harness.slash(MOD, "bricabot config", language="fr")
    start = len(fake.requests)
    players = FRENCH[:humans]
    table = await open_with_ai(harness, players[0], players[1:], ai, kind, **options)
    assert harness.bot.service is not None
    game = await harness.bot.service.game(table.game_id)
    assert len(game.seats) == humans + ai and ("variant" not in str(options) or game.options["variant"] == 2)
    seen = Seen()
    clicks = await play_by_clicks(harness, table, players, random.Random(seed), seen)
    check_the_table_speaks_to_people(fake, table, players, seen)
    sent = [text for request in fake.requests[start:] for text in texts(request.json)]
    sent += texts(_final(fake, table.thread_id))
    assert any("Jouer / Mon écran" in text for text in sent), "the game was played in French"
    found = english_leftovers(sent, [str(user.nick) for user in players])
    assert found == {}, "\n".join(f"{w}: {sorted(s)[:3]}" for w, s in sorted(found.items()))
    print(f"{kind} in French: {clicks} clicks, {len(sent)} texts checked")
