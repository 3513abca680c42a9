"""Who may see a game, through real discord.py against the fake Discord.

Two servers: in Workshop, a private channel only the Insiders role may view holds a running game and
an open lobby; Elsewhere has a game of its own. Members of Workshop without that role, a member with
Manage Server but not the role, a stranger from Elsewhere, and DMs try every entry point that names
a game: each command with ``game:``, ``/game list``, ``/game mine``, the ``game:`` autocomplete and
every component template, with custom_ids the bot really sent and forged ones. A game they may not
see must be answered exactly like an unknown game number (the same request, byte for byte, from the
same place), and every stored row and public message must stay as it was. Insiders and seated
players, in the server and in DMs, get real answers.
"""

from __future__ import annotations

import copy
import re
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.settings import Settings
from cogs.routes import DYNAMIC_ITEMS
from tests.cogs.conftest import GUILD, OWNER_ID, MovableClock
from tests.cogs.flows import Table, components, custom_ids, open_game
from tests.support.discord.gateway import VIEW_CHANNEL, Channel, Guild, Overwrite, Role, User
from tests.support.discord.harness import Exchange, Harness
from tests.support.discord.server import EPHEMERAL, FakeDiscord

INSIDERS = Role(200_000_000_000_000_010, "Insiders")
BACK_ROOM = Channel(
    300_000_000_000_000_002,
    "back-room",
    (Overwrite(GUILD.id, 0, deny=VIEW_CHANNEL), Overwrite(INSIDERS.id, 0, allow=VIEW_CHANNEL)),
)
WORKSHOP = Guild(GUILD.id, GUILD.name, GUILD.channel_id, OWNER_ID, channels=(BACK_ROOM,), roles=(INSIDERS,))
ELSEWHERE = Guild(200_000_000_000_000_002, "Elsewhere", 300_000_000_000_000_003, OWNER_ID)

ANN = User(110_000_000_000_000_001, "ann", roles=(INSIDERS.id,))
"""Hosts the back-room game and lobby."""
BEN = User(110_000_000_000_000_002, "ben", roles=(INSIDERS.id,))
"""Plays in the back-room game."""
EVE = User(110_000_000_000_000_003, "eve", roles=(INSIDERS.id,))
"""May view the back room; no seat."""
CAT = User(110_000_000_000_000_004, "cat")
"""A Workshop member who may not view the back room."""
MAX = User(110_000_000_000_000_005, "max", manager=True)
"""Manage Server in Workshop, but may not view the back room."""
DAN = User(110_000_000_000_000_006, "dan")
"""A stranger: member of Elsewhere only; hosts its game."""
UNKNOWN = 999_999
"""A game number no game has."""
CANT_FIND = "I can't find that game"
SERVER_ONLY = "only works in a server channel"


@pytest.fixture
async def harness(fake: FakeDiscord, settings: Settings, clock: MovableClock) -> AsyncIterator[Harness]:
    started = await Harness.start(
        fake, settings, WORKSHOP, [ANN, BEN, EVE, CAT, MAX], clock=clock, others=[(ELSEWHERE, [DAN])]
    )
    yield started
    await started.stop()


# -- helpers ----------------------------------------------------------------------------------------
def stored(db: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, read with a separate connection (what is committed)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}


def public(fake: FakeDiscord) -> dict[int, dict[str, Any]]:
    """Every message others can see, as it stands."""
    return {mid: copy.deepcopy(m) for mid, m in fake.messages.items() if not m["flags"] & EPHEMERAL}


def answer(exchange: Exchange) -> list[tuple[str, str, Any, list[tuple[str, bytes]]]]:
    """What the bot sent to answer this interaction, with the interaction's own id and token blanked,
    so that two answers can be compared request for request."""
    record = exchange.fake.interactions[exchange.token]
    out = []
    for r in exchange.requests:
        assert exchange.token in r.path and r.private, f"a refusal sent {r.method} {r.path}"
        out.append((r.method, r.path.replace(exchange.token, "T").replace(str(record.id), "I"), r.json, r.files))
    assert out, "no answer"
    return out


def renamed(custom_id: str, game: int) -> str:
    """``custom_id`` naming ``game`` instead (every template has the game number second)."""
    return re.sub(r"^(\w+):\d+", rf"\g<1>:{game}", custom_id)


