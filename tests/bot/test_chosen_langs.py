"""A chosen language is remembered apart from the stored default, for users and servers, on both
databases: English by choice is a choice, English by default is not."""

from __future__ import annotations

from bot.service import GameService, GuildSettings
from bot.store import GuildRow, Store


async def test_nothing_is_chosen_until_someone_chooses(store: Store) -> None:
    assert await store.chosen_langs(1, 2) == (None, None)
    assert await store.chosen_langs(1, None) == (None, None)
    async with store.transaction() as tx:
        await tx.set_guild_settings(2, GuildRow(turn_timer="24h"), {"turn_timer"})
    assert await store.chosen_langs(1, 2) == (None, None), "other settings choose no language"


async def test_user_and_server_choices(store: Store) -> None:
    async with store.transaction() as tx:
        await tx.set_user_lang(1, "en")
        await tx.set_guild_settings(2, GuildRow(lang="fr"), {"lang"})
        await tx.mark_guild_lang_chosen(2)
    assert await store.chosen_langs(1, 2) == ("en", "fr")
    assert await store.chosen_langs(3, 2) == (None, "fr")
    assert await store.chosen_langs(1, 4) == ("en", None)


async def test_the_service_marks_a_server_language_only_when_given(service: GameService) -> None:
    await service.set_guild_settings(7, GuildSettings(turn_timer="12h"), ["turn_timer"])
    assert await service.chosen_langs(1, 7) == (None, None)
    await service.set_guild_settings(7, GuildSettings(lang="en"), ["lang"])
    assert await service.chosen_langs(1, 7) == (None, "en")
    await service.set_user_lang(1, "fr")
    assert await service.chosen_langs(1, 7) == ("fr", "en")
