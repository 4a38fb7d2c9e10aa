"""Storage behind one interface. SQLite (aiosqlite, WAL) is the embedded default.

Every game action is written by ``commit_action`` in a single transaction: the log row and the new
snapshot together, guarded by the session version (optimistic concurrency) and by a unique
interaction id (a retried Discord interaction is applied once).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Protocol

import aiosqlite
import msgspec

from host.errors import SessionNotFound, StaleVersion
from host.records import ActionRecord, SeatInfo, SessionRecord


class DuplicateInteraction(Exception):
    """This Discord interaction was already applied (a retry); nothing was written."""


class Store(Protocol):
    """What the host needs from a database."""

    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def insert_session(self, rec: SessionRecord) -> None: ...
    async def load_session(self, sid: str) -> SessionRecord | None: ...
    async def update_session(self, sid: str, expected_version: int, **fields: object) -> None: ...
    async def commit_action(
        self,
        sid: str,
        expected_version: int,
        seat: int,
        action: bytes,
        interaction_id: int | None,
        state: bytes,
        status: str,
        result: bytes | None,
        clock: tuple[bytes, float | None] | None = None,
    ) -> None: ...
    async def due_sessions(self, now: float) -> list[SessionRecord]: ...
    async def add_vacation(self, user_id: int, start: float, end: float) -> None: ...
    async def end_vacation(self, user_id: int, now: float) -> int: ...
    async def vacations(self, user_id: int, since: float = 0.0) -> list[tuple[float, float]]: ...
    async def actions(self, sid: str) -> list[ActionRecord]: ...
    async def interaction_seen(self, interaction_id: int) -> bool: ...
    async def list_sessions(
        self, *, statuses: Sequence[str], guild_id: int | None = None, channel_id: int | None = None
    ) -> list[SessionRecord]: ...
    async def set_user_flag(self, user_id: int, key: str, value: str) -> None: ...
    async def user_flag(self, user_id: int, key: str) -> str | None: ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    creator_id INTEGER NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL,
    version INTEGER NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    state BLOB,
    result BLOB,
    thread_id INTEGER,
    message_id INTEGER,
    clock BLOB,
    clock_due REAL
);
CREATE INDEX IF NOT EXISTS sessions_status ON sessions(status, guild_id);
CREATE TABLE IF NOT EXISTS actions (
    session_id TEXT NOT NULL REFERENCES sessions(id),
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action BLOB NOT NULL,
    interaction_id INTEGER UNIQUE,
    created_at REAL NOT NULL,
    PRIMARY KEY (session_id, version)
);
CREATE TABLE IF NOT EXISTS vacations (
    user_id INTEGER NOT NULL,
    start REAL NOT NULL,
    end REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS vacations_user ON vacations(user_id, end);
CREATE TABLE IF NOT EXISTS user_flags (
    user_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
);
"""

_COLUMNS = (
    "id, game, guild_id, channel_id, creator_id, options, seats, seed, status, version, "
    "created_at, updated_at, state, result, thread_id, message_id, clock, clock_due"
)
_UPDATABLE = {"options", "seats", "status", "version", "state", "result", "thread_id", "message_id", "seed",
              "clock", "clock_due"}
_ADDED_COLUMNS = (("clock", "BLOB"), ("clock_due", "REAL"))
"""Columns added after the first release: added to older databases when they are opened."""
_seats_encoder = msgspec.json.Encoder()
_seats_decoder = msgspec.json.Decoder(tuple[SeatInfo, ...])
_options_decoder = msgspec.json.Decoder(dict[str, str])


def _row_to_record(row: Iterable[object]) -> SessionRecord:
    (
        sid,
        game,
        guild,
        channel,
        creator,
        options,
        seats,
        seed,
        status,
        version,
        created,
        updated,
        state,
        result,
        thread,
        message,
        clock,
        clock_due,
    ) = tuple(row)
    return SessionRecord(
        id=str(sid),
        game=str(game),
        guild_id=int(guild),  # type: ignore[arg-type]
        channel_id=int(channel),  # type: ignore[arg-type]
        creator_id=int(creator),  # type: ignore[arg-type]
        options=_options_decoder.decode(options),  # type: ignore[arg-type]
        seats=_seats_decoder.decode(seats),  # type: ignore[arg-type]
        seed=int(seed),  # type: ignore[arg-type]
        status=str(status),
        version=int(version),  # type: ignore[arg-type]
        created_at=float(created),  # type: ignore[arg-type]
        updated_at=float(updated),  # type: ignore[arg-type]
        state=bytes(state) if state is not None else None,  # type: ignore[arg-type]
        result=bytes(result) if result is not None else None,  # type: ignore[arg-type]
        thread_id=int(thread) if thread is not None else None,  # type: ignore[arg-type]
        message_id=int(message) if message is not None else None,  # type: ignore[arg-type]
        clock=bytes(clock) if clock is not None else None,  # type: ignore[arg-type]
        clock_due=float(clock_due) if clock_due is not None else None,  # type: ignore[arg-type]
    )