async def clicked(
    harness: Harness, user: User, message: dict[str, Any], custom_id: str, *, forge: bool, menu: bool = False
) -> Exchange:
    """A click on ``custom_id`` on ``message``, sent from that message's channel. ``forge`` adds the
    component (a button, or with ``menu`` a select) to a copy of the message first, as a forged
    payload could; a select answers its first option."""
    shown = copy.deepcopy(message)
    if forge:
        item: dict[str, Any] = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
        if menu:
            item = {"type": 3, "custom_id": custom_id, "options": [{"label": "?", "value": "play:0"}]}
        shown["components"] = [*shown.get("components", [])[:4], {"type": 1, "components": [item]}]
    component = next(c for c in components(shown) if c.get("custom_id") == custom_id)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
    if component["type"] == 3:
        data["values"] = [component["options"][0]["value"]]
    return await harness.feed(harness.payload(3, data, user, message=shown))


def is_menu(message: dict[str, Any], custom_id: str) -> bool:
    return any(c.get("custom_id") == custom_id and c["type"] == 3 for c in components(message))


async def back_room_games(harness: Harness) -> tuple[Table, int, int]:
    """The running back-room game (Ann and Ben), an open back-room lobby (Ann) and Elsewhere's game
    (Dan, alone)."""
    table = await open_game(harness, ANN, [BEN], "tiny", channel=BACK_ROOM.id)
    lobby = await harness.slash(ANN, "game new", kind="tiny", timer="off", channel=BACK_ROOM.id)
    assert lobby.message is not None and not lobby.ephemeral, lobby.text()
    lobby_id = int(custom_ids(lobby.message)[0].split(":")[1])
    away = await open_game(harness, DAN, [], "tiny", channel=ELSEWHERE.channel_id)
    return table, lobby_id, away.game_id


GAME_COMMANDS: list[tuple[str, dict[str, Any]]] = [
    ("game play", {}),
    ("game screen", {}),
    ("game board", {}),
    ("game log", {}),
    ("game log", {"page": 2}),
    ("game leave", {}),
    ("game abandon", {}),
    ("game kick", {"player": BEN}),
    ("game replace", {"seat": 1, "player": DAN}),
    ("game settings", {}),
    ("game settings", {"reminders": False}),
    ("game web", {}),
    ("game web", {"spectator": True}),
]


def outsiders(harness: Harness) -> list[tuple[str, User, int]]:
    """Who may not see the back-room games, and where they ask from."""
    return [
        ("member without the role", CAT, WORKSHOP.channel_id),
        ("manager without the role", MAX, WORKSHOP.channel_id),
        ("stranger in their server", DAN, ELSEWHERE.channel_id),
        ("stranger in a DM", DAN, harness.dm(DAN)),
        ("member in a DM", CAT, harness.dm(CAT)),
    ]


# -- commands -------------------------------------------------------------------------------------
async def test_every_command_naming_a_hidden_game_answers_as_for_an_unknown_one(
    harness: Harness, fake: FakeDiscord, settings: Settings
) -> None:
    table, lobby, away = await back_room_games(harness)
    rows, messages = stored(settings.database_path), public(fake)
    hidden: list[tuple[str, User, int, tuple[int, ...]]] = [
        (who, user, where, (table.game_id, lobby)) for who, user, where in outsiders(harness)
    ]
    hidden += [
        ("Workshop host, Elsewhere's game", ANN, WORKSHOP.channel_id, (away,)),
        ("Workshop host in a DM, Elsewhere's game", ANN, harness.dm(ANN), (away,)),
        ("Elsewhere's host in Workshop's thread", DAN, table.thread_id, (table.game_id, lobby)),
    ]
    checked = 0
    for who, user, where, games in hidden:
        for command, options in GAME_COMMANDS:
            unknown = await harness.slash(user, command, channel=where, game=UNKNOWN, **options)
            expected = answer(unknown)
            in_dm = "guild_id" not in fake.channels[where]
            refusal = SERVER_ONLY if in_dm and command in ("game kick", "game replace") else CANT_FIND
            assert refusal in unknown.text(), (who, command, unknown.text())
            for game in games:
                asked = await harness.slash(user, command, channel=where, game=game, **options)
                assert answer(asked) == expected, (who, command, game, asked.text())
                checked += 1
    assert checked == len(GAME_COMMANDS) * (5 * 2 + 2 * 1 + 2)
    assert stored(settings.database_path) == rows
    assert public(fake) == messages


