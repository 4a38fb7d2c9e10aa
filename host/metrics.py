"""In-process counters for operators: moves, moves per minute, move latency, errors, uptime.

One ``Metrics`` per bot process. The cogs record moves (with the time a player waited for the new
board) and Discord sends that were given up; every log record at ERROR or above counts as an error
too (a handler on the root logger), so a failure logged anywhere (the clock loop, discord.py
itself) shows up in ``/health`` without each call site remembering to count it.
"""

from __future__ import annotations

import logging
import math
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any, ClassVar

WINDOW_SECONDS = 60.0
LATENCY_SAMPLES = 500
"""The newest move latencies kept for the percentiles (older moves say little about now)."""


def percentile(sorted_values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (0 < q <= 100) of already sorted values; None when there are none."""
    if not sorted_values:
        return None
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


class Metrics:
    """Counters and a sliding window; safe to update from the loop and from render threads."""

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
        window: float = WINDOW_SECONDS,
        count_logged_errors: bool = True,
    ) -> None:
        self._clock = clock
        self._wall = wall
        self.window = window
        self.started_at = wall()
        self._started = clock()
        self.moves_total = 0
        self.errors_total = 0
        self.last_error_at: float | None = None
        """Wall-clock time of the newest error (None: none since start)."""
        self.last_error: str | None = None
        """What failed last: a logger name or a short label such as ``discord_send``."""
        self._recent: deque[float] = deque()
        self._latencies: deque[float] = deque(maxlen=LATENCY_SAMPLES)
        self._guard = threading.Lock()
        if count_logged_errors:
            _ErrorLogHandler.watch(self)

    def record_move(self, latency_ms: float | None = None) -> None:
        """One stored move; ``latency_ms`` from the player's click to the new board, when known."""
        now = self._clock()
        with self._guard:
            self.moves_total += 1
            self._recent.append(now)
            if latency_ms is not None:
                self._latencies.append(latency_ms)
            self._prune(now)

    def record_error(self, what: str) -> None:
        """One failure; call it only for failures not logged at ERROR (those are counted already)."""
        with self._guard:
            self.errors_total += 1
            self.last_error_at = self._wall()
            self.last_error = what

    def _prune(self, now: float) -> None:
        while self._recent and self._recent[0] <= now - self.window:
            self._recent.popleft()

    def moves_per_minute(self) -> float:
        """Moves stored during the last window, scaled to one minute."""
        with self._guard:
            self._prune(self._clock())
            return len(self._recent) * 60.0 / self.window

    def latency_ms(self) -> tuple[float | None, float | None]:
        """(p50, p95) of the newest move latencies, in milliseconds."""
        with self._guard:
            values = sorted(self._latencies)
        return percentile(values, 50), percentile(values, 95)

    def uptime(self) -> float:
        return self._clock() - self._started

    def snapshot(self) -> dict[str, Any]:
        p50, p95 = self.latency_ms()
        return {
            "started_at": self.started_at,
            "uptime_s": round(self.uptime(), 1),
            "moves_total": self.moves_total,
            "moves_per_minute": round(self.moves_per_minute(), 2),
            "move_latency_ms": {"p50": _round(p50), "p95": _round(p95)},
            "errors_total": self.errors_total,
            "last_error_at": self.last_error_at,
            "last_error": self.last_error,
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


class _ErrorLogHandler(logging.Handler):
    """Counts ERROR records into every live Metrics; installed once on the root logger.

    Metrics are held weakly, so a bot that is thrown away (tests build many) stops counting and
    leaves no handler behind."""

    _installed: ClassVar[_ErrorLogHandler | None] = None
    _watched: ClassVar[weakref.WeakSet[Metrics]] = weakref.WeakSet()

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)

    @classmethod
    def watch(cls, metrics: Metrics) -> None:
        cls._watched.add(metrics)
        root = logging.getLogger()
        if cls._installed is None or cls._installed not in root.handlers:
            cls._installed = cls()
            root.addHandler(cls._installed)

    def emit(self, record: logging.LogRecord) -> None:
        for metrics in list(self._watched):
            metrics.record_error(record.name)
