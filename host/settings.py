"""Every setting of the bot, read from the environment (and .env) and validated at start-up.

One pydantic-settings model names each setting by its environment variable, with its default and
what it allows. A bad value stops the process with one line (``SettingsError``): the setting, the
value and what is allowed, never a traceback and never a silently broken clock or archive.
Defaults and explanations are in .env.example; the README's settings table lists them too.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import AliasChoices, Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from host.ops import LOG_FORMATS, MAX_RENDER_THREADS, OpsConfigError, OpsSettings, ShardPlan, parse_shards

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
POSTGRES_SCHEMES = ("postgresql", "postgres")
_DAY_SECONDS = 86_400.0


class SettingsError(OpsConfigError):
    """A setting that cannot be used; ``str()`` is the one line to print: name, value, what is allowed."""

    def __init__(self, line: str, name: str = "") -> None:
        super().__init__(line)
        self.name = name


def _setting(default: Any, env: str, allowed: str, *aliases: str) -> Any:
    """A field read from ``env`` (or a deprecated alias); ``allowed`` says what it accepts."""
    return Field(default, validation_alias=AliasChoices(env, *aliases) if aliases else env, description=allowed)


Seconds = Annotated[float, Field(allow_inf_nan=False)]


class Settings(BaseSettings):
    """The settings; each field's ``description`` is the "what is allowed" of its error line."""

    model_config = SettingsConfigDict(env_file=".env", env_ignore_empty=True, extra="ignore",
                                      populate_by_name=False, case_sensitive=False)

    token: SecretStr | None = _setting(None, "DISCORD_TOKEN", "the bot token from the Discord developer portal")
    application_id: str | None = _setting(None, "DISCORD_APPLICATION_ID",
                                          "the application id from the developer portal (digits), for `invite`")
    database_path: str = _setting("data/bot.db", "DATABASE_PATH",
                                  "a file path in a folder the bot may write (the folder is created)")
    database_url: str | None = _setting(
        None, "DATABASE_URL", "a postgresql://user:password@host:port/database URL (or empty for SQLite)")
    sync_commands: str = _setting("none", "SYNC_COMMANDS", "none, global, or a server (guild) id")
    log_level: str = _setting("INFO", "LOG_LEVEL", f"one of {', '.join(LOG_LEVELS)}")
    clock_tick_seconds: Seconds = _setting(30.0, "CLOCK_TICK_SECONDS", "a number of seconds above 0, at most 86400")
    archive_after_days: Seconds = _setting(30.0, "ARCHIVE_AFTER_DAYS", "a number of days above 0")
    vacation_days: Seconds = _setting(14.0, "VACATION_DAYS_PER_SEASON", "a number of days from 0 to 366")
    shard_count: str | None = _setting(None, "SHARD_COUNT", "a whole number of shards or 'auto'")
    shard_ids: str | None = _setting(None, "SHARD_IDS", "shard ids like 0,1 or a range like 0-3")
    log_format: str = _setting("text", "LOG_FORMAT", "use 'text' or 'json'.")
    render_threads: int = _setting(2, "RENDER_THREADS", f"give a whole number from 1 to {MAX_RENDER_THREADS}.")
    health_port: int = _setting(0, "HEALTH_PORT", "give a whole number from 0 to 65535.")
    health_host: str = _setting("127.0.0.1", "HEALTH_HOST", "an address to listen on, e.g. 127.0.0.1 or 0.0.0.0")
    # Settings other parts of the bot read (the compute pool, lobby limits, cooldowns): validated here,
    # in one place, with the rest.
    compute_workers: int = _setting(os.cpu_count() or 1, "COMPUTE_WORKERS",
                                    "a whole number of worker processes, at least 1")
    ai_deadline_seconds: Seconds = _setting(5.0, "AI_DEADLINE_SECONDS", "a number of seconds above 0")
    max_open_lobbies_per_user: int = _setting(3, "MAX_OPEN_LOBBIES_PER_USER", "a whole number, at least 1")
    max_open_lobbies_per_server: int = _setting(25, "MAX_OPEN_LOBBIES_PER_SERVER", "a whole number, at least 1")
    picture_cooldown_seconds: Seconds = _setting(5.0, "PICTURE_COOLDOWN_SECONDS", "a number of seconds, 0 or more")
    replay_queue_max: int = _setting(4, "REPLAY_QUEUE_MAX", "a whole number, at least 1")
    undo_request_seconds: Seconds = _setting(86400.0, "UNDO_REQUEST_SECONDS", "a number of seconds above 0")

    # ------------------------------------------------------------------ checks, one per rule

    @field_validator("database_url", "shard_count", "shard_ids", "token", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("sync_commands", "log_format")
    @classmethod
    def _lower(cls, value: str) -> str:
        return value.strip().lower()

    @field_validator("sync_commands")
    @classmethod
    def _sync(cls, value: str) -> str:
        if value not in ("none", "global") and not value.isdigit():
            raise ValueError("not a mode")
        return value

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        if value.strip().upper() not in LOG_LEVELS:
            raise ValueError("not a level")
        return value.strip().upper()

    @field_validator("log_format")
    @classmethod
    def _format(cls, value: str) -> str:
        if value not in LOG_FORMATS:
            raise ValueError("not a format")
        return value

    @field_validator("clock_tick_seconds")
    @classmethod
    def _tick(cls, value: float) -> float:
        if not 0 < value <= _DAY_SECONDS:
            raise ValueError("out of range")
        return value

    @field_validator("archive_after_days", "ai_deadline_seconds", "undo_request_seconds")
    @classmethod
    def _positive(cls, value: float) -> float:
        if not value > 0:
            raise ValueError("not above 0")
        return value

    @field_validator("vacation_days")
    @classmethod
    def _vacation(cls, value: float) -> float:
        if not 0 <= value <= 366:
            raise ValueError("out of range")
        return value

    @field_validator("picture_cooldown_seconds")
    @classmethod
    def _not_negative(cls, value: float) -> float:
        if value < 0:
            raise ValueError("negative")
        return value

    @field_validator("compute_workers", "max_open_lobbies_per_user", "max_open_lobbies_per_server",
                     "replay_queue_max")
    @classmethod
    def _at_least_one(cls, value: int) -> int:
        if value < 1:
            raise ValueError("below 1")
        return value

    @field_validator("render_threads")
    @classmethod
    def _threads(cls, value: int) -> int:
        if not 1 <= value <= MAX_RENDER_THREADS:
            raise ValueError("out of range")
        return value

    @field_validator("health_port")
    @classmethod
    def _port(cls, value: int) -> int:
        if not 0 <= value <= 65535:
            raise ValueError("out of range")
        return value

    @field_validator("database_url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip()
        parts = urlsplit(value)
        _ = parts.port  # raises ValueError for a port that is not a number from 0 to 65535
        if parts.scheme not in POSTGRES_SCHEMES or not (parts.hostname or "host=" in parts.query):
            raise ValueError("not a PostgreSQL URL")
        if not parts.path.strip("/"):
            raise ValueError("no database name")
        return value

    @field_validator("database_path")
    @classmethod
    def _path(cls, value: str) -> str:
        path = Path(value)
        if not value.strip() or path.is_dir():
            raise ValueError("a folder, not a file")
        folder = path.parent
        while not folder.exists():  # the store creates missing folders: the first existing one must be writable
            folder = folder.parent
        if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
            raise ValueError("folder not writable")
        if path.exists() and not os.access(path, os.R_OK | os.W_OK):
            raise ValueError("file not writable")
        return value

    @model_validator(mode="after")
    def _shards(self) -> Settings:
        parse_shards(self.shard_ids, self.shard_count)  # raises OpsConfigError naming SHARD_IDS/SHARD_COUNT
        return self

    # ------------------------------------------------------------------ what the bot reads

    @property
    def database(self) -> str:
        """What the store opens: ``database_url`` if set, else the SQLite path."""
        return self.database_url or self.database_path

    @property
    def discord_token(self) -> str | None:
        return self.token.get_secret_value() if self.token is not None else None

    @property
    def shards(self) -> ShardPlan:
        return parse_shards(self.shard_ids, self.shard_count)

    def ops(self) -> OpsSettings:
        """The operations settings (host/ops.py) these settings describe."""
        return OpsSettings(shards=self.shards, log_format=self.log_format, render_threads=self.render_threads,
                           health_port=self.health_port or None, health_host=self.health_host.strip())

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """The settings from the process environment and .env (or from ``env`` alone, for tests);
        raises SettingsError with the one line to print."""
        try:
            if env is None:
                return cls()
            given = {k.upper(): v for k, v in env.items() if v is not None and str(v).strip()}
            return cls.model_validate(given)
        except ValidationError as exc:
            raise SettingsError(*_one_line(exc)) from None


def _shown(value: Any) -> str:
    """A value as the error line shows it: numbers bare, anything else quoted."""
    if isinstance(value, SecretStr):
        return "'**********'"
    text = str(value)
    try:
        float(text)
    except ValueError:
        return repr(text)
    return text


def _one_line(exc: ValidationError) -> tuple[str, str]:
    """The first error as "NAME=value: what is allowed"."""
    err = exc.errors()[0]
    if not err["loc"]:  # a check over several settings (the shards) says everything itself
        message = str(err.get("ctx", {}).get("error") or err["msg"])
        return message.removeprefix("Value error, "), ""
    key = str(err["loc"][0])
    field = next((f for n, f in Settings.model_fields.items() if key in (n, *_aliases(f))), None)
    name = _aliases(field)[0] if field is not None else key.upper()
    allowed = (field.description if field is not None else None) or str(err["msg"])
    if name == "DISCORD_TOKEN":
        return f"{name} is not usable: {allowed}.", name
    return f"{name}={_shown(err.get('input'))}: {allowed.rstrip('.')}.", name


def _aliases(field: Any) -> tuple[str, ...]:
    alias = field.validation_alias
    if isinstance(alias, AliasChoices):
        return tuple(str(c) for c in alias.choices)
    return (str(alias),) if alias else ()
