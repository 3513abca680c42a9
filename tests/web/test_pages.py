"""Every kind of page by its link, in English and French: a game's history (scrubber, moves, and once it
has ended the report and the replay), a server's leaderboard, a player's page with their rating over
time, and my games; each with its JSON sibling."""

from __future__ import annotations

import html
import json
from datetime import UTC, datetime

from bot.service import GameService
from tests.web.conftest import ANA, BOB, CHANNEL, GUILD, ManualClock, Web, started

APNG = b"acTL"
"""The chunk that makes a PNG an animation."""


async def finished(service: GameService, seed: int) -> int:
    """A game between two AI levels in the test server, played to its end as it starts."""
    lobby = await service.create_lobby(
        "botfactory", ANA, guild_id=GUILD, channel_id=CHANNEL, seed=seed, host_seated=False
    )
    await service.add_ai(lobby.id, ANA, "greedy")
    await service.add_ai(lobby.id, ANA, "easy")
    await service.start(lobby.id, ANA)
    assert (await service.game(lobby.id)).status == "finished"
    return lobby.id


async def _get(web: Web, path: str, **headers: str) -> tuple[int, str]:
    response = await web.client.get(path, headers=headers)
    return response.status, await response.text()


async def test_a_running_games_history_scrubs_its_rounds_and_lists_every_move(service: GameService, web: Web) -> None:
    game_id = await started(service, moves=30)
    path = await web.link(BOB, "watch", game_id)
    status, page = await _get(web, f"{path}/history")
    assert status == 200 and "History of Imaginarium" in page
    data = json.loads((await _get(web, f"{path}/history.json"))[1])
    labels = [frame["label"] for frame in data["frames"]]
    assert len(labels) >= 2 and labels[0] == "Start of round 1" and labels[-1] == "Now"
    assert len(data["moves"]) >= 25 and data["report"] is None  # moves with public lines only
    assert 'type="range"' in page and 'id="frame"' in page
    for frame in data["frames"]:
        response = await web.client.get(f"{path}/history/v{frame['version']}.png")
        assert response.status == 200 and (await response.read()).startswith(b"\x89PNG")
    assert (await web.client.get(f"{path}/history/v99999.png")).status == 404
    assert (await web.client.get(f"{path}/history/report.png")).status == 404, "no report before the end"
    status, french = await _get(web, f"{path}/history?lang=fr")
    assert "Historique d’Imaginarium" in html.unescape(french) and "Tous les coups" in french


async def test_a_finished_games_history_has_its_report_and_replay(service: GameService, web: Web) -> None:
    game_id = await finished(service, seed=3)
    path = await web.link(ANA, "watch", game_id)
    data = json.loads((await _get(web, f"{path}/history.json"))[1])
    assert data["report"] is not None and data["frames"][-1]["label"] == "End"
    assert data["report"]["outline"], "the report's words are lists"
    status, page = await _get(web, f"{path}/history")
    assert status == 200 and data["report"]["title"] in html.unescape(page)
    report = await web.client.get(f"{path}/history/report.png")
    assert report.status == 200 and (await report.read()).startswith(b"\x89PNG")
    replay = await web.client.get(f"{path}/history/replay.png")
    assert replay.status == 200 and APNG in (await replay.read())
    again = await web.client.get(f"{path}/history/replay.png", headers={"If-None-Match": replay.headers["ETag"]})
    assert again.status == 304


async def test_the_leaderboard_and_a_players_rating_over_time(service: GameService, web: Web) -> None:
    for seed in (1, 2, 3):
        await finished(service, seed)
    game_id = await started(service, moves=2)
    status, page = await _get(web, await web.link(ANA, "game", game_id))
    server = next(part for part in page.split('"') if part.endswith(f"/server/{GUILD}"))
    status, board = await _get(web, server)
    assert status == 200 and "Server leaderboard" in board
    data = json.loads((await _get(web, f"{server}.json"))[1])
    assert [row["name"] for row in data["rows"]] and {row["who"] for row in data["rows"]} == {"ai-greedy", "ai-easy"}
    assert all(row["games"] == 3 for row in data["rows"])
    for row in data["rows"]:
        assert f'href="{GUILD}/player/{row["who"]}"' in board
        status, player = await _get(web, f"{server}/player/{row['who']}")
        assert status == 200 and "Rating over time" in player and "<svg" in player and 'role="img"' in player
        own = json.loads((await _get(web, f"{server}/player/{row['who']}.json"))[1])
        assert len(own["chart"]) == 3 and len(own["results"]) == 3
    status, french = await _get(web, f"{server}?lang=fr")
    assert "Classement du serveur" in french
    assert (await _get(web, f"{server}/player/424242"))[0] == 404
    assert (await _get(web, server.replace(f"/server/{GUILD}", f"/server/{GUILD + 1}")))[0] == 403


async def test_a_spectator_page_leads_to_no_leaderboard(service: GameService, web: Web) -> None:
    game_id = await started(service, moves=2)
    status, page = await _get(web, await web.link(BOB, "watch", game_id))
    assert status == 200 and "/server/" not in page and "/mine" not in page


async def test_my_games_lists_every_game_of_the_user_with_whose_turn_it_is(service: GameService, web: Web) -> None:
    first = await started(service, moves=0)
    second = await started(service, moves=1)
    lobby = await service.create_lobby("imaginarium", ANA, guild_id=GUILD + 1, channel_id=CHANNEL + 1)
    status, page = await _get(web, await web.link(ANA, "mine", ANA))
    assert status == 200 and "My games" in page
    data = json.loads((await _get(web, (await web.link(ANA, "mine", ANA)) + ".json"))[1])
    titles = [game["title"] for game in data["games"]]
    assert set(titles) == {f"Imaginarium #{first}", f"Imaginarium #{second}", f"Imaginarium #{lobby.id}"}
    for game in data["games"]:
        opened, text = await _get(web, game["path"])
        assert opened == 200 and game["title"] in text
    turns = {game["title"]: game["mine"] for game in data["games"]}
    acting = {g: (await service.game(g)).seat_of(ANA) for g in (first, second)}
    assert turns[f"Imaginarium #{first}"] == bool(acting[first] and acting[first].to_act)
    status, french = await _get(web, await web.link(ANA, "mine", ANA), **{"Accept-Language": "fr"})
    assert "Mes parties" in french
    bob = await _get(web, await web.link(BOB, "mine", BOB))
    assert f"Imaginarium #{lobby.id}" not in bob[1], "only the user's own games"


async def test_a_game_page_says_the_goal_and_when_a_sleeping_player_is_back(
    service: GameService, web: Web, clock: ManualClock
) -> None:
    clock.moment = datetime(2026, 1, 6, 2, 0, tzinfo=UTC)  # 03:00 in Paris
    await service.set_active_hours(ANA, zone="Europe/Paris", hours="08:00-23:00")
    await service.set_active_hours(BOB, zone="Europe/Paris", hours="08:00-23:00")
    game = await started(service, moves=0)
    for lang, goal, back, vp in (("en", "Goal:", "back", "VP"), ("fr", "Objectif", "de retour", "PV")):
        status, page = await _get(web, await web.link(ANA, "game", game), **{"Accept-Language": lang})
        assert status == 200
        assert goal in page and f"20 {vp}" in html.unescape(page), lang  # "first to 20 VP ends the game…"
        assert f"💤 {back}" in page and 'datetime="2026-01-06T07:00:00Z"' in page, lang  # 08:00 in Paris
