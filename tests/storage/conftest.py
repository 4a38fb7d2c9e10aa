"""Every storage test runs on SQLite and on PostgreSQL (tests/storage/backends.py)."""

from __future__ import annotations

from tests.storage.backends import backend, database, pg_server, pg_url, store  # noqa: F401
