"""AI levels in the service layer (names, defaults, thinking off the event loop) and ``bricabot arena``."""

from __future__ import annotations

import asyncio
import json
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import ai
from console.commands.arena import lineup, percentile, wilson
from engine import registry
from engine.botfactory.value import GROUPS
from engine.core.errors import BadOptions
from engine.core.rng import Rng
from engine.core.search import SearchPolicy
from engine.imaginarium.value import GROUPS as IMAGINARIUM_GROUPS
from program.cli import main
from tests.support.tinygame import GAME as TINY


@pytest.fixture
def pool() -> Iterator[None]:
    yield
    ai.shutdown()


def test_levels_lead_the_names_and_normal_is_the_default() -> None:
    for kind in ("botfactory", "imaginarium"):
        game = registry.get(kind)
        names = ai.policy_names(game)
        assert names[:3] == ("normal", "easy", "hard") and "random" in names and "greedy" in names
        assert ai.check_policy(game, None) == "normal"
        assert ai.check_policy(game, "hard") == "hard" and ai.check_policy(game, "greedy") == "greedy"
        assert isinstance(ai.policy_for(game, "hard"), SearchPolicy)
        with pytest.raises(BadOptions, match="no AI called 'expert'"):
            ai.check_policy(game, "expert")
    # A game without search keeps its own policies, as stored games expect.
    assert ai.policy_names(TINY)[0] == "random" and "hard" not in ai.policy_names(TINY)


async def test_think_runs_the_search_in_a_worker_process_from_the_seat_knowledge(pool: None) -> None:
    game = registry.get("botfactory")
    state = game.new(2, 9)
    rng = Rng(2)
    easy = ai.policy_for(game, "easy")
    while True:  # to a decision with a real choice, a few turns in
        decision = game.pending(state)[0]
        if state.flow.round >= 2 and len(decision.choices) > 2:
            break
        game.advance(state, decision.seat, easy.choose(game, state, decision, rng))
    thought = await ai.think(game, "normal", state, decision, 77)
    assert thought == ai.choose(game, "normal", state, decision, 77)
    # The loop stays free while the worker thinks.
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.001)

    ticker = asyncio.create_task(tick())
    await ai.think(game, "hard", state, decision, 78)
    ticker.cancel()
    assert ticks > 5


async def test_forced_choices_do_not_reach_the_pool() -> None:
    game = registry.get("imaginarium")
    state = game.new(2, 1)
    decision = game.pending(state)[0]
    single = type(decision)(decision.seat, decision.prompt, decision.choices[:1])
    assert await ai.think(game, "hard", state, single, 1) == decision.choices[0]
    assert ai._pool is None


def test_wilson_interval_and_percentiles() -> None:
    low, high = wilson(20, 40)
    assert (round(low, 3), round(high, 3)) == (0.352, 0.648)
    assert wilson(0, 10)[0] == 0.0 and 0.0 < wilson(0, 10)[1] < 0.35
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5) == 3.0 and percentile([], 0.95) == 0.0
    assert lineup(["hard", "easy"], 3) == ["hard", "easy", "easy"]


def test_arena_rotates_seats_and_ends_with_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "botfactory", "--players", "2", "--policies", "easy,random", "--games", "2"]
    assert main([*argv, "--seed", "3", "--json"]) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out.strip().splitlines()[-1])
    assert set(result) >= {"policies", "mean_rounds", "median_rounds", "end_reasons", "think_ms_p95"}
    rows = {row["name"]: row for row in result["policies"]}
    assert set(rows) == {"easy", "random"} and rows["easy"]["wins"] == 2
    assert set(rows["easy"]) == {"name", "wins", "games", "win_rate", "ci95", "mean_score"}
    assert result["end_reasons"] == {"botfactory.end.scored": 2}
    assert set(result["think_ms_p95"]) == {"easy", "random"}
    assert "2/2 games" in captured.err


def test_arena_refuses_unknown_policies_and_too_many() -> None:
    with pytest.raises(SystemExit, match="no AI called 'expert'"):
        main(["arena", "--game", "botfactory", "--players", "2", "--policies", "hard,expert", "--games", "1"])
    with pytest.raises(SystemExit, match="3 policies for 2 seats"):
        main(["arena", "--game", "botfactory", "--players", "2", "--policies", "easy,easy,easy", "--games", "1"])


def test_arena_budget_plays_a_curve_on_the_same_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "botfactory", "--players", "2", "--policies", "normal,easy", "--games", "1"]
    assert main([*argv, "--budget", "0,0.25,1", "--no-check", "--json"]) == 0
    out = capsys.readouterr().out
    result = json.loads(out.strip().splitlines()[-1])
    assert [p["scale"] for p in result["curve"]] == [0.0, 0.25, 1.0]
    assert all(p["games"] == 1 and "think_cpu_ms_p95" in p for p in result["curve"])
    # ×0 plays the prior's pick: it is held to the level's own cap, not to a cap of nothing.
    assert [p["over_cap"] for p in result["curve"]] == [0, 0, 0]
    _, low, high = result["curve"]
    assert low["think_cpu_ms_mean"] < high["think_cpu_ms_mean"]  # four times the playouts
    assert "budget ×0.25 for normal (3 playouts per decision)" in out and "strength of normal" in out
    assert result["over_cap"] == {"normal": 0}
    with pytest.raises(SystemExit, match="does not search"):
        main(["arena", "--game", "botfactory", "--policies", "easy,normal", "--games", "1", "--budget", "2"])


