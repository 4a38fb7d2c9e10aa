"""Fixtures that run a test on each store: ``store`` (an open store, fresh for every test) and
``database`` (what to open: a SQLite path or a PostgreSQL URL), both parametrised over
``sqlite`` and ``postgres``.

PostgreSQL comes from ``TEST_DATABASE_URL`` if it is set, else from a throwaway cluster started
once per test run (tests/storage/pg.py); without either, the postgres half is skipped and says why.
Every test gets a schema of its own in that database (``?search_path=`` in the URL the store opens),
dropped afterwards, so tests never see each other's rows.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from host.storage import make_store
from host.store import SqlStore
from tests.storage import pg

BACKENDS = ("sqlite", "postgres")


def with_search_path(url: str, schema: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str | None]:
    """The URL of a PostgreSQL database for the tests, or None (with the reason in ``pg_unavailable``)."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        yield url
        return
    root = Path(tempfile.mkdtemp(prefix="boardgames-pg-"))
    try:
        url = pg.start(root)
    except Exception as exc:  # no server binaries, no user to run them, or initdb/pg_ctl failed
        shutil.rmtree(root, ignore_errors=True)
        detail = exc.stderr.decode(errors="replace").strip() if isinstance(exc, subprocess.CalledProcessError) else ""
        _unavailable.append(f"{exc} {detail}".strip())
        yield None
        return
    try:
        yield url
    finally:
        pg.stop(root)
        shutil.rmtree(root, ignore_errors=True)


_unavailable: list[str] = []


@pytest.fixture
async def pg_url(pg_server: str | None) -> AsyncIterator[str]:
    """A URL whose tables live in a new, empty schema of the test database."""
    if pg_server is None:
        reason = _unavailable[0] if _unavailable else "no PostgreSQL"
        pytest.skip(f"PostgreSQL tests skipped: set TEST_DATABASE_URL or install the server ({reason})")
    schema = f"test_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(pg_server)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
    finally:
        await admin.close()
    yield with_search_path(pg_server, schema)
    admin = await asyncpg.connect(pg_server)
    try:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await admin.close()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A fresh database of ``backend``: a SQLite file path, or a PostgreSQL URL with its own schema."""
    if backend == "sqlite":
        return str(tmp_path / "games.db")
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
async def store(database: str) -> AsyncIterator[SqlStore]:
    opened = make_store(database)
    await opened.open()
    yield opened
    await opened.close()
