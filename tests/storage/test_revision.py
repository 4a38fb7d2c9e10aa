"""Every write of a session names the revision it read: two hosts (two processes' worth of locks and
caches) editing one lobby at once lose nothing (issue 16, item 8; the move races are in
test_two_processes.py)."""

from __future__ import annotations

import asyncio

import pytest

from host.records import SeatInfo
from host.sessions import Host
from host.store import StaleWrite


async def test_lobby_edits_from_two_hosts_at_once_are_all_kept(store):
    one, two = Host(store), Host(store)
    lobby = await one.create_lobby("imperium", guild_id=1, channel_id=1, creator_id=1, creator_name="alice")
    await asyncio.gather(one.join(lobby.id, 2, "bob"), two.join(lobby.id, 3, "carol"),
                         one.join(lobby.id, 4, "dave"), two.add_ai(lobby.id, 1))
    seats = (await one.get(lobby.id)).seats
    assert {s.user_id for s in seats if not s.is_ai} == {1, 2, 3, 4}, "a join was overwritten by another"
    assert sum(s.is_ai for s in seats) == 1


async def test_a_start_and_a_join_from_two_hosts_keep_the_seat_in_the_game(store):
    one, two = Host(store), Host(store)
    lobby = await one.create_lobby("imperium", guild_id=1, channel_id=1, creator_id=1, creator_name="alice")
    await one.join(lobby.id, 2, "bob")
    results = await asyncio.gather(one.start(lobby.id, 1), two.join(lobby.id, 3, "carol"), return_exceptions=True)
    session = await one.get(lobby.id)
    assert session.status == "active"
    joined = not isinstance(results[1], BaseException)
    # carol is either seated in the started game or was told the game had started: never seated and lost
    assert len(session.seats) == (3 if joined else 2) == len(session.view(None)["players"])


async def test_a_lobby_edit_read_before_another_processes_edit_is_refused_not_written(store):
    """The store itself refuses a write that names a revision older than the stored one, though the
    version (moves) is unchanged: a lobby edit never overwrites one it did not see."""
    one, two = Host(store), Host(store)
    lobby = await one.create_lobby("imperium", guild_id=1, channel_id=1, creator_id=1, creator_name="alice")
    stale = await one.get(lobby.id)
    await two.join(lobby.id, 2, "bob")
    with pytest.raises(StaleWrite):
        await store.update_session(lobby.id, stale.version, revision=stale.record.revision,
                                   seats=(*stale.seats, SeatInfo(name="carol", user_id=3)))
    assert [s.user_id for s in (await one.get(lobby.id)).seats] == [1, 2]


async def test_thread_ids_and_joins_from_two_hosts_at_once_are_all_kept(store):
    one, two = Host(store), Host(store)
    lobby = await one.create_lobby("imperium", guild_id=1, channel_id=1, creator_id=1, creator_name="alice")
    await asyncio.gather(one.set_messages(lobby.id, thread_id=77, message_id=88), two.join(lobby.id, 2, "bob"),
                         two.join(lobby.id, 3, "carol"), one.add_ai(lobby.id, 1))
    session = await two.get(lobby.id)
    assert (session.record.thread_id, session.record.message_id) == (77, 88)
    assert {s.user_id for s in session.seats if not s.is_ai} == {1, 2, 3} and sum(s.is_ai for s in session.seats) == 1
