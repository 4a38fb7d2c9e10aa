"""Fixtures of the history tests: a Host over a temporary SQLite store."""

from __future__ import annotations

import pytest

from host.sessions import Host
from host.store import SqliteStore


@pytest.fixture
async def host(tmp_path):
    store = SqliteStore(tmp_path / "games.db")
    await store.open()
    yield Host(store)
    await store.close()
