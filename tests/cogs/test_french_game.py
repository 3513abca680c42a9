"""A short French game through the fake Discord: what French players read holds no common English word.

Two players whose Discord clients are in French play the first moves of each game in a
server whose managers chose French. Every text the bot sends them (messages, embeds, buttons, menus,
image descriptions) is searched for English words that French never uses.
"""

from __future__ import annotations

import pytest

from tests.cogs.conftest import MOD, StartBot
from tests.cogs.flows import components, custom_ids, english_leftovers, open_game, texts
from tests.support.discord.gateway import User
from tests.support.discord.harness import Harness

AMELIE = User(100_000_000_000_000_011, "amelie", locale="fr")
BASILE = User(100_000_000_000_000_012, "basile", locale="fr")
CLICKS = 14


async def play_a_little(harness: Harness, board_id: int, game_id: int) -> None:
    """Whoever has a decision clicks one of their choices, ``CLICKS`` times."""
    clicks = 0
    while clicks < CLICKS:
        moved = False
        for user in (AMELIE, BASILE):
            panel = await harness.click(user, board_id, f"board:{game_id}:play")
            assert panel.message is not None
            moves = [c for c in components(panel.message) if c["custom_id"].startswith(("mv:", "ms:"))]
            if not moves:
                continue
            pick = moves[0]
            if pick["type"] == 2:
                await harness.click(user, panel.message["id"], pick["custom_id"])
            else:
                await harness.select(user, panel.message["id"], pick["custom_id"], [pick["options"][0]["value"]])
            clicks += 1
            moved = True
        assert moved, "nobody had a decision"


@pytest.mark.parametrize("kind", ["imaginarium", "botfactory"])
async def test_a_french_game_reads_in_french(start_bot: StartBot, kind: str) -> None:
    harness = await start_bot()
    await harness.slash(MOD, "bricabot config", language="fr")
    start = len(harness.fake.requests)
    table = await open_game(harness, AMELIE, [BASILE], kind)
    await play_a_little(harness, table.board_id, table.game_id)
    for user in (AMELIE, BASILE):
        await harness.click(user, table.board_id, f"board:{table.game_id}:rules")
        await harness.click(user, table.board_id, f"board:{table.game_id}:log")
        await harness.slash(user, "game mine")
        await harness.slash(user, "rules", name="charbonneuse")
    sent = [text for request in harness.fake.requests[start:] for text in texts(request.json)]
    assert len(sent) > 200 and any("Jouer / Mon écran" in text for text in sent), "the game was played in French"
    found = english_leftovers(sent, ("amelie", "basile"))
    assert custom_ids(harness.fake.messages[table.board_id])
    assert found == {}, "\n".join(f"{w}: {sorted(s)[:3]}" for w, s in sorted(found.items()))
