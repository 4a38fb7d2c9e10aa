"""Fixtures shared by every test package (a package's own conftest may override them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import pytest_asyncio

from host.sessions import Host
from host.store import SqliteStore


@pytest.fixture
async def host(tmp_path):
    """A Host over a fresh SQLite store in the test's temporary folder."""
    store = SqliteStore(tmp_path / "games.db")
    await store.open()
    yield Host(store)
    await store.close()


@pytest.fixture(autouse=True)
def no_fair_use_limits(monkeypatch):
    """Tests ask for pictures back to back and set up many lobbies per user through the bot's host: no
    fair-use limits (the settings bot.create_bot reads) unless a test sets them; the limits have tests of
    their own (tests/discord_harness/test_fair_use_e2e.py)."""
    monkeypatch.setenv("PICTURE_COOLDOWN_SECONDS", "0")
    for name in ("MAX_OPEN_LOBBIES_PER_USER", "MAX_OPEN_LOBBIES_PER_SERVER", "REPLAY_QUEUE_MAX"):
        monkeypatch.setenv(name, "1000000")


SLOW_TESTS = Path(__file__).with_name("slow_tests.json")
"""The slowest tests' seconds in a whole run (from ``python -m pytest --durations=40``), for the queue
order below. A key is a test's id, or a test file whose tests share one costly computation (a cached
scan of many games: split between workers, each would redo it) and so go to one worker together. Only
the order matters: a stale figure costs a little wall time, never a test."""
SLOW_MARKED_SECONDS = 60
"""A test marked ``slow`` that the file does not list yet."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Order the queue so that no long test starts last. xdist's worksteal hands each worker one
    contiguous block of the queue and idle workers steal from the tails; so the long tests are dealt
    to the blocks longest first, each to the block with least long work so far (LPT), and each block
    starts with its long tests. Everything else keeps file order. Without xdist, the order is kept."""
    import os

    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers < 2:
        return
    known: dict[str, float] = json.loads(SLOW_TESTS.read_text())
    units: dict[str, tuple[float, list[pytest.Item]]] = {}
    for item in items:
        path = item.nodeid.split("::")[0]
        if path in known:
            units.setdefault(path, (known[path], []))[1].append(item)
        elif item.nodeid in known or item.get_closest_marker("slow"):
            units[item.nodeid] = (known.get(item.nodeid, SLOW_MARKED_SECONDS), [item])
    moved = {id(i) for _, unit in units.values() for i in unit}
    rest = iter([i for i in items if id(i) not in moved])
    sizes, left = [], len(items)
    for k in range(workers):  # the block sizes worksteal's first distribution gives
        sizes.append(left // (workers - k))
        left -= sizes[-1]
    blocks: list[list[pytest.Item]] = [[] for _ in sizes]
    load = [0.0] * workers
    for seconds, unit in sorted(units.values(), key=lambda u: -u[0]):
        fits = [k for k in range(workers) if len(blocks[k]) + len(unit) <= sizes[k]] or range(workers)
        k = min(fits, key=lambda k: load[k])
        blocks[k].extend(unit)
        load[k] += seconds
    for k, block in enumerate(blocks):
        block.extend(next(rest) for _ in range(max(0, sizes[k] - len(block))))
    items[:] = [item for block in blocks for item in block] + list(rest)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than cores (``-n auto``): about a fifth of the suite's wall time is waiting (SQLite
    threads, the simulated Discord's settling, worker processes), which a third worker fills. Measured on
    2 cores under another engineer's load: 3 workers 1140 s wall / 1110 s CPU, 2 workers 1182 s / 1085 s:
    the third worker's collection and switching cost ~2% CPU and save ~4% wall, which is CI's limit."""
    import os

    return (os.cpu_count() or 1) + 1


SETTLE_SECONDS = 60.0
"""How long simcord waits for the bot to go quiet before it calls the test a hang. Its own default (5 s)
is shorter than a loaded 2-core machine needs to draw a board in a worker: tests failed that way at
load 12-15 and passed alone. It bounds a hang; no test measures time with it."""


@pytest_asyncio.fixture
async def simcord_env(simcord_bot, request):  # type: ignore[no-untyped-def]
    """simcord's fixture with a hang limit for a loaded machine; a test's own ``simcord`` marker still
    sets any option, this limit included."""
    from simcord import Env

    marker = request.node.get_closest_marker("simcord")
    env = Env(simcord_bot, **{"settle_timeout": SETTLE_SECONDS, **(marker.kwargs if marker else {})})
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)
