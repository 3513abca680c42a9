"""Heavy drawings — a finished game's replay, its report's picture, a game's history boards — made in
a process of their own, a few at a time, and kept on disk.

A process of their own: a long game's replay holds hundreds of megabytes while it is made, and a
Python process seldom gives freed memory back to the system (its allocators keep their arenas), so a
web process that drew four replays at once stayed at gigabytes. Each drawing is made by a worker
process that ends once it is done (``max_tasks_per_child=1``, started by ``spawn``: a fork of a
process running an event loop and threads is not safe), so what it held goes back to the system
whole; the pool starts the next worker as a worker ends, so one waits ready (its modules loaded,
nothing drawn) for the next drawing. The worker's address space is capped (``RLIMIT_AS``,
``WEB_DRAWING_MB``): a drawing that would outgrow it fails there with ``MemoryError``, and its caller
is told :class:`Busy`.

A few at a time: a drawing takes a core for seconds. ``at_once`` of them are made together; the others
wait their turn, and beyond :data:`WAITING` waiting a new one is refused (:class:`Busy`), so a crowd
asking for many different drawings cannot pile up work without end.

Kept on disk: a picture of what no longer changes is made once. Its file is named by a digest of what
it is drawn from (the job and its inputs: the views, the names, the language, the report's values)
and of the drawing code, so the same inputs find the same file after a restart and from another
process, two databases sharing the folder never mix their games, and new drawing code draws anew
rather than serving old pictures. A file is written whole under another name, then renamed into place
(``os.replace``), so no reader sees half a picture; the folder is held under its bound by removing the
files served least recently. Callers asking for a drawing being made wait for that one making.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import os
import pickle
import resource
import stat
import tempfile
import time
import weakref
import zlib
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

import PIL

import engine
import renders
from bot.settings import Settings
from engine import registry
from engine.core.contract import View
from renders.api import drawings, render_board
from renders.results.chart import report
from renders.results.model import ReportPicture
from renders.results.replay import animation, frames

log = logging.getLogger("bricabot.heavy")

MB = 1024 * 1024
_SETTINGS = Settings.model_fields
CEILING_MB: int = _SETTINGS["web_drawing_mb"].default
AT_ONCE: int = _SETTINGS["web_drawings"].default
CACHE_MB: int = _SETTINGS["web_cache_mb"].default
WAITING = 32
"""Drawings that may wait their turn; one more is refused."""
SUFFIX = ".png"
SCRATCH = ".part"
"""A file being written (its name starts with a dot): renamed into place once whole."""
STALE_SECONDS = 3600
"""A scratch file this old was left by a worker that died while writing: removed."""

Job = Callable[..., bytes]
"""A drawing, run in the worker: plain picklable inputs in, PNG bytes out."""


class Busy(Exception):
    """The drawing could not be made now (its process ran out of memory or died, or too many drawings
    are waiting): nothing is kept, a later ask tries again."""


def board_png(view: View, lang: str, names: tuple[str, ...]) -> bytes:
    """The public board of a spectator's ``view`` (a stop of a game's history)."""
    return render_board(view, lang=lang, names=names).png


def replay_png(views: tuple[View, ...], lang: str, names: tuple[str, ...], limit: int) -> bytes:
    """The animated replay (APNG) of the public boards ``views``, within ``limit`` bytes."""
    return animation(frames(views, lang=lang, names=names), limit=limit).data


def report_png(picture: ReportPicture) -> bytes:
    """The post-game report's picture."""
    return report(picture).png


def shared_folder() -> Path:
    """The folder used when none is set: one of this user's own in the system's temporary folder."""
    return Path(tempfile.gettempdir()) / f"bricabot-drawings-{os.getuid()}"


