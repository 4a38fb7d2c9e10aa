"""Every setting is validated at start-up (host/settings.py): a bad value stops the bot with one
line naming the setting, the value and what is allowed (issue 16, items 14 and 15)."""

from __future__ import annotations

import types
from pathlib import Path

import aiohttp
import discord
import pytest
from dotenv import dotenv_values

import bot as bot_module
from host.settings import Settings, SettingsError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    """A folder without a .env and an environment without any bot setting."""
    monkeypatch.chdir(tmp_path)
    for name in dotenv_values(ROOT / ".env.example"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("CLOCK_TICK_SECONDS", "nan", "CLOCK_TICK_SECONDS=nan: a number of seconds above 0"),
        ("CLOCK_TICK_SECONDS", "inf", "CLOCK_TICK_SECONDS=inf: a number of seconds above 0"),
        ("CLOCK_TICK_SECONDS", "0", "CLOCK_TICK_SECONDS=0: a number of seconds above 0"),
        ("ARCHIVE_AFTER_DAYS", "0", "ARCHIVE_AFTER_DAYS=0: a number of days above 0"),
        ("ARCHIVE_AFTER_DAYS", "-1", "ARCHIVE_AFTER_DAYS=-1: a number of days above 0"),
        ("VACATION_DAYS_PER_SEASON", "nan", "VACATION_DAYS_PER_SEASON=nan: a number of days from 0 to 366"),
        ("SYNC_COMMANDS", "globl", "SYNC_COMMANDS='globl': none, global, or a server (guild) id"),
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL='LOUD': one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
        ("DATABASE_URL", "postgresql://bot@db:port/games", "DATABASE_URL='postgresql://bot@db:port/games': a postgresql://"),
        ("DATABASE_URL", "mysql://bot@db/games", "DATABASE_URL='mysql://bot@db/games': a postgresql://"),
        ("COMPUTE_WORKERS", "0", "COMPUTE_WORKERS=0: a whole number of worker processes, at least 1"),
        ("AI_DEADLINE_SECONDS", "-5", "AI_DEADLINE_SECONDS=-5: a number of seconds above 0"),
        ("MAX_OPEN_LOBBIES_PER_USER", "none", "MAX_OPEN_LOBBIES_PER_USER='none': a whole number, at least 1"),
        ("MAX_OPEN_LOBBIES_PER_SERVER", "0", "MAX_OPEN_LOBBIES_PER_SERVER=0: a whole number, at least 1"),
        ("PICTURE_COOLDOWN_SECONDS", "-1", "PICTURE_COOLDOWN_SECONDS=-1: a number of seconds, 0 or more"),
        ("REPLAY_QUEUE_MAX", "0", "REPLAY_QUEUE_MAX=0: a whole number, at least 1"),
        ("RENDER_THREADS", "0", "RENDER_THREADS=0: give a whole number from 1 to 32"),
    ],
)
def test_a_bad_setting_stops_every_command_with_one_line(clean_env, capsys, name, value, says):
    clean_env.setenv("DISCORD_TOKEN", "token")
    clean_env.setenv(name, value)
    for argv in ([], ["demo", "ra", "--players", "3", "--out", "out"]):
        assert bot_module.main(argv) == 2
        err = capsys.readouterr().err
        assert err == f"error: {says}{err.split(says, 1)[1]}" and err.count("\n") == 1, err
        assert "Traceback" not in err


def test_an_unwritable_database_path_is_named(clean_env, capsys, tmp_path):
    (tmp_path / "afile").write_text("x")
    for path in (str(tmp_path / "afile" / "bot.db"), str(tmp_path)):
        clean_env.setenv("DATABASE_PATH", path)
        assert bot_module.main([]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"error: DATABASE_PATH='{path}': a file path in a folder the bot may write")
        assert err.count("\n") == 1


def test_defaults_match_env_example_and_readme(clean_env):
    example = dotenv_values(ROOT / ".env.example")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    defaults = Settings.from_env({})
    assert Settings.from_env({k: v or "" for k, v in example.items()}) == defaults
    for field in Settings.model_fields.values():
        name = field.validation_alias if isinstance(field.validation_alias, str) else field.validation_alias.choices[0]
        assert name in example and f"`{name}`" in readme, name
    assert (defaults.max_open_lobbies_per_user, defaults.max_open_lobbies_per_server, defaults.replay_queue_max) == (
        3, 25, 4)
    assert (defaults.ai_deadline_seconds, defaults.picture_cooldown_seconds, defaults.compute_workers >= 1) == (
        5.0, 5.0, True)


def test_a_good_environment_reaches_the_bot(clean_env, tmp_path):
    settings = Settings.from_env({"CLOCK_TICK_SECONDS": "12.5", "LOG_LEVEL": "debug", "SYNC_COMMANDS": "Global",
                                  "MAX_OPEN_LOBBIES_PER_USER": "2", "DATABASE_URL": "postgres://u:p@db:5432/games"})
    assert (settings.clock_tick_seconds, settings.log_level, settings.sync_commands) == (12.5, "DEBUG", "global")
    assert settings.database == "postgres://u:p@db:5432/games"
    bot = bot_module.create_bot(tmp_path / "x.db", settings=settings)
    assert bot.settings.max_open_lobbies_per_user == 2
    assert "secret-token" not in repr(Settings.from_env({"DISCORD_TOKEN": "secret-token"}))
    with pytest.raises(SettingsError, match="SHARD_IDS='0,5': shard 5 does not exist with SHARD_COUNT=2"):
        Settings.from_env({"SHARD_IDS": "0,5", "SHARD_COUNT": "2"})


def _refuse(exc: BaseException):
    async def login(self, token):
        raise exc
    return login


@pytest.mark.parametrize(
    ("error", "says"),
    [
        (discord.LoginFailure("Improper token has been passed."), "error: Discord refused the token in DISCORD_TOKEN"),
        (aiohttp.ClientConnectorError(types.SimpleNamespace(host="discord.com", port=443, ssl=True),
                                      OSError(101, "Network is unreachable")), "error: cannot reach Discord"),
    ],
)
def test_a_refused_or_unreachable_discord_is_one_line(clean_env, capsys, monkeypatch, tmp_path, error, says):
    clean_env.setenv("DISCORD_TOKEN", "not-a-token")
    clean_env.setenv("DATABASE_PATH", str(tmp_path / "bot.db"))
    monkeypatch.setattr(discord.Client, "login", _refuse(error))
    for argv in ([], ["sync"]):
        assert bot_module.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(says) and err.count("\n") == 1 and "Traceback" not in err, err
        assert "not-a-token" not in err
