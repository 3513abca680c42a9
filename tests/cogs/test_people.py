"""Players by name through real discord.py: lobby, board, its images' text alternatives, the log and
the final scores name people, never "Seat N"; a hostile name is harmless; a rename is picked up; each
log line is about the player it concerns."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from bot import log_lines
from bot.service import LogEntry
from bot.service.convert import log_line
from engine import registry
from engine.core.contract import Event, all_policies
from engine.core.rng import Rng
from tests.cogs.conftest import ALICE, BOB, StartBot
from tests.cogs.flows import custom_ids, open_game
from tests.support.discord.gateway import User
from tests.support.discord.harness import Harness
from tests.support.discord.server import FakeDiscord

HOSTILE = replace(ALICE, nick="**Ally** @everyone <@123> `x` ~~y~~ ||z||")
HOSTILE_SHOWN = "Ally everyone 123 x y z"
BOBBY = replace(BOB, global_name="Bobby")


async def _play_to_the_end(harness: Harness, game_id: int, board_id: int, players: dict[int, User]) -> None:
    service = harness.bot.service
    assert service is not None
    for _ in range(80):
        game = await service.game(game_id)
        if game.status != "active":
            return
        seat = next(s for s in game.seats if s.to_act)
        assert seat.user_id is not None
        player = players[seat.user_id]
        panel = (await harness.click(player, board_id, f"board:{game_id}:play")).message
        assert panel is not None
        moves = sorted((c for c in custom_ids(panel) if c.startswith("mv:")), key=lambda c: c.endswith(":end"))
        await harness.click(player, panel["id"], moves[0])
    raise AssertionError("the tiny game did not end")


def _public(fake: FakeDiscord, *channels: int) -> str:
    return "\n".join(json.dumps(m, ensure_ascii=False) for c in channels for m in fake.channel_messages(c))


async def test_public_messages_and_images_name_players_harmlessly(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, HOSTILE, [BOBBY], "tiny")
    lobby = fake.messages[table.lobby_id]
    assert HOSTILE_SHOWN in json.dumps(lobby["embeds"], ensure_ascii=False) and "Bobby" in str(lobby["embeds"])
    host = next(f for f in lobby["embeds"][0]["fields"] if f["name"] == "Host")
    assert host["value"] == HOSTILE_SHOWN

    board = fake.messages[table.board_id]
    described = " ".join(a.get("description", "") for a in board["attachments"])
    assert f"{HOSTILE_SHOWN}: 0 points" in described and "Bobby: 0 points" in described
    waiting = next(f for f in board["embeds"][0]["fields"] if f["name"] == "Waiting for")
    assert waiting["value"] in (HOSTILE_SHOWN, "Bobby")

    await _play_to_the_end(harness, table.game_id, table.board_id, {ALICE.id: HOSTILE, BOB.id: BOBBY})
    posted = fake.channel_messages(table.thread_id)
    final = next(m for m in posted if m["attachments"] and m["attachments"][0]["filename"] == "final.png")
    assert HOSTILE_SHOWN in final["attachments"][0]["description"]
    winners = next(f for f in final["embeds"][0]["fields"] if f["name"].startswith("Winner"))
    assert set(winners["value"].split(", ")) <= {HOSTILE_SHOWN, "Bobby"}

    log = (await harness.slash(BOBBY, "game log", game=table.game_id)).text()
    assert "Bobby played a" in log and f"{HOSTILE_SHOWN} played a" in log

    shown = _public(fake, table.lobby_id, table.thread_id) + log
    assert not re.search(r"Seat \d|Player \d", shown)
    # Nothing of the name is read as a mention or markdown: the pings mention the real users only.
    for harmful in ("@everyone", "<@123>", "**Ally", "`x`", "~~y", "||z"):
        assert harmful not in shown
    mentioned = set(re.findall(r"<@(\d+)>", shown))
    assert mentioned <= {str(ALICE.id), str(BOB.id)}


async def test_a_rename_is_stored_and_redrawn_at_the_next_click(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    service = harness.bot.service
    assert service is not None
    assert sorted(s.name or "" for s in (await service.game(table.game_id)).seats) == ["alice", "bob"]

    renamed = replace(BOB, nick="Robert")
    await harness.slash(renamed, "game board", game=table.game_id)
    seats = (await service.game(table.game_id)).seats
    assert sorted(s.name or "" for s in seats) == ["Robert", "alice"]
    board = fake.messages[table.board_id]
    assert "Robert: 0 points" in " ".join(a.get("description", "") for a in board["attachments"])

    edits = len(fake.requests)
    await harness.slash(renamed, "game board", game=table.game_id)  # the same name again writes and redraws nothing
    assert not any(r.method == "PATCH" and r.path.endswith(str(table.board_id)) for r in fake.requests[edits:])


def test_each_log_line_is_attributed_to_the_seat_it_concerns() -> None:
    game = registry.get("botfactory")
    state, rng, policy = game.new(2, 3), Rng(1), all_policies(game)["random"]
    names = ["Ana", "Bea"]
    for _ in range(200):
        (decision,) = game.pending(state)
        result = game.apply(state, decision.seat, policy.choose(game, state, decision, rng).id)
        state = result.state
        others = [e for e in result.events if e.public and e.params.get("seat") not in (None, decision.seat)]
        if others:
            break
    else:
        raise AssertionError("no move made another seat act")
    events = tuple(e for e in result.events if e.public)
    entry = LogEntry(1, decision.seat, "ai", None, tuple(log_line(game, e, "en", names) for e in events), events, None)  # type: ignore[arg-type]
    lines = list(log_lines.lines(game, entry, names, "en"))
    mover, other = names[decision.seat], names[1 - decision.seat]
    for event, line in zip(events, lines, strict=True):
        if event in others:
            assert other in line and mover not in line, line
    assert not any(line.startswith(f"{mover}: {mover}") or line.startswith(f"{other}: {other}") for line in lines)


def test_a_line_that_does_not_name_its_player_gets_the_name_once() -> None:
    game = registry.get("tiny")
    event = Event("tiny.event.unknown", {"seat": 1})
    entry = LogEntry(1, 0, "player", None, ("Something happened",), (event,), None)  # type: ignore[arg-type]
    assert list(log_lines.lines(game, entry, ["Ana", "Bea"], "en")) == ["Bea: Something happened"]
    assert list(log_lines.lines(game, entry, ["Ana", "Bea"], "fr")) == ["Bea\u00a0: Something happened"]
    timed_out = replace(entry, actor="timeout")
    assert list(log_lines.lines(game, timed_out, ["Ana", "Bea"], "en")) == [
        "Ana missed the deadline: an AI played this turn",
        "Bea: Something happened",
    ]


async def test_the_log_names_the_player_a_follow_up_concerns(start_bot: StartBot) -> None:
    """A Bot Factory move whose last event hands the turn to the other player: /game log shows that line
    about the other player, without the mover's name in front."""
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "botfactory")
    service = harness.bot.service
    assert service is not None
    players = {ALICE.id: ALICE, BOB.id: BOB}
    for _ in range(40):
        entries = await service.log(table.game_id)
        follow_ups = [
            (entry, event)
            for entry in entries
            for event in entry.events
            if entry.seat is not None and event.public and event.params.get("seat") not in (None, entry.seat)
        ]
        if follow_ups:
            break
        game = await service.game(table.game_id)
        seat = next(s for s in game.seats if s.to_act)
        assert seat.user_id is not None
        panel = (await harness.click(players[seat.user_id], table.board_id, f"board:{table.game_id}:play")).message
        assert panel is not None
        move = next(c for c in custom_ids(panel) if c.startswith("mv:"))
        await harness.click(players[seat.user_id], panel["id"], move)
    else:
        raise AssertionError("no move made the other player act")
    game = await service.game(table.game_id)
    names = {s.seat: s.name for s in game.seats}
    entry, event = follow_ups[0]
    mover, other = names[entry.seat], names[event.params["seat"]]
    log = (await harness.slash(ALICE, "game log", game=table.game_id)).text()
    page = json.loads(log)["data"]["embeds"][0]["description"]
    shown = [line for line in page.splitlines() if f"`{entry.version:>3}`" in line]
    about_other = [line for line in shown if other in line and mover not in line]
    assert about_other, shown
    assert not any(f"{mover}: {mover}" in line or f"{other}: {other}" in line for line in shown), shown
