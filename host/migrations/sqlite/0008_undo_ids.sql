-- Undo requests name what they are for (host/undo.py). ``undone_interaction``: the Discord interaction that
-- took a move back (own undo), so that the same interaction delivered again undoes nothing more.
-- ``request_id``: an agreed undo's own id, carried by its Confirm / Refuse buttons, so that a button of an
-- earlier request (settled, lapsed or replaced) never counts for a new one on the same move (NULL: a
-- request stored before ids existed).
ALTER TABLE actions ADD COLUMN undone_interaction INTEGER;
CREATE INDEX IF NOT EXISTS actions_undone_interaction ON actions(undone_interaction);
ALTER TABLE undo_requests ADD COLUMN request_id TEXT
