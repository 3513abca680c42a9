"""AI seats: which level or policy plays, the deterministic randomness it plays with, and where it thinks.

A seat's AI is a level (``easy``, ``normal``, ``hard``: see :mod:`engine.core.search`) or one of the
game's named policies (``greedy``, ``random``...), which older games stored and still play. The
default, for new AI seats and for missed turns unless the host chose another level, is ``normal``
(a game without search hooks keeps its ``greedy``, else ``random``). An AI's randomness is derived
from the game seed and the version it moves at, so the same game replays the same AI choices, and a retried
move after a crash picks the same choice again.

Each search level has a think budget (:data:`THINK`): the mean time per decision its playouts are
calibrated to on the reference machine (one core), and a cap. The playouts, not the clock, decide, so a
game replays exactly; the cap is a safety net the search honours anytime-style (it stops between two
sampled worlds and plays its best choice so far), set well above what a decision takes there. A host may
give a game's AI seats more time (``games.think``, a multiple of the level's budget: playouts and cap
alike, see :data:`THINK_SCALES`).

Search levels think in a process pool (:func:`think`): a CPU-bound search in a thread would still hold
the interpreter lock and stall the event loop. The worker receives only the seat's knowledge (the
state with everything the seat may not see in canonical form, as JSON), never the true state; a
bounded number of searches wait for a worker at once, the others wait their turn on the loop. A
worker dies with the bot, however the bot ends (even ``kill -9``): the kernel kills it when the bot
does (Linux's parent-death signal), and a watchdog thread ends it once its parent is gone elsewhere;
with the workers gone, multiprocessing's resource tracker finds its pipe closed and exits too.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import dataclasses
import multiprocessing
import os
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from engine import registry
from engine.core.contract import Choice, Decision, Game, Policy, all_policies
from engine.core.errors import BadOptions
from engine.core.rng import Rng
from engine.core.search import LEVELS, Advice, SearchPolicy, level_policy, search_hooks

DEFAULT_POLICY = "normal"
FALLBACK_POLICY = "greedy"
"""The default of a game without search hooks (``random`` if it has no ``greedy`` either)."""
WORKERS = 1
"""Search processes per bot process: the reference machine has two cores, one is the event loop's."""
QUEUE_LIMIT = 8
"""Searches submitted to the pool at once; more wait on the loop (bounded memory, fair order)."""


@dataclass(frozen=True, slots=True)
class Think:
    """A level's think budget per decision, in milliseconds of one core."""

    mean_ms: int
    """What a decision takes on average: the game's playouts for the level are calibrated to stay
    within it on the reference machine (``bricabot arena`` prints the measured mean and p95)."""
    cap_ms: int
    """The most processor time a decision may take: past it the search plays the best choice found so
    far."""


THINK = {"normal": Think(mean_ms=30, cap_ms=500), "hard": Think(mean_ms=150, cap_ms=1000)}
"""The search levels' think budgets (``easy`` is a heuristic: it thinks in a few milliseconds)."""
THINK_SCALES = (1, 2, 4, 8)
"""How many times its level's budget a host may give a game's AI seats (``/game settings think``)."""

_pool: ProcessPoolExecutor | None = None
_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def policy_names(game: Game[Any]) -> tuple[str, ...]:
    """What may play a seat, default first: the levels, then the game's named policies (only the
    named policies for a game without search, led by ``greedy`` if it has one)."""
    default = default_policy(game)
    names = (*LEVELS, *all_policies(game)) if search_hooks(game) is not None else tuple(all_policies(game))
    return (default, *(n for n in names if n != default))


def levels(game: Game[Any]) -> tuple[str, ...]:
    """The levels a lobby offers for ``game`` (none for a game without search)."""
    return LEVELS if search_hooks(game) is not None else ()


def default_policy(game: Game[Any]) -> str:
    if search_hooks(game) is not None:
        return DEFAULT_POLICY
    return FALLBACK_POLICY if FALLBACK_POLICY in all_policies(game) else "random"


