"""Storage behind one interface: SQLite (aiosqlite, WAL) is the embedded default, PostgreSQL
(asyncpg, host/pgstore.py) the option for several bot processes sharing one database;
``host.storage.make_store`` picks one from the database setting.

Every game action is written by ``commit_action`` in a single transaction: the log row and the new
snapshot together, guarded by the session version (optimistic concurrency) and by a unique
interaction id (a retried Discord interaction is applied once).

Both stores share the SQL of every method (``SqlStore``); each one supplies connections
(``connection()`` and ``transaction()``, which yield a ``SqlConnection``) and its own migrations
(host/migrations/<dialect>/NNNN_name.sql), applied in order by ``open()`` and recorded in
``schema_migrations``. Services with tables of their own (the league) use the same two methods, with
``?`` placeholders on both stores.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import functools
import logging
import re
import time
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol

import aiosqlite
import msgspec

from host import snapshots
from host.errors import DamagedSession, SessionNotFound, StaleVersion
from host.records import ActionRecord, SeatInfo, SessionRecord, UndoRequest
from rules.rng import check_version

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
"""host/migrations/<dialect>/: the schema of each store, one numbered SQL file per change."""


class DuplicateInteraction(Exception):
    """This Discord interaction was already applied (a retry); nothing was written."""


class StaleWrite(StaleVersion):
    """A write changed nothing: the session was written (a move, an edit, by any process) since the
    caller read it. The caller reads it again and judges the change on what is stored now."""


class SessionExists(Exception):
    """A session with this id is already stored; nothing was written."""


class MigrationError(Exception):
    """The migrations cannot be applied: a malformed file, or a database newer than this code."""


class SqlConnection(Protocol):
    """Plain SQL on one connection of a store, with ``?`` placeholders on every store."""

    async def execute(self, sql: str, *args: object) -> int:
        """Run one statement; returns how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None: ...
    async def fetch(self, sql: str, *args: object) -> list[tuple[Any, ...]]: ...
    async def fetchrow(self, sql: str, *args: object) -> tuple[Any, ...] | None: ...


class Store(Protocol):
    """What the host needs from a database."""

    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def insert_session(self, rec: SessionRecord) -> None: ...
    async def load_session(self, sid: str) -> SessionRecord | None: ...
    async def update_session(
        self, sid: str, expected_version: int, *, revision: int | None = None, updated_at: float | None = None,
        **fields: object,
    ) -> None: ...
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
        *,
        revision: int | None = None,
        updated_at: float | None = None,
    ) -> None: ...
    async def mark_damaged(self, sid: str, reason: str) -> bool: ...
    async def stamp_snapshot(self, sid: str, version: int, state: bytes) -> None: ...
    async def open_lobbies(self, *, creator_id: int, guild_id: int) -> tuple[int, int]: ...
    async def due_sessions(self, now: float) -> list[SessionRecord]: ...
    async def add_vacation(self, user_id: int, start: float, end: float) -> None: ...
    async def end_vacation(self, user_id: int, now: float) -> int: ...
    async def vacations(self, user_id: int, since: float = 0.0) -> list[tuple[float, float]]: ...
    async def actions(self, sid: str) -> list[ActionRecord]: ...
    async def commit_undo(
        self, sid: str, expected_version: int, versions: Sequence[int], by: int, state: bytes,
        clock: tuple[bytes, float | None] | None = None, *, revision: int | None = None,
    ) -> None: ...
    async def save_undo_request(self, req: UndoRequest, *, replace: bool = False) -> bool: ...
    async def update_undo_waiting(self, sid: str, at_version: int, was: int, waiting: Sequence[int]) -> bool: ...
    async def undo_request(self, sid: str) -> UndoRequest | None: ...
    async def delete_undo_request(self, sid: str) -> bool: ...
    async def due_undo_requests(self, now: float) -> list[UndoRequest]: ...
    async def interaction_seen(self, interaction_id: int) -> bool: ...
    async def list_sessions(
        self, *, statuses: Sequence[str], guild_id: int | None = None, channel_id: int | None = None
    ) -> list[SessionRecord]: ...
    async def played_before(self, user_id: int, game: str, *, besides: str, until: float) -> bool: ...
    async def set_user_flag(self, user_id: int, key: str, value: str) -> None: ...
    async def user_flag(self, user_id: int, key: str) -> str | None: ...
    async def user_flags(self, user_id: int) -> dict[str, str]: ...
    def connection(self) -> AbstractAsyncContextManager[SqlConnection]: ...
    def transaction(
        self, *, lock: str | tuple[str, ...] | None = None
    ) -> AbstractAsyncContextManager[SqlConnection]: ...


