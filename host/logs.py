"""Logging set-up: readable text for a terminal, or one JSON object a line for log collectors.

A JSON line always has ``ts`` (ISO 8601, UTC), ``level``, ``logger`` and ``message``; whatever a
call passes in ``extra=`` (``session``, ``game``, ``guild``, ``seat``, ``latency_ms``, ...) is added
as top-level fields, so a collector can filter on them without parsing the message.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import sys
from typing import Any, TextIO

# Attributes every LogRecord has; anything else on a record came from ``extra=``.
_STANDARD = frozenset(vars(logging.LogRecord("x", logging.INFO, "x", 0, "x", None, None))) | {
    "message",
    "asctime",
    "taskName",
}


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return str(value)


class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": dt.datetime.fromtimestamp(record.created, tz=dt.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = _jsonable(value)
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        if record.stack_info:
            out["stack"] = self.formatStack(record.stack_info)
        return json.dumps(out, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """The classic line, with the ``extra=`` fields appended as key=value so text logs lose nothing."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        extras = [f"{k}={v}" for k, v in vars(record).items() if k not in _STANDARD and not k.startswith("_")]
        if not extras:
            return line
        head, sep, tail = line.partition("\n")  # keep a traceback below the fields
        return f"{head} [{' '.join(extras)}]{sep}{tail}"


SECRET_BEARING = ("aiosqlite", "asyncpg", "discord.http", "discord.gateway", "discord.client")
"""Libraries whose DEBUG lines carry data: SQL parameters (secret picks, whole states), request bodies
(a player's private DM), gateway payloads. They never log below INFO, whatever LOG_LEVEL says."""


def setup_logging(level: str = "INFO", log_format: str = "text", *, stream: TextIO | None = None) -> logging.Handler:
    """Replace the root logger's handlers with one writing ``log_format`` ("text" or "json") at ``level``.

    discord.py logs through the same root logger (bot.py runs it with ``log_handler=None``). Even at
    DEBUG, the libraries in SECRET_BEARING stay at INFO: secrets never reach a log.
    Returns the handler (tests read its stream).
    """
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        # An earlier set-up of ours, or a basicConfig console handler, would print every line twice.
        ours = getattr(old, "_boardgame_log", False)
        console = type(old) is logging.StreamHandler and old.stream in (sys.stderr, sys.stdout)
        if ours or console:
            root.removeHandler(old)
    handler._boardgame_log = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in SECRET_BEARING:
        logging.getLogger(name).setLevel(max(logging.INFO, root.level))
    return handler
