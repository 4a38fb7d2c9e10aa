"""SQLite databases written before the store kept migrations open cleanly: their tables are
adopted, missing columns and tables added, every row kept, and the games play on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import msgspec

from host.league import League, Scope
from host.sessions import Host
from host.store import SqliteStore, migrations
from rules.imperium import GAME, play_from_picks

# The schema of the first release (sessions without clocks; no vacations, no league).
FIRST_RELEASE = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, guild_id INTEGER NOT NULL, channel_id INTEGER NOT NULL,
    creator_id INTEGER NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL, seed INTEGER NOT NULL,
    status TEXT NOT NULL, version INTEGER NOT NULL, created_at REAL NOT NULL, updated_at REAL NOT NULL,
    state BLOB, result BLOB, thread_id INTEGER, message_id INTEGER
);
CREATE INDEX IF NOT EXISTS sessions_status ON sessions(status, guild_id);
CREATE TABLE IF NOT EXISTS actions (
    session_id TEXT NOT NULL REFERENCES sessions(id), version INTEGER NOT NULL, seat INTEGER NOT NULL,
    action BLOB NOT NULL, interaction_id INTEGER UNIQUE, created_at REAL NOT NULL,
    PRIMARY KEY (session_id, version)
);
CREATE TABLE IF NOT EXISTS user_flags (
    user_id INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (user_id, key)
);
"""

# What the store and League.open created just before migrations: clock columns added on open,
# vacations, and the league's tables.
BEFORE_MIGRATIONS = FIRST_RELEASE + """
ALTER TABLE sessions ADD COLUMN clock BLOB;
ALTER TABLE sessions ADD COLUMN clock_due REAL;
CREATE INDEX IF NOT EXISTS sessions_due ON sessions(status, clock_due);
CREATE TABLE IF NOT EXISTS vacations (user_id INTEGER NOT NULL, start REAL NOT NULL, end REAL NOT NULL);
CREATE INDEX IF NOT EXISTS vacations_user ON vacations(user_id, end);
CREATE TABLE IF NOT EXISTS league_results (
    guild_id INTEGER NOT NULL, game TEXT NOT NULL, session_id TEXT NOT NULL, user_id INTEGER NOT NULL,
    name TEXT NOT NULL, seat INTEGER NOT NULL, players INTEGER NOT NULL, rank INTEGER NOT NULL,
    league_rank INTEGER NOT NULL, score INTEGER NOT NULL, resigned INTEGER NOT NULL,
    game_has_ai INTEGER NOT NULL, finished_at REAL NOT NULL, season_id INTEGER,
    voided INTEGER NOT NULL DEFAULT 0, rated INTEGER NOT NULL DEFAULT 0, mu_before REAL, sigma_before REAL,
    mu REAL, sigma REAL, season_mu_before REAL, season_sigma_before REAL, season_mu REAL, season_sigma REAL,
    PRIMARY KEY (session_id, user_id)
);
CREATE TABLE IF NOT EXISTS league_ratings (
    guild_id INTEGER NOT NULL, game TEXT NOT NULL, season_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
    name TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, season_id, user_id)
);
CREATE TABLE IF NOT EXISTS league_seasons (
    id INTEGER PRIMARY KEY, guild_id INTEGER NOT NULL, name TEXT NOT NULL, started_at REAL NOT NULL, ended_at REAL
);
CREATE TABLE IF NOT EXISTS league_options (
    guild_id INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (guild_id, key)
);
"""


def old_database(path: Path, schema: str) -> bytes:
    """A database as the old code left it: an Imperium game one move in (options and seats stored
    as BLOBs, as the old store wrote them). Returns the game's state."""
    state = msgspec.json.encode(GAME.setup(2, {"variant": "standard"}, 7))
    db = sqlite3.connect(path)
    db.executescript(schema)
    db.execute(
        "INSERT INTO sessions (id, game, guild_id, channel_id, creator_id, options, seats, seed, status, version, "
        "created_at, updated_at, state, result, thread_id, message_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        ("old1", "imperium", 1, 10, 100, b'{"variant":"standard"}',
         b'[{"name":"Ann","user_id":100},{"name":"Bob","user_id":101}]', 7, "active", 0, 1.0, 2.0, state, None,
         55, 66),
    )
    db.execute("INSERT INTO user_flags VALUES (100, 'dm_closed', '1')")
    db.commit()
    db.close()
    return state


async def test_a_first_release_database_is_upgraded(tmp_path):
    path = tmp_path / "bot.db"
    state = old_database(path, FIRST_RELEASE)
    store = SqliteStore(path)
    await store.open()
    try:
        rec = await store.load_session("old1")
        assert (rec.state, rec.thread_id, rec.message_id, rec.clock, rec.clock_due) == (state, 55, 66, None, None)
        assert [s.name for s in rec.seats] == ["Ann", "Bob"] and rec.options == {"variant": "standard"}
        assert await store.user_flag(100, "dm_closed") == "1"
        async with store.connection() as db:
            assert [v for (v,) in await db.fetch("SELECT version FROM schema_migrations ORDER BY version")] == [
                m.version for m in migrations("sqlite")]
        host = Host(store)  # the game plays on, with a clock from now on
        await host.submit("old1", 100, play_from_picks([1, 2, 3]), interaction_id=1)
        moved = await store.load_session("old1")
        assert moved.version == 1 and moved.clock is not None
        await store.add_vacation(100, 1.0, 2.0)
        assert await store.vacations(100) == [(1.0, 2.0)]
        assert await League(store).leaderboard(1, "imperium", Scope(None)) == []
    finally:
        await store.close()


async def test_a_database_from_just_before_migrations_keeps_everything(tmp_path):
    path = tmp_path / "bot.db"
    state = old_database(path, BEFORE_MIGRATIONS)
    db = sqlite3.connect(path)
    db.execute("UPDATE sessions SET clock = ?, clock_due = ? WHERE id = 'old1'", (b'{"control":{}}', 9.5))
    db.execute("INSERT INTO vacations VALUES (100, 3.0, 4.0)")
    db.execute("INSERT INTO league_seasons VALUES (1, 1, 'Spring', 5.0, NULL)")
    db.execute("INSERT INTO league_options VALUES (1, 'min_games', '3')")
    db.execute("INSERT INTO league_ratings VALUES (1, 'imperium', 0, 100, 'Ann', 30.0, 7.0, 3, 2)")
    db.commit()
    db.close()
    for _ in range(2):  # the second open finds nothing to do
        store = SqliteStore(path)
        await store.open()
        try:
            rec = await store.load_session("old1")
            assert (rec.state, rec.clock, rec.clock_due) == (state, b'{"control":{}}', 9.5)
            assert await store.vacations(100) == [(3.0, 4.0)]
            league = League(store)
            assert (await league.current_season(1)).name == "Spring"
            assert (await league.options(1)).min_games == 3
            board = await league.leaderboard(1, "imperium", Scope(None))
            assert [(e.user_id, e.games, e.wins) for e in board] == [(100, 3, 2)]
            assert await store.migrate() == []
        finally:
            await store.close()
