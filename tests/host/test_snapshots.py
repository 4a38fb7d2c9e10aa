"""Snapshots carry a checksum and a schema version (issue 16, item 12): a stored state that lost a
field, or whose bytes changed, or (written before the stamp) does not match a replay of its log, is
set aside as damaged: logged once, never played on by the AI, never resumed, never rated."""

from __future__ import annotations

import logging

import msgspec
import pytest

from host import snapshots
from host.errors import DamagedSession
from host.sessions import Host


async def _ra(host: Host) -> str:
    s = await host.create_lobby("ra", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann")
    for _ in range(2):
        await host.add_ai(s.id, 100, "random")
    await host.start(s.id, 100)
    return s.id


async def _rewrite(host: Host, sid: str, change, *, unstamp: bool) -> None:
    """Change the stored state as a torn write or an old row would have it."""
    rec = await host.store.load_session(sid)
    doc = msgspec.json.decode(rec.state)
    change(doc)
    async with host.store.connection() as db:
        await db.execute("UPDATE sessions SET state = ? WHERE id = ?", msgspec.json.encode(doc), sid)
        if unstamp:
            await db.execute("UPDATE sessions SET state_sum = NULL, state_schema = NULL WHERE id = ?", sid)


def _drop_fame(doc: dict) -> None:
    del doc["fame"]  # decodes with the default (no fame at all): nonsense the AI would play on


async def _assert_set_aside(host: Host, sid: str, caplog) -> None:
    host = Host(host.store)  # after a restart (a running process trusts the snapshots it wrote)
    version = (await host.store.load_session(sid)).version
    with caplog.at_level(logging.ERROR, logger="host.sessions"):
        for _ in range(3):
            with pytest.raises(DamagedSession):
                await host.get(sid)
        outcomes = await host.load_open()
        with pytest.raises(DamagedSession):
            await host.run_ai(sid)
    assert [r for r in caplog.records if sid in r.getMessage()].__len__() == 1  # logged once
    assert not any(o.session.id == sid for o in outcomes)
    assert sid not in [s.id for s in await host.open_sessions()]
    rec = await host.store.load_session(sid)
    assert rec.version == version and rec.damaged  # nobody moved, and it says why


async def test_a_state_that_lost_a_field_is_damaged_not_played(host, caplog):
    sid = await _ra(host)
    await _rewrite(host, sid, _drop_fame, unstamp=True)
    await _assert_set_aside(host, sid, caplog)
    assert "replay" in (await host.store.load_session(sid)).damaged


async def test_a_snapshot_whose_checksum_does_not_match_is_damaged(host, caplog):
    sid = await _ra(host)
    await _rewrite(host, sid, lambda doc: doc.update(drawn=doc["drawn"] + 1), unstamp=False)
    await _assert_set_aside(host, sid, caplog)
    assert "checksum" in (await host.store.load_session(sid)).damaged


async def test_an_unstamped_sound_snapshot_is_checked_once_then_stamped(host, monkeypatch):
    sid = await _ra(host)
    await _rewrite(host, sid, lambda doc: None, unstamp=True)
    session = await Host(host.store).get(sid)  # after the upgrade's restart: replays its log, which matches
    rec = await host.store.load_session(sid)
    async with host.store.connection() as db:
        stamp = await db.fetchrow("SELECT state_sum, state_schema, damaged FROM sessions WHERE id = ?", sid)
    assert tuple(stamp) == (snapshots.checksum(rec.state), snapshots.SCHEMA, None)
    assert not rec.snapshot_unchecked

    async def no_replay(rec):
        raise AssertionError("a stamped snapshot is not replayed")

    monkeypatch.setattr(Host, "_replay_log", no_replay)
    fresh = Host(host.store)  # a restart: no cache
    assert (await fresh.get(sid)).state == session.state


def test_the_schema_changes_with_the_state_types():
    class A(msgspec.Struct):
        x: int

    class B(msgspec.Struct):
        x: int
        y: list[int] = []

    assert snapshots.schema_of({"g": A}) != snapshots.schema_of({"g": B})
    assert snapshots.schema_of({"g": A}) == snapshots.schema_of({"g": A})