async def test_insiders_and_players_get_real_answers_in_the_server_and_in_dms(
    harness: Harness, fake: FakeDiscord
) -> None:
    table, lobby, away = await back_room_games(harness)
    game = table.game_id

    # An insider without a seat, from the main channel (the back room is judged from the cached
    # channel's overwrites and her roles) and from the thread (from the interaction's permissions).
    for where in (WORKSHOP.channel_id, table.thread_id, BACK_ROOM.id):
        board = await harness.slash(EVE, "game board", channel=where, game=game)
        assert board.ephemeral and "board.png" in board.text() and CANT_FIND not in board.text(), where
    log = await harness.slash(EVE, "game log", game=game)
    assert log.ephemeral and f"Log — Tiny #{game}" in log.text()
    shown = await harness.slash(EVE, "game settings", game=lobby)
    assert shown.ephemeral and "turn timer" in shown.text()
    not_hers = await harness.slash(EVE, "game play", game=game)
    assert not_hers.ephemeral and "not playing" in not_hers.text()

    # Seated players, in a DM: their own game, its board, log and panel.
    for user in (ANN, BEN):
        dm = harness.dm(user)
        board = await harness.slash(user, "game board", channel=dm, game=game)
        assert board.ephemeral and "board.png" in board.text(), board.text()
        log = await harness.slash(user, "game log", channel=dm, game=game)
        assert f"Log — Tiny #{game}" in log.text()
        panel = await harness.slash(user, "game play", channel=dm, game=game)
        assert panel.ephemeral and "screen.png" in panel.text()
        mine = await harness.slash(user, "game mine", channel=dm)
        assert f"Tiny #{game}" in mine.text() and f"Tiny #{away}" not in mine.text()
    hosted = await harness.slash(DAN, "game board", channel=harness.dm(DAN), game=away)
    assert "board.png" in hosted.text()


async def test_lists_and_suggestions_hold_only_games_the_user_may_see(harness: Harness, fake: FakeDiscord) -> None:
    table, lobby, away = await back_room_games(harness)
    back_room = {table.game_id, lobby}

    def listed(exchange: Exchange) -> set[int]:
        return {int(n) for n in re.findall(r"Tiny #(\d+)", exchange.text())}

    def suggested(exchange: Exchange) -> set[int]:
        assert exchange.response_type == 8
        return {int(c["value"]) for c in exchange.autocomplete}

    assert listed(await harness.slash(EVE, "game list")) == back_room
    assert listed(await harness.slash(EVE, "game list", channel=BACK_ROOM.id)) == back_room
    for user, where in ((CAT, WORKSHOP.channel_id), (MAX, WORKSHOP.channel_id), (DAN, WORKSHOP.channel_id)):
        answered = await harness.slash(user, "game list", channel=where)
        assert listed(answered) == set() and "No lobbies or running games here" in answered.text(), user
    assert listed(await harness.slash(DAN, "game list", channel=ELSEWHERE.channel_id)) == {away}
    # Whoever can view Elsewhere's channel (Ann asking from there is a member) sees its games.
    assert listed(await harness.slash(ANN, "game list", channel=ELSEWHERE.channel_id)) == {away}
    in_dm = await harness.slash(ANN, "game list", channel=harness.dm(ANN))
    assert in_dm.ephemeral and SERVER_ONLY in in_dm.text()

    for user, where, expected in (
        (EVE, WORKSHOP.channel_id, back_room),
        (ANN, WORKSHOP.channel_id, back_room),
        (ANN, harness.dm(ANN), back_room),
        (BEN, harness.dm(BEN), {table.game_id}),
        (CAT, WORKSHOP.channel_id, set()),
        (MAX, WORKSHOP.channel_id, set()),
        (CAT, harness.dm(CAT), set()),
        (DAN, ELSEWHERE.channel_id, {away}),
        (DAN, harness.dm(DAN), {away}),
        (ANN, ELSEWHERE.channel_id, back_room | {away}),
    ):
        for command in ("game board", "game kick", "game settings"):
            found = await harness.autocomplete(user, command, "game", channel=where, game="")
            assert suggested(found) == expected, (user.name, where, command)

    for user in (CAT, MAX, EVE):
        mine = await harness.slash(user, "game mine")
        assert listed(mine) == set() and "You have no running games" in mine.text()


