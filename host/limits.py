"""Fair use of a shared bot: how much one user or one server may ask of it at once.

Four settings, each with a default that a normal table never meets: open lobbies per user and per
server, a per-user cooldown between pictures drawn on request (``/game status``, ``/ra status``,
``/barrage status``, ``/league leaderboard``), and how many replay GIFs may be drawing or waiting at
once. Every refusal is a ``LimitReached`` with a catalogue key and its numbers, so a front end says it
in the user's language; nothing is changed by a refused request.
"""

from __future__ import annotations

import contextlib
import math
import os
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping

import cachetools
import msgspec

from host.errors import HostError


class LimitReached(HostError):
    """A fair-use limit refused the request (``key`` and the numbers are in ``fields``)."""


class Limits(msgspec.Struct, frozen=True):
    """The fair-use settings (environment names in capitals: MAX_OPEN_LOBBIES_PER_USER, ...)."""

    max_open_lobbies_per_user: int = 3
    max_open_lobbies_per_server: int = 25
    picture_cooldown_seconds: float = 5.0
    replay_queue_max: int = 4
    undo_request_seconds: float = 86400.0
    """How long the other players have to confirm an agreed undo (host/undo.py) before it lapses."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Limits:
        """The settings from the environment; one unset or unreadable is its default (the start-up
        validation of every setting, host/settings.py, is where a bad value is refused with a line)."""
        env = os.environ if env is None else env
        values: dict[str, float | int] = {}
        for name in cls.__struct_fields__:
            default = getattr(cls(), name)
            text = env.get(name.upper(), "").strip()
            try:
                value = type(default)(text)
            except ValueError:
                continue
            if math.isfinite(value) and value >= 0:
                values[name] = value
        return cls(**values)  # type: ignore[arg-type]

    @classmethod
    def from_settings(cls, settings: object) -> Limits:
        """The limits from the validated settings (host/settings.py refuses a bad value at start-up)."""
        return cls(**{name: getattr(settings, name) for name in cls.__struct_fields__})


UNLIMITED = Limits(max_open_lobbies_per_user=2**62, max_open_lobbies_per_server=2**62, picture_cooldown_seconds=0.0,
                   replay_queue_max=2**62)
"""What a Host built without limits has (local play, tests, benchmarks); the bot passes the settings."""


class Cooldown:
    """Per user: at most one request every ``seconds`` (memory bounded: users idle longer are forgotten)."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.time, *, users: int = 100_000) -> None:
        self.seconds = seconds
        self._clock = clock
        self._last: cachetools.TTLCache[int, float] = cachetools.TTLCache(
            maxsize=users, ttl=max(seconds, 1e-9), timer=clock)

    def take(self, user_id: int) -> None:
        """Count a request of ``user_id`` now, or raise LimitReached with how long to wait."""
        if self.seconds <= 0:
            return
        now = self._clock()
        last = self._last.get(user_id)
        if last is not None and now - last < self.seconds:
            wait = math.ceil(self.seconds - (now - last))
            raise LimitReached(f"One picture every {self.seconds:g} seconds, please: try again in {wait} s.",
                               key="common.limit.pictures", seconds=f"{self.seconds:g}", wait=wait)
        self._last[user_id] = now


class BoundedQueue:
    """At most ``size`` jobs drawing or waiting at once (replay GIFs); one more is refused with an
    estimate of when a place frees up (from how long recent jobs took)."""

    def __init__(self, size: int, clock: Callable[[], float] = time.monotonic, *, first_guess: float = 20.0) -> None:
        self.size = size
        self._clock = clock
        self._running = 0
        self._took: deque[float] = deque([first_guess], maxlen=8)

    @property
    def busy(self) -> int:
        return self._running

    def retry_after(self) -> int:
        """Seconds until a place is likely free: a recent job's typical time (at least 1)."""
        return max(1, math.ceil(sorted(self._took)[len(self._took) // 2]))

    def place(self) -> contextlib.AbstractContextManager[None]:
        """Take a place now (LimitReached at once when all are taken), so the refusal can be said
        before any work; the place is given back when the returned block ends."""
        if self._running >= self.size:
            wait = self.retry_after()
            raise LimitReached(f"Too many replays are being drawn right now: try again in {wait} s.",
                               key="common.limit.replays", wait=wait)
        self._running += 1
        return self._held(self._clock())

    @contextlib.contextmanager
    def _held(self, started: float) -> Iterator[None]:
        try:
            yield
        finally:
            self._running -= 1
            self._took.append(self._clock() - started)
