"""Every public :class:`GameService` call given an argument of the wrong type (``None`` for an id,
a ``bool`` or ``float`` for an integer, bytes for a number, a dataclass with a wrongly typed field…) is
refused with :class:`BadInput` before it takes a game lock or touches the store, on each store."""

from __future__ import annotations

import asyncio
import inspect
import threading
from collections.abc import Callable, Coroutine, Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service import BadInput, GameService, GuildSettings, TimeoutPolicy, Work
from bot.service.inputs import conforms
from bot.service.tutorials import TutorialProgress
from bot.store.postgres import scratch_schema
from bot.store.rows import DeliveryRow
from tests.bot.conftest import ManualClock, started_tiny
from tests.bot.databases import STORES, TEST_DATABASE_URL
from tests.bot.test_fuzz import Rows

T = TypeVar("T")
NOW = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
EXAMPLES = 400
FUZZED: dict[str, int] = {}
"""Wrongly typed calls made, per store (printed with ``-s``)."""

CALLS = {
    name: member
    for name, member in inspect.getmembers(GameService, inspect.isfunction)
    if not name.startswith("_") and getattr(member, "__gated__", False)
}
"""Every public call, by name (each passes the service's gate)."""


def _hints(name: str) -> dict[str, Any]:
    hints = get_type_hints(CALLS[name])
    hints.pop("return", None)
    return hints


CHECKED = sorted(name for name in CALLS if _hints(name))
"""The calls that take arguments."""