# -- components -----------------------------------------------------------------------------------
async def test_every_component_on_a_hidden_game_answers_as_for_an_unknown_one(
    harness: Harness, fake: FakeDiscord, settings: Settings
) -> None:
    table, lobby, away = await back_room_games(harness)
    game = table.game_id
    acting = next(s for s in (await harness.bot.service.game(game)).seats if s.to_act)  # type: ignore[union-attr]
    player = ANN if acting.user_id == ANN.id else BEN
    panel = await harness.click(player, table.board_id, f"board:{game}:play")
    assert panel.message is not None and panel.ephemeral
    log = await harness.click(player, table.board_id, f"board:{game}:log")
    assert log.message is not None and log.ephemeral
    lobby_message = next(m for m in fake.channel_messages(BACK_ROOM.id) if f"lobby:{lobby}:join" in custom_ids(m))
    version = (await harness.bot.service.game(game)).version  # type: ignore[union-attr]
    real = [
        (fake.messages[table.board_id], custom_ids(fake.messages[table.board_id])),
        (lobby_message, custom_ids(lobby_message)),
        (panel.message, [c for c in custom_ids(panel.message) if not c.endswith(":label")]),
        (log.message, custom_ids(log.message)),
    ]
    forged: list[tuple[str, bool]] = [
        *((f"lobby:{g}:{a}", False) for g in (game, lobby) for a in ("join", "leave", "ai", "noai", "start", "cancel")),
        *((f"board:{game}:{a}", False) for a in ("play", "log", "rules", "full")),
        (f"zoom:{game}", True),
        (f"mv:{game}:{version}:play:0", False),
        (f"ms:{game}:{version}:0:0", True),
        (f"undo:{game}:{version}", False),
        (f"panel:{game}:{version}:0", False),
        (f"log:{game}:0", False),
        (f"replay:{game}:0:f", False),
    ]
    tried = [c for c, _ in forged] + [c for _, ids in real for c in ids]
    for item in DYNAMIC_ITEMS:  # every template the bot routes, and so every component handler, is tried
        assert any(item.__discord_ui_compiled_template__.fullmatch(c) for c in tried), item.__name__
    rows, messages = stored(settings.database_path), public(fake)
    checked = 0

    # Controls the bot really sent, clicked by people who may not see where they are.
    for user in (CAT, MAX, DAN):
        for message, ids in real:
            assert ids
            for custom_id in ids:
                asked = await clicked(harness, user, message, custom_id, forge=False)
                menu = is_menu(message, custom_id)
                unknown = await clicked(harness, user, message, renamed(custom_id, UNKNOWN), forge=True, menu=menu)
                assert CANT_FIND in unknown.text(), (custom_id, unknown.text())
                assert answer(asked) == answer(unknown), (user.name, custom_id, asked.text())
                checked += 1

    # Forged controls on messages the user does see: their own answers in a channel they may view, a DM.
    for user, where in ((CAT, WORKSHOP.channel_id), (DAN, ELSEWHERE.channel_id), (DAN, harness.dm(DAN))):
        own = (await harness.slash(user, "game mine", channel=where)).message
        assert own is not None
        for custom_id, menu in forged:
            asked = await clicked(harness, user, own, custom_id, forge=True, menu=menu)
            unknown = await clicked(harness, user, own, renamed(custom_id, UNKNOWN), forge=True, menu=menu)
            assert CANT_FIND in unknown.text(), (custom_id, unknown.text())
            assert answer(asked) == answer(unknown), (user.name, custom_id, asked.text())
            checked += 1
    # Elsewhere's game, from Workshop.
    own = (await harness.slash(ANN, "game mine")).message
    assert own is not None
    for custom_id in (f"board:{away}:play", f"board:{away}:log", f"log:{away}:0", f"lobby:{away}:cancel"):
        asked = await clicked(harness, ANN, own, custom_id, forge=True)
        unknown = await clicked(harness, ANN, own, renamed(custom_id, UNKNOWN), forge=True)
        assert answer(asked) == answer(unknown), custom_id
        checked += 1

    assert checked == 3 * sum(len(ids) for _, ids in real) + 3 * len(forged) + 4
    assert stored(settings.database_path) == rows
    assert public(fake) == messages


