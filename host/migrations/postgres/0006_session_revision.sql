-- Every write of a session bumps its revision (a move, a lobby edit, abort, archive, a resignation, a
-- clock change); each write names the revision it read and changes nothing if another write came
-- first. ``version`` still counts moves only (it numbers the action log and the buttons' ids).
ALTER TABLE sessions ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
