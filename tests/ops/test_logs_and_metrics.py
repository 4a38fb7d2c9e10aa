"""Structured logs (one JSON object a line, extra fields kept) and the in-process metrics; every move
through Discord is logged with its session, game, guild, seat and latency, and counted."""

from __future__ import annotations

import gc
import io
import json
import logging
import sys

import pytest

from host.logs import JsonFormatter, TextFormatter, setup_logging
from host.metrics import Metrics, percentile
from rules.ra import GAME as RA
from tests.discord_harness.helpers import open_table, play_code


@pytest.fixture
def root_logging():
    """Restore the root logger's handlers and level after a test that sets logging up."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def _record(msg: str = "hello %s", *args: object, level: int = logging.INFO, **extra: object) -> logging.LogRecord:
    record = logging.LogRecord("games", level, __file__, 1, msg, args or ("world",), None)
    record.__dict__.update(extra)
    return record


def test_json_lines_carry_the_standard_and_the_extra_fields():
    line = JsonFormatter().format(_record(session="abc123", game="ra", guild=42, seat=1, latency_ms=12.5))
    assert "\n" not in line
    data = json.loads(line)
    assert data["message"] == "hello world" and data["level"] == "INFO" and data["logger"] == "games"
    assert data["ts"].endswith("+00:00") and "T" in data["ts"]
    assert {k: data[k] for k in ("session", "game", "guild", "seat", "latency_ms")} == {
        "session": "abc123", "game": "ra", "guild": 42, "seat": 1, "latency_ms": 12.5}
    assert "args" not in data and "msecs" not in data


def test_json_lines_keep_tracebacks_and_odd_values_on_one_line():
    record = _record(level=logging.ERROR, obj=object())
    try:
        raise ValueError("boom")
    except ValueError:
        record.exc_info = sys.exc_info()
    data = json.loads(JsonFormatter().format(record))
    assert "ValueError: boom" in data["exc"] and data["obj"].startswith("<object")


def test_text_lines_append_the_extra_fields():
    text = TextFormatter().format(_record(session="abc", seat=2))
    assert text.endswith("games: hello world [session=abc seat=2]")


def test_setup_logging_writes_json_to_the_stream(root_logging):
    stream = io.StringIO()
    setup_logging("INFO", "json", stream=stream)
    setup_logging("INFO", "json", stream=stream)  # twice: still one handler of ours
    logging.getLogger("cogs.test").info("move %d", 3, extra={"session": "s1"})
    logging.getLogger("cogs.test").debug("not at INFO")
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0]) | {"ts": None} == {
        "ts": None, "level": "INFO", "logger": "cogs.test", "message": "move 3", "session": "s1"}


def test_moves_per_minute_is_a_sliding_window():
    now = [1000.0]
    metrics = Metrics(clock=lambda: now[0], count_logged_errors=False)
    for _ in range(3):
        metrics.record_move()
        now[0] += 10
    assert metrics.moves_per_minute() == 3
    now[0] += 35  # the first move (at 1000) is now older than a minute
    assert metrics.moves_per_minute() == 2
    now[0] += 60
    assert metrics.moves_per_minute() == 0
    assert metrics.moves_total == 3


def test_latency_percentiles():
    assert percentile([], 50) is None
    metrics = Metrics(count_logged_errors=False)
    for ms in range(1, 101):
        metrics.record_move(float(ms))
    metrics.record_move()  # an AI move: counted, no latency
    assert metrics.latency_ms() == (50.0, 95.0)
    snap = metrics.snapshot()
    assert snap["moves_total"] == 101 and snap["move_latency_ms"] == {"p50": 50.0, "p95": 95.0}


def test_errors_logged_anywhere_are_counted():
    metrics = Metrics(wall=lambda: 1234.0)
    logging.getLogger("cogs.clocks").warning("a warning is not an error")
    assert metrics.errors_total == 0
    logging.getLogger("cogs.clocks").error("clock tick failed")
    assert (metrics.errors_total, metrics.last_error, metrics.last_error_at) == (1, "cogs.clocks", 1234.0)
    metrics.record_error("discord_send")
    assert metrics.snapshot()["errors_total"] == 2 and metrics.last_error == "discord_send"


def test_a_dropped_metrics_object_stops_counting():
    metrics = Metrics()
    del metrics
    gc.collect()
    logging.getLogger("x").error("nobody counts this")  # and nothing fails


async def test_every_move_is_logged_and_counted(simcord_env, simcord_bot, caplog):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "ra", ["alice", "bob", "carol"], seed=5)
    caplog.set_level(logging.INFO, logger="cogs._game")
    before = bot.metrics.moves_total
    for _ in range(2):
        session = await bot.host.get(sid)
        seat = min(session.to_act())
        board = next(m for m in reversed(thread.history()) if m.attachments)
        await play_code(players[seat], board, RA.encode_action(RA.legal_actions(session.state, seat)[0]))
    moves = [r for r in caplog.records if getattr(r, "session", None) == sid]
    assert len(moves) == 2
    for record in moves:
        assert record.game == "ra" and record.guild == thread.guild.id and record.by == "player"
        assert record.seat in (0, 1, 2) and record.latency_ms >= 0
    assert [r.version for r in moves] == [1, 2]
    assert bot.metrics.moves_total == before + 2
    assert bot.metrics.latency_ms()[0] is not None
