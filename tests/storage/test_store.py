"""The Store contract, the same on SQLite and PostgreSQL: every method, the one-transaction action
with its version check and idempotent interaction ids, the SQL API services use, migrations."""

from __future__ import annotations

import asyncio

import pytest

from host.errors import SessionNotFound, StaleVersion
from host.pgstore import PostgresStore, to_dollar
from host.records import SeatInfo, SessionRecord
from host.storage import UnsupportedDatabase, make_store
from host.store import DuplicateInteraction, MigrationError, SessionExists, SqliteStore, SqlStore, migrations

SNOWFLAKE = 1_234_567_890_123_456_789  # Discord ids need 64 bits


def record(sid: str = "abc123", **fields: object) -> SessionRecord:
    base: dict[str, object] = dict(
        id=sid, game="imperium", guild_id=SNOWFLAKE, channel_id=SNOWFLAKE + 1, creator_id=SNOWFLAKE + 2,
        options={"variant": "standard"},
        seats=(SeatInfo("Ann", user_id=SNOWFLAKE + 2), SeatInfo("AI 1 (random)", ai="random")),
        seed=2**31 - 1, status="active", version=0, created_at=1000.5, updated_at=1000.5, state=b'{"s":0}',
    )
    base.update(fields)
    return SessionRecord(**base)  # type: ignore[arg-type]


async def commit(store: SqlStore, sid: str, version: int, interaction: int | None = None, **kw: object) -> None:
    await store.commit_action(sid, version, 0, b'{"a":%d}' % version, interaction, b'{"s":%d}' % (version + 1),
                              "active", None, **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- sessions


async def test_a_session_round_trips_with_every_field(store):
    rec = record(thread_id=SNOWFLAKE + 3, message_id=SNOWFLAKE + 4, result=b"{}", clock=b'{"c":1}', clock_due=5.25)
    await store.insert_session(rec)
    assert await store.load_session(rec.id) == rec
    assert await store.load_session("nothere") is None
    bare = record("lobby1", status="lobby", state=None)
    await store.insert_session(bare)
    assert await store.load_session("lobby1") == bare


async def test_inserting_an_existing_id_is_refused(store):
    await store.insert_session(record())
    with pytest.raises(SessionExists):
        await store.insert_session(record(game="ra"))
    assert (await store.load_session("abc123")).game == "imperium"


async def test_update_session_checks_the_version_and_the_fields(store):
    await store.insert_session(record())
    seats = (SeatInfo("Bob", user_id=7), SeatInfo("Cy", user_id=8, ai="greedy", resigned=True))
    await store.update_session("abc123", 0, seats=seats, options={"variant": "x"}, thread_id=SNOWFLAKE, clock_due=None)
    got = await store.load_session("abc123")
    assert (got.seats, got.options, got.thread_id, got.version) == (seats, {"variant": "x"}, SNOWFLAKE, 0)
    assert got.updated_at > 1000.5
    with pytest.raises(StaleVersion):
        await store.update_session("abc123", 1, status="aborted")
    with pytest.raises(SessionNotFound):
        await store.update_session("nothere", 0, status="aborted")
    with pytest.raises(ValueError, match="cannot update"):
        await store.update_session("abc123", 0, id="evil")
    assert (await store.load_session("abc123")).status == "active"


async def test_list_and_due_sessions(store):
    await store.insert_session(record("a1", created_at=3.0, clock_due=50.0))
    await store.insert_session(record("a2", created_at=1.0, guild_id=2, channel_id=20, clock_due=10.0))
    await store.insert_session(record("a3", created_at=2.0, status="lobby", thread_id=77, clock_due=1.0))
    await store.insert_session(record("a4", created_at=4.0, status="finished", clock_due=1.0))
    ids = lambda recs: [r.id for r in recs]  # noqa: E731
    assert ids(await store.list_sessions(statuses=("lobby", "active"))) == ["a2", "a3", "a1"]
    assert ids(await store.list_sessions(statuses=("lobby", "active"), guild_id=SNOWFLAKE)) == ["a3", "a1"]
    assert ids(await store.list_sessions(statuses=("lobby",), channel_id=77)) == ["a3"]  # its thread
    assert ids(await store.list_sessions(statuses=("active",), channel_id=20)) == ["a2"]
    assert await store.list_sessions(statuses=()) == []
    assert ids(await store.due_sessions(10.0)) == ["a2"]  # active only, due by then
    assert ids(await store.due_sessions(100.0)) == ["a2", "a1"]


# ---------------------------------------------------------------------- actions


async def test_commit_action_writes_log_snapshot_and_clock_together(store):
    await store.insert_session(record())
    await commit(store, "abc123", 0, SNOWFLAKE, clock=(b'{"c":2}', 99.5))
    await store.commit_action("abc123", 1, 1, b'{"a":1}', None, b'{"s":2}', "finished", b'{"ranks":[1,2]}')
    got = await store.load_session("abc123")
    assert (got.version, got.state, got.status, got.result) == (2, b'{"s":2}', "finished", b'{"ranks":[1,2]}')
    assert (got.clock, got.clock_due) == (b'{"c":2}', 99.5)  # kept when a move brings no clock
    log = await store.actions("abc123")
    assert [(a.version, a.seat, a.action, a.interaction_id) for a in log] == [
        (1, 0, b'{"a":0}', SNOWFLAKE), (2, 1, b'{"a":1}', None)]
    assert await store.interaction_seen(SNOWFLAKE) and not await store.interaction_seen(5)
    assert await store.actions("nothere") == []


async def test_a_stale_version_or_a_missing_game_writes_nothing(store):
    await store.insert_session(record())
    await commit(store, "abc123", 0)
    with pytest.raises(StaleVersion):
        await commit(store, "abc123", 0, 42)
    with pytest.raises(SessionNotFound):
        await commit(store, "nothere", 0, 43)
    assert [a.version for a in await store.actions("abc123")] == [1]
    assert (await store.load_session("abc123")).version == 1
    assert not await store.interaction_seen(42) and not await store.interaction_seen(43)


async def test_a_retried_interaction_is_refused_even_after_the_game_moved_on(store):
    await store.insert_session(record())
    await commit(store, "abc123", 0, 555)
    await commit(store, "abc123", 1, 556)
    for version in (2, 0):  # a retry is a duplicate whatever version it carries
        with pytest.raises(DuplicateInteraction):
            await commit(store, "abc123", version, 555)
    assert [a.interaction_id for a in await store.actions("abc123")] == [555, 556]
    assert (await store.load_session("abc123")).version == 2


async def test_racing_commits_on_one_version_store_exactly_one(store):
    await store.insert_session(record())
    results = await asyncio.gather(*(commit(store, "abc123", 0, 1000 + i) for i in range(20)), return_exceptions=True)
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, StaleVersion) for r in results if r is not None)
    assert len(await store.actions("abc123")) == 1
    assert (await store.load_session("abc123")).version == 1


