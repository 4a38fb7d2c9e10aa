"""End-to-end fixtures: the real bot and discord.py client against simcord's in-memory Discord.

simcord feeds real-format gateway payloads (slash commands, button clicks) into the unmodified
discord.py CommandTree and component dispatch, and records every REST call the bot makes.
"""

from __future__ import annotations

import pytest

from bot import create_bot


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "bot.db"


@pytest.fixture
async def bots():
    """Every bot a test builds; their databases are closed at the end even when the test fails
    (an open aiosqlite connection is a non-daemon thread that would keep pytest from exiting)."""
    made = []
    yield made
    for bot in made:
        await bot.host.store.close()


@pytest.fixture
def simcord_bot(db_path, bots):
    bot = create_bot(db_path, sync_commands="global", clock_tick_seconds=0)
    bots.append(bot)
    return bot


@pytest.fixture
def new_bot(db_path, bots):
    """Build a fresh bot object on the same database, as after a process restart."""

    def make():
        bot = create_bot(db_path, sync_commands="global", clock_tick_seconds=0)
        bots.append(bot)
        return bot

    return make