class Drawer:
    """Drawings made in worker processes, ``at_once`` at a time, each within ``ceiling`` bytes of
    address space, kept as files in ``folder`` (at most ``bound`` bytes of them); ``None``:
    :func:`shared_folder`, which must be this user's own and closed to others.

    ``made`` counts the drawings made and ``most`` the most made at once, so a test can tell that a
    crowd of callers drew each picture once and never more than ``at_once`` together."""

    def __init__(
        self,
        folder: Path | None = None,
        *,
        bound: int = CACHE_MB * MB,
        at_once: int = AT_ONCE,
        ceiling: int = CEILING_MB * MB,
    ) -> None:
        self.folder = shared_folder() if folder is None else folder
        self._checked = folder is None
        self._ready = False
        self.bound = bound
        self.at_once = at_once
        self.ceiling = ceiling
        self.made = 0
        self.most = 0
        self._drawing = 0
        self._waiting = 0
        self._pool: ProcessPoolExecutor | None = None
        self._slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
            weakref.WeakKeyDictionary()
        )
        self._flights: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, asyncio.Task[None]]] = (
            weakref.WeakKeyDictionary()
        )

    @classmethod
    def from_settings(cls, settings: Settings) -> Drawer:
        """The drawer ``WEB_CACHE_DIR``, ``WEB_CACHE_MB``, ``WEB_DRAWINGS`` and ``WEB_DRAWING_MB`` describe."""
        return cls(
            settings.web_cache_dir,
            bound=settings.web_cache_mb * MB,
            at_once=settings.web_drawings,
            ceiling=settings.web_drawing_mb * MB,
        )

    async def open(self, job: Job, *inputs: Any) -> BinaryIO:
        """``job(*inputs)``'s picture as a file open for reading: the kept one, else drawn now (or
        awaited, when another caller asked first); :class:`Busy` when it cannot be drawn now."""
        if not self._ready:
            await self._usable(job)
        path = self.folder / f"{_key(job, inputs)}{SUFFIX}"
        found = _opened(path)
        if found is not None:
            return found
        loop = asyncio.get_running_loop()
        flights = self._flights.setdefault(loop, {})
        flight = flights.get(path.name)
        if flight is None:
            # A task of its own: a caller that goes away does not stop the drawing the others wait for.
            flight = flights[path.name] = loop.create_task(self._make(path, job, inputs))
            flight.add_done_callback(lambda done: _landed(flights, path.name, done))
        await asyncio.shield(flight)
        found = _opened(path)
        if found is None:  # removed at once to keep the folder within a bound smaller than a picture
            raise Busy(f"{path.name} was removed as soon as it was drawn")
        return found

    async def _make(self, path: Path, job: Job, inputs: tuple[Any, ...]) -> None:
        loop = asyncio.get_running_loop()
        slots = self._slots.setdefault(loop, asyncio.Semaphore(self.at_once))
        if slots.locked() and self._waiting >= WAITING:
            log.info("%s refused: %d drawings are waiting already", job.__name__, self._waiting)
            raise Busy("too many drawings are waiting")
        self._waiting += 1
        try:
            await slots.acquire()
        finally:
            self._waiting -= 1
        try:
            self.made += 1
            self._drawing += 1
            self.most = max(self.most, self._drawing)
            await self._usable(job)  # again: the folder may have been removed since (a temporary folder's cleaner)
            pool = self._executor()
            try:
                await loop.run_in_executor(pool, _draw, str(path), job, inputs)
            except BrokenProcessPool as error:  # the worker died (killed, or crashed): a new pool next time
                self._discard(pool)
                log.warning("%s failed: its process ended abruptly (%s)", job.__name__, error)
                raise Busy(f"{job.__name__}'s process ended abruptly") from error
            except MemoryError as error:
                log.warning("%s failed: it outgrew its ceiling of %d MiB", job.__name__, self.ceiling // MB)
                raise Busy(f"{job.__name__} outgrew its ceiling of {self.ceiling // MB} MiB") from error
            except Exception as error:
                log.warning("%s failed in its process: %s: %s", job.__name__, type(error).__name__, error)
                raise Busy(f"{job.__name__} failed") from error
        finally:
            self._drawing -= 1
            slots.release()
        try:
            await asyncio.to_thread(_evict, self.folder, self.bound, path)
        except OSError as error:  # the picture is drawn all the same; the next drawing tries again
            log.warning("the drawings in %s could not be held within their bound: %s", self.folder, error)

    async def _usable(self, job: Job) -> None:
        """Make the folder, closed to others; :class:`Busy` if it cannot be used."""
        try:
            await asyncio.to_thread(self._prepare)
        except OSError as error:
            log.warning("%s failed: its folder cannot be used (%s)", job.__name__, error)
            raise Busy(f"{self.folder} cannot be used") from error
        self._ready = True

    def _prepare(self) -> None:
        """Make the folder, closed to others; the shared default must also be this user's own (a
        directory, not a link) and closed to others already, or another user of the machine could put
        pictures in it or read them."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if self._checked:
            seen = self.folder.lstat()
            if seen.st_uid != os.getuid() or seen.st_mode & 0o077 or not stat.S_ISDIR(seen.st_mode):
                raise PermissionError(f"{self.folder} is not this user's own folder closed to others")

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.at_once,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(self.ceiling,),
                max_tasks_per_child=1,
            )
        return self._pool

    def _discard(self, broken: ProcessPoolExecutor) -> None:
        """Let go of a broken pool (not of the new one a drawing already started since)."""
        broken.shutdown(wait=False, cancel_futures=True)
        if self._pool is broken:
            self._pool = None

    def close(self, *, wait: bool = True) -> None:
        """End the worker processes (a later drawing starts them again); with ``wait`` false, a drawing
        being made finishes in its worker without its caller waiting for it."""
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None


_drawer: Drawer | None = None


def drawer() -> Drawer:
    """This process's drawer, as the settings describe it (read once, on first use): one limit for
    every page the process serves."""
    global _drawer
    if _drawer is None:
        _drawer = Drawer.from_settings(Settings())
    return _drawer


def stop() -> None:
    """Let this process's drawing workers end (the server is stopping): queued drawings are dropped, one
    being made finishes in its worker, and nothing starts a new worker unless a drawing is asked for."""
    if _drawer is not None:
        _drawer.close(wait=False)


def _landed(flights: dict[str, asyncio.Task[None]], name: str, done: asyncio.Task[None]) -> None:
    if flights.get(name) is done:
        del flights[name]
    if not done.cancelled():
        done.exception()  # retrieved: a failure whose callers all went away is not reported as lost


def _opened(path: Path) -> BinaryIO | None:
    """``path`` open for reading, marked as served now (the last to be removed); ``None`` if absent."""
    try:
        found = path.open("rb")
    except FileNotFoundError:
        return None
    with contextlib.suppress(OSError):
        os.utime(found.fileno())
    return found


def _key(job: Job, inputs: tuple[Any, ...]) -> str:
    digest = hashlib.sha256(_code())
    digest.update(f"{job.__module__}.{job.__qualname__}".encode())
    digest.update(pickle.dumps(inputs, pickle.HIGHEST_PROTOCOL))
    return digest.hexdigest()


@cache
def _code() -> bytes:
    """A digest of what draws: the games' rules and words, the renders, this module, the image and
    compression libraries' versions (a new version of any of them may draw other bytes)."""
    digest = hashlib.sha256(f"{PIL.__version__} {zlib.ZLIB_RUNTIME_VERSION}".encode())
    for package in (engine, renders):
        root = Path(package.__file__ or "").parent
        for file in sorted(root.rglob("*")):
            if file.is_file() and "__pycache__" not in file.parts:
                digest.update(file.relative_to(root.parent).as_posix().encode())
                digest.update(file.read_bytes())
    digest.update(Path(__file__).read_bytes())
    return digest.digest()


def _worker_start(ceiling: int) -> None:
    """A worker's start: every game's rules and drawings loaded, then its address space capped at
    ``ceiling`` bytes (never above the hard limit); so the cap bounds the drawing, and a drawing that
    outgrows it fails there with ``MemoryError`` rather than the worker failing as it starts."""
    for kind in registry.games():
        drawings(kind)
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (ceiling if hard == resource.RLIM_INFINITY else min(ceiling, hard), hard))


