-- Turn clocks: the game's GameClock (host/clock.py) as JSON, when something next falls due, and
-- the players' vacations (clocks paused).
ALTER TABLE sessions ADD COLUMN clock BYTEA;
ALTER TABLE sessions ADD COLUMN clock_due DOUBLE PRECISION;
CREATE INDEX sessions_due ON sessions(status, clock_due);
CREATE TABLE vacations (
    user_id BIGINT NOT NULL,
    start DOUBLE PRECISION NOT NULL,
    "end" DOUBLE PRECISION NOT NULL
);
CREATE INDEX vacations_user ON vacations(user_id, "end");
