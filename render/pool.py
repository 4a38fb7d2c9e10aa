"""Drawing off the event loop: a small dedicated thread pool for every picture the bot posts.

A board takes tens to hundreds of milliseconds of Pillow work; drawn on the event loop it would
stall every other game's clicks (and the gateway heartbeat) meanwhile. The pool is dedicated rather
than asyncio's default executor because that one also resolves host names for aiohttp: a burst of
pictures must not delay Discord's HTTP connections. It is bounded (``RENDER_THREADS``) so a burst
queues instead of starving the loop's own thread of CPU; Pillow releases the GIL in its C drawing
and encoding, so a few threads do overlap. ``pending()`` is the queue an operator sees in /health.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

DEFAULT_THREADS = 2


class RenderPool:
    """A bounded thread pool that counts the pictures waiting or being drawn."""

    def __init__(self, threads: int = DEFAULT_THREADS) -> None:
        if threads < 1:
            raise ValueError("a render pool needs at least one thread")
        self.threads = threads
        self._executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="render")
        self._pending = 0
        self._guard = threading.Lock()

    @property
    def pending(self) -> int:
        """Pictures submitted and not finished (drawing now, or queued behind the threads)."""
        return self._pending

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn(*args, **kwargs)`` in a pool thread; the caller's coroutine waits, the loop does not."""
        loop = asyncio.get_running_loop()
        with self._guard:
            self._pending += 1
        try:
            return await loop.run_in_executor(self._executor, functools.partial(fn, *args, **kwargs))
        finally:
            with self._guard:
                self._pending -= 1

    def shutdown(self) -> None:
        """Stop the threads once the queued pictures are drawn."""
        self._executor.shutdown(wait=False, cancel_futures=False)


_pool: RenderPool | None = None


def configure(threads: int = DEFAULT_THREADS) -> RenderPool:
    """Use a pool of ``threads`` from now on (bot.py calls it with RENDER_THREADS at start-up)."""
    global _pool
    old, _pool = _pool, RenderPool(threads)
    if old is not None:
        old.shutdown()
    return _pool


def pool() -> RenderPool:
    """The process's render pool, created with the default size on first use."""
    return _pool if _pool is not None else configure()


async def render_async(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Draw with ``fn`` in the render pool: ``await render_async(cog.pictures, session, None)``."""
    return await pool().run(fn, *args, **kwargs)
