"""Secrets never reach a log, at any level (issue 16, item 6): with LOG_LEVEL=DEBUG a hidden
Imperium pick went into the log as an SQL parameter, and so did whole states."""

from __future__ import annotations

import io
import logging

import msgspec
import pytest

from host.logs import setup_logging
from rules.imperium import play_from_picks


@pytest.fixture
def debug_logging():
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    stream = io.StringIO()
    setup_logging("DEBUG", "text", stream=stream)
    yield stream
    root.handlers[:] = handlers
    root.setLevel(level)
    for name in ("aiosqlite", "asyncpg", "discord.http", "discord.gateway", "discord.client"):
        logging.getLogger(name).setLevel(logging.NOTSET)


async def test_a_hidden_pick_at_debug_level_never_reaches_the_log(host, debug_logging, caplog):
    caplog.set_level(logging.DEBUG)
    s = await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann", seed=3)
    for i in (1, 2):
        s = await host.join(s.id, 100 + i, f"P{i}")
    await host.start(s.id, 100)
    pick = play_from_picks([2, 5, 7])
    await host.submit(s.id, 100, pick, interaction_id=1)
    secret = msgspec.json.encode(pick).decode()
    state = (await host.get(s.id)).record.state.decode()
    written = debug_logging.getvalue() + "\n".join(r.getMessage() for r in caplog.records)
    assert logging.getLogger().level == logging.DEBUG  # the bot really runs at DEBUG
    assert secret not in written and state[:200] not in written
    assert "'picks'" not in written and "choices" not in written
