"""The post-game report and the replay: rebuilt from the log, only once the game is over, and the
replay only ever from spectators' views."""

from __future__ import annotations

import dataclasses
import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from bot.service import GameService, WrongStatus
from bot.service import report as report_module
from bot.service.replay import state_at
from bot.service.report import log_of, picture, replay_views, story
from engine import registry
from engine.imaginarium.view import ImaginariumView, Screen
from renders.results.chart import report as draw_report
from renders.results.replay import animation, frames
from tests.bot.conftest import started_tiny
from tests.bot.played import played
from tests.bot.test_results import play_out

NAMES = ("Alice", "Bob", "Carol")


@pytest.mark.parametrize("kind", ["imaginarium", "botfactory"])
def test_the_report_follows_the_game_round_by_round(kind: str) -> None:
    game, row, actions = played(kind, 3)
    told = story(game, row, 3, actions)
    assert row.outcome is not None
    rounds = [r for r in told.rounds if r is not None]
    assert rounds == sorted(rounds) and rounds[0] == 1 and len(told.rounds) >= 5
    series = dict(told.series)
    if kind == "imaginarium":
        assert list(series) == ["vp"]
        assert [values[-1] for values in series["vp"]] == row.outcome["scores"]  # the screens at the end
        assert all(values[0] == 0 for values in series["vp"])
    else:
        assert list(series) == ["points", "tokens", "robots", "contracts"]
        final = game.view(state_at(game, row, 3, actions, row.version), None)
        assert [values[-1] for values in series["robots"]] == [len(p.robots) for p in final.players]
        assert [values[-1] for values in series["points"]] == row.outcome["scores"], "the points end at the scores"
    completions = [e for a in actions for e in a.events if e.to is None and e.key in report_module.COMPLETIONS]
    assert completions
    assert [m.key for m in told.completions] == [e.key for e in completions]
    assert told.best is not None and told.best.gain > 0
    if kind == "imaginarium":
        assert told.headline == "vp"
        headline = told.series[0][1][told.best.seat]
        assert told.best.gain <= max(headline) - min(headline)
    else:
        assert told.headline == "points"  # the points a turn added, as if the game had ended then


@pytest.mark.parametrize(("kind", "lang"), [("imaginarium", "en"), ("botfactory", "fr")])
def test_the_report_picture_is_phone_readable_with_a_text_alternative(kind: str, lang: str) -> None:
    game, row, actions = played(kind, 3)
    pic = picture(story(game, row, 3, actions), game, NAMES, lang)
    render = draw_report(pic)
    image = Image.open(io.BytesIO(render.png))
    assert image.width <= 1000 and render.min_font_px >= 11 * image.width / 400
    assert all(name in render.text for name in NAMES)
    assert ("Round" if lang == "en" else "manche") in render.text
    assert "results." not in render.text and "{" not in render.text


async def test_report_and_replay_are_refused_until_the_game_has_ended(service: GameService) -> None:
    game_id = await started_tiny(service, humans=2, seed=3)
    with pytest.raises(WrongStatus):
        await log_of(service.store, game_id)
    loaded = await service.store.load(game_id)
    assert loaded is not None
    tiny, actions = registry.get("tiny"), await service.store.actions(game_id)
    with pytest.raises(WrongStatus):
        story(tiny, loaded.game, 2, actions)
    with pytest.raises(WrongStatus):
        replay_views(tiny, loaded.game, 2, actions)
    await play_out(service, game_id)
    game, row, seats, actions = await log_of(service.store, game_id)
    assert row.outcome is not None
    told = story(game, row, seats, actions)
    assert [values[-1] for values in dict(told.series)["score"]] == row.outcome["scores"]
    assert all(view.viewer is None for _, view in replay_views(game, row, seats, actions))


async def test_undone_moves_are_not_in_the_report(service: GameService) -> None:
    game_id = await started_tiny(service, humans=2, seed=3)
    info = await service.game(game_id)
    seat = next(s for s in info.seats if s.to_act)
    assert seat.user_id is not None
    await service.act(game_id, seat.user_id, "play:0", info.version)
    await service.undo(game_id, seat.user_id, info.version + 1)
    await play_out(service, game_id)
    game, row, seats, actions = await log_of(service.store, game_id)
    assert any(a.undo_to is not None for a in actions)
    assert row.outcome is not None
    told = story(game, row, seats, actions)
    assert [v[-1] for v in dict(told.series)["score"]] == row.outcome["scores"]


# -- the replay never shows what was hidden ---------------------------------------------------------
def _screen(rng: random.Random, seat: int) -> Screen:
    return Screen(seat, rng.randint(0, 40), rng.randint(0, 9), rng.randint(0, 9), rng.randint(0, 9), rng.randint(0, 30))


def _sample(views: list[tuple[int | None, Any]]) -> list[ImaginariumView]:
    step = max(1, len(views) // 3)
    return [view for _, view in views[::step]][:4]


def test_replay_frames_ignore_screens_and_viewer() -> None:
    """The board leak tests' differential on replay frames: views that differ only in hidden data
    (the viewer and their screen) give byte-identical frames and animation."""
    game, row, actions = played("imaginarium", 2)
    views = replay_views(game, row, 2, actions)
    assert all(view.viewer is None for _, view in views)
    chosen = _sample(views)
    public = frames(chosen, names=NAMES[:2])
    expected = animation(public, limit=10 << 20).data
    rng = random.Random(5)
    for seat in range(2):
        hidden = [dataclasses.replace(v, viewer=seat, screen=_screen(rng, seat)) for v in chosen]
        with pytest.raises(ValueError):
            frames(hidden)
        shown = [dataclasses.replace(v, viewer=None) for v in hidden]
        drawn = frames(shown, names=NAMES[:2])
        assert drawn == public
        assert animation(drawn, limit=10 << 20).data == expected
    moved = [dataclasses.replace(chosen[0], machine_deck=chosen[0].machine_deck - 1), *chosen[1:]]
    assert frames(moved, names=NAMES[:2])[0] != public[0]  # the differential can fail


def test_replay_frames_ignore_hidden_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """Changing what nobody could see during play (every screen's goods, the deck's order) leaves
    every frame before the end byte for byte the same."""
    game, row, actions = played("imaginarium", 2)
    honest = replay_views(game, row, 2, actions)
    real = report_module.timeline
    rng = random.Random(11)

    def tampered(*args: Any) -> Iterator[tuple[Any, Any]]:
        for move, state in real(*args):
            if game.outcome(state) is None:
                state = game.copy(state)
                for player in state.players:
                    player.goods = [g + rng.randint(1, 3) for g in player.goods]
                rng.shuffle(state.deck)
            yield move, state

    monkeypatch.setattr(report_module, "timeline", tampered)
    changed = replay_views(game, row, 2, actions)
    before, after = _sample(honest[:-1]), _sample(changed[:-1])
    assert frames(before) == frames(after)


def test_the_replay_fits_the_upload_limit() -> None:
    game, row, actions = played("imaginarium", 2)
    public = frames(_sample(replay_views(game, row, 2, actions)))
    roomy = animation(public, limit=10 << 20)
    assert roomy.frames == len(public) and roomy.size[0] <= 800
    image = Image.open(io.BytesIO(roomy.data))
    assert getattr(image, "n_frames", 1) == len(public)
    tight = animation(public, limit=len(roomy.data) // 3)
    assert len(tight.data) <= len(roomy.data) // 3
    assert tight.kept[0] == 0 and tight.kept[-1] == len(public) - 1
    gif = animation(public, limit=10 << 20, fmt="gif")
    assert gif.data[:6] in (b"GIF87a", b"GIF89a")
