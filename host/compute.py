"""The compute tier: CPU work (pictures, AI decisions, league maths, replays) in worker processes.

Threads do not help here: Pillow's quantiser and pure-Python search hold the GIL, so a picture drawn
in a thread still stalls the event loop. ``ComputePool`` wraps ``pebble.ProcessPool``, which kills
and replaces a worker whose task outlives its deadline and replaces one that dies; the caller then
gets ``ComputeFailed`` and picks its fallback (draw again, the simple AI, ...). Workers start by
``forkserver`` (``fork`` from the loop's process would copy its threads' locks mid-use).

Tasks are module-level functions (host/tasks.py) called with plain data: views, JSON bytes,
names, seeds. Nothing Discord- or storage-shaped crosses the boundary.

``configure``/``pool`` give the process one shared pool (bot.py and host/local.py start it);
``pending`` and ``metrics`` feed /health.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import multiprocessing
import os
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from concurrent.futures.process import BrokenProcessPool
from typing import Any, ParamSpec, TypeVar

from pebble import ProcessExpired, ProcessPool

from host.errors import HostError

P = ParamSpec("P")
T = TypeVar("T")

log = logging.getLogger(__name__)

DEFAULT_DEADLINE = 30.0
"""Seconds a task may take unless its caller says otherwise (a Barrage picture takes well under 1 s)."""
MAX_WORKERS = 64
START_METHOD = "forkserver"
PRELOAD = ("render", "rules", "host.tasks")
"""Imported once by the fork server, so each new worker starts warm (a replaced one too)."""


class ComputeFailed(HostError):
    """A task did not give a result: its worker died (``kind="died"``) or ran past its deadline
    (``"late"``, the worker was killed and replaced). The caller falls back; nothing was stored by it."""

    def __init__(self, message: str, *, task: str, kind: str) -> None:
        super().__init__(message, task=task, kind=kind)
        self.task = task
        self.kind = kind


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


class ComputePool:
    """A pool of worker processes with a deadline per task and counts for /health."""

    def __init__(self, workers: int | None = None, *, start_method: str = START_METHOD) -> None:
        workers = default_workers() if workers is None else workers
        if not 1 <= workers <= MAX_WORKERS:
            raise ValueError(f"a compute pool needs 1 to {MAX_WORKERS} workers, not {workers}")
        self.workers = workers
        self._context = multiprocessing.get_context(start_method)
        if start_method == "forkserver":
            self._context.set_forkserver_preload(list(PRELOAD))
        self._pool = self._started()
        self._pending: Counter[str] = Counter()
        self._guard = threading.Lock()
        self.counts: Counter[str] = Counter()
        """Tasks by outcome: ``done``, ``late`` (killed at its deadline), ``died``, ``failed`` (raised)."""

    @property
    def pending(self) -> int:
        """Tasks submitted and not finished (running now, or queued behind the workers)."""
        return sum(self._pending.values())

    def pending_of(self, *tasks: str) -> int:
        """Unfinished tasks of these kinds (function names): /health's "pictures waiting"."""
        return sum(self._pending[name] for name in tasks)

    def metrics(self) -> dict[str, Any]:
        """What /health shows about the pool: its size, what waits, and how tasks ended."""
        return {"workers": self.workers, "pending": self.pending,
                **{k: self.counts[k] for k in ("done", "late", "died", "failed")}}

    async def run(self, fn: Callable[P, T], *args: Any, deadline: float = DEFAULT_DEADLINE) -> T:
        """``fn(*args)`` in a worker; the caller's coroutine waits, the loop does not.

        Raises ``ComputeFailed`` if the worker dies or the task still runs ``deadline`` seconds after a
        worker took it (the worker is killed and replaced). An exception raised by ``fn`` itself is
        re-raised unchanged (a bug, not a crash: the caller logs it). Cancelling the caller cancels
        the task (and stops its worker if it had started).
        """
        return await asyncio.wrap_future(self.submit(fn, *args, deadline=deadline))

    def submit(self, fn: Callable[P, T], *args: Any, deadline: float = DEFAULT_DEADLINE) -> Future[T]:
        """``run`` for code without an event loop (``demo``): a future of the result or ComputeFailed."""
        name = getattr(fn, "__name__", repr(fn))
        outer: Future[T] = Future()
        with self._guard:
            self._pending[name] += 1
        used, inner = self._schedule(fn, args, deadline)

        def finished(done: Future[T]) -> None:
            with self._guard:
                self._pending[name] -= 1
            if done.cancelled():
                outer.cancel()
                return
            exc = done.exception()
            with contextlib.suppress(InvalidStateError):  # the caller cancelled meanwhile
                if exc is None:
                    self.counts["done"] += 1
                    outer.set_result(done.result())
                else:
                    outer.set_exception(self._failure(exc, name, deadline, used))

        inner.add_done_callback(finished)
        outer.add_done_callback(lambda o: inner.cancel() if o.cancelled() else None)
        return outer

    def _failure(self, exc: BaseException, name: str, deadline: float, used: ProcessPool) -> BaseException:
        """What the caller gets for a task that ended in ``exc``: ComputeFailed for a worker lost or late."""
        fields = {"task": name}
        if isinstance(exc, TimeoutError):
            self.counts["late"] += 1
            log.error("compute: %s ran past its %.1f s deadline; its worker was killed and replaced",
                      name, deadline, extra={**fields, "outcome": "late"})
            return ComputeFailed(f"{name} ran past its deadline", task=name, kind="late")
        if isinstance(exc, BrokenProcessPool):
            # pebble gives up on the whole pool when a worker dies while none is busy: start a new one
            self._replace(used, exc)
            self.counts["died"] += 1
            return ComputeFailed(f"the pool running {name} broke", task=name, kind="died")
        if isinstance(exc, ProcessExpired):
            self.counts["died"] += 1
            log.error("compute: the worker running %s died (exit code %s); a new one replaces it",
                      name, exc.exitcode, extra={**fields, "outcome": "died"})
            return ComputeFailed(f"the worker running {name} died", task=name, kind="died")
        self.counts["failed"] += 1
        return exc

    def _started(self) -> ProcessPool:
        """A new pebble pool with its workers running. pebble starts them on the first task; that is
        done here, in a thread of its own, so the event loop never waits for processes to start at a
        player's click (and a test's virtual clock on the loop's thread cannot stall the start)."""
        pool = ProcessPool(max_workers=self.workers, context=self._context)
        starter = threading.Thread(target=lambda: pool.schedule(len, args=("",)), name="compute-start")
        starter.start()
        starter.join()
        return pool

    def _schedule(self, fn: Callable[..., Any], args: tuple[Any, ...], deadline: float) -> tuple[ProcessPool, Any]:
        used = self._pool
        try:
            return used, used.schedule(fn, args=args, timeout=deadline)
        except RuntimeError as exc:  # the pool broke since the last task (a worker died idle)
            self._replace(used, exc)
            used = self._pool
            return used, used.schedule(fn, args=args, timeout=deadline)

    def _replace(self, old: ProcessPool, why: BaseException) -> None:
        """A new pebble pool for a broken one (once, however many tasks noticed)."""
        with self._guard:
            if self._pool is not old:
                return
            self._pool = self._started()
        log.error("compute: the worker pool broke (%s); a new one was started", why)
        old.stop()

    def worker_pids(self) -> list[int]:
        """The worker processes' ids (the crash test kills them)."""
        workers = getattr(self._pool, "_pool_manager", None)
        found = getattr(getattr(workers, "worker_manager", None), "workers", {}) if workers else {}
        return sorted(int(pid) for pid in found)

    def close(self) -> None:
        """Stop the workers (tasks still queued are cancelled)."""
        self._pool.stop()
        self._pool.join(timeout=5)


_pool: ComputePool | None = None
_pool_lock = threading.Lock()


def configure(workers: int | None = None) -> ComputePool:
    """Use a pool of ``workers`` processes from now on (bot.py: COMPUTE_WORKERS, default the cores)."""
    global _pool
    with _pool_lock:
        old, _pool = _pool, ComputePool(workers)
    if old is not None:
        old.close()
    return _pool


def pool() -> ComputePool:
    """The process's compute pool, started with the default size on first use."""
    return _pool if _pool is not None else configure()


def current() -> ComputePool | None:
    """The process's pool if one was started (/health reports nothing otherwise)."""
    return _pool


@atexit.register
def _close_at_exit() -> None:
    if _pool is not None:
        _pool.close()
