"""The digest's lines: what still holds of a player's held rows, one line per seat (a reminder left out
where its turn's notice gives the deadline), and its wording in English and French."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.service import Delivery, GameInfo, SeatInfo, TimeoutPolicy
from cogs.delivery import digest

BOB = 2
DEADLINE = datetime(2026, 1, 6, 19, tzinfo=UTC)


def _game(game_id: int, *, acting: int | None = BOB, status: str = "active") -> GameInfo:
    seats = (SeatInfo(0, 1, None, name="alice"), SeatInfo(1, acting, None, deadline=DEADLINE, to_act=True, name="bob"))
    return GameInfo(
        id=game_id,
        kind="tiny",
        title="Tiny",
        status=status,  # type: ignore[arg-type]
        host_id=1,
        guild_id=5,
        channel_id=6,
        thread_id=7,
        version=3,
        options={},
        seats=seats,
        turn_timer=None,
        timeout_policy=TimeoutPolicy(),
        created_at=DEADLINE,
    )


def _row(game_id: int, key: str, **payload: object) -> Delivery:
    return Delivery(game_id, key, "notice", 3, dict(payload), 1, 0, held_for=BOB)


def test_a_reminder_is_left_out_where_its_turns_notice_is_in() -> None:
    games = {1: _game(1), 2: _game(2)}
    stamp = int(DEADLINE.timestamp())
    rows = [
        _row(1, "remind:1", deadline=stamp),
        _row(1, "turn:1"),
        _row(2, "remind:1", deadline=stamp),
        _row(2, "host:blocked", reason="50013:7"),
    ]
    said = digest.items(games, rows, BOB)
    assert [(i.game.id, i.kind) for i in said] == [(1, "turn"), (2, "reminder"), (2, "host")]
    assert digest.spans_games(said) and not digest.spans_games(said[:1])
    assert digest.line(said[1], "link", "en") == f"**Tiny #2**: your turn ends <t:{stamp}:f> (<t:{stamp}:R>). link"


def test_what_no_longer_holds_is_left_out() -> None:
    stamp = int(DEADLINE.timestamp())
    games = {1: _game(1, acting=9), 2: _game(2, status="cancelled"), 3: _game(3)}
    rows = [_row(1, "turn:1"), _row(2, "turn:1"), _row(3, "remind:1", deadline=stamp - 60)]  # a moved deadline
    assert digest.items(games, rows, BOB) == []


def test_the_digest_in_both_languages() -> None:
    said = digest.items({1: _game(1), 4: _game(4)}, [_row(1, "turn:1"), _row(4, "turn:1")], BOB)
    lines = [digest.line(item, "https://discord.com/channels/5/7", "en") for item in said]
    text = digest.message(lines, said, "en")
    stamp = int(DEADLINE.timestamp())
    assert text.splitlines()[0] == "☀️ **2 games are waiting for you:**"
    assert f"• **Tiny #1**: your turn. Deadline: <t:{stamp}:f> (<t:{stamp}:R>). https://" in text
    french = digest.message([digest.line(said[0], "lien", "fr")], said, "fr")
    assert french.splitlines()[0] == "☀️ **2 parties vous attendent\u00a0:**"
    assert "**Tiny #1**\u00a0: à vous de jouer. Échéance\u00a0:" in french
