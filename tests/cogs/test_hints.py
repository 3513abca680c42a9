"""The panel's Suggest button through real clicks: the hint is private, each use is told in the game's
thread, and a game whose host turned hints off refuses privately."""

from __future__ import annotations

from typing import Any

from bot.service.hints import Hint
from cogs.table.hints import explain
from engine import registry
from engine.core.search import Rated
from tests.cogs.conftest import ALICE, BOB, StartBot
from tests.cogs.flows import Table, components, open_game
from tests.support.discord.gateway import User
from tests.support.discord.harness import Harness
from tests.support.discord.server import FakeDiscord

USERS = {u.id: u for u in (ALICE, BOB)}


async def _mover(harness: Harness, game_id: int) -> User:
    assert harness.bot.service is not None
    seat = next(s for s in (await harness.bot.service.game(game_id)).seats if s.to_act)
    assert seat.user_id is not None
    return USERS[seat.user_id]


async def _panel(harness: Harness, user: User, table: Table) -> dict[str, Any]:
    opened = await harness.click(user, table.board_id, f"board:{table.game_id}:play")
    assert opened.message is not None and opened.ephemeral
    return opened.message


async def test_suggest_answers_privately_and_the_thread_counts_it(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "botfactory")
    player = await _mover(harness, table.game_id)
    panel = await _panel(harness, player, table)
    suggest = next(c for c in components(panel) if c["custom_id"] == f"hint:{table.game_id}")
    assert suggest["label"] == "Suggest"
    answer = await harness.click(player, panel["id"], suggest["custom_id"])
    assert answer.ephemeral and "The hard AI would choose **" in answer.text(), answer.text()
    posts = [m.get("content", "") for m in fake.channel_messages(table.thread_id)]
    assert any(f"{player.name} asked for a hint (1 so far)" in p for p in posts), posts
    assert harness.bot.service is not None
    log = await harness.bot.service.log(table.game_id)
    assert any("asked for a hint (1 so far)" in line for e in log for line in e.lines)


async def test_suggest_is_refused_privately_when_hints_are_off(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "botfactory", hints=False)
    player = await _mover(harness, table.game_id)
    panel = await _panel(harness, player, table)
    refused = await harness.click(player, panel["id"], f"hint:{table.game_id}")
    assert refused.ephemeral and "Hints are turned off in this game" in refused.text(), refused.text()
    assert not any("hint" in m.get("content", "") for m in fake.channel_messages(table.thread_id))
    assert harness.bot.service is not None
    assert not any("hint" in line for e in await harness.bot.service.log(table.game_id) for line in e.lines)


def test_a_searched_hint_says_how_the_alternatives_played_out_and_what_decided() -> None:
    """The line names the choice, its playouts beside the best alternatives', and the deciding parts of
    the position in the game's words, in English and in French."""
    game = registry.get("imaginarium")
    state = game.new(2, 3)
    decision = game.pending(state)[0]
    chosen, second, third = decision.choices[:3]
    facts = (("imaginarium.why.production", 2.5), ("imaginarium.why.projects", 1.0))
    others = (Rated(second, 12, 0.58, 0.61), Rated(third, 6, 0.51, 0.66))
    hint = Hint(1, 0, 3, chosen, playouts=48, outlook=0.64, used=1, others=others, facts=facts)
    names = ["Alice", "Bob"]
    en = explain("imaginarium", hint, "en", names)
    assert "played out 48 times" in en and "64 %" in en and "next best: **" in en
    assert "58 % against 61 % in the same playouts and **" in en
    assert "what decided it: your workshop's production and projects within reach" in en
    fr = explain("imaginarium", hint, "fr", names)
    assert "ensuite\u00a0: **" in fr and "51 % contre 66 % dans les mêmes simulations" in fr
    assert "ce qui a décidé\u00a0: la production de votre atelier et les projets à votre portée" in fr
    # A decision the search does not play out: judged a few choices ahead, next best named plainly.
    judged = Hint(1, 0, 3, chosen, playouts=0, outlook=0.5, used=1, others=(Rated(second, 0, 0.5),), facts=facts[:1])
    line = explain("imaginarium", judged, "en", names)
    assert "looking a few choices ahead" in line and "next best: **" in line and "%" not in line
    assert "what decided it: your workshop's production" in line
    assert "en regardant quelques choix plus loin" in explain("imaginarium", judged, "fr", names)
    # No alternative or fact known (a search stopped at once): the line still reads.
    bare = explain("imaginarium", Hint(1, 0, 3, chosen, playouts=2, outlook=0.5, used=1), "en", names)
    assert "next best" not in bare and "decided" not in bare
