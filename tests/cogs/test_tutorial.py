"""``/game tutorial`` through real discord.py and the fake Discord: every game's tutorial played to its
end by always picking the first option (the taught one), in English and in French with no English
left; another choice gets its note and the offer to retry or go on; a run left midway resumes; the
end opens the guide and a lobby with AI seats; the menus keep working after a restart."""

from __future__ import annotations

from typing import Any

import pytest

from bot import lessons
from engine import registry
from engine.core.tutorial import tutorial_of
from tests.cogs.conftest import ALICE, StartBot
from tests.cogs.flows import components, custom_ids, english_leftovers, texts
from tests.support.discord.gateway import User
from tests.support.discord.harness import Exchange, Harness

TAUGHT = sorted(kind for kind, game in registry.games().items() if tutorial_of(game) is not None)
AMELIE = User(100_000_000_000_000_021, "amelie", locale="fr")


def _steps(kind: str) -> int:
    tutorial = tutorial_of(registry.get(kind))
    assert tutorial is not None
    return len(tutorial.run())


def _menu(message: dict[str, Any]) -> dict[str, Any]:
    menus = [c for c in components(message) if c["custom_id"].endswith(":pick0")]
    assert menus, [c.get("custom_id") for c in components(message)]
    return menus[0]


async def _pick(harness: Harness, user: User, message: dict[str, Any], index: int) -> Exchange:
    menu = _menu(message)
    return await harness.select(user, message["id"], menu["custom_id"], [menu["options"][index]["value"]])


@pytest.mark.parametrize("kind", TAUGHT)
@pytest.mark.parametrize("user", [ALICE, AMELIE], ids=["en", "fr"])
async def test_always_the_first_option_reaches_the_end(start_bot: StartBot, kind: str, user: User) -> None:
    harness = await start_bot()
    start = len(harness.fake.requests)
    opened = await harness.slash(user, "game tutorial", kind=kind)
    message = opened.message
    assert message is not None and opened.ephemeral
    assert message["attachments"] and message["attachments"][-1]["filename"].endswith("screen.png")
    for _ in range(_steps(kind)):
        first = _menu(message)["options"][0]
        assert first["label"].startswith("★ ")
        picked = await _pick(harness, user, message, 0)
        assert picked.message is not None and picked.message["id"] == message["id"]
        message = picked.message
        said = message.get("content") or message["embeds"][0]["description"]  # the end says it in its embed
        assert said.startswith("✓ "), picked.text()
    assert {c["custom_id"] for c in components(message)} == {f"tut:{kind}:*:-:play", f"tut:{kind}:*:-:guide"}
    sent = [text for request in harness.fake.requests[start:] for text in texts(request.json)]
    if user is AMELIE:
        assert any("Tutoriel terminé" in text for text in sent)
        found = english_leftovers(sent, ("amelie",))
        assert found == {}, "\n".join(f"{w}: {sorted(s)[:3]}" for w, s in sorted(found.items()))
    guide = await harness.click(user, message["id"], f"tut:{kind}:*:-:guide")
    assert guide.ephemeral and guide.message is not None and guide.message["embeds"]
    lobby = await harness.click(user, message["id"], f"tut:{kind}:*:-:play")
    assert not lobby.ephemeral and lobby.message is not None
    assert any(c.startswith("lobby:") for c in custom_ids(lobby.message))


