"""League fixtures: a Host whose finished games the league records, and the bot (bot.py wires
``bot.league`` over the host's store, ``League.record`` as a finish listener, and ``cogs.league``).
``store`` is open on SQLite and on PostgreSQL in turn (tests/storage/backends.py): the league's
tests run on both."""

from __future__ import annotations

import pytest

import bot as bot_module
from host.league import League
from host.sessions import Host
from tests.discord_harness.conftest import bots, db_path  # noqa: F401  (fixtures shared with the harness)
from tests.league.helpers import Ticks
from tests.storage.backends import backend, database, pg_server, pg_url, store  # noqa: F401  (SQLite and PostgreSQL)


@pytest.fixture
async def league(store):  # noqa: F811
    league = League(store, clock=Ticks())
    await league.open()
    return league


@pytest.fixture
def host(store, league):  # noqa: F811
    host = Host(store)
    host.finish_listeners.append(league.record)
    return host


def league_bot(path):
    return bot_module.create_bot(path, sync_commands="global", clock_tick_seconds=0)


@pytest.fixture
def simcord_bot(db_path, bots):  # noqa: F811
    made = league_bot(db_path)
    bots.append(made)
    return made
