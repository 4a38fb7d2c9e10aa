-- The league (host/league.py). The 0/1 flags stay INTEGER, as in SQLite, so that the league's SQL
-- (SUM(rated), rated = 1) is the same on both stores.
CREATE TABLE league_results (
    guild_id BIGINT NOT NULL,
    game TEXT COLLATE "C" NOT NULL,
    session_id TEXT COLLATE "C" NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    seat INTEGER NOT NULL,
    players INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    league_rank INTEGER NOT NULL,
    score INTEGER NOT NULL,
    resigned INTEGER NOT NULL,
    game_has_ai INTEGER NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    season_id INTEGER,
    voided INTEGER NOT NULL DEFAULT 0,
    rated INTEGER NOT NULL DEFAULT 0,
    mu_before DOUBLE PRECISION,
    sigma_before DOUBLE PRECISION,
    mu DOUBLE PRECISION,
    sigma DOUBLE PRECISION,
    season_mu_before DOUBLE PRECISION,
    season_sigma_before DOUBLE PRECISION,
    season_mu DOUBLE PRECISION,
    season_sigma DOUBLE PRECISION,
    PRIMARY KEY (session_id, user_id)
);
CREATE INDEX league_results_game ON league_results(guild_id, game, finished_at);
CREATE INDEX league_results_user ON league_results(guild_id, user_id, finished_at);
CREATE TABLE league_ratings (
    guild_id BIGINT NOT NULL,
    game TEXT COLLATE "C" NOT NULL,
    season_id INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, season_id, user_id)
);
CREATE TABLE league_seasons (
    id INTEGER PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    started_at DOUBLE PRECISION NOT NULL,
    ended_at DOUBLE PRECISION
);
CREATE INDEX league_seasons_guild ON league_seasons(guild_id, started_at);
CREATE TABLE league_options (
    guild_id BIGINT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (guild_id, key)
);