def _draw(path: str, job: Job, inputs: tuple[Any, ...]) -> None:
    """Worker side: draw, write the picture whole under a scratch name, then rename it into place."""
    data = job(*inputs)
    target = Path(path)
    scratch = target.with_name(f".{target.name}.{os.getpid()}{SCRATCH}")
    try:
        scratch.write_bytes(data)
        os.replace(scratch, target)
    except BaseException:
        scratch.unlink(missing_ok=True)
        raise


def _evict(folder: Path, bound: int, keep: Path) -> None:
    """Remove the pictures served least recently until those left take at most ``bound`` bytes (never
    ``keep``, just drawn), and scratch files left by a worker that died while writing."""
    kept: list[tuple[float, str, int]] = []
    total = 0
    stale = time.time() - STALE_SECONDS
    with os.scandir(folder) as entries:
        for entry in entries:
            with contextlib.suppress(FileNotFoundError):  # another process removed it meanwhile
                seen = entry.stat(follow_symlinks=False)
                if entry.name.endswith(SCRATCH) and seen.st_mtime < stale:
                    os.unlink(entry.path)
                elif entry.name.endswith(SUFFIX) and not entry.name.startswith(".") and stat.S_ISREG(seen.st_mode):
                    kept.append((seen.st_mtime, entry.path, seen.st_size))
                    total += seen.st_size
    for _, name, size in sorted(kept):
        if total <= bound:
            break
        if name != str(keep):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(name)
            total -= size
