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
def simcord_bot(db_path):
    return create_bot(db_path, sync_commands="global")


@pytest.fixture
def new_bot(db_path):
    """Build a fresh bot object on the same database, as after a process restart."""

    def make():
        return create_bot(db_path, sync_commands="global")

    return make
