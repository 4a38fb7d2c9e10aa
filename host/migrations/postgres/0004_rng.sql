-- The random generator version of each game (rules/rng.py): 1 = Mersenne Twister, which every game
-- stored before this migration used; new games store 2 (the keyed stream). seed_text holds the
-- seed in decimal: new seeds have 128 bits, more than a BIGINT column holds (old rows: NULL,
-- their seed is in the seed column).
ALTER TABLE sessions ADD COLUMN rng INTEGER NOT NULL DEFAULT 1;
ALTER TABLE sessions ADD COLUMN seed_text TEXT
