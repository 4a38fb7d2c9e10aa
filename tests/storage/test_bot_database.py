"""bot.py chooses the store from the settings: DATABASE_URL (PostgreSQL) over DATABASE_PATH (SQLite)."""

from __future__ import annotations

import pytest

import bot as bot_module
from host.pgstore import PostgresStore
from host.storage import UnsupportedDatabase
from host.store import SqliteStore


@pytest.fixture
def env(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # no .env of the developer's in the way
    for name in ("DATABASE_URL", "DATABASE_PATH"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


async def test_sqlite_by_default_and_postgresql_when_a_url_is_set(env):
    settings = bot_module.Settings.from_env()
    assert (settings.database_url, settings.database) == (None, "data/bot.db")
    bot = bot_module.create_bot(settings.database)
    assert isinstance(bot.host.store, SqliteStore) and bot.host.store.path == "data/bot.db"
    assert bot.league.store is bot.host.store

    env.setenv("DATABASE_PATH", "elsewhere/games.db")
    env.setenv("DATABASE_URL", "postgresql://bot:secret@db.example:5432/games")
    settings = bot_module.Settings.from_env()
    assert settings.database == "postgresql://bot:secret@db.example:5432/games"
    bot = bot_module.create_bot(settings.database)
    assert isinstance(bot.host.store, PostgresStore) and bot.league.store is bot.host.store


def test_an_unknown_database_url_stops_the_bot_with_a_clear_error(env, capsys):
    env.setenv("DISCORD_TOKEN", "token")
    env.setenv("DATABASE_URL", "mysql://bot@db.example/games")
    assert bot_module.main([]) == 2
    assert "postgresql://" in capsys.readouterr().err
    with pytest.raises(UnsupportedDatabase):
        bot_module.create_bot("mysql://bot@db.example/games")
