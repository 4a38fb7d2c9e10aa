-- Snapshots carry a checksum and a schema version (host/snapshots.py): state_sum is the SHA-256 of
-- the stored state, state_schema the fingerprint of the state types that wrote it (NULL for rows
-- written before: checked against a replay of their log on first use). damaged: why a game was set
-- aside (NULL: sound); a damaged game is never played on, rated or resumed.
ALTER TABLE sessions ADD COLUMN state_sum TEXT;
ALTER TABLE sessions ADD COLUMN state_schema TEXT;
ALTER TABLE sessions ADD COLUMN damaged TEXT