def test_arena_says_why_solo_games_were_lost(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "botfactory", "--players", "1", "--policies", "random", "--games", "2"]
    assert main([*argv, "--option", "task=A", "--no-check", "--json"]) == 0
    out = capsys.readouterr().out
    result = json.loads(out.strip().splitlines()[-1])
    assert sum(result["lost_because"].values()) == 2 - result["policies"][0]["wins"] > 0
    assert all(why.startswith("Task A not achieved (") and "fired" in why for why in result["lost_because"])
    assert "robots of one colour of the 3 asked" in out


def test_the_cap_counts_processor_time_and_scales(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stop test a worker gives the search turns true once the thread has spent the level's cap
    (times the game's scale) of processor time, and not before; sleeping spends none."""
    monkeypatch.setitem(ai.THINK, "hard", ai.Think(mean_ms=1, cap_ms=20))
    stop = ai.deadline("hard", 2)
    time.sleep(0.06)  # wall time passes, processor time hardly
    assert not stop()
    start = time.thread_time()
    while not stop():
        pass
    assert 0.03 <= time.thread_time() - start < 0.2


def test_fit_value_learns_weights_for_every_feature_and_scores_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``bricabot fit-value`` writes the table ``data/value.toml`` holds: a weight for every feature,
    the command that wrote it, the held-out scores of the learned value and of the estimate; the
    same seeds give the same file."""
    out = tmp_path / "value.toml"
    argv = ["fit-value", "--game", "botfactory", "--games", "4", "--seed", "11"]
    assert main([*argv, "--out", str(out)]) == 0
    table = tomllib.loads(out.read_text("utf-8"))["players"]["2"]
    assert set(table["weights"]) == set(GROUPS)
    assert table["fitted"] == "bricabot fit-value --game botfactory --games 4 --seed 11"
    assert "learned explains" in out.read_text("utf-8") and "estimate explains" in out.read_text("utf-8")
    assert "4/4 games" in capsys.readouterr().err
    assert main(argv) == 0
    assert capsys.readouterr().out == out.read_text("utf-8")


def test_fit_value_writes_a_table_size_into_the_file_keeping_the_others(tmp_path: Path) -> None:
    """A four-player table fit on ``easy``'s games goes into the file beside the two-player one, which
    stays as it was; fitting a size again replaces its table."""
    out = tmp_path / "value.toml"
    assert main(["fit-value", "--game", "botfactory", "--games", "4", "--seed", "11", "--out", str(out)]) == 0
    two = tomllib.loads(out.read_text("utf-8"))["players"]["2"]
    four = ["fit-value", "--game", "botfactory", "--players", "4", "--level", "easy", "--games", "4", "--seed", "3"]
    assert main([*four, "--out", str(out)]) == 0
    tables = tomllib.loads(out.read_text("utf-8"))["players"]
    assert tables["2"] == two and set(tables) == {"2", "4"}
    assert tables["4"]["fitted"] == "bricabot fit-value --game botfactory --players 4 --level easy --games 4 --seed 3"
    assert set(tables["4"]["weights"]) == set(GROUPS) and tables["4"]["weights"] != two["weights"]
    text = out.read_text("utf-8")
    assert main([*four, "--out", str(out)]) == 0
    assert out.read_text("utf-8") == text


def test_fit_value_refuses_a_table_of_one_or_one_the_game_has_not() -> None:
    with pytest.raises(SystemExit, match="at least 2"):
        main(["fit-value", "--game", "botfactory", "--players", "1", "--games", "4"])
    with pytest.raises(SystemExit, match="1 to 4 seats, not 9"):
        main(["fit-value", "--game", "botfactory", "--players", "9", "--games", "4"])


def test_fit_value_learns_imaginarium_s_value_beside_forecast(tmp_path: Path) -> None:
    out = tmp_path / "value.toml"
    assert main(["fit-value", "--game", "imaginarium", "--games", "4", "--seed", "5", "--out", str(out)]) == 0
    table = tomllib.loads(out.read_text("utf-8"))["players"]["2"]
    assert set(table["weights"]) == set(IMAGINARIUM_GROUPS)
    assert table["fitted"] == "bricabot fit-value --game imaginarium --games 4 --seed 5"
    assert "forecast explains" in out.read_text("utf-8")


def test_fit_value_refuses_a_game_without_features(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._extra, TINY.kind, TINY)
    with pytest.raises(SystemExit, match="no features"):
        main(["fit-value", "--game", TINY.kind, "--games", "4"])
