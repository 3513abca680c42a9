"""The board embed's standings: public counts only, players by name, teams with their members, the
solo task; in English and French."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bot.service import GameInfo, SeatInfo, TableView, TimeoutPolicy
from cogs.board import embeds
from engine import registry
from renders.api import Render


def _table(kind: str, seats: int, options: dict[str, object], names: list[str]) -> TableView:
    game = registry.get(kind)
    state = game.new(seats, 7, options)
    acting = {d.seat for d in game.pending(state)}
    info = GameInfo(
        id=1,
        kind=kind,
        title=game.title,
        status="active",
        host_id=1,
        guild_id=None,
        channel_id=None,
        thread_id=None,
        version=0,
        options=dict(options),
        seats=tuple(SeatInfo(i, i + 1, None, to_act=i in acting, name=n) for i, n in enumerate(names)),
        turn_timer=None,
        timeout_policy=TimeoutPolicy(),
        created_at=datetime.now(UTC),
    )
    return TableView(info, None, game.view(state, None), None)


def _text(table: TableView, lang: str) -> str:
    embed = embeds.board_embed(table, Render(b"", "headline"), "status", lang, now=datetime.now(UTC))
    return "\n".join([embed.description or "", *(f"{f.name}: {f.value}" for f in embed.fields)])


def test_imaginarium_team_play_lists_teams_and_public_counts_only() -> None:
    names = ["Ana", "Bea", "Cy", "Dee"]
    table = _table("imaginarium", 4, {"chimera": True, "teams": True}, names)
    text = _text(table, "en")
    assert "Round 1 · planning" in text
    assert re.search(r"Ana: 0 projects completed, \d+ machines repaired", text)
    assert "Teams:" in text and "Team 1:" in text and all(name in text for name in names)
    assert "VP" not in text and "Seat" not in text  # victory points stay behind the screens
    french = _text(table, "fr")
    assert "Manche 1 · planification" in french
    assert re.search("Ana\u00a0: 0 projet réalisé, \\d+ machines réparées", french)


def test_bot_factory_solo_shows_robots_contracts_tokens_and_the_task() -> None:
    table = _table("botfactory", 1, {"task": "B"}, ["Ana"])
    text = _text(table, "en")
    assert "Ana: 0 robots built, 0 contracts reserved" in text and "speech token" in text
    assert "Inspection: Task B: build 3 robots of 3 different colours, each worth at least 12" in text
    assert "Task B — Colours with a robot worth 12 or more now: 0 of 3" in text, "the headline's progress"
    assert "Missed: you are fired. Met: your performance report by final VP — poor 0–19" in text
    assert "Waiting for: Ana" in text
