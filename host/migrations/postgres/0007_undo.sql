-- Undo (host/sessions.py Host.undo, Host.request_undo): an undone move stays in the log, marked by
-- when and by whom it was undone (NULL: it stands). Replays, exports and the league read only the moves
-- that stand. undo_requests holds a game's one pending agreed undo until every other human confirms, one
-- refuses, or its deadline passes; ``waiting`` is the JSON list of the user ids still to confirm.
ALTER TABLE actions ADD COLUMN IF NOT EXISTS undone_at DOUBLE PRECISION;
ALTER TABLE actions ADD COLUMN IF NOT EXISTS undone_by BIGINT;
CREATE TABLE IF NOT EXISTS undo_requests (
    session_id TEXT PRIMARY KEY REFERENCES sessions(id),
    user_id BIGINT NOT NULL,
    to_move INTEGER NOT NULL,
    at_version INTEGER NOT NULL,
    waiting TEXT NOT NULL,
    deadline DOUBLE PRECISION NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS undo_requests_deadline ON undo_requests(deadline)
