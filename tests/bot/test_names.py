"""Display names: cleaned once, harmless anywhere (embeds, plain messages, images), and seats named by
them, AI seats by their level, in the reader's language."""

from __future__ import annotations

import re

import pytest

from bot.service import GameService
from bot.service.models import SeatInfo
from bot.service.names import MAX_LENGTH, clean, member_name, seat_names
from tests.bot.conftest import started_tiny


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ana", "Ana"),
        ("**bold** __under__ `code` ~~gone~~ ||secret||", "bold under code gone secret"),
        ("@everyone @here", "everyone here"),
        ("<@123> <#456> <@&789>", "123 #456 &789"),
        ("see https://evil.example/x now", "see now"),
        ("join discord.gg/abc or discord.com/invite/x", "join or"),
        ("Bo h**ttps://evil.example/x", "Bo"),
        ("Bo ｈｔｔｐｓ：／／evil.example", "Bo"),
        ("[click](http://x.y)", "click("),
        ("# Heading", "Heading"),
        ("> quote", "quote"),
        ("- item", "item"),
        ("1. first", "1 first"),
        ("john_doe", "john_doe"),
        ("carol_meridian", "carol_meridian"),
        ("_carol_ __x__ a__b c_ _d", "carol x a b c d"),
        ("Zoé\u200b\u202eli\x07\n\tne", "Zoéli ne"),
        ("𝐁𝐨𝐛", "Bob"),
        ("x\u0301\u0301\u0301\u0301y", "x\u0301\u0301y"),
    ],
)
def test_clean_removes_mentions_markdown_links_and_control_characters(raw: str, shown: str) -> None:
    assert clean(raw) == shown


@pytest.mark.parametrize("raw", [None, "", "   ", "***", "@@@", "\u200b\u200b", "🎲🎲", "<@>"])
def test_a_name_with_nothing_readable_is_none(raw: str | None) -> None:
    assert clean(raw) is None


def test_long_names_are_cut_with_an_ellipsis() -> None:
    name = clean("A" * 100)
    assert name is not None and len(name) == MAX_LENGTH and name.endswith("…")


def test_member_name_prefers_nickname_then_global_name_then_username() -> None:
    assert member_name("Nick", "Global", "user") == "Nick"
    assert member_name(None, "Global", "user") == "Global"
    assert member_name("**", None, "user") == "user"
    assert member_name(None, None, None) is None


def test_seat_names_use_names_levels_and_fallbacks_in_the_readers_language() -> None:
    seats = [
        SeatInfo(0, 1, None, name="Ana"),
        SeatInfo(1, 2, None),
        SeatInfo(2, None, "hard"),
        SeatInfo(3, None, "hard"),
    ]
    assert seat_names(seats, "en") == ["Ana", "Player 2", "AI · hard (3)", "AI · hard (4)"]
    assert seat_names(seats, "fr") == ["Ana", "Joueur 2", "IA · difficile (3)", "IA · difficile (4)"]
    twins = [SeatInfo(0, 1, None, name="Sam"), SeatInfo(1, 2, None, name="Sam")]
    assert seat_names(twins, "en") == ["Sam (1)", "Sam (2)"]


async def test_a_rename_changes_the_seats_of_that_server_only(service: GameService) -> None:
    here = await started_tiny(service, guild_id=10)
    there = await started_tiny(service, guild_id=20)
    assert await service.rename(2, "**Bo** @here", guild_id=10) == [here]
    assert await service.rename(2, "**Bo** @here", guild_id=10) == []  # unchanged: nothing written
    assert await service.rename(2, "", guild_id=20) == []  # nothing readable: the stored name stays
    seats = {g: {s.user_id: s.name for s in (await service.game(g)).seats} for g in (here, there)}
    assert seats[here][2] == "Bo here" and seats[there][2] is None
    lobby = await service.create_lobby("tiny", 3, guild_id=10)
    await service.rename(3, "Cy", guild_id=10)
    await service.join(lobby.id, 2)  # the lobby's seats are written again: Cy keeps the name
    assert [s.name for s in (await service.game(lobby.id)).seats] == ["Cy", None]


@pytest.mark.parametrize("raw", ["carol_meridian", "a_b_c", "_x_", "x_ _y", "ab__cd__ef", "é_1_ü"])
def test_kept_underscores_make_no_discord_italics_or_underline(raw: str) -> None:
    """Discord's italics close only on an underscore that ends a word (it opens on any); underline needs ``__``."""
    name = clean(raw)
    assert name is not None
    sentence = f"{name} and {name}, then {name}."
    assert "__" not in sentence
    assert not re.search(r"_[^_]+?_(?![^\W_])", sentence), sentence
