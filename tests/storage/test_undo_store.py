"""The undo part of the Store contract, the same on SQLite and PostgreSQL: undone moves stay in the log
marked undone, the snapshot and version move in the same guarded transaction, and a game's one pending
agreed-undo request is stored, answered with a compare-and-set, listed when due and cleared."""

from __future__ import annotations

import pytest

from host.errors import StaleVersion
from host.records import UndoRequest
from tests.storage.test_store import SNOWFLAKE, commit, record


async def test_commit_undo_marks_moves_and_moves_the_version(store):
    await store.insert_session(record())
    for v in range(3):
        await commit(store, "abc123", v)
    got = await store.load_session("abc123")
    await store.commit_undo("abc123", 3, [2, 3], SNOWFLAKE, b'{"s":1}', clock=(b'{"c":1}', 50.0),
                            revision=got.revision)
    after = await store.load_session("abc123")
    assert (after.version, after.state, after.clock, after.clock_due) == (4, b'{"s":1}', b'{"c":1}', 50.0)
    assert [(a.version, a.undone) for a in await store.actions("abc123")] == [(1, False), (2, True), (3, True)]
    with pytest.raises(StaleVersion):  # a second delivery, read before the first: nothing written
        await store.commit_undo("abc123", 3, [1], SNOWFLAKE, b'{"s":0}', revision=got.revision)
    await commit(store, "abc123", 4)  # the next move takes the next version; the log keeps its gap
    assert [(a.version, a.undone) for a in await store.actions("abc123")][-1] == (5, False)


async def test_undo_requests_are_stored_answered_listed_and_cleared(store):
    await store.insert_session(record())
    req = UndoRequest(session_id="abc123", user_id=SNOWFLAKE, to_move=2, at_version=3,
                      waiting=(SNOWFLAKE + 1, SNOWFLAKE + 2), deadline=500.0, created_at=100.0)
    assert await store.save_undo_request(req)
    assert not await store.save_undo_request(req)  # one pending request a game
    assert await store.undo_request("abc123") == req
    assert await store.update_undo_waiting("abc123", 3, 2, (SNOWFLAKE + 2,))
    assert not await store.update_undo_waiting("abc123", 3, 2, ())  # that answer was counted already
    assert (await store.undo_request("abc123")).waiting == (SNOWFLAKE + 2,)
    assert await store.due_undo_requests(499.0) == []
    assert [r.session_id for r in await store.due_undo_requests(500.0)] == ["abc123"]
    got = await store.load_session("abc123")
    await store.commit_undo("abc123", got.version, [], SNOWFLAKE, b'{"s":0}', revision=got.revision)
    assert await store.undo_request("abc123") is None  # an applied undo clears the request
    assert not await store.delete_undo_request("abc123")
