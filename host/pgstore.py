"""The PostgreSQL store (asyncpg): the same ``Store`` as SQLite, for bots whose processes (shards)
share one database.

The SQL is ``SqlStore``'s (host/store.py), written with ``?`` placeholders: they become asyncpg's
``$1, $2, ...`` here. Concurrency comes from the database, not from this process: ``commit_action``
checks the version with a conditional UPDATE in the action's own transaction, so of two processes
moving the same game from the same version exactly one succeeds. ``transaction(lock=name)`` takes a
transaction-scoped advisory lock, the PostgreSQL counterpart of SQLite's one writer at a time.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from typing import Any

import asyncpg

from host.store import SqlConnection, SqlStore


@functools.lru_cache(maxsize=1024)
def to_dollar(sql: str) -> str:
    """``?`` placeholders as ``$1, $2, ...``; a ``?`` inside a quoted literal or identifier stays."""
    out: list[str] = []
    n = 0
    quote: str | None = None
    for ch in sql:
        if quote is not None:
            if ch == quote:
                quote = None
        elif ch in ("'", '"'):
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out)


_COUNT = re.compile(r"\s(\d+)$")


def _rowcount(status: str) -> int:
    """Rows changed, from a command tag such as ``UPDATE 1`` or ``INSERT 0 3``."""
    match = _COUNT.search(status)
    return int(match[1]) if match else 0


def _lock_key(name: str) -> int:
    """A stable signed 64-bit key for an advisory lock (Python's ``hash`` differs between processes)."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big", signed=True)


class _PgConnection:
    """``SqlConnection`` over one asyncpg connection."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *args: object) -> int:
        return _rowcount(await self._conn.execute(to_dollar(sql), *args))

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        batch = list(rows)
        if batch:
            await self._conn.executemany(to_dollar(sql), batch)

    async def fetch(self, sql: str, *args: object) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await self._conn.fetch(to_dollar(sql), *args)]

    async def fetchrow(self, sql: str, *args: object) -> tuple[Any, ...] | None:
        row = await self._conn.fetchrow(to_dollar(sql), *args)
        return tuple(row) if row is not None else None


class PostgresStore(SqlStore):
    """The shared store: a pool of asyncpg connections to the database at ``url``
    (``postgresql://user:password@host:port/database``; query parameters such as
    ``?search_path=bot`` are passed to the server as settings)."""

    dialect = "postgres"
    _migrations_table = (
        "CREATE TABLE IF NOT EXISTS schema_migrations "
        "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
    )

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10) -> None:
        self.url = url
        self.min_size = min_size
        self.max_size = max_size
        self._pool: asyncpg.Pool | None = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("store is not open")
        return self._pool

    async def open(self) -> None:
        """Connect, then bring the schema up to date (under a lock: several processes may start at once)."""
        self._pool = await asyncpg.create_pool(self.url, min_size=self.min_size, max_size=self.max_size)
        try:
            await self.migrate()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[SqlConnection]:
        async with self.pool.acquire() as conn:
            yield _PgConnection(conn)

    @contextlib.asynccontextmanager
    async def transaction(self, *, lock: str | tuple[str, ...] | None = None) -> AsyncIterator[SqlConnection]:
        names = () if lock is None else (lock,) if isinstance(lock, str) else lock
        async with self.pool.acquire() as conn, conn.transaction():
            # Released by the COMMIT or ROLLBACK that ends the transaction; taken in one order
            # everywhere, so two transactions that need the same two locks cannot wait on each other.
            for name in sorted(set(names)):
                await conn.execute("SELECT pg_advisory_xact_lock($1)", _lock_key(name))
            yield _PgConnection(conn)