async def test_another_choice_is_explained_then_retried_or_passed(start_bot: StartBot) -> None:
    harness = await start_bot()
    opened = await harness.slash(ALICE, "game tutorial", kind="imaginarium")
    assert opened.message is not None
    tutorial = tutorial_of(registry.get("imaginarium"))
    assert tutorial is not None
    words = tutorial.texts("en").steps
    first, second, third = (s.id for s in tutorial.run()[:3])
    other = await _pick(harness, ALICE, opened.message, 1)
    assert other.message is not None
    said = other.message["content"] or ""
    assert said.startswith("✗ Compared with the taught choice (★): ")
    assert f"Why the taught choice: {words[first].why}" in said
    assert custom_ids(other.message) == [f"tut:imaginarium:*:{first}:retry", f"tut:imaginarium:*:{first}:next"]
    again = await harness.click(ALICE, other.message["id"], f"tut:imaginarium:*:{first}:retry")
    assert again.message is not None and words[first].title in again.text()
    on = await _pick(harness, ALICE, again.message, 1)
    assert on.message is not None
    passed = await harness.click(ALICE, on.message["id"], f"tut:imaginarium:*:{first}:next")
    assert passed.message is not None and f"tut:imaginarium:*:{second}:pick0" in custom_ids(passed.message)
    await _pick(harness, ALICE, passed.message, 0)
    resumed = await harness.slash(ALICE, "game tutorial", kind="imaginarium")
    assert resumed.message is not None and f"tut:imaginarium:*:{third}:pick0" in custom_ids(resumed.message)


async def test_menus_survive_a_restart(start_bot: StartBot) -> None:
    harness = await start_bot()
    opened = await harness.slash(ALICE, "game tutorial")
    assert opened.message is not None
    await harness.stop()
    harness = await start_bot()
    picked = await _pick(harness, ALICE, opened.message, 0)
    assert picked.message is not None and (picked.message["content"] or "").startswith("✓ ")


async def test_a_game_without_a_tutorial_is_refused_in_words(start_bot: StartBot) -> None:
    harness = await start_bot()
    refused = await harness.slash(ALICE, "game tutorial", kind="tiny")
    assert refused.ephemeral and "no tutorial" in refused.text()


async def test_one_chapter_is_its_own_run_and_chapters_autocomplete(start_bot: StartBot) -> None:
    harness = await start_bot()
    offered = await harness.autocomplete(AMELIE, "game tutorial", "chapter", kind="imaginarium", chapter="chim")
    assert [c["value"] for c in offered.autocomplete] == ["chimera"]
    assert offered.autocomplete[0]["name"].startswith("Chimera\u00a0: ")
    opened = await harness.slash(ALICE, "game tutorial", kind="imaginarium", chapter="chimera")
    assert opened.message is not None and "Step 1/5: " in opened.text()
    assert all(":chimera:" in c for c in custom_ids(opened.message))
    refused = await harness.slash(ALICE, "game tutorial", kind="imaginarium", chapter="nope")
    assert refused.ephemeral and "no such chapter" in refused.text()


@pytest.mark.parametrize("kind", TAUGHT)
async def test_another_choice_at_every_step_is_explained_and_never_fails(start_bot: StartBot, kind: str) -> None:
    harness = await start_bot()
    tutorial = tutorial_of(registry.get(kind))
    assert tutorial is not None
    words = tutorial.texts("en").steps
    opened = await harness.slash(ALICE, "game tutorial", kind=kind)
    message = opened.message
    for step in tutorial.run():
        assert message is not None
        last = len(_menu(message)["options"]) - 1
        other = await _pick(harness, ALICE, message, last)
        assert other.message is not None
        lesson = lessons.lesson(kind, step.id, "en", "Alice")
        if last == 0 or lessons.answer(lesson, lesson.offers[last].id).accepted:  # taught, or as good: on
            said = other.message["content"] or other.message["embeds"][0]["description"]  # the end: in the embed
            assert said.startswith("✓ "), (step.id, other.text())
            message = other.message
            continue
        said = other.message["content"] or ""
        assert said.startswith("✗ Compared with the taught choice (★): "), (step.id, other.text())
        assert f"Why the taught choice: {words[step.id].why}" in said, (step.id, said)
        message = (await harness.click(ALICE, other.message["id"], f"tut:{kind}:*:{step.id}:next")).message
    assert message is not None and message["embeds"][0]["title"] == "Tutorial finished"
