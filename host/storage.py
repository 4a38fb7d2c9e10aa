"""Choosing a store from the database setting: both stores (host/store.py, host/pgstore.py) sit under
this module, so neither imports the other for the factory."""

from __future__ import annotations

import re
from pathlib import Path

from host.store import SqliteStore, SqlStore


class UnsupportedDatabase(ValueError):
    """``make_store`` was given a URL of a database it does not know."""


def make_store(target: str | Path) -> SqlStore:
    """The store for ``target``: a ``postgres://`` or ``postgresql://`` URL → PostgreSQL, anything
    else → the SQLite file at that path. Another URL scheme raises UnsupportedDatabase."""
    if isinstance(target, str) and target.startswith(("postgres://", "postgresql://")):
        from host.pgstore import PostgresStore  # asyncpg is loaded only by bots that use it

        return PostgresStore(str(target))
    text = str(target)
    if not text.strip():
        raise UnsupportedDatabase("The database setting is empty: give a SQLite file path or a postgresql:// URL.")
    if re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", text):
        raise UnsupportedDatabase(
            f"Unsupported database URL '{text.split('://', 1)[0]}://…': use postgresql:// or a SQLite file path."
        )
    return SqliteStore(text)