async def test_one_interaction_racing_on_two_games_is_stored_once(store):
    """The unique index decides when both transactions passed the first check (PostgreSQL)."""
    for sid in ("g1", "g2", "g3", "g4"):
        await store.insert_session(record(sid))
    results = await asyncio.gather(*(commit(store, sid, 0, 777) for sid in ("g1", "g2", "g3", "g4")),
                                   return_exceptions=True)
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, DuplicateInteraction) for r in results if r is not None)
    versions = [(await store.load_session(sid)).version for sid in ("g1", "g2", "g3", "g4")]
    assert sorted(versions) == [0, 0, 0, 1]  # the losers' snapshots were rolled back with their log rows


# ---------------------------------------------------------------------- vacations and flags


async def test_vacations(store):
    await store.add_vacation(SNOWFLAKE, 10.0, 20.0)
    await store.add_vacation(SNOWFLAKE, 30.0, 40.0)
    await store.add_vacation(5, 0.0, 100.0)
    assert await store.vacations(SNOWFLAKE) == [(10.0, 20.0), (30.0, 40.0)]
    assert await store.vacations(SNOWFLAKE, since=20.0) == [(30.0, 40.0)]
    assert await store.end_vacation(SNOWFLAKE, 15.0) == 1  # the current one cut, the future one dropped
    assert await store.vacations(SNOWFLAKE) == [(10.0, 15.0)]
    assert await store.vacations(5) == [(0.0, 100.0)]


async def test_user_flags(store):
    assert await store.user_flag(SNOWFLAKE, "dm_closed") is None
    await store.set_user_flag(SNOWFLAKE, "dm_closed", "1")
    await store.set_user_flag(SNOWFLAKE, "dm_closed", "0")
    await store.set_user_flag(SNOWFLAKE, "ping", "on")
    assert await store.user_flag(SNOWFLAKE, "dm_closed") == "0"
    assert await store.user_flag(SNOWFLAKE, "ping") == "on"
    assert await store.user_flag(1, "ping") is None