# ---------------------------------------------------------------------- migrations


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]


_MIGRATION_FILE = re.compile(r"(\d{4})_([a-z0-9_]+)\.sql")


def _statements(script: str) -> tuple[str, ...]:
    """The statements of a migration file: ``--`` comments dropped, split at semicolons (migrations
    keep semicolons out of literals, so a plain split is exact and needs no SQL parser)."""
    text = "\n".join(line.split("--", 1)[0] for line in script.splitlines())
    return tuple(s.strip() for s in text.split(";") if s.strip())


@functools.cache
def migrations(dialect: str) -> tuple[Migration, ...]:
    """The migrations of ``dialect`` ("sqlite" or "postgres"), in order: numbered 0001, 0002, ...
    without gaps, so that a missing file is an error rather than a silently skipped change."""
    folder = MIGRATIONS / dialect
    if not folder.is_dir():
        raise MigrationError(f"no migrations for '{dialect}' in {folder}")
    found = []
    for path in sorted(folder.glob("*.sql")):
        match = _MIGRATION_FILE.fullmatch(path.name)
        if match is None:
            raise MigrationError(f"{path.name}: a migration is named NNNN_name.sql (lowercase name)")
        found.append(Migration(int(match[1]), match[2], _statements(path.read_text(encoding="utf-8"))))
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise MigrationError(f"the migrations in {folder} are not numbered 1, 2, 3, ... without gaps")
    return tuple(found)


# ---------------------------------------------------------------------- rows

_COLUMNS = (
    "id, game, guild_id, channel_id, creator_id, options, seats, seed, status, version, "
    "created_at, updated_at, state, result, thread_id, message_id, clock, clock_due, rng, seed_text, "
    "state_sum, state_schema, damaged, revision"
)
_UPDATABLE = {"options", "seats", "status", "version", "state", "result", "thread_id", "message_id", "seed",
              "clock", "clock_due"}
_json = msgspec.json.Encoder()
_seats_decoder = msgspec.json.Decoder(tuple[SeatInfo, ...])
_options_decoder = msgspec.json.Decoder(dict[str, str])
_SEED_COLUMN_MAX = (1 << 63) - 1
"""The largest seed the old ``seed`` column holds; every seed is also kept whole in ``seed_text``."""
_STALE = "The board changed while you were choosing; here it is again."


def _row_to_record(row: Iterable[object]) -> SessionRecord:
    """A stored row as a record; a row that cannot be read raises DamagedSession (never a decoder's error)."""
    try:
        return _decode_row(row)
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError, TypeError) as exc:
        sid = next(iter(row), "?")
        raise DamagedSession(f"Game `{sid}` cannot be read: its stored data is damaged.", game_id=str(sid),
                             key="common.error.damaged", detail=str(exc)) from exc


def _rows_to_records(rows: Iterable[Iterable[object]]) -> list[SessionRecord]:
    """Every readable row; a damaged one is logged and left out, so one bad game never hides the others."""
    out = []
    for row in rows:
        try:
            out.append(_row_to_record(row))
        except DamagedSession as exc:
            log.error("skipping a damaged game row: %s (%s)", exc, exc.fields.get("detail"))
    return out


