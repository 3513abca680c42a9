"""Results through the fake Discord: the report with the final scores, ``/game stats``,
``/game leaderboard`` and ``/game replay`` with its round-by-round buttons."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.service import GameService
from bot.settings import Settings
from bot.words import CATALOG
from cogs.kit import report
from engine import registry
from tests.cogs.conftest import ALICE, BOB, CAROL, GUILD, OWNER_ID, MovableClock, StartBot
from tests.cogs.flows import components, custom_ids, open_game
from tests.support.discord.gateway import Guild, User
from tests.support.discord.harness import Harness
from tests.support.discord.server import FakeDiscord


async def _play_to_the_end(harness: Harness, game_id: int, board_id: int, players: dict[int, User]) -> None:
    """Every seat plays its first card (else ends its turn) until the game is over."""
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


def _files(message: dict[str, object]) -> dict[str, dict[str, str]]:
    return {a["filename"]: a for a in message.get("attachments", [])}  # type: ignore[union-attr, index]


async def test_results_through_discord(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")

    early = await harness.slash(ALICE, "game replay", game=table.game_id)
    assert early.ephemeral and "when the game has ended" in early.text()
    empty = await harness.slash(CAROL, "game leaderboard")
    assert "No rated games on this server yet" in empty.text()

    await _play_to_the_end(harness, table.game_id, table.board_id, {ALICE.id: ALICE, BOB.id: BOB})
    final = next(m for m in fake.channel_messages(table.thread_id) if "final.png" in _files(m))
    files = _files(final)
    assert set(files) == {"final.png", "report.png"}
    assert "alice" in files["report.png"]["description"] and "Score" in files["report.png"]["description"]
    assert any("how the game went" in e["title"] for e in final["embeds"])

    board = await harness.slash(CAROL, "game leaderboard")
    assert not board.ephemeral and board.message is not None
    picture = _files(board.message)["results.png"]
    assert "alice" in picture["description"] and "bob" in picture["description"]
    assert "rating" in board.text() and "OpenSkill" in board.text()

    mine = await harness.slash(ALICE, "game stats")
    assert mine.ephemeral and mine.message is not None
    assert "1 game" in mine.text() and "win rate" in mine.text() and "Recent results" in mine.text()
    assert "results.png" in _files(mine.message)
    theirs = await harness.slash(ALICE, "game stats", player=BOB)
    assert not theirs.ephemeral and "1 game" in theirs.text()
    nobody = await harness.slash(ALICE, "game stats", player=CAROL)
    assert "No finished games for" in nobody.text()

    replay = await harness.slash(BOB, "game replay", game=table.game_id)
    assert replay.ephemeral and replay.message is not None
    assert "replay.gif" in _files(replay.message)
    buttons = {c["custom_id"]: c for c in components(replay.message)}
    first = f"replay:{table.game_id}:0:f"
    assert first in buttons and not buttons[first].get("disabled")
    stepped = await harness.click(BOB, replay.message["id"], first)
    assert stepped.message is not None and "replay.png" in _files(stepped.message)
    assert "Start of the game (1 of 2)" in stepped.text()
    after = {c["custom_id"]: c for c in components(stepped.message)}
    assert after[first].get("disabled") and f"replay:{table.game_id}:1:n" in after


def test_results_texts_exist_in_english_and_french_with_french_typography() -> None:
    keys = {lang: {k for k in CATALOG.messages(lang) if k.startswith("results.")} for lang in ("en", "fr")}
    assert keys["en"] == keys["fr"] and len(keys["en"]) > 50
    for key in keys["fr"]:
        message = CATALOG.messages("fr")[key]
        for text in [message] if isinstance(message, str) else [v for k, v in message.items() if k != "by"]:
            assert not re.search(r" [:;?!]", text), f"{key}: a plain space before a high punctuation mark"
    measured = {"imaginarium": ("vp",), "botfactory": ("points", "tokens", "robots", "contracts"), "tiny": ("score",)}
    for kind, quantities in measured.items():  # each game words what its report charts, in both languages
        game = registry.get(kind)
        for lang in ("en", "fr"):
            for quantity in quantities:
                assert "metric." not in game.measure_text(quantity, lang), (kind, quantity, lang)
            headline = game.headline_measure or quantities[0]  # the quantity of the largest scoring turn
            assert "gain." not in game.measure_text(headline, lang, gain=3), (kind, headline, lang)


async def test_replay_suggests_finished_games(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    done = await open_game(harness, ALICE, [BOB], "tiny")
    await _play_to_the_end(harness, done.game_id, done.board_id, {ALICE.id: ALICE, BOB.id: BOB})
    running = await open_game(harness, ALICE, [BOB], "tiny")
    offered = await harness.autocomplete(CAROL, "game replay", "game", game="")
    values = [c["value"] for c in offered.autocomplete]
    assert done.game_id in values and running.game_id not in values


ELSEWHERE = Guild(200_000_000_000_000_002, "Elsewhere", 300_000_000_000_000_003, OWNER_ID)
DAN = User(110_000_000_000_000_006, "dan")


async def test_a_server_sees_only_its_own_results(fake: FakeDiscord, settings: Settings, clock: MovableClock) -> None:
    harness = await Harness.start(fake, settings, GUILD, [ALICE, BOB], clock=clock, others=[(ELSEWHERE, [DAN, ALICE])])
    try:
        table = await open_game(harness, ALICE, [BOB], "tiny")
        await _play_to_the_end(harness, table.game_id, table.board_id, {ALICE.id: ALICE, BOB.id: BOB})
        here = await harness.slash(BOB, "game leaderboard")
        assert "alice" in here.text()
        there = await harness.slash(DAN, "game leaderboard", channel=ELSEWHERE.channel_id)
        assert "No rated games on this server yet" in there.text() and "alice" not in there.text()
        theirs = await harness.slash(DAN, "game stats", channel=ELSEWHERE.channel_id, player=ALICE)
        assert "No finished games for" in theirs.text()
        own = await harness.slash(ALICE, "game stats", channel=ELSEWHERE.channel_id)
        assert "No finished games for" in own.text()
        hidden = await harness.slash(DAN, "game replay", channel=ELSEWHERE.channel_id, game=table.game_id)
        assert hidden.ephemeral and "I can't find that game" in hidden.text()
    finally:
        await harness.stop()


async def test_the_final_scores_go_out_when_the_report_cannot_be_drawn(
    start_bot: StartBot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: object) -> None:
        raise RuntimeError("no report today")

    monkeypatch.setattr(report, "final_report", broken)
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    await _play_to_the_end(harness, table.game_id, table.board_id, {ALICE.id: ALICE, BOB.id: BOB})
    final = next(m for m in fake.channel_messages(table.thread_id) if "final.png" in _files(m))
    assert set(_files(final)) == {"final.png"}


async def test_stats_and_replay_speak_the_readers_language(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    await _play_to_the_end(harness, table.game_id, table.board_id, {ALICE.id: ALICE, BOB.id: BOB})
    await harness.slash(ALICE, "game profile", language="fr")
    mine = await harness.slash(ALICE, "game stats")
    assert mine.ephemeral and "1 partie" in mine.text() and "taux de victoire" in mine.text()
    assert "Derniers résultats" in mine.text()
    replay = await harness.slash(ALICE, "game replay", game=table.game_id)
    assert replay.message is not None and "rediffusion" in replay.text()
    labels = [c.get("label") for c in components(replay.message)]
    assert labels == ["Début", "Précédente", "Suivante", "Fin"]


async def _finished_without_results(database: Path) -> int:
    """A finished tiny game whose results are gone, as if it finished before results were kept."""
    async with await GameService.open(database) as service:
        lobby = await service.create_lobby("tiny", ALICE.id, seed=3, guild_id=GUILD.id, host_seated=False)
        for _ in range(2):
            await service.add_ai(lobby.id, ALICE.id)
        assert (await service.start(lobby.id, ALICE.id)).game.status == "finished"
        async with service.store.transaction() as tx:
            await tx._db.execute("DELETE FROM results WHERE game_id = ?", (lobby.id,))
        return lobby.id


async def test_start_up_records_the_results_of_finished_games_without_them(
    start_bot: StartBot, settings: Settings
) -> None:
    game_id = await _finished_without_results(settings.database_path)
    harness = await start_bot()
    assert harness.bot.service is not None
    rows = await harness.bot.service.store.results(game_id=game_id)
    assert [r.ai_level for r in rows] == ["random", "random"]
    board = await harness.slash(ALICE, "game leaderboard")
    assert "AI · random" in board.text()