def missed_policy(game: Game[Any], level: str) -> str:
    """Who plays a missed turn: the game's chosen ``level`` (the host's setting), or the game's default
    when it has no search levels (or the stored level is unknown)."""
    return level if level in levels(game) else default_policy(game)


def check_level(game: Game[Any], level: str) -> str:
    """``level`` if ``game`` offers it (a missed-turn setting), else :class:`BadOptions`."""
    if level not in levels(game):
        choices = ", ".join(levels(game)) or "none"
        raise BadOptions(
            f"{game.title} has no AI level '{level}'. Choose one of: {choices}.",
            key="ai.level" if levels(game) else "ai.no_levels",
            game=game.title,
            level=level,
            choices=choices,
        )
    return level


def check_policy(game: Game[Any], name: str | None) -> str:
    """``name`` if it is a level or a policy of the game (``None`` means the default), else
    :class:`BadOptions`."""
    if name is None:
        return default_policy(game)
    if name not in policy_names(game):
        choices = ", ".join(policy_names(game))
        raise BadOptions(
            f"{game.title} has no AI called '{name}'. Choose one of: {choices}.",
            key="ai.policy",
            game=game.title,
            policy=name,
            choices=choices,
        )
    return name


def check_scale(scale: int) -> int:
    """``scale`` if a host may give it (one of :data:`THINK_SCALES`), else :class:`BadOptions`."""
    if scale not in THINK_SCALES:
        choices = ", ".join(f"{n}" for n in THINK_SCALES)
        raise BadOptions(
            f"The AI's thinking time can be {choices} times its level's, not {scale}.",
            key="ai.think",
            think=scale,
            choices=choices,
        )
    return scale


def policy_for(game: Game[Any], name: str, scale: int = 1) -> Policy:
    """The policy playing ``name``: a level (given ``scale`` times its playouts), or a named policy of
    the game (a heuristic, which ``scale`` does not change)."""
    named = all_policies(game)
    if name in named:
        return named[name]
    policy = level_policy(game, name)
    return policy.scaled(scale) if isinstance(policy, SearchPolicy) and scale != 1 else policy


def deadline(level: str, scale: int = 1) -> Callable[[], bool]:
    """The stop test of one decision of ``level`` at ``scale`` times its budget: true once the thread
    has spent its cap of processor time from now. Processor time, not the wall clock: a machine busy
    with other work slows a search down without cutting it short, so the choice stays the one its
    playouts make."""
    until = time.thread_time() + THINK[level].cap_ms * scale / 1000
    return lambda: time.thread_time() > until


def ai_rng(seed: int, version: int, seat: int) -> Rng:
    """The RNG an AI uses for its move at ``version``: a pure function of the game seed, version and seat."""
    return Rng((seed * 1_000_003 + version) * 8 + seat)


def choose(game: Game[Any], policy: str, state: Any, decision: Decision, seed: int, scale: int = 1) -> Choice:
    """The AI's choice for ``decision``; deterministic in (game seed, state version, seat, scale)."""
    rng = ai_rng(seed, state.flow.version, decision.seat)
    return policy_for(game, policy, scale).choose(game, state, decision, rng)


def _decide(kind: str, policy: str, known: dict[str, Any], decision: Decision, seed: int, scale: int) -> str:
    """Worker side of :func:`think`: the search from the seat's knowledge alone, within its level's
    cap; returns the choice id."""
    game = registry.get(kind)
    search = policy_for(game, policy, scale)
    assert isinstance(search, SearchPolicy)
    state = game.from_json(known)
    rng = ai_rng(seed, state.flow.version, decision.seat)
    return search.decide(game, state, decision, rng, stop=deadline(search.name, scale)).id


HINT_LEVEL = "hard"
"""The level whose choice a hint shows."""


def _advise(kind: str, known: dict[str, Any], decision: Decision, seed: int, scale: int) -> Advice:
    """Worker side of :func:`advise`: the ``hard`` search from the seat's knowledge alone, explained."""
    game = registry.get(kind)
    search = policy_for(game, HINT_LEVEL, scale)
    assert isinstance(search, SearchPolicy)
    state = game.from_json(known)
    rng = ai_rng(seed, state.flow.version, decision.seat)
    return search.advise(game, state, decision, rng, stop=deadline(HINT_LEVEL, scale), explain=True)