def _decode_row(row: Iterable[object]) -> SessionRecord:
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
        rng,
        seed_text,
        state_sum,
        state_schema,
        damaged,
        revision,
    ) = tuple(row)
    snapshot = bytes(state) if state is not None else None  # type: ignore[arg-type]
    trouble = snapshots.problem(snapshot, state_sum, state_schema) if snapshot is not None else None  # type: ignore[arg-type]
    return SessionRecord(
        id=str(sid),
        game=str(game),
        guild_id=int(guild),  # type: ignore[arg-type]
        channel_id=int(channel),  # type: ignore[arg-type]
        creator_id=int(creator),  # type: ignore[arg-type]
        options=_options_decoder.decode(options),  # type: ignore[arg-type]
        seats=_seats_decoder.decode(seats),  # type: ignore[arg-type]
        seed=int(seed_text) if seed_text is not None else int(seed),  # type: ignore[arg-type]
        rng=check_version(int(rng)),  # type: ignore[arg-type]
        damaged=str(damaged) if damaged is not None else (
            snapshots.CHECKSUM_MISMATCH if trouble == "checksum" else None),
        snapshot_unchecked=trouble == "schema",
        status=str(status),
        version=int(version),  # type: ignore[arg-type]
        created_at=float(created),  # type: ignore[arg-type]
        updated_at=float(updated),  # type: ignore[arg-type]
        state=snapshot,
        result=bytes(result) if result is not None else None,  # type: ignore[arg-type]
        thread_id=int(thread) if thread is not None else None,  # type: ignore[arg-type]
        message_id=int(message) if message is not None else None,  # type: ignore[arg-type]
        clock=bytes(clock) if clock is not None else None,  # type: ignore[arg-type]
        clock_due=float(clock_due) if clock_due is not None else None,  # type: ignore[arg-type]
        revision=int(revision),  # type: ignore[call-overload]
    )


_UNDO_COLUMNS = "session_id, user_id, to_move, at_version, waiting, deadline, created_at, request_id"
_waiting_decoder = msgspec.json.Decoder(tuple[int, ...])


def _undo_request(row: Sequence[Any]) -> UndoRequest:
    return UndoRequest(session_id=str(row[0]), user_id=int(row[1]), to_move=int(row[2]), at_version=int(row[3]),
                       waiting=_waiting_decoder.decode(row[4]), deadline=float(row[5]), created_at=float(row[6]),
                       request_id=str(row[7]) if row[7] is not None else "")


def _columns(fields: Mapping[str, object]) -> dict[str, object]:
    """The columns and values that store ``fields``: the seed goes to both of its columns."""
    out = {k: _encode_field(k, v) for k, v in fields.items()}
    if "seed" in fields:
        out["seed"], out["seed_text"] = _seed_columns(int(fields["seed"]))  # type: ignore[call-overload]
    if "state" in fields:
        out["state_sum"], out["state_schema"] = _stamp(fields["state"])  # type: ignore[arg-type]
    return out


def _stamp(state: bytes | None) -> tuple[str | None, str | None]:
    """The checksum and schema stored beside a snapshot (host/snapshots.py)."""
    return (None, None) if state is None else (snapshots.checksum(state), snapshots.SCHEMA)


def _seed_columns(seed: int) -> tuple[int, str]:
    # A 128-bit seed does not fit the 64-bit ``seed`` column: it keeps 0 and seed_text the seed.
    return (seed if 0 <= seed <= _SEED_COLUMN_MAX else 0), str(seed)


def _guard(version: int, revision: int | None) -> tuple[str, list[object]]:
    """The WHERE condition of a write based on a read of ``version`` (and ``revision``, if given)."""
    if revision is None:
        return "version = ?", [version]
    return "version = ? AND revision = ?", [version, revision]


def _encode_field(key: str, value: object) -> object:
    # JSON documents are stored as text: PostgreSQL's TEXT takes only str (older SQLite rows hold
    # the same JSON as a BLOB; the decoders read both).
    if key in ("seats", "options"):
        return _json.encode(value).decode()
    return value


# ---------------------------------------------------------------------- the shared SQL