def _encode_field(key: str, value: object) -> object:
    if key == "seats":
        return _seats_encoder.encode(value)
    if key == "options":
        return _seats_encoder.encode(value)
    return value


class SqliteStore:
    """The embedded store: one aiosqlite connection in WAL mode."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        # One connection is shared by every coroutine: the lock keeps one transaction from
        # interleaving with another's statements.
        self._lock = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def _run(self, sql: str, params: Sequence[object] = ()) -> int:
        """Execute one statement and close its cursor at once, returning the rows it changed.

        A cursor left open (even a PRAGMA's unread result row) keeps its statement "in progress",
        and SQLite then refuses a later COMMIT: every statement goes through here or ``async with``."""
        async with self.db.execute(sql, params) as cur:
            return cur.rowcount

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so one action is one transaction.
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        await self._run("PRAGMA journal_mode=WAL")
        await self._run("PRAGMA synchronous=NORMAL")
        await self._run("PRAGMA busy_timeout=5000")
        await self.db.executescript(_SCHEMA)
        async with self.db.execute("PRAGMA table_info(sessions)") as cur:
            have = {str(r[1]) for r in await cur.fetchall()}
        for name, kind in _ADDED_COLUMNS:
            if name not in have:
                await self._run(f"ALTER TABLE sessions ADD COLUMN {name} {kind}")
        await self._run("CREATE INDEX IF NOT EXISTS sessions_due ON sessions(status, clock_due)")

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def insert_session(self, rec: SessionRecord) -> None:
        async with self._lock:
            await self._run(
                f"INSERT INTO sessions ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    rec.id,
                    rec.game,
                    rec.guild_id,
                    rec.channel_id,
                    rec.creator_id,
                    _seats_encoder.encode(rec.options),
                    _seats_encoder.encode(rec.seats),
                    rec.seed,
                    rec.status,
                    rec.version,
                    rec.created_at,
                    rec.updated_at,
                    rec.state,
                    rec.result,
                    rec.thread_id,
                    rec.message_id,
                    rec.clock,
                    rec.clock_due,
                ),
            )

    async def load_session(self, sid: str) -> SessionRecord | None:
        async with self._lock:
            async with self.db.execute(f"SELECT {_COLUMNS} FROM sessions WHERE id = ?", (sid,)) as cur:
                row = await cur.fetchone()
            return _row_to_record(row) if row is not None else None

    async def update_session(self, sid: str, expected_version: int, **fields: object) -> None:
        """Change lobby/meta fields if the version still matches (raises StaleVersion otherwise)."""
        async with self._lock:
            bad = set(fields) - _UPDATABLE
            if bad:
                raise ValueError(f"cannot update {sorted(bad)}")
            sets = ", ".join(f"{k} = ?" for k in fields)
            values = [_encode_field(k, v) for k, v in fields.items()]
            changed = await self._run(
                f"UPDATE sessions SET {sets}, updated_at = ? WHERE id = ? AND version = ?",
                (*values, time.time(), sid, expected_version),
            )
            if changed != 1:
                await self._raise_missing_or_stale(sid)

    async def _raise_missing_or_stale(self, sid: str) -> None:
        async with self.db.execute("SELECT 1 FROM sessions WHERE id = ?", (sid,)) as cur:
            found = await cur.fetchone()
        if found is None:
            raise SessionNotFound(f"There is no game with id {sid}.")
        raise StaleVersion("The board changed while you were choosing; here it is again.")

    async def commit_action(
        self,
        sid: str,
        expected_version: int,
        seat: int,
        action: bytes,
        interaction_id: int | None,
        state: bytes,
        status: str,
        result: bytes | None,
        clock: tuple[bytes, float | None] | None = None,
    ) -> None:
        """Store one action: the log row and the new snapshot (and the game clock, if it has one)
        in one transaction, only if the version still matches and the interaction is new."""
        async with self._lock:
            now = time.time()
            await self._run("BEGIN IMMEDIATE")
            try:
                if interaction_id is not None:
                    async with self.db.execute(
                        "SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)
                    ) as cur:
                        if await cur.fetchone() is not None:
                            raise DuplicateInteraction(interaction_id)
                changed = await self._run(
                    "UPDATE sessions SET version = ?, state = ?, status = ?, result = ?, updated_at = ? "
                    "WHERE id = ? AND version = ?",
                    (expected_version + 1, state, status, result, now, sid, expected_version),
                )
                if changed != 1:
                    raise StaleVersion("The board changed while you were choosing; here it is again.")
                if clock is not None:
                    await self._run("UPDATE sessions SET clock = ?, clock_due = ? WHERE id = ?", (*clock, sid))
                await self._run(
                    "INSERT INTO actions (session_id, version, seat, action, interaction_id, created_at) "
                    "VALUES (?,?,?,?,?,?)",
                    (sid, expected_version + 1, seat, action, interaction_id, now),
                )
            except BaseException:
                await self._run("ROLLBACK")
                raise
            await self._run("COMMIT")

    async def interaction_seen(self, interaction_id: int) -> bool:
        async with self._lock:
            async with self.db.execute("SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)) as cur:
                return await cur.fetchone() is not None

    async def actions(self, sid: str) -> list[ActionRecord]:
        async with self._lock:
            async with self.db.execute(
                "SELECT session_id, version, seat, action, interaction_id, created_at FROM actions "
                "WHERE session_id = ? ORDER BY version",
                (sid,),
            ) as cur:
                rows = await cur.fetchall()
            return [ActionRecord(str(r[0]), int(r[1]), int(r[2]), bytes(r[3]), r[4], float(r[5])) for r in rows]

    async def list_sessions(
        self, *, statuses: Sequence[str], guild_id: int | None = None, channel_id: int | None = None
    ) -> list[SessionRecord]:
        async with self._lock:
            where = [f"status IN ({','.join('?' * len(statuses))})"]
            params: list[object] = list(statuses)
            if guild_id is not None:
                where.append("guild_id = ?")
                params.append(guild_id)
            if channel_id is not None:
                where.append("(channel_id = ? OR thread_id = ?)")
                params += [channel_id, channel_id]
            sql = f"SELECT {_COLUMNS} FROM sessions WHERE {' AND '.join(where)} ORDER BY created_at"
            async with self.db.execute(sql, params) as cur:
                rows = await cur.fetchall()
            return [_row_to_record(r) for r in rows]

    async def due_sessions(self, now: float) -> list[SessionRecord]:
        """Active games whose clock has something due at ``now`` (a reminder, a timeout, a ping)."""
        async with self._lock:
            async with self.db.execute(
                f"SELECT {_COLUMNS} FROM sessions WHERE status = 'active' AND clock_due IS NOT NULL "
                "AND clock_due <= ? ORDER BY clock_due",
                (now,),
            ) as cur:
                rows = await cur.fetchall()
            return [_row_to_record(r) for r in rows]

    async def add_vacation(self, user_id: int, start: float, end: float) -> None:
        async with self._lock:
            await self._run("INSERT INTO vacations (user_id, start, end) VALUES (?,?,?)", (user_id, start, end))

    async def end_vacation(self, user_id: int, now: float) -> int:
        """Cut short the user's current and future vacations at ``now``; returns how many changed."""
        async with self._lock:
            await self._run("DELETE FROM vacations WHERE user_id = ? AND start >= ?", (user_id, now))
            return await self._run(
                "UPDATE vacations SET end = ? WHERE user_id = ? AND start < ? AND end > ?", (now, user_id, now, now)
            )

    async def vacations(self, user_id: int, since: float = 0.0) -> list[tuple[float, float]]:
        """The user's vacation windows ending after ``since``, oldest first."""
        async with self._lock:
            async with self.db.execute(
                "SELECT start, end FROM vacations WHERE user_id = ? AND end > ? ORDER BY start", (user_id, since)
            ) as cur:
                return [(float(a), float(b)) for a, b in await cur.fetchall()]

    async def set_user_flag(self, user_id: int, key: str, value: str) -> None:
        async with self._lock:
            await self._run(
                "INSERT INTO user_flags (user_id, key, value) VALUES (?,?,?) "
                "ON CONFLICT(user_id, key) DO UPDATE SET value = excluded.value",
                (user_id, key, value),
            )

    async def user_flag(self, user_id: int, key: str) -> str | None:
        async with self._lock:
            async with self.db.execute(
                "SELECT value FROM user_flags WHERE user_id = ? AND key = ?", (user_id, key)
            ) as cur:
                row = await cur.fetchone()
            return str(row[0]) if row else None