async def test_components_answer_whoever_may_see_the_game(harness: Harness, fake: FakeDiscord) -> None:
    table, lobby, _ = await back_room_games(harness)
    game = table.game_id
    rules = await harness.click(EVE, table.board_id, f"board:{game}:rules")
    assert rules.ephemeral and "/rules" in rules.text()
    log = await harness.click(EVE, table.board_id, f"board:{game}:log")
    assert log.ephemeral and f"Log — Tiny #{game}" in log.text()
    play = await harness.click(EVE, table.board_id, f"board:{game}:play")
    assert play.ephemeral and "not playing" in play.text()
    lobby_message = next(m for m in fake.channel_messages(BACK_ROOM.id) if f"lobby:{lobby}:join" in custom_ids(m))
    joined = await harness.click(EVE, lobby_message["id"], f"lobby:{lobby}:join")
    assert joined.response_type == 7
    seats = (await harness.bot.service.game(lobby)).seats  # type: ignore[union-attr]
    assert {s.user_id for s in seats} == {ANN.id, EVE.id}


# -- seats held, threads in the cache ----------------------------------------------------------------
async def test_a_player_whose_seat_was_given_away_still_sees_the_game(harness: Harness, fake: FakeDiscord) -> None:
    table, _, _ = await back_room_games(harness)
    game = table.game_id
    assert harness.bot.service is not None
    left = await harness.slash(BEN, "game abandon", channel=harness.dm(BEN), game=game)
    assert "an AI plays your seat" in left.text()
    seat = next(s for s in (await harness.bot.service.game(game)).seats if s.user_id == BEN.id)
    given = await harness.slash(ANN, "game replace", channel=table.thread_id, game=game, seat=seat.seat + 1, player=CAT)
    assert f"now plays seat {seat.seat + 1}" in given.text()
    assert BEN.id not in {s.user_id for s in (await harness.bot.service.game(game)).seats}
    assert await harness.bot.service.seat_holders(game) == {ANN.id, BEN.id, CAT.id}

    for user in (BEN, CAT):  # Ben held a seat; Cat holds one now, though she may not view the back room
        board = await harness.slash(user, "game board", channel=harness.dm(user), game=game)
        assert "board.png" in board.text(), user.name
        found = await harness.autocomplete(user, "game log", "game", channel=WORKSHOP.channel_id, game="")
        assert game in {c["value"] for c in found.autocomplete}, user.name
    gone = await harness.slash(BEN, "game play", channel=harness.dm(BEN), game=game)
    assert "not playing" in gone.text()
    stranger = await harness.slash(DAN, "game board", channel=harness.dm(DAN), game=game)
    assert CANT_FIND in stranger.text()


async def test_a_cached_thread_is_judged_by_its_parent_channel(harness: Harness, fake: FakeDiscord) -> None:
    table, _, _ = await back_room_games(harness)
    thread = fake.channels[table.thread_id]
    harness.bot._connection.parse_thread_create(thread)  # type: ignore[arg-type]
    assert harness.bot.get_guild(WORKSHOP.id).get_thread(table.thread_id) is not None  # type: ignore[union-attr]
    seen = await harness.slash(EVE, "game board", game=table.game_id)
    assert "board.png" in seen.text()
    unseen = await harness.slash(CAT, "game board", game=table.game_id)
    unknown = await harness.slash(CAT, "game board", game=UNKNOWN)
    assert answer(unseen) == answer(unknown)


# -- where the commands work ---------------------------------------------------------------------------
async def test_game_commands_work_in_servers_and_the_bots_dms(harness: Harness, fake: FakeDiscord) -> None:
    synced = {c["name"]: c for c in fake.commands[str(WORKSHOP.id)]}
    assert synced["game"]["contexts"] == [0, 1]  # a server, the bot's DM; not group DMs
    assert synced["game"]["integration_types"] == [0]  # installed in servers only
    assert synced["bricabot"]["dm_permission"] is False
    table, _, _ = await back_room_games(harness)
    dm = harness.dm(ANN)
    for command, options in (
        ("game new", {"kind": "tiny"}),
        ("game list", {}),
        ("game kick", {"game": table.game_id, "player": BEN}),
        ("game replace", {"game": table.game_id, "seat": 1, "player": EVE}),
    ):
        refused = await harness.slash(ANN, command, channel=dm, **options)
        assert refused.ephemeral and SERVER_ONLY in refused.text(), command
    for command in ("game vacation", "game notify"):
        assert (await harness.slash(ANN, command, channel=dm, on=False)).ephemeral
    settings = await harness.slash(ANN, "game settings", channel=dm, game=table.game_id, reminders=False)
    assert "reminders: **off**" in settings.text()
