"""Fixtures shared by every test package (a package's own conftest may override them)."""

from __future__ import annotations

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Queue the tests marked slow first (a stable sort keeps the rest in file order): a long test
    started last would leave the other xdist worker idle while it runs."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than cores (``-n auto``): about a fifth of the suite's wall time is waiting (SQLite
    threads, the simulated Discord's settling, worker processes), which a third worker fills."""
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