class Loop:
    """An event loop in a thread of its own: hypothesis drives examples synchronously, the service
    lives on this loop for the whole module."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=60)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()
        self.loop.close()


class Untouchable:
    """Stands in for the store (and a game lock): any use fails the test."""

    def __init__(self, what: str) -> None:
        self.what = what

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a wrongly typed call used the {self.what} ({name})")

    def __call__(self, *args: object) -> Any:
        raise AssertionError(f"a wrongly typed call took a {self.what}")


@pytest.fixture(scope="module", params=STORES)
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """``(loop, service, address, game id)`` on a database holding one running game."""
    loop = Loop()
    schema = None
    if request.param == "sqlite":
        address = str(tmp_path_factory.mktemp("types") / "b.sqlite3")
    else:
        schema = scratch_schema(TEST_DATABASE_URL)
        address = loop.run(schema.__aenter__())
    service = loop.run(GameService.open(address, clock=ManualClock()))
    game_id = loop.run(started_tiny(service))
    try:
        yield loop, service, address, game_id
    finally:
        loop.run(service.close())
        if schema is not None:
            loop.run(schema.__aexit__(None, None, None))
        loop.close()


def valid(name: str, hint: Any, game_id: int) -> Any:
    """A value of type ``hint`` for parameter ``name`` (its meaning does not matter: the call is refused
    for another argument first)."""
    if name == "game_id":
        return game_id
    origin, args = get_origin(hint), get_args(hint)
    if origin is Union or (origin is not None and type(None) in args):
        return None if type(None) in args else valid(name, args[0], game_id)
    if origin is Literal:
        return args[0]
    if hint is bool:
        return True
    if hint is int:
        return 1
    if hint is str:
        return "en"
    if origin is not None and issubclass(origin, Mapping):
        return {}
    if origin is not None:
        return ("lang",)
    made = {
        datetime: NOW,
        timedelta: timedelta(days=1),
        TimeoutPolicy: TimeoutPolicy(),
        GuildSettings: GuildSettings(),
        Work: Work("resume", game_id, None, NOW),
        DeliveryRow: DeliveryRow(game_id, "board", "board", 0, {}, 0, 0),
        TutorialProgress: TutorialProgress("tiny", None, None, "en"),
    }
    return made[hint]


ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.binary(max_size=3),
    st.lists(st.integers(), max_size=2),
    st.tuples(st.integers()),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.just(object()),
    st.just(NOW.replace(tzinfo=None).date()),
)
WRONG_FIELDS = st.one_of(
    st.builds(Work, kind=ANYTHING, game_id=ANYTHING, seat=ANYTHING, due=ANYTHING),
    st.builds(GuildSettings, lang=ANYTHING, turn_timer=ANYTHING, channel_id=ANYTHING, timeout_policy=ANYTHING),
    st.builds(TutorialProgress, kind=ANYTHING, chapter=ANYTHING, step=ANYTHING, lang=ANYTHING),
    st.builds(
        DeliveryRow,
        game_id=ANYTHING,
        key=ANYTHING,
        lane=ANYTHING,
        version=ANYTHING,
        payload=ANYTHING,
        attempts=ANYTHING,
        due_at=ANYTHING,
        blocked=ANYTHING,
    ),
)
"""Dataclass arguments with wrongly typed fields (``TimeoutPolicy`` checks its own when built)."""


@st.composite
def wrong_calls(draw: st.DrawFn, game_id: int) -> tuple[str, dict[str, Any]]:
    """A call with one argument (or more) of the wrong type: ``(call, keyword arguments)``."""
    name = draw(st.sampled_from(CHECKED))
    hints = _hints(name)
    wrong = draw(st.sampled_from(sorted(hints)))
    arguments = {p: valid(p, h, game_id) for p, h in hints.items()}
    for extra in draw(st.sets(st.sampled_from(sorted(hints)), max_size=2)):
        arguments[extra] = draw(ANYTHING)  # other arguments may be wrong too
    arguments[wrong] = draw(st.one_of(ANYTHING, WRONG_FIELDS).filter(lambda v: not conforms(v, hints[wrong])))
    return name, arguments


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_wrongly_typed_call_is_refused_before_any_lock_or_store(served: Any, data: st.DataObject) -> None:
    loop, service, address, game_id = served
    name, arguments = data.draw(wrong_calls(game_id))
    store, lock = service.store, service._lock
    service.store, service._lock = Untouchable("store"), Untouchable("game lock")
    try:
        call: Callable[..., Any] = getattr(service, name)
        with pytest.raises(BadInput):
            if inspect.iscoroutinefunction(CALLS[name]):
                loop.run(call(**arguments))
            else:
                call(**arguments)
    finally:
        service.store, service._lock = store, lock
    FUZZED[address] = FUZZED.get(address, 0) + 1


def test_the_store_is_as_it_was(served: Any) -> None:
    """After every wrongly typed call above: the game still replays, no row was added."""
    loop, service, address, game_id = served

    async def rows() -> list[list[Any]]:
        async with Rows(address) as opened:
            return await opened.all()

    assert loop.run(service.replay_matches(game_id))
    store = "postgresql" if "://" in address else "sqlite"
    print(f"\nwrongly typed calls refused on {store}: {FUZZED.get(address, 0)}")
    assert FUZZED.get(address, 0) >= EXAMPLES // 2
    # One game, its two seats and its first snapshot; no move, message, note or user or server setting.
    assert [len(table) for table in loop.run(rows())] == [1, 2, 0, 1, 0, 0, 0, 0]


@pytest.mark.parametrize(
    ("call", "arguments"),
    [
        ("set_vacation", {"user_id": None, "on": True}),
        ("set_dm_turns", {"user_id": None, "on": True}),
        ("set_user_lang", {"user_id": None, "lang": "fr"}),
        ("set_guild_settings", {"guild_id": None, "settings": GuildSettings()}),
        ("create_lobby", {"kind": "tiny", "host_id": 1, "seats": b"1"}),
        ("perform", {"work": Work(kind=7, game_id=1, seat=None, due=NOW)}),  # type: ignore[arg-type]
        ("act", {"game_id": "1", "user_id": 1, "choice_id": "end", "expected_version": 0}),
        ("act", {"game_id": [1], "user_id": 1, "choice_id": "end", "expected_version": 0}),
        ("join", {"game_id": True, "user_id": 1}),
        ("view", {"game_id": 1.0, "user_id": None}),
    ],
)
def test_the_measured_cases_are_refused(served: Any, call: str, arguments: dict[str, Any]) -> None:
    loop, service, _, _ = served
    with pytest.raises(BadInput):
        loop.run(getattr(service, call)(**arguments))
    assert loop.run(service.vacation(1)) is False


def test_a_tuple_passes_for_a_sequence_of_any_length() -> None:
    """``Sequence[str]`` takes a tuple of any length; only ``tuple[str, int]`` fixes one."""
    assert conforms(("lobby", "active", "finished"), Sequence[str])
    assert not conforms(("lobby", 3), Sequence[str])
    assert conforms(("a", 1), tuple[str, int]) and not conforms(("a", 1, 2), tuple[str, int])