async def advise(game: Game[Any], state: Any, decision: Decision, seed: int, scale: int = 1) -> Advice:
    """What ``hard`` would choose for ``decision`` and why (its playouts, the best alternatives', the
    facts that decided), thought in the process pool from the seat's knowledge only (the same choice a
    ``hard`` seat given ``scale`` times its budget makes there); a forced choice at once, and for a
    game without search its default policy's pick with no playouts."""
    if len(decision.choices) == 1:
        return Advice(decision.choices[0], 0, 1.0)
    search = policy_for(game, HINT_LEVEL, scale) if search_hooks(game) is not None else None
    if not isinstance(search, SearchPolicy):
        return Advice(await think(game, default_policy(game), state, decision, seed), 0, 0.5)
    known = game.to_json(search.hooks.knowledge(state, decision.seat))
    loop = asyncio.get_running_loop()
    slots = _slots.setdefault(loop, asyncio.Semaphore(QUEUE_LIMIT))
    async with slots:
        advice = await loop.run_in_executor(_executor(), _advise, game.kind, known, decision, seed, scale)
    # The worker's choices are copies: the decision's own are returned, and only legal ones.
    choice = _legal(decision, advice.choice.id)
    others = tuple(dataclasses.replace(r, choice=_legal(decision, r.choice.id)) for r in advice.others)
    return dataclasses.replace(advice, choice=choice, others=others)


def _legal(decision: Decision, choice_id: str) -> Choice:
    choice = decision.get(choice_id)
    if choice is None:
        raise RuntimeError(f"the search chose '{choice_id}', which is not a legal choice")
    return choice


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # spawn: a fork of a process running an event loop and threads is not safe.
        _pool = ProcessPoolExecutor(
            WORKERS,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_bind_to_parent,
            initargs=(os.getpid(), threading.current_thread() is threading.main_thread()),
        )
    return _pool


PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal the kernel sends this process when the thread that started it ends."""

WATCH_SECONDS = 0.5
"""How often a worker checks that its parent is still alive."""


def _bind_to_parent(parent: int, from_main_thread: bool) -> None:
    """Worker start: die with the bot that started it.

    On Linux the kernel sends SIGKILL the moment the parent dies — but the signal follows the thread
    that started the worker, so it is asked for only when that was the main thread (which lives as
    long as the process). Everywhere, a daemon thread checks every :data:`WATCH_SECONDS` that the
    parent is still this process's parent and exits otherwise (an orphan is adopted by another).
    """
    if from_main_thread and sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):  # no prctl: the watchdog alone
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(0)  # the parent died before the signal was asked for
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(0)


async def think(game: Game[Any], policy: str, state: Any, decision: Decision, seed: int, scale: int = 1) -> Choice:
    """:func:`choose` without blocking the event loop: a forced choice at once, a heuristic in a
    thread, a search in the process pool (from the seat's knowledge only, within its cap). Same choice
    as ``choose`` unless the cap cut the search short."""
    if len(decision.choices) == 1:
        return decision.choices[0]
    chosen = policy_for(game, policy, scale)
    if not isinstance(chosen, SearchPolicy):
        return await asyncio.to_thread(choose, game, policy, state, decision, seed)
    known = game.to_json(chosen.hooks.knowledge(state, decision.seat))
    loop = asyncio.get_running_loop()
    slots = _slots.setdefault(loop, asyncio.Semaphore(QUEUE_LIMIT))
    async with slots:
        choice_id = await loop.run_in_executor(_executor(), _decide, game.kind, policy, known, decision, seed, scale)
    return _legal(decision, choice_id)


def shutdown() -> None:
    """Stop the search processes at once (at exit; a later :func:`think` starts them again): searches
    waiting are cancelled and one under way is ended, so a stop never waits for a long think."""
    global _pool
    if _pool is not None:
        # No public way to end a worker before Python 3.14's terminate_workers(): the pool's own table.
        workers = list((getattr(_pool, "_processes", None) or {}).values())
        _pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(timeout=1.0)
        _pool = None
