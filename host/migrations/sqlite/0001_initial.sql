-- The tables of the first release. IF NOT EXISTS: databases created before the store kept
-- migrations already have them, and are adopted as they are.
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
    message_id INTEGER
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
CREATE TABLE IF NOT EXISTS user_flags (
    user_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
);
