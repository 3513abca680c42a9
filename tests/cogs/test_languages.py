"""Which language the bot speaks: a private answer follows the user's choice, else the server's choice,
else the Discord client's locale, else English; a public message follows the server."""

from __future__ import annotations

from bot.settings import Settings
from bot.words import t
from cogs.kit.context import server_lang, spoken
from tests.cogs.conftest import BOB, GUILD, MOD, MovableClock, StartBot
from tests.cogs.flows import custom_ids, open_game
from tests.support.discord.gateway import Guild, User
from tests.support.discord.harness import Harness
from tests.support.discord.server import FakeDiscord

AMELIE = User(100_000_000_000_000_011, "amelie", locale="fr")
"""A player whose Discord client is in French."""

UNKNOWN = 987_654
FRENCH_REFUSAL = "Je ne trouve pas cette partie"
ENGLISH_REFUSAL = "I can't find that game"


async def refusal(harness: Harness, user: User) -> str:
    answer = await harness.slash(user, "game log", game=UNKNOWN)
    assert answer.ephemeral
    return answer.text()


async def test_private_answers_user_then_server_then_client_locale(start_bot: StartBot) -> None:
    harness = await start_bot()
    # nobody chose: the client's locale decides
    assert FRENCH_REFUSAL in await refusal(harness, AMELIE)
    assert ENGLISH_REFUSAL in await refusal(harness, BOB)
    # the server's managers choose English: it wins over the French client
    await harness.slash(MOD, "bricabot config", language="en")
    assert ENGLISH_REFUSAL in await refusal(harness, AMELIE)
    # the player's own choice wins over the server's
    await harness.slash(AMELIE, "game profile", language="fr")
    assert FRENCH_REFUSAL in await refusal(harness, AMELIE)
    # a server choosing French speaks French to those who chose nothing, whatever their client
    await harness.slash(MOD, "bricabot config", language="fr")
    assert FRENCH_REFUSAL in await refusal(harness, BOB)
    await harness.slash(BOB, "game profile", language="en")
    assert ENGLISH_REFUSAL in await refusal(harness, BOB)


async def test_a_choice_of_english_is_a_choice(start_bot: StartBot) -> None:
    """English is the default value of the stored column, so only ``lang_chosen`` tells a choice apart."""
    harness = await start_bot()
    await harness.slash(AMELIE, "game profile", language="en")
    assert ENGLISH_REFUSAL in await refusal(harness, AMELIE)


async def test_public_messages_follow_the_server(start_bot: StartBot) -> None:
    harness = await start_bot()
    await harness.slash(AMELIE, "game profile", language="fr")
    shown = await harness.slash(AMELIE, "rules", name="imaginarium:guide:0", public=True)
    assert not shown.ephemeral and "How to play Imaginarium" in shown.text(), "the server speaks English"
    await harness.slash(MOD, "bricabot config", language="fr")
    shown = await harness.slash(BOB, "rules", name="imaginarium:guide:0", public=True)
    assert "Comment jouer à Imaginarium" in shown.text(), "the server chose French, whoever asks"
    service = harness.bot.service
    assert service is not None
    assert await server_lang(service, GUILD.id, "en-US") == "fr"
    assert await server_lang(service, GUILD.id + 99, "fr") == "fr", "no choice: the server's Discord locale"
    assert await server_lang(service, GUILD.id + 99, "ja") == "en"
    assert await server_lang(service, None, None) == "en"


def test_discord_locales_map_to_the_bots_languages() -> None:
    assert spoken("fr") == "fr" and spoken("en-GB") == "en" and spoken("en-US") == "en"
    assert spoken("pt-BR") is None and spoken(None) is None


async def test_a_french_server_that_chose_nothing_posts_in_french(
    fake: FakeDiscord, settings: Settings, clock: MovableClock
) -> None:
    """No manager chose a language: the server's Discord locale decides its lobby and board."""
    atelier = Guild(200_000_000_000_000_077, "Atelier", 300_000_000_000_000_077, GUILD.owner_id, locale="fr")
    harness = await Harness.start(fake, settings, atelier, [BOB, AMELIE], clock=clock)
    try:
        created = await harness.slash(BOB, "game new", kind="imaginarium", timer="off")
        assert created.message is not None and "salle d’attente" in created.text()
        game_id = int(custom_ids(created.message)[0].split(":")[1])
        await harness.click(AMELIE, created.message["id"], f"lobby:{game_id}:join")
        await harness.click(BOB, created.message["id"], f"lobby:{game_id}:start")
        board = fake.channel_messages(int(created.message["id"]))[0]
        assert "Jouer / Mon écran" in str(board["components"])
    finally:
        await harness.stop()


async def test_a_turn_dm_speaks_the_players_language(start_bot: StartBot, fake: FakeDiscord) -> None:
    """The server speaks English; the player chose French: their DM is French, the thread stays English."""
    harness = await start_bot()
    await harness.slash(AMELIE, "game profile", language="fr")
    await harness.slash(AMELIE, "game notify", on=True)
    table = await open_game(harness, BOB, [MOD], "tiny")
    service = harness.bot.service
    assert service is not None
    acting = next(s for s in (await service.game(table.game_id)).seats if s.to_act)
    given = await harness.slash(BOB, "game replace", seat=acting.seat + 1, player=AMELIE, game=table.game_id)
    (dm,) = [r for r in given.requests if r.private and r.path.startswith("/channels/") and r.json]
    assert "Tiny" in dm.json["content"] and "your turn" not in dm.json["content"].lower()
    french = t("thread.turn_dm", "fr", game="Tiny", when="", link="")
    assert french.split("Tiny")[0] in dm.json["content"]
