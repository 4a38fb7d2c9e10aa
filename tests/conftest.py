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
