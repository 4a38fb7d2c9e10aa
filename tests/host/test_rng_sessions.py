"""New games draw from the keyed stream with a 128-bit seed; stored games keep the generator they
were played with; a game id that is taken is drawn again (issue 16, item 1)."""

from __future__ import annotations

import sqlite3

import msgspec
import pytest

from host.history import ExportError, export_game, replay_export
from host.sessions import Host
from host.store import SqliteStore
from rules.ra import GAME as RA
from rules.rng import RNG_CURRENT, RNG_KEYED, RNG_KEYED2, RNG_MT, new_seed
from tests.history.helpers import finish_game, start_game
from tests.storage.test_sqlite_upgrade import BEFORE_MIGRATIONS, old_database


async def _ra_game(host: Host) -> str:
    s = await host.create_lobby("ra", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann")
    for i in (1, 2):
        s = await host.join(s.id, 100 + i, f"P{i}")
    await host.start(s.id, 100)
    return s.id


async def test_a_new_game_gets_a_128_bit_seed_and_the_keyed_stream(host):
    sid = await _ra_game(host)
    session = await host.get(sid)
    assert session.record.rng == RNG_CURRENT == RNG_KEYED2  # new games draw from generator version 3
    assert session.record.seed.bit_length() > 64  # more than the old column (and 31-bit seeds) held
    # The stored state is the keyed set-up of that seed, and it survives the round trip through the row.
    assert msgspec.json.encode(session.state) == msgspec.json.encode(
        RA.setup(3, session.record.options, session.record.seed, RNG_KEYED2))
    assert await host.replay(sid) == session.state


async def test_a_finished_game_exports_its_generator_and_replays(host):
    sid = await start_game(host, "alhambra_dice", seed=new_seed(), players=2)
    await finish_game(host, sid, 1)
    doc = await export_game(host, sid)
    assert doc["rng"] == RNG_KEYED2 and doc["seed"] == (await host.get(sid)).record.seed
    replay_export(doc)
    # A log written before the generator was recorded has no "rng": it replays on version 1, so the
    # dice differ from the keyed game and the log no longer fits (the version really is read).
    del doc["rng"]
    with pytest.raises(ExportError):
        replay_export(doc)


async def test_a_taken_game_id_is_drawn_again(tmp_path):
    store = SqliteStore(tmp_path / "g.db")
    await store.open()
    try:
        ids = iter(["aaaa0001", "aaaa0001", "aaaa0001", "bbbb0002"])
        host = Host(store, id_source=lambda: next(ids))
        first = await host.create_lobby("ra", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann")
        second = await host.create_lobby("ra", guild_id=1, channel_id=10, creator_id=200, creator_name="Bob")
        assert (first.id, second.id) == ("aaaa0001", "bbbb0002")
        assert (await host.get("aaaa0001")).record.creator_id == 100  # the first game is untouched
    finally:
        await store.close()


async def test_games_stored_before_the_keyed_stream_replay_on_version_one(tmp_path):
    path = tmp_path / "bot.db"
    old_database(path, BEFORE_MIGRATIONS)
    store = SqliteStore(path)
    await store.open()
    try:
        rec = await store.load_session("old1")
        assert rec.rng == RNG_MT and rec.seed == 7
        db = sqlite3.connect(path)
        assert db.execute("SELECT rng, seed_text FROM sessions WHERE id = 'old1'").fetchone() == (1, None)
        db.close()
        assert await Host(store).replay("old1") == (await Host(store).get("old1")).state
    finally:
        await store.close()


async def test_a_version_2_game_keeps_its_generator_and_its_export_replays(tmp_path):
    """Games started before version 3 (a host whose generator was version 2) record 2, load and replay on it."""
    store = SqliteStore(tmp_path / "v2.db")
    await store.open()
    try:
        host = Host(store, rng_version=RNG_KEYED)
        sid = await start_game(host, "alhambra_dice", seed=new_seed(), players=2)
        await finish_game(host, sid, 1)
        doc = await export_game(host, sid)
        assert doc["rng"] == RNG_KEYED == (await Host(store).get(sid)).record.rng
        assert await Host(store).replay(sid) == (await Host(store).get(sid)).state
        replay_export(doc)
        doc["rng"] = RNG_KEYED2  # read as version 3, the same log no longer fits its dice
        with pytest.raises(ExportError):
            replay_export(doc)
    finally:
        await store.close()
