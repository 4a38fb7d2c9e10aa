"""Fixtures shared by every test package (a package's own conftest may override them)."""

from __future__ import annotations

import pytest

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
