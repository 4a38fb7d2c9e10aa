-- Turn clocks: the game's GameClock (host/clock.py) as JSON, when something next falls due, and
-- the players' vacations (clocks paused).
-- A database from before migrations may have these columns already: the SQLite store skips an
-- ADD COLUMN whose column exists (SQLite has no ADD COLUMN IF NOT EXISTS).
ALTER TABLE sessions ADD COLUMN clock BLOB;
ALTER TABLE sessions ADD COLUMN clock_due REAL;
CREATE INDEX IF NOT EXISTS sessions_due ON sessions(status, clock_due);
CREATE TABLE IF NOT EXISTS vacations (
    user_id INTEGER NOT NULL,
    start REAL NOT NULL,
    "end" REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS vacations_user ON vacations(user_id, "end");