class SqlStore(abc.ABC):
    """Every ``Store`` method, written once over ``connection()`` and ``transaction()``."""

    dialect: ClassVar[str]
    """The folder of this store's migrations in host/migrations."""
    _migrations_table: ClassVar[str]

    @abc.abstractmethod
    async def open(self) -> None:
        """Connect, then bring the schema up to date (``migrate``)."""

    @abc.abstractmethod
    async def close(self) -> None: ...

    @abc.abstractmethod
    def connection(self) -> AbstractAsyncContextManager[SqlConnection]:
        """A connection in autocommit mode: each statement is its own transaction."""

    @abc.abstractmethod
    def transaction(self, *, lock: str | tuple[str, ...] | None = None) -> AbstractAsyncContextManager[SqlConnection]:
        """A connection inside one transaction: committed when the block ends, rolled back if it
        raises. ``lock`` names a critical section (or several, all taken): transactions with the same
        name run one after another, in every process sharing the database (read-modify-write without
        lost updates)."""

    async def _migration_statement(self, db: SqlConnection, statement: str) -> None:
        await db.execute(statement)

    async def migrate(self) -> list[int]:
        """Apply the migrations the database lacks, all in one transaction under a lock (several
        processes may start at once). Returns the versions applied now (empty: up to date)."""
        known = migrations(self.dialect)
        applied: list[int] = []
        async with self.transaction(lock="schema_migrations") as db:
            await db.execute(self._migrations_table)
            done = {int(v) for (v,) in await db.fetch("SELECT version FROM schema_migrations")}
            newer = sorted(done - {m.version for m in known})
            if newer:
                raise MigrationError(
                    f"the database has migrations {newer} that this code does not know: it was written by a newer "
                    "version of the bot; run that version (or newer) instead"
                )
            for m in known:
                if m.version in done:
                    continue
                for statement in m.statements:
                    await self._migration_statement(db, statement)
                await db.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?,?,?)",
                    m.version, m.name, time.time(),
                )
                applied.append(m.version)
        return applied

    async def insert_session(self, rec: SessionRecord) -> None:
        """Store a new session (SessionExists if its id is taken, the stored one unchanged)."""
        async with self.connection() as db:
            inserted = await db.execute(
                f"INSERT INTO sessions ({_COLUMNS}) VALUES ({','.join('?' * 24)}) "
                "ON CONFLICT (id) DO NOTHING",
                rec.id,
                rec.game,
                rec.guild_id,
                rec.channel_id,
                rec.creator_id,
                _encode_field("options", rec.options),
                _encode_field("seats", rec.seats),
                _seed_columns(rec.seed)[0],
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
                rec.rng,
                _seed_columns(rec.seed)[1],
                *_stamp(rec.state),
                None,
                rec.revision,
            )
        if inserted != 1:
            raise SessionExists(f"a session with id {rec.id} is already stored")

    async def load_session(self, sid: str) -> SessionRecord | None:
        async with self.connection() as db:
            row = await db.fetchrow(f"SELECT {_COLUMNS} FROM sessions WHERE id = ?", sid)
        return _row_to_record(row) if row is not None else None

    async def update_session(
        self, sid: str, expected_version: int, *, revision: int | None = None, updated_at: float | None = None,
        **fields: object,
    ) -> None:
        """Change lobby/meta fields if the version (and ``revision``, when given: the revision the
        caller read) still matches; raises StaleVersion otherwise, SessionNotFound if there is no such
        session, ValueError for a field that cannot change. Every write bumps the revision, so a write
        based on an older read (a move, another process's abort) changes nothing. ``updated_at``: the
        time the caller keeps in its copy of the row (now by default)."""
        bad = set(fields) - _UPDATABLE
        if bad:
            raise ValueError(f"cannot update {sorted(bad)}")
        columns = _columns(fields)
        sets = "".join(f"{k} = ?, " for k in columns)  # names from _UPDATABLE only: safe to format in
        values = list(columns.values())
        where, args = _guard(expected_version, revision)
        async with self.connection() as db:  # one statement; the follow-up read only names the error
            changed = await db.execute(
                f"UPDATE sessions SET {sets}updated_at = ?, revision = revision + 1 WHERE id = ? AND {where}",
                *values, time.time() if updated_at is None else updated_at, sid, *args,
            )
            if changed != 1:
                await self._raise_missing_or_stale(db, sid)

    @staticmethod
    async def _raise_missing_or_stale(db: SqlConnection, sid: str) -> None:
        if await db.fetchrow("SELECT 1 FROM sessions WHERE id = ?", sid) is None:
            raise SessionNotFound(f"There is no game with id {sid}.", key="common.host.no_game", game_id=sid)
        raise StaleWrite(_STALE, key="common.host.board_changed")

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
        *,
        revision: int | None = None,
        updated_at: float | None = None,
    ) -> None:
        """Store one action: the log row and the new snapshot (and the game clock, if it has one)
        in one transaction, only if the version (and ``revision``, when given) still matches and the
        interaction is new (``updated_at``: the time the caller keeps in its copy of the row; now by
        default). The revision is what keeps a move read before an abort, an archive or a
        resignation in another process from writing its stale status, seats' clock or notes back.

        The conditional UPDATE is the version check: on PostgreSQL a second transaction on the same
        session waits for the first one's row lock, then finds the version moved and changes
        nothing. A retried interaction raises DuplicateInteraction: checked first, so that a retry
        is reported as such even after the game moved on, and again by the unique index when the
        log row is inserted, for a retry racing its first delivery in another process (PostgreSQL
        waits for that transaction: if it commits, this insert does nothing and all is rolled back)."""
        now = time.time() if updated_at is None else updated_at
        sets = ("version = ?, state = ?, state_sum = ?, state_schema = ?, status = ?, result = ?, updated_at = ?, "
                "revision = revision + 1")
        values = [expected_version + 1, state, *_stamp(state), status, result, now]
        if clock is not None:
            sets += ", clock = ?, clock_due = ?"
            values += list(clock)
        async with self.transaction() as db:
            if interaction_id is not None and await db.fetchrow(
                "SELECT 1 FROM actions WHERE interaction_id = ?", interaction_id
            ) is not None:
                raise DuplicateInteraction(interaction_id)
            where, args = _guard(expected_version, revision)
            changed = await db.execute(f"UPDATE sessions SET {sets} WHERE id = ? AND {where}", *values, sid, *args)
            if changed != 1:
                await self._raise_missing_or_stale(db, sid)
            logged = await db.execute(
                "INSERT INTO actions (session_id, version, seat, action, interaction_id, created_at) "
                "VALUES (?,?,?,?,?,?) ON CONFLICT (interaction_id) DO NOTHING",
                sid, expected_version + 1, seat, action, interaction_id, now,
            )
            if logged != 1:
                raise DuplicateInteraction(interaction_id)

    async def mark_damaged(self, sid: str, reason: str) -> bool:
        """Set a game aside as damaged: the reason is kept, and an open game's status becomes ``damaged``
        (kept with its log, never resumed, played on or rated); False if it already was."""
        async with self.connection() as db:
            return await db.execute(
                "UPDATE sessions SET damaged = ?, revision = revision + 1, status = CASE WHEN status IN "
                "('lobby', 'active') THEN 'damaged' ELSE status END WHERE id = ? AND damaged IS NULL",
                reason[:500], sid) == 1

    async def stamp_snapshot(self, sid: str, version: int, state: bytes) -> None:
        """Record that the snapshot of ``version`` was checked against its log: store its checksum and
        the current schema (nothing, if the game moved on meanwhile)."""
        async with self.connection() as db:
            await db.execute("UPDATE sessions SET state_sum = ?, state_schema = ? WHERE id = ? AND version = ?",
                             *_stamp(state), sid, version)

    async def open_lobbies(self, *, creator_id: int, guild_id: int) -> tuple[int, int]:
        """How many lobbies (games not started yet) ``creator_id`` has open in any server, and how many
        are open in ``guild_id`` (the fair-use limits, host/limits.py)."""
        async with self.connection() as db:
            mine = await db.fetchrow("SELECT COUNT(*) FROM sessions WHERE status = 'lobby' AND creator_id = ?",
                                     creator_id)
            here = await db.fetchrow("SELECT COUNT(*) FROM sessions WHERE status = 'lobby' AND guild_id = ?",
                                     guild_id)
        return int(mine[0]) if mine else 0, int(here[0]) if here else 0

    async def interaction_seen(self, interaction_id: int) -> bool:
        """Whether ``interaction_id`` already made a move or took moves back (a retried delivery)."""
        async with self.connection() as db:
            return await db.fetchrow("SELECT 1 FROM actions WHERE interaction_id = ? OR undone_interaction = ?",
                                     interaction_id, interaction_id) is not None

    async def actions(self, sid: str) -> list[ActionRecord]:
        """The whole log, in order: the moves that stand and those taken back (``undone``)."""
        async with self.connection() as db:
            rows = await db.fetch(
                "SELECT session_id, version, seat, action, interaction_id, created_at, undone_at FROM actions "
                "WHERE session_id = ? ORDER BY version",
                sid,
            )
        return [
            ActionRecord(str(r[0]), int(r[1]), int(r[2]), bytes(r[3]), int(r[4]) if r[4] is not None else None,
                         float(r[5]), undone=r[6] is not None)
            for r in rows
        ]

    # ------------------------------------------------------------------ undo

    async def commit_undo(
        self, sid: str, expected_version: int, versions: Sequence[int], by: int, state: bytes,
        clock: tuple[bytes, float | None] | None = None, *, revision: int | None = None,
        interaction_id: int | None = None,
    ) -> None:
        """Take back the logged moves ``versions`` (they stay in the log, marked undone by user ``by``, through
        the Discord interaction ``interaction_id`` if any: ``interaction_seen`` knows it then) and
        store the state that stands without them, in one transaction guarded like ``commit_action``. The
        version moves on by one (no log row has it), so every button drawn before the undo is stale; a
        pending agreed undo is cleared."""
        now = time.time()
        sets = "version = ?, state = ?, state_sum = ?, state_schema = ?, updated_at = ?, revision = revision + 1"
        values: list[object] = [expected_version + 1, state, *_stamp(state), now]
        if clock is not None:
            sets += ", clock = ?, clock_due = ?"
            values += list(clock)
        async with self.transaction() as db:
            where, args = _guard(expected_version, revision)
            changed = await db.execute(f"UPDATE sessions SET {sets} WHERE id = ? AND {where}", *values, sid, *args)
            if changed != 1:
                await self._raise_missing_or_stale(db, sid)
            await db.executemany(
                "UPDATE actions SET undone_at = ?, undone_by = ?, undone_interaction = ? WHERE session_id = ? "
                "AND version = ? AND undone_at IS NULL",
                [(now, by, interaction_id, sid, v) for v in versions],
            )
            await db.execute("DELETE FROM undo_requests WHERE session_id = ?", sid)

    async def save_undo_request(self, req: UndoRequest, *, replace: bool = False) -> bool:
        """Store a game's pending agreed undo; False (nothing written) when one is pending already and
        ``replace`` is not set."""
        row = (req.session_id, req.user_id, req.to_move, req.at_version, _json.encode(list(req.waiting)).decode(),
               req.deadline, req.created_at, req.request_id)
        conflict = ("DO UPDATE SET user_id = excluded.user_id, to_move = excluded.to_move, at_version = "
                    "excluded.at_version, waiting = excluded.waiting, deadline = excluded.deadline, created_at = "
                    "excluded.created_at, request_id = excluded.request_id") if replace else "DO NOTHING"
        async with self.connection() as db:
            return await db.execute(
                f"INSERT INTO undo_requests ({_UNDO_COLUMNS}) "
                f"VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (session_id) {conflict}", *row) == 1

    async def update_undo_waiting(self, sid: str, at_version: int, was: int, waiting: Sequence[int]) -> bool:
        """Record a confirmation: the humans still ``waiting``, only if the request (of ``at_version``) still
        waits for ``was`` of them (False, nothing written: another answer came first, read it again)."""
        async with self.connection() as db:
            rows = await db.fetch("SELECT waiting FROM undo_requests WHERE session_id = ? AND at_version = ?",
                                  sid, at_version)
            if len(rows) != 1 or len(_waiting_decoder.decode(rows[0][0])) != was:
                return False
            return await db.execute(
                "UPDATE undo_requests SET waiting = ? WHERE session_id = ? AND at_version = ? AND waiting = ?",
                _json.encode(list(waiting)).decode(), sid, at_version, rows[0][0]) == 1

    async def undo_request(self, sid: str) -> UndoRequest | None:
        async with self.connection() as db:
            row = await db.fetchrow(f"SELECT {_UNDO_COLUMNS} FROM undo_requests WHERE session_id = ?", sid)
        return _undo_request(row) if row is not None else None

    async def delete_undo_request(self, sid: str) -> bool:
        async with self.connection() as db:
            return await db.execute("DELETE FROM undo_requests WHERE session_id = ?", sid) == 1

    async def due_undo_requests(self, now: float) -> list[UndoRequest]:
        """Pending agreed undos whose deadline has passed, oldest first."""
        async with self.connection() as db:
            rows = await db.fetch(
                f"SELECT {_UNDO_COLUMNS} FROM undo_requests WHERE deadline <= ? ORDER BY deadline", now)
        return [_undo_request(r) for r in rows]

    async def list_sessions(
        self, *, statuses: Sequence[str], guild_id: int | None = None, channel_id: int | None = None
    ) -> list[SessionRecord]:
        if not statuses:
            return []
        where = [f"status IN ({','.join('?' * len(statuses))})"]
        params: list[object] = list(statuses)
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if channel_id is not None:
            where.append("(channel_id = ? OR thread_id = ?)")
            params += [channel_id, channel_id]
        async with self.connection() as db:
            rows = await db.fetch(
                f"SELECT {_COLUMNS} FROM sessions WHERE {' AND '.join(where)} ORDER BY created_at, id", *params
            )
        return _rows_to_records(rows)

    async def played_before(self, user_id: int, game: str, *, besides: str, until: float) -> bool:
        """Whether ``user_id`` sits in a ``game`` started (in progress or over) other than ``besides`` and
        created no later than ``until``: the first-time player's hint (cogs/_game.py) is for those who don't.
        Seats are JSON text: LIKE narrows the rows, the decoded seats decide (user 12 is not user 123)."""
        async with self.connection() as db:
            rows = await db.fetch(
                "SELECT seats FROM sessions WHERE game = ? AND id <> ? AND created_at <= ? "
                "AND status IN ('active', 'finished', 'archived') AND seats LIKE ?",
                game, besides, until, f'%"user_id":{int(user_id)}%',
            )
        return any(any(seat.user_id == user_id for seat in _seats_decoder.decode(row[0])) for row in rows)

    async def due_sessions(self, now: float) -> list[SessionRecord]:
        """Active games whose clock has something due at ``now`` (a reminder, a timeout, a ping)."""
        async with self.connection() as db:
            rows = await db.fetch(
                f"SELECT {_COLUMNS} FROM sessions WHERE status = 'active' AND clock_due IS NOT NULL "
                "AND clock_due <= ? ORDER BY clock_due, id",
                now,
            )
        return _rows_to_records(rows)

    async def add_vacation(self, user_id: int, start: float, end: float) -> None:
        async with self.connection() as db:
            await db.execute('INSERT INTO vacations (user_id, start, "end") VALUES (?,?,?)', user_id, start, end)

    async def end_vacation(self, user_id: int, now: float) -> int:
        """Cut short the user's current and future vacations at ``now``; returns how many changed."""
        async with self.transaction() as db:
            await db.execute("DELETE FROM vacations WHERE user_id = ? AND start >= ?", user_id, now)
            return await db.execute(
                'UPDATE vacations SET "end" = ? WHERE user_id = ? AND start < ? AND "end" > ?', now, user_id, now, now
            )

    async def vacations(self, user_id: int, since: float = 0.0) -> list[tuple[float, float]]:
        """The user's vacation windows ending after ``since``, oldest first."""
        async with self.connection() as db:
            rows = await db.fetch(
                'SELECT start, "end" FROM vacations WHERE user_id = ? AND "end" > ? ORDER BY start', user_id, since
            )
        return [(float(a), float(b)) for a, b in rows]

    async def set_user_flag(self, user_id: int, key: str, value: str) -> None:
        async with self.connection() as db:
            await db.execute(
                "INSERT INTO user_flags (user_id, key, value) VALUES (?,?,?) "
                "ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value",
                user_id, key, value,
            )

    async def user_flag(self, user_id: int, key: str) -> str | None:
        async with self.connection() as db:
            row = await db.fetchrow("SELECT value FROM user_flags WHERE user_id = ? AND key = ?", user_id, key)
        return str(row[0]) if row else None

    async def user_flags(self, user_id: int) -> dict[str, str]:
        """Every flag of one user (or server), in one query."""
        async with self.connection() as db:
            rows = await db.fetch("SELECT key, value FROM user_flags WHERE user_id = ?", user_id)
        return {str(k): str(v) for k, v in rows}


