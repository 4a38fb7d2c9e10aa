-- The league (host/league.py). IF NOT EXISTS: League.open created these tables before migrations.
CREATE TABLE IF NOT EXISTS league_results (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    session_id TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    seat INTEGER NOT NULL,
    players INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    league_rank INTEGER NOT NULL,
    score INTEGER NOT NULL,
    resigned INTEGER NOT NULL,
    game_has_ai INTEGER NOT NULL,
    finished_at REAL NOT NULL,
    season_id INTEGER,
    voided INTEGER NOT NULL DEFAULT 0,
    rated INTEGER NOT NULL DEFAULT 0,
    mu_before REAL,
    sigma_before REAL,
    mu REAL,
    sigma REAL,
    season_mu_before REAL,
    season_sigma_before REAL,
    season_mu REAL,
    season_sigma REAL,
    PRIMARY KEY (session_id, user_id)
);
CREATE INDEX IF NOT EXISTS league_results_game ON league_results(guild_id, game, finished_at);
CREATE INDEX IF NOT EXISTS league_results_user ON league_results(guild_id, user_id, finished_at);
CREATE TABLE IF NOT EXISTS league_ratings (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    season_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, season_id, user_id)
);
CREATE TABLE IF NOT EXISTS league_seasons (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    started_at REAL NOT NULL,
    ended_at REAL
);
CREATE INDEX IF NOT EXISTS league_seasons_guild ON league_seasons(guild_id, started_at);
CREATE TABLE IF NOT EXISTS league_options (
    guild_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (guild_id, key)
);
