"""How a game's end is told (bot/service/ending.py) and shown at the end of a solo Bot Factory game:
for every task tile, met and missed, in English and French, the thread's lines, the command line's
sentence, the final-scores image's text and the goal box say the task's outcome, never a "Winner"
line, and say why the player was fired."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.service.ending import end_lines, end_text, winners
from engine.botfactory import GAME
from engine.botfactory.scenario import choice
from engine.botfactory.state import State
from engine.core.contract import Outcome
from renders.api import render_board, render_board_parts, render_final
from renders.botfactory import goal
from tests.engine.botfactory.helpers import Scenario
from tests.engine.botfactory.test_tasks import _last_turn, _play_out, _solo, _three_contracts

NAMES = ["Alice"]
WINNER_WORDS = ("Winner", "Vainqueur", "Victoire")
FIRED = {"en": "you're fired", "fr": "vous êtes viré"}
BAND = {"en": "performance", "fr": "performance"}


def _scenario(task: str, met: bool) -> tuple[Scenario, str]:
    """A solo game a turn before its end with ``task`` met or missed once the robot of the returned
    colour is completed (robots of one colour run out, so the game ends)."""
    if task == "A":
        scenario = _solo("A").robots_left(green=0)
        return _last_turn(scenario, "red").hand(0, robots=["red", "red" if met else "yellow"]), "red"
    if task == "B":
        scenario = _solo("B").values(red=12, yellow=13, blue=13 if met else 12).robots_left(green=0)
        return _last_turn(scenario, "blue").hand(0, robots=["red", "yellow"]), "blue"
    if task == "C":
        scenario = _solo("C").robots_left(green=0)
        colour = "yellow" if met else "red"
        return _last_turn(scenario, colour).hand(0, robots=["red", "red", "yellow"]), colour
    scenario = _three_contracts(_solo("D"), 0).hand(0, robots=["red", "yellow", "green", "green" if met else "yellow"])
    return _last_turn(scenario, "blue"), "blue"


_ENDS: dict[tuple[str, bool], tuple[State, Outcome]] = {}


def _end(task: str, met: bool) -> tuple[State, Outcome]:
    if (task, met) not in _ENDS:
        scenario, colour = _scenario(task, met)
        _ENDS[task, met] = _play_out(scenario.acting(0).build(), colour)
    return _ENDS[task, met]


def _text(key: str, params: dict[str, Any], lang: str) -> str:
    return GAME.text(key, params, lang, NAMES)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("met", [True, False], ids=["met", "fired"])
@pytest.mark.parametrize("task", ["A", "B", "C", "D"])
def test_a_solo_game_ends_with_its_task_never_a_winner(task: str, met: bool, lang: str) -> None:
    state, outcome = _end(task, met)
    assert outcome.reason.endswith("fired") != met, f"task {task} should be {'met' if met else 'missed'}"
    lines = end_lines(GAME, outcome, NAMES, lang)
    said = "\n".join(lines)
    assert winners(outcome, NAMES) == []
    assert not any(word in said for word in WINNER_WORDS), said
    assert lines == [_text(outcome.reason, dict(outcome.details), lang)], "one sentence tells the end"
    assert f"{'Task' if lang == 'en' else 'Tâche'} {task} " in lines[0] and "{" not in lines[0]
    info = GAME.view(state, None).solo_info
    assert info is not None and info.task_met == met
    assert f"{info.progress['n']} " in lines[0] and f" {info.progress['need']}" in lines[0], "what the task came to"
    if met:
        assert BAND[lang] in lines[0] and str(outcome.scores[0]) in lines[0], "the band reached, with the total"
        assert outcome.details.get("uncounted", []) == []
    else:
        assert FIRED[lang] in lines[0] and str(outcome.scores[0]) in lines[0], "fired, and the score does not count"
        assert outcome.details["uncounted"] == [0]
    sentence = end_text(GAME, outcome, NAMES, lang)
    assert "\n" not in sentence and not any(word in sentence for word in WINNER_WORDS)
    assert "!." not in sentence and ".." not in sentence

    view = GAME.view(state, None)
    final = render_final(view, lang=lang, names=NAMES)
    assert Image.open(io.BytesIO(final.png)).width == 640
    assert final.text.count(lines[0]) == 1, final.text
    assert not any(word in final.text for word in WINNER_WORDS), final.text
    assert goal.lines(view, NAMES, lang) == lines, "the goal box says how it ended, once"
    status = render_board_parts(view, lang=lang, names=NAMES)[0]
    assert lines[0] in status.text
    board = render_board(view, lang=lang, names=NAMES)
    assert lines[0] in board.text, "the full board names the task and its outcome"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("task", ["A", "B", "C", "D"])
def test_the_goal_box_shows_the_task_and_the_progress_from_the_view(task: str, lang: str) -> None:
    scenario, _ = _scenario(task, True)
    view = GAME.view(scenario.acting(0).build(), None)
    info = view.solo_info
    assert info is not None and not info.task_met and info.progress["n"] < info.progress["need"]
    told = goal.lines(view, NAMES, lang)
    assert told[0] == _text(f"botfactory.task.{task}", {}, lang)
    assert told[1] == _text(info.progress_text, dict(info.progress), lang)
    assert "20–49" in told[2] and FIRED[lang].split()[-1].rstrip("'") in told[2].replace("’", "'")
    multiplayer = _text("botfactory.report.winner", {"seat": 0, "total": 1}, lang)
    assert all(multiplayer.split()[-1] not in line for line in told[:2])
    part = render_board_parts(view, lang=lang, names=NAMES)[0]
    assert told[0] in part.text and told[1] in part.text
    most = {"en": "most robots:", "fr": "le plus de robots"}[lang]
    assert most not in part.text, "the race for robots is not the solo goal"


def test_a_game_between_players_names_its_winners() -> None:
    outcome = Outcome(
        (1,), (3, 9), "botfactory.end.scored", {"reasons": [["botfactory.report.winner", {"seat": 1, "total": 9}]]}
    )
    lines = end_lines(GAME, outcome, ["Alice", "Bob"], "fr")
    assert lines == ["Vainqueur\u00a0: Bob", "Bob gagne avec 9 PV"]
    nobody = Outcome((), (3, 3), "tiny.end.exhausted")
    assert winners(nobody, ["Alice", "Bob"]) == []
    assert not any(word in end_text(GAME, nobody, ["Alice", "Bob"], "en") for word in WINNER_WORDS)


@pytest.mark.parametrize("met", [True, False], ids=["met", "fired"])
def test_the_log_names_the_task_drawn_and_its_outcome(met: bool) -> None:
    first = GAME.new(1, 5, {"task": "C"})
    decision = GAME.pending(first)[0]
    drawn = GAME.apply(first, 0, decision.choices[0].id, first.flow.version).events
    assert drawn[0].key == "botfactory.event.task"
    assert GAME.text(drawn[0].key, drawn[0].params, "en") == (
        "Task C drawn: build 2 robots of one colour and 2 robots of another"
    )
    scenario, colour = _scenario("D", met)
    _, outcome = _end("D", met)
    said = _text(outcome.reason, dict(outcome.details), "fr")
    start = scenario.acting(0).build()
    placed = GAME.apply(start, 0, choice(start, "place", part=f"{colour} legs", column=colour), start.flow.version)
    ended = GAME.apply(placed.state, 0, "end", placed.state.flow.version)
    assert GAME.outcome(ended.state) == outcome, "the robot ends the game with this round"
    assert [_text(e.key, e.params, "fr") for e in ended.events][-1] == said, "the log's last line is the end"
