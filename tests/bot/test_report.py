"""The post-game report and the replay: rebuilt from the log, only once the game is over, and the
replay only ever from spectators' views."""

from __future__ import annotations

import dataclasses
import io
import itertools
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from bot.service import GameService, WrongStatus
from bot.service import report as report_module
from bot.service.log import state_at
from bot.service.names import seat_names
from bot.service.report import LISTED, log_of, names_of, picture, replay_views, story
from bot.words import CATALOG
from engine import registry
from engine.imaginarium.view import ImaginariumView, Screen
from renders.botfactory import pieces
from renders.kit.colours import player
from renders.kit.text import width
from renders.results.chart import TICK_GAP, ticks
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
    completions = [e for a in actions for e in a.events if e.to is None and e.key in game.milestones]
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


# -- the report speaks the game's language, marks seats as the board does, names them apart ----------
def _english_only_words() -> set[str]:
    """Words of the English texts a report is made of (the report's own, how games end, the games'
    events and results) that no French text of the same catalogues uses."""

    def words(lang: str) -> set[str]:
        texts: list[str] = []
        catalogues = [(CATALOG, ("results.", "end.")), *((registry.get(k).catalog, (f"{k}.",)) for k in KINDS)]
        for catalogue, prefixes in catalogues:
            for key, message in catalogue.messages(lang).items():
                if key.startswith(prefixes):
                    texts += [message] if isinstance(message, str) else [v for k, v in message.items() if k != "by"]
        return {w.lower() for text in texts for w in re.findall(r"[^\W\d_]{4,}", re.sub(r"\{[^}]*\}", "", text))}

    return words("en") - words("fr")


KINDS = ("imaginarium", "botfactory")


@pytest.mark.parametrize(
    ("kind", "seats", "options"), [("imaginarium", 3, ()), ("botfactory", 3, ()), ("botfactory", 1, (("task", "C"),))]
)
def test_a_french_report_has_no_english_word(kind: str, seats: int, options: tuple[tuple[str, Any], ...]) -> None:
    game, row, actions = played(kind, seats, 1, options)
    names = [f"IA · normal ({s + 1})" for s in range(seats)]
    shown = picture(story(game, row, seats, actions), game, names, "fr")
    english = _english_only_words()
    assert {"round", "completed", "victory", "points", "winner", "fired", "task"} & english
    said = {w.lower() for w in re.findall(r"[^\W\d_]{4,}", shown.text)}
    assert said & english == set(), shown.text
    assert shown.ending and all(line in shown.text for line in shown.ending), "how it ended, in French"


def test_report_seats_wear_the_boards_colours_and_shapes() -> None:
    game, row, actions = played("botfactory", 3)
    told = story(game, row, 3, actions)
    assert told.final is not None
    board = {p.seat: pieces.seat_style(p.seat, p.colour) for p in told.final.players}
    shown = picture(told, game, NAMES, "en")
    for panel in shown.panels:
        assert {line.seat: line.style for line in panel.lines} == board
    assert board[0].colour != player(0).colour, "Bot Factory's first seat is blue, not the kit's red"
    image = Image.open(io.BytesIO(draw_report(shown).png)).convert("RGB")
    colours = {rgb for _, rgb in image.getcolors(1 << 20) or []}
    assert all(style.colour in colours for style in board.values())
    assert player(0).colour not in colours, "no seat drawn in a colour the board does not give it"


def test_the_legend_gives_the_final_scores_under_their_label_and_the_points_end_there() -> None:
    game, row, actions = played("botfactory", 1, 6, (("task", "A"),))
    told = story(game, row, 1, actions)
    shown = picture(told, game, ["Alice"], "en")
    assert row.outcome is not None and told.outcome is not None
    assert shown.final == "Final score" and [line.final for line in shown.panels[0].lines] == row.outcome["scores"]
    points = dict(told.series)["points"][0]
    assert points[-1] == row.outcome["scores"][0], "the points chart ends at the final score"
    assert told.best is not None
    best = next(note for note in shown.notes if note.startswith("Largest scoring turn"))
    assert f"from {told.best.before} to {told.best.before + told.best.gain})" in best
    assert list(shown.ending) == [game.text(row.outcome["reason"], row.outcome["details"], "en")]
    assert not any("Winner" in line for line in shown.ending)


