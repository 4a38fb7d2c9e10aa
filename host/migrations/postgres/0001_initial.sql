-- The game tables. Discord ids are BIGINT (snowflakes need 64 bits), times are seconds since the
-- epoch as DOUBLE PRECISION (what SQLite's REAL holds), JSON documents TEXT and snapshots BYTEA.
-- Ids are compared and ordered byte-wise (COLLATE "C"), as SQLite does, whatever the database's locale.
CREATE TABLE sessions (
    id TEXT COLLATE "C" PRIMARY KEY,
    game TEXT COLLATE "C" NOT NULL,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    creator_id BIGINT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed BIGINT NOT NULL,
    status TEXT NOT NULL,
    version INTEGER NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    state BYTEA,
    result BYTEA,
    thread_id BIGINT,
    message_id BIGINT
);
CREATE INDEX sessions_status ON sessions(status, guild_id);
CREATE TABLE actions (
    session_id TEXT COLLATE "C" NOT NULL REFERENCES sessions(id),
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action BYTEA NOT NULL,
    interaction_id BIGINT UNIQUE,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (session_id, version)
);
CREATE TABLE user_flags (
    user_id BIGINT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
);