# ---------------------------------------------------------------------- the SQL API


async def test_transactions_commit_or_roll_back_as_a_whole(store):
    async with store.transaction() as db:
        await db.executemany("INSERT INTO user_flags (user_id, key, value) VALUES (?,?,?)",
                             [(1, "a", "x"), (2, "a", "y"), (3, "a", "z")])
        assert await db.execute("UPDATE user_flags SET value = ? WHERE key = ?", "w", "a") == 3
    with pytest.raises(RuntimeError, match="boom"):
        async with store.transaction() as db:
            await db.execute("DELETE FROM user_flags")
            raise RuntimeError("boom")
    async with store.connection() as db:
        assert await db.fetch("SELECT user_id, value FROM user_flags ORDER BY user_id") == [
            (1, "w"), (2, "w"), (3, "w")]
        assert await db.fetchrow("SELECT value FROM user_flags WHERE value = '?' OR user_id = ?", 2) == ("w",)
        assert await db.fetchrow("SELECT value FROM user_flags WHERE user_id = ?", 9) is None


async def test_a_named_lock_serialises_read_modify_write(store):
    """Transactions with the same lock name never interleave: no increment is lost."""
    await store.set_user_flag(1, "n", "0")

    async def increment() -> None:
        async with store.transaction(lock="counter") as db:
            (value,) = await db.fetchrow("SELECT value FROM user_flags WHERE user_id = 1 AND key = 'n'")
            await asyncio.sleep(0)  # let the others run into the lock
            await db.execute("UPDATE user_flags SET value = ? WHERE user_id = 1 AND key = 'n'", str(int(value) + 1))

    await asyncio.gather(*(increment() for _ in range(25)))
    assert await store.user_flag(1, "n") == "25"


def test_placeholders_become_numbered_outside_quotes():
    assert to_dollar("SELECT '?', \"a?\" FROM t WHERE a = ? AND b IN (?,?)") == (
        "SELECT '?', \"a?\" FROM t WHERE a = $1 AND b IN ($2,$3)")
    assert to_dollar("UPDATE t SET s = 'it''s ?' WHERE x = ?") == "UPDATE t SET s = 'it''s ?' WHERE x = $1"


# ---------------------------------------------------------------------- migrations and choosing a store


async def test_migrations_are_applied_once_in_order(store, database):
    async with store.connection() as db:
        rows = await db.fetch("SELECT version, name FROM schema_migrations ORDER BY version")
        assert rows == [(m.version, m.name) for m in migrations(store.dialect)]
        for table in ("sessions", "actions", "vacations", "user_flags", "league_results", "league_ratings",
                      "league_seasons", "league_options"):
            assert await db.fetch(f"SELECT * FROM {table}") == []
    assert await store.migrate() == []
    await store.insert_session(record())
    again = make_store(database)  # a restart, or a second process
    await again.open()
    try:
        assert await again.migrate() == []
        assert (await again.load_session("abc123")) == record()
        async with again.connection() as db:
            assert len(await db.fetch("SELECT version FROM schema_migrations")) == len(migrations(store.dialect))
    finally:
        await again.close()


async def test_both_stores_have_the_same_migrations():
    assert [(m.version, m.name) for m in migrations("sqlite")] == [(m.version, m.name) for m in migrations("postgres")]


async def test_a_database_from_a_newer_bot_is_refused(store, database):
    async with store.transaction() as db:
        await db.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?,?,?)", 999, "later", 1.0)
    newer = make_store(database)
    with pytest.raises(MigrationError, match=r"migrations \[999\].*newer version"):
        await newer.open()
    with pytest.raises(RuntimeError, match="not open"):  # the failed open left nothing connected
        await newer.load_session("abc123")


def test_make_store_chooses_by_url(tmp_path):
    assert isinstance(make_store("postgresql://bot@db.example/games"), PostgresStore)
    assert isinstance(make_store("postgres://bot@db.example/games"), PostgresStore)
    assert isinstance(make_store(tmp_path / "x.db"), SqliteStore)
    assert isinstance(make_store("data/bot.db"), SqliteStore)
    for bad in ("mysql://bot@db/games", "sqlite:///x.db", "", "  "):
        with pytest.raises(UnsupportedDatabase):
            make_store(bad)