# ---------------------------------------------------------------------- SQLite


class _SqliteConnection:
    """``SqlConnection`` over the aiosqlite connection. Every cursor is closed at once: a cursor
    left open (even a PRAGMA's unread row) keeps its statement "in progress", and SQLite then
    refuses a later COMMIT."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, *args: object) -> int:
        async with self._db.execute(sql, args) as cur:
            return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        batch = list(rows)
        if batch:
            async with self._db.executemany(sql, batch):
                pass

    async def fetch(self, sql: str, *args: object) -> list[tuple[Any, ...]]:
        async with self._db.execute(sql, args) as cur:
            return [tuple(r) for r in await cur.fetchall()]

    async def fetchrow(self, sql: str, *args: object) -> tuple[Any, ...] | None:
        async with self._db.execute(sql, args) as cur:
            row = await cur.fetchone()
        return tuple(row) if row is not None else None


_ADD_COLUMN = re.compile(r"ALTER\s+TABLE\s+(\w+)\s+ADD\s+COLUMN\s+(\w+)", re.IGNORECASE)


class SqliteStore(SqlStore):
    """The embedded store: one aiosqlite connection in WAL mode."""

    dialect = "sqlite"
    _migrations_table = (
        "CREATE TABLE IF NOT EXISTS schema_migrations "
        "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
    )

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

    async def open(self) -> None:
        """Connect, then bring the schema up to date (a database of any earlier version is upgraded)."""
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so one action is one transaction.
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        db = _SqliteConnection(self._db)
        await db.fetch("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA busy_timeout=5000")
        try:
            await self.migrate()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[SqlConnection]:
        async with self._lock:
            yield _SqliteConnection(self.db)

    @contextlib.asynccontextmanager
    async def transaction(self, *, lock: str | tuple[str, ...] | None = None) -> AsyncIterator[SqlConnection]:
        # BEGIN IMMEDIATE takes SQLite's write lock at once: write transactions run one at a time,
        # in every process using the file, so every ``lock`` name is honoured already.
        async with self._lock:
            db = _SqliteConnection(self.db)
            await db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                await db.execute("ROLLBACK")
                raise
            await db.execute("COMMIT")

    async def _migration_statement(self, db: SqlConnection, statement: str) -> None:
        # SQLite has no ADD COLUMN IF NOT EXISTS, and databases from before migrations may have the
        # column already (the clock columns were added on open): skip it then.
        match = _ADD_COLUMN.match(statement)
        if match is not None:
            have = {str(r[1]) for r in await db.fetch(f"PRAGMA table_info({match[1]})")}
            if match[2] in have:
                return
        await db.execute(statement)