async def test_two_ai_seats_of_one_level_are_named_apart_as_in_the_final_scores(service: GameService) -> None:
    game_id = await started_tiny(service, humans=1, ais=2, seed=3)
    await play_out(service, game_id)
    info = await service.game(game_id)
    first, second = [s for s in info.seats if s.is_ai]
    assert first.ai_policy == second.ai_policy
    names = await names_of(service.store, game_id, "en")
    assert names == seat_names(info.seats, "en") and len(set(names)) == 3, names
    for seat in (first, second):
        assert names[seat.seat].startswith("AI · ") and names[seat.seat].endswith(f"({seat.seat + 1})")


def test_a_long_list_of_completions_keeps_the_end_and_its_last_line() -> None:
    game, row, actions = played("botfactory", 4)
    told = story(game, row, 4, actions)
    assert len(told.completions) > LISTED
    shown = picture(told, game, ["A", "B", "C", "D"], "en")
    every = [line for line in shown.text.splitlines() if line.startswith("Round ")]
    assert len(every) == len(told.completions), "the text alternative lists them all"
    drawn = [line for line in shown.notes if line.startswith("Round ")]
    assert drawn[-1] == every[-1] and drawn[0] == every[0] and len(drawn) < len(every)
    assert any(f"{len(every) - len(drawn)} more completions" in line for line in shown.notes)
    assert shown.ending and shown.ending[0].startswith("Winner")
    render = draw_report(shown)
    assert render.min_font_px >= 11 * 640 / 400


@pytest.mark.parametrize("points", range(2, 42))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axis_labels_never_touch_and_the_end_is_always_labelled(points: int, lang: str) -> None:
    labels = [*(str(r) for r in range(1, points)), "End" if lang == "en" else "Fin"]
    xs = [72 + (622 - 72) * i / (points - 1) for i in range(points)]
    shown = ticks(xs, labels)
    assert shown[-1] == points - 1 and shown[0] == 0
    spans = [(xs[i] - width(labels[i], 18) / 2, xs[i] + width(labels[i], 18) / 2) for i in shown[:-1]]
    spans.append((xs[-1] - width(labels[-1], 18), xs[-1]))
    assert all(a[1] + TICK_GAP <= b[0] for a, b in itertools.pairwise(spans)), spans


@pytest.mark.parametrize("points", range(3, 60))
def test_axis_labels_stand_at_a_regular_stride(points: int) -> None:
    """1, 3, 5… or 1, 6, 11…: no round is skipped where its neighbours at the same spacing are shown."""
    labels = [*(str(r) for r in range(1, points)), "End"]
    xs = [72 + (622 - 72) * i / (points - 1) for i in range(points)]
    shown = ticks(xs, labels)[:-1]
    strides = {b - a for a, b in itertools.pairwise(shown)}
    assert len(strides) <= 1, shown


@pytest.mark.parametrize(("kind", "seats", "options"), [("botfactory", 1, (("task", "D"),)), ("imaginarium", 3, ())])
def test_the_best_turn_is_one_rounds_play_and_ends_within_the_chart(
    kind: str, seats: int, options: tuple[tuple[str, str], ...]
) -> None:
    """A solo player makes every move: the best turn is still one round's, and it never ends above
    the final score the chart ends at when it is the game's last."""
    game, row, actions = played(kind, seats, 6, options)
    told = story(game, row, seats, actions)
    assert told.best is not None and row.outcome is not None
    curve = dict(told.series)[told.headline][told.best.seat]
    rounds = [r for r in told.rounds if r is not None]
    assert told.best.round in rounds
    assert told.best.round > rounds[0] and told.best.before != curve[0], "one round's turn, not the whole game"
    if told.best.round == rounds[-1]:
        assert told.best.before + told.best.gain == row.outcome["scores"][told.best.seat]


def test_a_score_that_does_not_count_is_shown_as_such() -> None:
    game, row, actions = played("botfactory", 1, 6, (("task", "D"),))
    assert row.outcome is not None and row.outcome["details"]["uncounted"] == [0], "this game's task was missed"
    shown = picture(story(game, row, 1, actions), game, ["Alice"], "fr")
    (line,) = shown.panels[0].lines
    assert line.uncounted == f"{row.outcome['scores'][0]}, non compté"
    assert len(shown.ending) == 1 and "ne compte" in shown.ending[0]  # « ne compte pas », or « ne comptent pas »
    assert draw_report(shown).png
